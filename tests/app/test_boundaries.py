"""The layers' borders, read from the source with `ast` (like the engine's no-Qt check in
tests/engine/test_cli.py): generic widgets know nothing of the engine, and work that runs in the
worker (a request's `run`) lives in the engine, not in the app."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path: Path) -> list[str]:
    """Every module `path` imports, at any depth (inside functions too)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def classes_with_run(path: Path) -> list[str]:
    """Classes in `path` with a method `run(self, ctx)`: the shape of a worker request."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "run" and len(item.args.args) == 2:
                    found.append(node.name)
    return found


WIDGETS = sorted((ROOT / "app" / "widgets").glob("*.py"))


def test_the_check_sees_what_it_looks_for(tmp_path):
    """The readers above are not blind: they find an import inside a function and a request class."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from engine.jobs import Result\n\n"
                      "class Ask:\n    def run(self, ctx):\n        return 1\n\n"
                      "summary = Ask().run(None)\n", encoding="utf-8")
    assert imported_modules(sample) == ["engine.jobs"] and classes_with_run(sample) == ["Ask"]
    assert calls_of_run(sample) == [8]


@pytest.mark.parametrize("path", WIDGETS, ids=[p.name for p in WIDGETS])
def test_generic_widgets_import_nothing_from_the_engine(path):
    engine = [name for name in imported_modules(path) if name == "engine" or name.startswith("engine.")]
    assert not engine, f"{path.relative_to(ROOT)} imports {engine}"


def test_no_request_class_lives_in_the_app():
    """A request runs in the worker; its class (and what it converts) belongs in engine/."""
    found = {str(p.relative_to(ROOT)): classes_with_run(p) for p in (ROOT / "app").rglob("*.py")}
    assert not {path: names for path, names in found.items() if names}


def calls_of_run(path: Path) -> list[int]:
    """Lines in `path` that call something's `.run(...)`: in the app, that would be a request
    run on the GUI thread instead of in the worker."""
    return [node.lineno for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "run"]


def test_the_app_never_runs_a_request_itself():
    """Every request goes to the worker through the bridge; none is run on the GUI thread
    (the attention overview once ran `request.run(None)` for small stacks)."""
    found = {str(p.relative_to(ROOT)): calls_of_run(p) for p in (ROOT / "app").rglob("*.py")}
    assert not {path: lines for path, lines in found.items() if lines}
