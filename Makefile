# Card Games: build, serve and test the static site.
#
#   make vendor   install the pinned runtime (npm ci) and copy it into vendor/
#   make site     assemble _site/, the exact folder a static host publishes
#   make play     build, then serve _site/ on http://127.0.0.1:$(PORT)
#   make test     install test tools, then ruff, pytest tests, pytest e2e (in parallel:
#                 E2E_WORKERS=3 on 2 cores, UNIT_WORKERS=2; =0 runs in one process)
#
# Needs only python3 (+pip), node, npm and make; chromium is apt-installed
# by `make test` when /usr/bin/chromium is missing.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
VPY := $(VENV)/bin/python

# Parallel test workers (pytest-xdist). The browser tests are CPU-bound (each page load
# is 2-4 s of CPU starting Pyodide), but they also wait (timers, paces, animations), so
# two workers more than the cores keep the CPUs busy: 4 on the 2-core machine, at most 6.
# E2E_WORKERS=0 runs them in this one process, in file order.
CORES := $(shell nproc 2>/dev/null || echo 2)
E2E_WORKERS ?= $(shell n=$$(( $(CORES) + 2 )); echo $$(( n > 6 ? 6 : n )))
UNIT_WORKERS ?= $(CORES)

NPM_STAMP := node_modules/.npm-ci.stamp
VENDOR_STAMP := vendor/.stamp
VENV_STAMP := $(VENV)/.installed.stamp

# Everything pyodide.mjs fetches at run time when no `packages` are configured.
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip \
                 pyodide-lock.json

.PHONY: help vendor site play test venv chromium lint unit e2e bench clean

help:
	@echo "make vendor | site | play [PORT=8000] | test | bench | clean"

# --- runtime -------------------------------------------------------------
# npm ci only when package.json / package-lock.json changed since last time. It installs
# the devDependencies too: axe-core, which e2e/test_a11y.py injects into the pages it
# tests; only the runtime below is copied into vendor/, so axe-core never ships.
# vendor/ holds the whole runtime; tools/build_site.py ships only the files of it the page
# requests (its VENDOR_SHIPPED, checked by e2e/test_downloads.py).
$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The standard library is compiled to bytecode once here (tools/compile_stdlib.mjs says
# why: every page start compiled it again).
$(VENDOR_STAMP): $(NPM_STAMP) tools/compile_stdlib.mjs tools/stdlib_subset.py
	rm -rf vendor
	mkdir -p vendor/pyscript vendor/pyodide
	cp -R node_modules/@pyscript/core/dist/. vendor/pyscript/
	cp node_modules/@pyscript/core/LICENSE vendor/pyscript/LICENSE
	cp $(addprefix node_modules/pyodide/,$(PYODIDE_FILES)) vendor/pyodide/
	node tools/compile_stdlib.mjs vendor/pyodide
	touch $@

vendor: $(VENDOR_STAMP)

# --- site ----------------------------------------------------------------
site: vendor
	$(PYTHON) tools/build_site.py

play: vendor site
	PORT=$(PORT) $(PYTHON) tools/serve.py

# --- tests ---------------------------------------------------------------
# A virtualenv with the test extra; pip runs again only when pyproject.toml
# is newer than the stamp. Debian's python3 without python3-venv cannot make
# a venv with pip, so fall back to one that borrows the system pip.
$(VENV_STAMP): pyproject.toml
	@if [ ! -x $(VPY) ]; then \
	  $(PYTHON) -m venv $(VENV) 2>/dev/null || { \
	    echo "venv with ensurepip failed; using the system pip instead"; \
	    rm -rf $(VENV); \
	    $(PYTHON) -m venv --without-pip --system-site-packages $(VENV); }; \
	fi
	$(VPY) -m pip install --disable-pip-version-check -q -e '.[test]'
	touch $@

venv: $(VENV_STAMP)

# Debian's chromium, only when it is missing (sudo only when not root).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update && $$SUDO apt-get install -y chromium; \
	fi

# worksteal: a worker whose queue runs dry takes half of the other's. The default `load`
# hands each worker a fixed first chunk (a quarter of the tests: the first worker got every
# AI test, 224 s of CPU against the other's 79 s, and the other waited).
# loadgroup: tests marked @pytest.mark.xdist_group(name) run on one worker (the monkey's
# one page, the previous release built once); every other test goes to the next free one.
test: vendor site venv chromium
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest tests -n $(UNIT_WORKERS) --dist worksteal
	$(VENV)/bin/pytest e2e -n $(E2E_WORKERS) --dist loadgroup

bench: vendor site venv chromium
	$(VPY) bench/startup.py
	$(VPY) bench/solver.py

clean:
	rm -rf _site vendor $(NPM_STAMP)
