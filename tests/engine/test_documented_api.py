"""What README.md and docs/*.md show runs (issue 22): every ```python block, every import of
`engine` shown anywhere (blocks or inline code) and every `python -m engine …` command.

A Python block runs as a fresh program (a new interpreter, as a notebook starts), with HOME and the
working folder in a temporary folder.  A block is left out only when the line before it is
`<!-- no-test: why -->`, and the reason must be written.  Commands that train or evaluate
(minutes to an hour) or that name a folder this machine does not have are read by the CLI's own
parser (so every option shown exists and takes the value shown); the others run and must exit 0.
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(?P<lang>[\w+-]*)[^\n]*\n(?P<body>.*?)^```", re.S | re.M)
NO_TEST = re.compile(r"<!--\s*no-test:(?P<why>[^>]*)-->\s*$")
INLINE_CODE = re.compile(r"(?<!`)`(?P<code>[^`\n]+)`(?!`)")
ENGINE_IMPORT = re.compile(r"^\s*(?:from engine(?:\.\w+)* import |import engine\b)")
#: subcommands that take minutes (training, thousands of evaluations): parsed, not run
LONG_COMMANDS = {"train", "evaluate"}


@dataclass(frozen=True)
class Block:
    where: str  # "docs/entropy.md:131", the line of the opening fence
    lang: str
    body: str
    skip_reason: str | None  # from a <!-- no-test: … --> line right before the block


def fenced_blocks() -> list[Block]:
    blocks = []
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
            marker = NO_TEST.search(before)
            line = text.count("\n", 0, match.start()) + 1
            blocks.append(Block(f"{document.relative_to(ROOT)}:{line}", match.group("lang"), match.group("body"),
                                marker.group("why").strip() if marker else None))
    return blocks


BLOCKS = fenced_blocks()
PYTHON_BLOCKS = [b for b in BLOCKS if b.lang == "python"]


def shown_engine_imports() -> list[tuple[str, str]]:
    """(where, line) for each import of engine outside the Python blocks: other blocks and
    inline code such as `from engine.x import y` in a sentence."""
    found = []
    for block in BLOCKS:
        if block.lang != "python" and block.skip_reason is None:
            found += [(block.where, line.strip()) for line in block.body.splitlines() if ENGINE_IMPORT.match(line)]
    for document in DOCUMENTS:
        without_blocks = FENCE.sub("", document.read_text(encoding="utf-8"))
        found += [(str(document.relative_to(ROOT)), m.group("code").strip())
                  for m in INLINE_CODE.finditer(without_blocks) if ENGINE_IMPORT.match(m.group("code"))]
    return found


def engine_commands() -> list[tuple[str, list[str]]]:
    """(where, argv after `python -m engine`) for every such line of a block."""
    commands = []
    for block in BLOCKS:
        if block.skip_reason is not None:
            continue
        for line in block.body.splitlines():
            if line.lstrip().startswith("python -m engine "):
                commands.append((block.where, shlex.split(line, comments=True)[3:]))
    return commands


def run_python(code: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """`code` as a new program, this checkout's engine first, the user's home out of reach."""
    env = {**os.environ, "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)


def test_the_documents_have_python_blocks_and_every_skip_says_why():
    assert len(PYTHON_BLOCKS) >= 4, [b.where for b in PYTHON_BLOCKS]
    for block in BLOCKS:
        if block.skip_reason is not None:
            assert len(block.skip_reason.split()) >= 3, f"{block.where}: say why the block is not run"


def block_case(block: Block):
    # loading a trained model in a fresh interpreter takes seconds: outside the quick loop
    slow = [pytest.mark.slow] if "load_model(" in block.body else []
    return pytest.param(block, id=block.where, marks=slow)


@pytest.mark.parametrize("block", [block_case(b) for b in PYTHON_BLOCKS if b.skip_reason is None])
def test_python_block_runs(block, tmp_path):
    run = run_python(block.body, tmp_path)
    assert run.returncode == 0, f"{block.where}:\n{block.body}\n{run.stderr[-3000:]}"


def test_the_promised_import_of_parse_distribution_is_shown_and_is_the_parser(tmp_path):
    """The entropy issue promised `from engine.infotheory import parse_distribution` kept stable; a
    document shows it (so the block test above runs it), and it is the parser itself."""
    shown = [b.where for b in PYTHON_BLOCKS if b.skip_reason is None
             and re.search(r"^from engine\.infotheory import [^\n]*\bparse_distribution\b", b.body, re.M)]
    assert shown, "README.md or docs/*.md shows `from engine.infotheory import parse_distribution`"
    run = run_python("from engine.infotheory import parse_distribution\n"
                     "import engine.distribution_parser\n"
                     "print(parse_distribution is engine.distribution_parser.parse_distribution)", tmp_path)
    assert run.stdout.strip() == "True", run.stderr[-3000:]


def test_every_engine_import_shown_outside_python_blocks_works(tmp_path):
    imports = shown_engine_imports()  # none today: this holds the ones sentences or shell blocks will show
    run = run_python("\n".join(line for _, line in imports), tmp_path)
    assert run.returncode == 0, f"{imports}\n{run.stderr[-3000:]}"


def test_every_documented_command_line_is_found():
    argvs = [argv for _, argv in engine_commands()]
    assert sum(argv[0] == "translate" for argv in argvs) >= 2 and any(argv[0] == "train" for argv in argvs)


def runs(argv: list[str]) -> bool:
    """Whether a documented command is run (else only parsed, see the module's docstring)."""
    if argv[0] in LONG_COMMANDS:
        return False
    folders = [argv[i + 1] for i, word in enumerate(argv[:-1]) if word == "--model-path"]
    return all(Path(folder).expanduser().is_dir() for folder in folders)


def command_case(where: str, argv: list[str]):
    # a run starts an interpreter and loads a model: seconds each, outside the quick loop
    return pytest.param(where, argv, id=f"{where} {shlex.join(argv)}", marks=[pytest.mark.slow] if runs(argv) else [])


@pytest.mark.parametrize(("where", "argv"), [command_case(where, argv) for where, argv in engine_commands()])
def test_documented_engine_command(where, argv, tmp_path):
    from engine.__main__ import build_parser

    build_parser().parse_args(argv)  # an option that does not exist, or a bad value, exits with status 2
    if not runs(argv):
        return
    env = {**os.environ, "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "engine", *argv], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, f"{where}: python -m engine {shlex.join(argv)}\n{run.stderr[-3000:]}"


#: the public names of engine.infotheory before the parser and the view's payload moved out
#: (its __all__ at commit ef8084d^), with the module each lives in now
MOVED_OUT_OF_INFOTHEORY = {
    "engine.distribution_parser": ("MAX_OUTCOMES", "DistributionError", "SumError", "Distribution",
                                   "parse_distribution", "text_distribution", "format_distribution"),
    "engine.entropy_analysis": ("Analysis", "CodeReport", "analyse", "GaussianReport", "gaussian_report"),
}


def test_names_moved_out_of_infotheory_are_still_importable_from_it_in_a_fresh_interpreter(tmp_path):
    checks = [f"import {module}\n"
              f"from engine.infotheory import {name}\n"
              f"assert {name} is {module}.{name}, {name!r}\n"
              for module, names in MOVED_OUT_OF_INFOTHEORY.items() for name in names]
    # infotheory first: entropy_analysis imports infotheory, so a re-export made eagerly would be circular
    code = "import engine.infotheory as infotheory\n" + "".join(checks) + (
        "try:\n    infotheory.no_such_name\nexcept AttributeError as e:\n    print(e)\n"
        "star = {}\nexec('from engine.infotheory import *', star)\n"
        "print(sorted(set(infotheory.__all__) - set(star)))\n")
    run = run_python(code, tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.splitlines() == ["module 'engine.infotheory' has no attribute 'no_such_name'",
                                       "[]"]
