# Kingsburg: set up, build the static site, serve it, test everything.  See README.md.
#
#   make play         set up, build _site/ and serve it on http://127.0.0.1:8000/ (PORT=, HOST=)
#   make test         set up, install Chromium if missing, build the site, run every test (with coverage), lint
#   make check        the inner loop: engine, page-model and docs tests (CPython, in parallel) and lint; no browser
#   make test-busy    make test with both cores kept busy by two other processes (a busy machine: nothing may fail)
#   make site         build the static site into _site/ (PSEUDO=1 adds the pseudo-locale, ?lang=pseudo)
#   make messages     extract the words into locale/*.pot and update every language's .po (docs/translating.md)
#   make lint         ruff check + ruff format --check, mypy --strict over kingsburg/ and web/app/, import-linter's layers
#   make fuzz         the engine's fuzz properties for FUZZ_SECONDS (default 60); prints what was tried
#   make bench-page   page boot time and bytes, game page vs a bare Pyodide page (RUNS=5)
#   make bench-snapshot  the returning visit's snapshot: fetched by the service worker vs made in the browser
#   make bench-pyodide  the engine benchmark inside Pyodide under Node (first: import gettext, a language's .mo files)
#   make bench-engine   the engine benchmark on CPython and in Pyodide, interleaved; prints the ratio

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
HOST ?= 127.0.0.1
RUNS ?= 5
FUZZ_SECONDS ?= 60
# Test workers: one per core. (Four on two cores took 18.8 min instead of 20.2 and failed two tests by their
# waits' timeouts: the Pyodide engine run alone went from 3 to 10 minutes.)
XDIST ?= auto
BUSY ?= 2
# Pure wheels of pytest, hypothesis and their dependencies for the Pyodide test run.
PYODIDE_WHEELS := .cache/pyodide-wheels
PYODIDE_PYTHON := 3.14
LINT_PATHS := kingsburg tests tools web
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Stamps live inside what they stand for: deleting .venv or node_modules redoes the step.
VENV_STAMP := $(VENV)/.kingsburg-setup
NPM_STAMP := node_modules/.kingsburg-setup
WHEELS_STAMP := $(PYODIDE_WHEELS)/.kingsburg-setup
# pyodide-build's own venv (it needs Python >= 3.12; tools/pyodide_wheel.py finds one).
PYODIDE_BUILD_STAMP := .cache/pyodide-build/venv/.kingsburg-setup

.PHONY: help setup site messages play test check test-busy lint fuzz chromium pyodide-wheels bench-page bench-snapshot bench-pyodide bench-engine clean

help:
	@sed -n 's/^#   //p' Makefile

setup: $(VENV_STAMP) $(NPM_STAMP) $(PYODIDE_BUILD_STAMP)

$(VENV_STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

$(PYODIDE_BUILD_STAMP): tools/pyodide-build.txt | $(VENV_STAMP)
	$(PY) -m tools.pyodide_wheel setup
	@touch $@

site: setup
	$(PY) -m tools.build_site $(if $(PSEUDO),--pseudo)

# Babel (pybabel's library): the engine's and the page's words into locale/engine.pot and locale/page.pot, then
# each language's catalogues updated (new messages untranslated, changed ones fuzzy: tests/docs fails on both).
messages: $(VENV_STAMP)
	$(PY) -m tools.messages

play: setup site
	$(PY) -m tools.serve _site --host $(HOST) --port $(PORT)

# Debian's chromium (Playwright cannot download its own browsers here): the browser, for walks and screenshots, and
# its headless shell, which the tests drive: the same Blink without the browser's own interface, a page boot in
# about 40 % less CPU (tools/browser.py).
chromium:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then \
	  echo "chromium: $$(/usr/bin/chromium-headless-shell --version 2>/dev/null)"; else \
	  echo "Installing Debian chromium and chromium-headless-shell with apt-get"; \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y chromium chromium-headless-shell; fi

pyodide-wheels: $(WHEELS_STAMP)

$(WHEELS_STAMP): tests/pyodide/requirements.txt $(VENV_STAMP)
	rm -rf $(PYODIDE_WHEELS)
	$(PY) -m pip download --quiet --disable-pip-version-check -d $(PYODIDE_WHEELS) \
	  --python-version $(PYODIDE_PYTHON) --implementation py --abi none --platform any --only-binary=:all: \
	  -r tests/pyodide/requirements.txt
	@touch $@

lint: $(VENV_STAMP)
	@status=0; \
	$(PY) -m ruff check $(LINT_PATHS) || status=1; \
	$(PY) -m ruff format --check $(LINT_PATHS) || status=1; \
	$(PY) -m mypy || status=1; \
	$(VENV)/bin/lint-imports || status=1; \
	exit $$status

# Two pytest runs side by side. The browser tests (Chromium; each worker starts its own, and each test its own
# server on a free port) and the engine tests inside Pyodide (Node) over pytest-xdist's workers (XDIST=, default one
# per core; worksteal: an idle worker takes tests queued for a busy one, since their lengths differ by 100x; the 15
# longest are listed). Beside them, in one process, the engine, page-model and docs tests (CPython) with the
# coverage of kingsburg/ and web/app/ (the floor is in pyproject.toml); its output follows the browser run's (and
# stays in test-results/cpython-run.log). A browser test spends part of its time waiting for the page's next frame
# or answer: the CPython run takes the core it leaves idle (on 2 cores, 583 s where one run over two workers took
# 608 s, the machine 95 % busy instead of 88 %). No test asserts a duration or lets a clock decide its outcome:
# budgets are make bench-page's and make bench-engine's. Lint runs even when tests fail; any failing fails the
# target. A test whose Chromium tab crashed while Pyodide started (rare, on the shared 2-core CI machine; Playwright
# says "Page crashed", or "Target crashed" when it was waiting on the page) gets one more try; pytest reports it as
# a rerun. Any other failure fails at once.
test: setup chromium pyodide-wheels site
	@mkdir -p test-results; status=0; \
	$(PY) -m pytest -o cache_dir=.pytest_cache/cpython-run --durations=5 --cov=kingsburg --cov=web/app \
	  --cov-report=term tests/engine tests/web tests/docs > test-results/cpython-run.log 2>&1 & cpython=$$!; \
	trap 'kill $$cpython 2>/dev/null' INT TERM; \
	$(PY) -m pytest -n $(XDIST) --dist worksteal --durations=15 --reruns 1 --only-rerun 'Page crashed' \
	  --only-rerun 'Target crashed' tests/browser tests/pyodide || status=$$?; \
	wait $$cpython || { [ $$status -ne 0 ] || status=1; }; \
	echo; echo "The CPython tests, run beside those above (test-results/cpython-run.log):"; \
	cat test-results/cpython-run.log; \
	$(MAKE) --no-print-directory lint || { [ $$status -ne 0 ] || status=1; }; \
	exit $$status

# The inner loop: what needs neither a browser nor Pyodide, in parallel, then lint.
check: $(VENV_STAMP)
	@status=0; \
	$(PY) -m pytest -n auto -q tests/engine tests/web tests/docs || status=$$?; \
	$(MAKE) --no-print-directory lint || { [ $$status -ne 0 ] || status=1; }; \
	exit $$status

# make test on a busy machine: two busy loops at normal priority keep both cores of a 2-core machine busy for the
# whole run (BUSY= how many), and are always stopped afterwards, whatever the outcome.
test-busy:
	@pids=""; trap 'kill $$pids 2>/dev/null' EXIT INT TERM; \
	for _ in $$(seq $(BUSY)); do $(PYTHON) -c 'while True: pass' & pids="$$pids $$!"; done; \
	echo "busy loops:$$pids"; \
	$(MAKE) --no-print-directory test

# The properties of tests/engine/test_fuzz.py (a few seconds of them run in `make test`), for as long as asked.
fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) $(PY) -m pytest tests/engine/test_fuzz.py -q -s -p no:cacheprovider

bench-page: setup chromium site
	$(PY) -m tools.bench_page --runs $(RUNS)

bench-snapshot: setup chromium site
	$(PY) -m tools.bench_snapshot --runs $(RUNS)

bench-pyodide: setup site
	node tests/pyodide/run.mjs bench

bench-engine: setup site
	$(PY) -m tools.bench_engine

clean:
	rm -rf _site .cache/_site.building $(PYODIDE_WHEELS) test-results
