#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs the Debian packages the
# tests use (libcmark-dev, cmark-gfm and Pygments as oracles, tmux for the
# live terminal test, chromium and selenium for the web client's browser
# test), checks the formatting, builds warning-free, runs every test with the
# internal checks on (and the cmark-heavy suites again against a libcmark
# built with UndefinedBehaviorSanitizer) and the browser test, compares highlighting
# with Pygments, checks that the committed generated corpus matches its
# seeded generator, and runs the benchmark's smoke mode so it never rots.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's heading says when it started, so a slow step shows in CI logs.
step() { echo "== $1 [${SECONDS} s]"; }
scripts/setup.sh --test

# One optimized build serves everything: the tests run in release with
# -enable-testing (the harness suites stream thousands of documents byte by
# byte: about 20 minutes in debug on 2 cores, a few in release), and the
# CLI, browser, corpus and benchmark steps use the same binaries.
build=(-c release -Xswiftc -enable-testing)

step "format (swift format lint --strict, configuration in .swift-format)"
swift format lint --strict -r Sources Tests Benchmarks Package.swift

step "build (release with testing enabled; warnings are errors)"
swift build "${build[@]}" --build-tests -Xswiftc -warnings-as-errors 2>&1 | tail -n 3
bin=$(swift build "${build[@]}" --show-bin-path)

step "tests"
status=0
# STREAMMARK_INTERNAL_CHECKS=1: after every in-place shortcut the engine
# re-parses the window and traps if the tree or patches differ (ShortcutCheck).
STREAMMARK_INTERNAL_CHECKS=1 swift test "${build[@]}" --skip-build > .build/test.log 2>&1 || status=$?
# Suites, failures and the closing summary; the full log is .build/test.log.
# The runner's closing lines ("✔ Test run with N tests … passed", XCTest's
# "Executed N tests") are kept: they are how a reader (and CI) sees what ran.
grep -vE "^(◇|↳ Testing|↳ Target|✔ Test case|✔ Test [a-zA-Z0-9_]+\(|✔ Suite )" .build/test.log || true
if [[ $status -ne 0 ]]; then
  echo "tests failed (exit $status); see .build/test.log" >&2
  exit "$status"
fi

# UBSan instruments libcmark only (Swift checks its own code in every
# build), so this runs the suites that hand cmark the most varied input:
# the HTML suites (both specs, cmark-gfm differentials, random documents,
# bad input) and the engine's suites that parse every prefix, fuzz
# findings, regressions and pathological shapes. The whole suite under
# UBSan (`scripts/sanitize.sh undefined`, about 7 minutes on 2 cores) is
# for changes to the C boundary. The footnote differentials are skipped
# here: their thousands of random documents reach cmark through the same
# rewrite as the one-shot differentials above, and they run in the main
# suite (about a minute of the UBSan run, which keeps CI under 30 minutes).
# So does the Corpus harness, the largest suite (about three minutes here):
# the spec harness and the pathological shapes hand cmark the hostile input.
ubsan_skip='^StreamMarkHTMLTests\.(FootnoteDifferentialTests|FootnoteReferenceTests)'
ubsan_suites='^StreamMarkHTMLTests\.|^StreamMarkTests\.(BadInputTests|PathologicalStreamingTests|PrefixHarnessSpecTests|FuzzFindingStreamingTests|RegressionTests|ExtensionFuzzTests|HostileTableTests|AlertTests|ReferenceKeysTests)'
step "cmark-heavy suites again against libcmark built with UndefinedBehaviorSanitizer (scripts/sanitize.sh)"
status=0
scripts/sanitize.sh undefined --filter "$ubsan_suites" --skip "$ubsan_skip" > .build/ubsan-test.log 2>&1 || status=$?
grep -E "^(sanitize:|✘|✔ Test run with|.*runtime error:)" .build/ubsan-test.log || true
if [[ $status -ne 0 ]]; then
  echo "UBSan run failed (exit $status); see .build/ubsan-test.log" >&2
  exit "$status"
fi

step "browser test of the web client (headless Chromium, installed by setup.sh --test)"
status=0
STREAMMARK="$bin/streammark" scripts/test-browser.sh > .build/browser-test.log 2>&1 || status=$?
# Failures, figures and the closing line; the full log is .build/browser-test.log.
grep -E "^(FAIL|    |timing|totals|[0-9]+ passed)" .build/browser-test.log || true
if [[ $status -ne 0 ]]; then
  echo "browser test failed (exit $status); see .build/browser-test.log" >&2
  exit "$status"
fi

step "highlighting agrees with Pygments (goal: 90 % overall, 80 % per language)"
BENCH="$bin/streammark-bench" scripts/highlight-accuracy.sh | tail -n 4

step "generated corpus is reproducible"
"$bin/streammark-bench" generate --check

step "benchmark smoke run"
"$bin/streammark-bench" --smoke
# Thread CPU time, as the figures in Benchmarks/README.md: informational.
"$bin/streammark-bench" --growth --quick --cpu-time --filter real-documents

# Every tenth seed (and every regression): loading all 1,250 seeds would take
# longer than the run itself; scripts/fuzz.sh SECONDS runs them all.
step "fuzz smoke run (30 s on every tenth seed; fails on any crash or invariant violation)"
FUZZ_SEED_STRIDE=10 scripts/fuzz.sh 30
echo "== all steps passed [${SECONDS} s]"
