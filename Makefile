# Two commands on a fresh machine: `make demo` and `make test`. Everything they need is
# installed here into .venv from pyproject.toml.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PACKAGES := $(wildcard graft_core graft_client metastore_server pagestore_server graft_pipeline)

.PHONY: demo test lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-base: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[server]'
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[server,pipeline,dev]'
	touch $@ $(VENV)/.installed-base

demo: $(VENV)/.installed-base
	$(BIN)/graft demo

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy $(PACKAGES) tests

unit: $(VENV)/.installed-dev
	$(BIN)/pytest

test: lint typecheck unit

# Every benchmarks/*.py in turn, each recording its ratios; then one Markdown table and a chart
# (BENCH_NOTE="..." adds a line under its header, e.g. how loaded the machine was).
BENCH_OUT := benchmarks/results
bench: $(VENV)/.installed-dev
	mkdir -p $(BENCH_OUT)
	rm -f $(BENCH_OUT)/results.jsonl
	for script in benchmarks/*.py; do \
		PYTHONPATH=. GRAFT_BENCH_RESULTS=$(BENCH_OUT)/results.jsonl $(BIN)/python $$script || exit 1; \
	done
	PYTHONPATH=. $(BIN)/python -m benchmarks.reporting.report $(BENCH_OUT)/results.jsonl $(BENCH_OUT) \
		$(if $(BENCH_NOTE),--note "$(BENCH_NOTE)")

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis build
