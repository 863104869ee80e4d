# infinilist — `make run` to try it, `make test` to check it. Both install what is missing first.

SWIFT      ?= swift
PREFIX     ?= /usr/local
BIN        := .build/debug/infinilist
# Release builds link the Swift runtime and Foundation statically: start-up no longer resolves
# 22 shared libraries (decision 58). Debug builds (the tests) stay dynamic, and quick to link.
# Every function in a section of its own, so the link can put the ones a session runs together
# (Sources/infinilist/hot-symbols.order, `make hot-symbols`; decision 79).
RELEASE    := -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
# Debian packages the build and the tests need, with the command or file that shows each is there.
SYSTEM_DEPS := libncurses-dev:/usr/include/ncurses.h libonig-dev:/usr/include/oniguruma.h pkg-config:/usr/bin/pkg-config tmux:/usr/bin/tmux tinyproxy:/usr/bin/tinyproxy jq:/usr/bin/jq

export LANG := C.UTF-8
export LC_ALL := C.UTF-8

.PHONY: all deps build run test release install clean help bench bench-tools bench-big fuzz man hot-symbols jq-conformance

all: build

help:
	@echo "make run      build and start the demo feed"
	@echo "make test     build and run every test (unit, HTTP integration, tmux end to end)"
	@echo "make release  optimised build in .build/release/infinilist"
	@echo "make install  install infinilist, stripped of its debug info, into $(PREFIX)/bin and its man page into $(PREFIX)/share/man/man1"
	@echo "make man      the man page, generated from the command's definition: $(MANPAGE)"
	@echo "make bench    the performance figures beside fzf and less, one table (docs/performance.md)"
	@echo "make bench-big  End, search and --dump on generated 200 MB and 1 GB files, beside less, fzf and jq"
	@echo "make hot-symbols  record which functions a session runs, for the release link's order"
	@echo "make jq-conformance JQ_TEST=FILE  jq's own test suite (tests/jq.test at jq-1.7.1) through the JQ engine"

## Installs the missing Debian packages when it can (root with apt-get), else names them.
deps:
	@missing=""; \
	for pair in $(SYSTEM_DEPS); do \
	  pkg=$${pair%%:*}; file=$${pair#*:}; \
	  [ -e "$$file" ] || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "missing system packages:$$missing"; \
	    echo "install them with: sudo apt-get install$$missing"; exit 1; \
	  fi; \
	fi
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "swift not found: install Swift 6 from swift.org and put it on PATH"; exit 1; }

build: deps
	$(SWIFT) build

run: build
	$(BIN)

# Each test target runs in a process of its own, so each has Swift's cooperative pool (one thread
# per core) to itself: the pure core's CPU-bound tests never hold up the loader's timers or the
# end-to-end tests' polls (decision 113). Every target runs even when one fails; the last run
# takes whatever the first two do not, so a new test target is never left out.
test: deps
	$(SWIFT) build --build-tests
	@failed=""; \
	for run in "--filter ^InfinilistCoreTests\." "--filter ^InfinilistLoaderTests\." "--skip ^(InfinilistCoreTests|InfinilistLoaderTests)\."; do \
	  echo "== swift test $$run"; \
	  $(SWIFT) test --skip-build $$run || failed="$$failed [$$run]"; \
	done; \
	if [ -n "$$failed" ]; then echo "make test: failed in$$failed"; exit 1; fi

# The products only: the tests' support targets (TestThreads imports Testing) are not release code.
release: deps
	$(SWIFT) build $(RELEASE) --product infinilist

## fzf, less, curl, jq, tmux and python3 (the local HTTP servers, bench-big) for the benches,
## installed when missing, as `deps` does.
bench-tools: deps
	@missing=""; \
	for pkg in fzf python3 less curl jq tmux; do command -v $$pkg >/dev/null 2>&1 || missing="$$missing $$pkg"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "missing for the bench:$$missing"; echo "install them with: sudo apt-get install$$missing"; exit 1; \
	  fi; \
	fi

## Release build, then every figure of docs/performance.md in one run (a few minutes, both cores);
## last, the first screen of 50 rows and its memory beside fzf and less on the same rows
## (scripts/bench-first-screen.py).
bench: bench-tools
	$(SWIFT) build $(RELEASE) --product infinilist
	$(SWIFT) build $(RELEASE) --product infinilist-bench
	.build/release/infinilist-bench $(BENCH_ARGS)
	python3 scripts/bench-first-screen.py

## Issue 37's big-file figures (End, / near the end, --dump) beside less, fzf and jq, on NDJSON
## files it generates once in BENCH_BIG_DIR (default /tmp/infinilist-bench-big; 200 MB and 1 GB,
## BENCH_BIG_MB="200 1000"); never committed. Then `--dump --jq` beside jq (and jaq when
## installed) on a generated 200 MB file of issue-like records (scripts/bench-jq.py). Several minutes.
bench-big: bench-tools
	$(SWIFT) build $(RELEASE) --product infinilist
	python3 scripts/bench-big.py
	python3 scripts/bench-jq.py

## jq's own test suite through the JQ engine (issue 35): JQ_TEST is a file in its format, e.g.
## tests/jq.test of github.com/jqlang/jq at the tag jq-1.7.1 (not kept here: fetch it, e.g.
## `git -C jq show jq-1.7.1:tests/jq.test > /tmp/jq.test`). Each case runs in a process of its
## own, killed after 1 s; the summary and every failure are printed (docs/jq.md lists them).
jq-conformance: deps
	@if [ -z "$(JQ_TEST)" ]; then echo "usage: make jq-conformance JQ_TEST=path/to/jq.test (tests/jq.test of jqlang/jq at jq-1.7.1)"; exit 2; fi
	$(SWIFT) build $(RELEASE) --product jq-conformance
	.build/release/jq-conformance $(JQ_TEST)

## The order the release link lays functions out in (decision 79): a release build, then the
## functions a few sessions run, recorded with valgrind's callgrind (scripts/hot-symbols.sh), then
## the release build linked again with them. Run it after large changes; a stale list only costs
## resident memory.
hot-symbols: release
	scripts/hot-symbols.sh .build/release/infinilist Sources/infinilist/hot-symbols.order
	rm -f .build/release/infinilist   # SwiftPM does not relink for a changed order file
	$(SWIFT) build $(RELEASE) --product infinilist

## libFuzzer targets (Fuzz/Targets) for the parsers, FUZZ_SECONDS each (default 60); see Fuzz/run.sh.
## Built with swiftc, not SwiftPM (which cannot build libFuzzer executables): the core is compiled
## with -sanitize=fuzzer,address, and swift-collections (OrderedDictionary, Deque) is linked from
## SwiftPM's own debug build, hence `build` first. Crashing inputs land in .build/fuzz/artifacts/.
fuzz: build
	FUZZ_SECONDS=$(or $(FUZZ_SECONDS),60) Fuzz/run.sh

## The man page, generated from the command's definition by swift-argument-parser's
## generate-manual plugin (offline: it comes with the package), then its free text laid out in
## paragraphs and literal examples by scripts/man-tidy.awk. Read it with `man -l $(MANPAGE)`.
MANPAGE := .build/man/infinilist.1
MAN_CONFIGURATION ?= debug
man: deps
	$(SWIFT) package generate-manual --configuration $(MAN_CONFIGURATION)
	mkdir -p $(dir $(MANPAGE))
	awk -f scripts/man-tidy.awk .build/plugins/GenerateManual/outputs/infinilist/infinilist.1 > $(MANPAGE)
	@echo "man page: $(MANPAGE)"

install: release
	$(MAKE) man MAN_CONFIGURATION=release
	install -d $(PREFIX)/bin $(PREFIX)/share/man/man1
	install -s -m 755 .build/release/infinilist $(PREFIX)/bin/infinilist
	install -m 644 $(MANPAGE) $(PREFIX)/share/man/man1/infinilist.1

clean:
	rm -rf .build
