"""The one version string: pyproject.toml's, read at run time by the engine's CLI (and the app)."""
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from engine import version as version_module

tomllib = pytest.importorskip("tomllib")  # the oracle (Python 3.11+); engine.version reads 3.10 too

ROOT = Path(__file__).resolve().parents[2]


def pyproject_version() -> str:
    """The oracle: Python's own TOML parser on the checkout's pyproject.toml."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


@pytest.fixture
def fresh_version():
    """version() caches its answer: each test reads it afresh, and leaves no patched value behind."""
    version_module.version.cache_clear()
    yield version_module.version
    version_module.version.cache_clear()


def test_the_version_is_pyprojects(fresh_version):
    assert fresh_version() == pyproject_version()
    assert version_module.app_title() == f"Attention Lab {pyproject_version()}"


def test_only_the_project_tables_name_and_version_count():
    text = '''
[build-system]
requires = ["setuptools>=64"]
version = "0.0.1"   # not the project's

[project]
name = "attention-lab"
# version = "9.9.9" commented out
version = "1.2.3"  # the real one
description = "x"

[tool.other]
name = "other"
version = "7.7.7"
'''
    fields = version_module.project_fields(text)
    assert fields == {"name": "attention-lab", "version": "1.2.3"}
    assert fields == {k: tomllib.loads(text)["project"][k] for k in ("name", "version")}


def test_another_projects_pyproject_is_not_read(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "something-else"\nversion = "5.0"\n')
    assert version_module.checkout_version(tmp_path) is None
    assert version_module.checkout_version(tmp_path / "missing") is None


def test_without_a_checkout_the_installed_metadata_is_read(fresh_version, monkeypatch, tmp_path):
    """An installed wheel has no pyproject.toml beside its packages: pip's metadata says it."""
    monkeypatch.setattr(version_module, "CHECKOUT_ROOT", tmp_path)
    monkeypatch.setattr(version_module.metadata, "version",
                        lambda name: {"attention-lab": "4.5.6"}[name])
    assert fresh_version() == "4.5.6"


def test_without_checkout_or_metadata_the_version_is_unknown(fresh_version, monkeypatch, tmp_path):
    def not_installed(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(version_module, "CHECKOUT_ROOT", tmp_path)
    monkeypatch.setattr(version_module.metadata, "version", not_installed)
    assert fresh_version() == "unknown"


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_python_m_engine_version_prints_it():
    proc = subprocess.run([sys.executable, "-m", "engine", "--version"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"attention-lab {pyproject_version()}"
