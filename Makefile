# `make run` and `make test` both create .venv on first use and install into it.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# The CPU wheel of torch 2.13.0 lies on the development machines' disk; installing it before
# the project keeps pip from fetching a multi-GB CUDA build to satisfy the range.
TORCH_SPEC ?= torch==2.13.0
STAMP := $(VENV)/.installed

.PHONY: run test install benchmarks mutation clean translations wheel

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q "$(TORCH_SPEC)"
	$(PY) -m pip install -q -e ".[test]"
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n auto --dist worksteal --durations=15

# One table of every figure, written into docs/benchmarks.md (run on an idle machine, not nice'd).
benchmarks: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) benchmarks/run_all.py

# Mutation testing of the engine's pure modules ([tool.mutmut] in pyproject.toml); slow, not
# part of CI.  Results stay in mutants/ (re-runs only check what changed); docs/testing.md
# records the figures.
mutation: $(STAMP)
	$(PY) -m pip install -q -e ".[mutation]"
	nice -n 10 $(VENV)/bin/mutmut run --max-children 2
	$(PY) tests/mutation/summary.py

# The interface's Chinese: collect every tr()/translate() string of app/ into the .ts source
# (existing translations kept, vanished strings dropped; no line numbers, so edits elsewhere do not
# churn the file), then compile the .qm the app loads.  Write new Chinese in the .ts (Qt Linguist:
# $(VENV)/bin/pyside6-linguist) and run this again.
TS := assets/i18n/attention_lab_zh.ts
translations: $(STAMP)
	$(VENV)/bin/pyside6-lupdate $$(find app -name '*.py' | sort) -ts $(TS) -no-obsolete -locations none
	$(VENV)/bin/pyside6-lrelease $(TS) -qm $(TS:.ts=.qm)

# The app as one file for students: dist/attention_lab-<version>-py3-none-any.whl (models and
# translations inside; README "Install without cloning").  build/ goes first: setuptools copies
# into build/lib and never removes from it, so a deleted module would ride along.
wheel: $(STAMP)
	rm -rf build
	$(PY) -m pip wheel -q --no-deps --no-build-isolation -w dist .

clean:
	rm -rf $(VENV) build dist *.egg-info mutants
