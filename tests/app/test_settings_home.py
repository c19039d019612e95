"""What the app remembers between runs has one home: app/settings.py names the organisation and
the application once, and every other module asks it for its QSettings."""
import ast
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _python_files():
    yield ROOT / "main.py"
    yield from sorted((ROOT / "app").rglob("*.py"))


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_one_module_names_the_settings():
    """QSettings is made, and the organisation's name written, only in app/settings.py (a QSettings()
    without names elsewhere would take the QApplication's, which main.py sets and tests do not)."""
    namers = []
    for path in _python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            called = node.func if isinstance(node, ast.Call) else None
            name = getattr(called, "id", getattr(called, "attr", None))
            if name == "QSettings":
                namers.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.Constant) and node.value == "AttentionLab":
                namers.append(f"{path.relative_to(ROOT)}:{node.lineno} (the name)")
    assert namers and all(n.startswith(os.path.join("app", "settings.py")) for n in namers), namers
