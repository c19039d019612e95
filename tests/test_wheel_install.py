"""The wheel is the app: built from this checkout, installed into a fresh virtual environment
outside it, and run from another folder as a student would (issue 29).

The fresh environment gets only the wheel (pip install --no-deps); its dependencies (torch,
PySide6, …) come from the environment running the tests through a .pth file, which Python reads
at start-up.  That needs no network and no second copy of torch, and it cannot reach the checkout
or its editable install: the editable install's import hook is switched on by a .pth file of the
project's environment, and Python reads .pth files only in its own site folders, not in folders a
.pth file adds.  The test checks where every module was imported from.
"""
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from engine.data.zh_en import find_example

tomllib = pytest.importorskip("tomllib")  # reads pyproject.toml: what to build, the version to expect

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
VERSION = PYPROJECT["project"]["version"]
MODELS = ("date-rnn-attention", "date-transformer", "zh-en-toy")
LESSON_SENTENCE = "简九月要访问非洲"
#: what the app reads at run time, as the wheel must hold it
RUN_TIME_FILES = ({f"assets/models/{m}/{f}" for m in MODELS for f in ("model.safetensors", "config.json")}
                  | {"assets/i18n/attention_lab_zh.qm", "assets/icons/attention-lab.svg"})


def source_tree(destination: Path) -> Path:
    """What the build reads, copied out of the checkout: building in place would leave build/ and
    *.egg-info there, and a stale build/lib puts deleted files into the next wheel."""
    setuptools = PYPROJECT["tool"]["setuptools"]
    names = ["pyproject.toml", PYPROJECT["project"]["readme"], *(f"{m}.py" for m in setuptools["py-modules"]),
             *(pattern.rstrip("*") for pattern in setuptools["packages"]["find"]["include"])]
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in names:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, destination / name, ignore=skip)
        else:
            destination.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)
    return destination


def run(command, *, env, cwd, timeout=120):
    return subprocess.run([str(c) for c in command], env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)


def installed_files(site_packages: Path) -> dict[str, int]:
    """Every file of the installed app (bytecode caches aside) with its size."""
    found = {}
    for top in ("engine", "app", "assets", "main.py"):
        path = site_packages / top
        for file in ([path] if path.is_file() else path.rglob("*")):
            if file.is_file() and "__pycache__" not in file.parts:
                found[str(file.relative_to(site_packages))] = file.stat().st_size
    return found


@pytest.fixture(scope="module")
def install(tmp_path_factory):
    """Build the wheel, install it into a fresh environment; -> what the tests need to run it."""
    tmp = tmp_path_factory.mktemp("wheel")
    built = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q",
                 "-w", tmp / "dist", source_tree(tmp / "src")], env=os.environ, cwd=tmp)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp / "dist").glob("attention_lab-*.whl")

    venv = tmp / "venv"
    made = run([sys.executable, "-m", "venv", "--without-pip", venv], env=os.environ, cwd=tmp)
    assert made.returncode == 0, made.stderr
    python = venv / ("Scripts" if os.name == "nt" else "bin") / ("python.exe" if os.name == "nt" else "python")
    added = run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q", wheel],
                env=os.environ, cwd=tmp)
    assert added.returncode == 0, added.stderr
    site_packages = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             env=os.environ, cwd=tmp).stdout.strip())
    dependencies = dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib")])
    (site_packages / "attention_lab_dependencies.pth").write_text("\n".join(dependencies) + "\n")

    home = tmp / "home"
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "ATTENTION_LAB_MODELS", "PYTHONHOME")}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), QT_QPA_PLATFORM="offscreen",
               PYTHONNOUSERSITE="1")
    cwd = tmp / "elsewhere"  # not the checkout: nothing may be found through the current folder
    cwd.mkdir()
    return {"wheel": wheel, "python": python, "bin": python.parent, "site": site_packages, "env": env, "cwd": cwd,
            "tmp": tmp}


def test_the_wheel_holds_the_app_and_what_it_reads_at_run_time(install, record_property):
    names = set(zipfile.ZipFile(install["wheel"]).namelist())
    assert RUN_TIME_FILES <= names, sorted(RUN_TIME_FILES - names)
    assert {"main.py", "engine/__main__.py", "app/main_window.py", "assets/__init__.py"} <= names
    assert not [n for n in names if n.startswith(("tests/", "docs/", "benchmarks/")) or n.endswith(".ts")]
    size = install["wheel"].stat().st_size
    record_property("wheel_bytes", size)
    print(f"\n{install['wheel'].name}: {size / 1e6:.1f} MB, {len(names)} files")
    assert size < 20e6  # the models are 6.6 MB: anything far larger carries what it should not


def test_every_data_file_of_the_packages_is_in_the_wheel(install):
    """A file added later (a model, a corpus, a second translation) that no package-data pattern
    in pyproject.toml names would be missing only from installed copies: found here instead."""
    data = {p.relative_to(ROOT).as_posix() for top in ("assets", "engine", "app") for p in (ROOT / top).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".py", ".pyc", ".ts")}
    missing = data - set(zipfile.ZipFile(install["wheel"]).namelist())
    assert not missing, f"add a pattern to [tool.setuptools.package-data] for {sorted(missing)}"


def test_the_installed_app_runs_from_another_folder(install):
    env, cwd, python, bindir = install["env"], install["cwd"], install["python"], install["bin"]
    before = installed_files(install["site"])

    where = run([python, "-c", "import app, assets, engine, main; from engine.models.registry import models_dir; "
                               "from app.i18n import qm_path; "
                               "print(app.__file__, assets.__file__, engine.__file__, main.__file__, models_dir(), "
                               "qm_path('zh'), sep='\\n')"], env=env, cwd=cwd)
    assert where.returncode == 0, where.stderr
    for path in where.stdout.splitlines():  # the wheel's copies, never the checkout's
        assert Path(path).is_relative_to(install["site"]), path
        assert Path(path).exists(), path

    version = run([bindir / "attention-lab", "--version"], env=env, cwd=cwd)
    assert (version.returncode, version.stdout.strip()) == (0, f"attention-lab {VERSION}"), version.stderr
    engine_version = run([python, "-m", "engine", "--version"], env=env, cwd=cwd)
    assert engine_version.stdout.strip() == f"attention-lab {VERSION}", engine_version.stderr

    models = run([python, "-m", "engine", "models", "--device", "cpu"], env=env, cwd=cwd)
    assert models.returncode == 0, models.stderr
    listed = [line.split("\t")[0] for line in models.stdout.splitlines() if not line.startswith("#")]
    assert listed == list(MODELS), models.stdout

    translated = run([python, "-m", "engine", "translate", "--model", "zh-en-toy", "--device", "cpu", LESSON_SENTENCE],
                     env=env, cwd=cwd)
    assert translated.returncode == 0, translated.stderr
    # the oracle: the grammar the model learned from lists every valid English rendering
    assert translated.stdout.strip() in find_example(LESSON_SENTENCE).renderings, translated.stdout

    config = install["site"] / "assets" / "models" / "zh-en-toy" / "config.json"
    recorded = run([python, "-m", "engine", "evaluate", "--model", "zh-en-toy", "--n", "1", "--record"],
                   env=env, cwd=cwd)
    assert recorded.returncode == 2 and "not changed" in recorded.stderr, recorded.stderr

    shot = install["tmp"] / "attention-zh.png"
    window = run([bindir / "attention-lab", "--view", "attention", "--lang", "zh", "--screenshot", shot],
                 env=env, cwd=cwd)
    # status 0 also says the Chinese .qm loaded (a translation that does not load stops with 2)
    assert window.returncode == 0, window.stderr
    assert_drawn(shot)

    assert installed_files(install["site"]) == before  # nothing written into the installed app
    assert config.read_bytes() == zipfile.ZipFile(install["wheel"]).read("assets/models/zh-en-toy/config.json")


def assert_drawn(png: Path) -> None:
    """A window with content: many colours, none covering (almost) everything."""
    from PySide6.QtGui import QImage

    image = QImage(str(png))
    assert not image.isNull() and image.width() >= 800 and image.height() >= 600, png
    counts: dict[int, int] = {}
    for x in range(0, image.width(), 5):
        for y in range(0, image.height(), 5):
            colour = image.pixel(x, y)
            counts[colour] = counts.get(colour, 0) + 1
    assert len(counts) > 20 and max(counts.values()) < 0.9 * sum(counts.values()), len(counts)
