#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs the Debian packages the
# tests use (libcmark-dev, cmark-gfm as an oracle, tmux for the live
# terminal test, chromium and selenium for the web client's browser test),
# builds warning-free, runs every test and the browser test, checks that the
# committed generated corpus matches its seeded generator, and runs the
# benchmark's smoke mode so it never rots.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test

echo "== build (warnings are errors)"
swift build --build-tests -Xswiftc -warnings-as-errors 2>&1 | tail -n 3

echo "== tests"
status=0
swift test --skip-build > .build/test.log 2>&1 || status=$?
# Suites, failures and the closing summary; the full log is .build/test.log.
# The runner's closing lines ("✔ Test run with N tests … passed", XCTest's
# "Executed N tests") are kept: they are how a reader (and CI) sees what ran.
grep -vE "^(◇|↳ Testing|↳ Target|✔ Test case|✔ Test [a-zA-Z]+\(|✔ Suite )" .build/test.log || true
if [[ $status -ne 0 ]]; then
  echo "tests failed (exit $status); see .build/test.log" >&2
  exit "$status"
fi

echo "== browser test of the web client (headless Chromium, installed by setup.sh --test)"
status=0
scripts/test-browser.sh > .build/browser-test.log 2>&1 || status=$?
# Failures, figures and the closing line; the full log is .build/browser-test.log.
grep -E "^(FAIL|    |timing|totals|[0-9]+ passed)" .build/browser-test.log || true
if [[ $status -ne 0 ]]; then
  echo "browser test failed (exit $status); see .build/browser-test.log" >&2
  exit "$status"
fi

echo "== generated corpus is reproducible"
swift run -c release streammark-bench generate --check

echo "== benchmark smoke run"
swift run -c release streammark-bench --smoke

echo "== fuzz smoke run (60 s; fails on any crash or invariant violation)"
scripts/fuzz.sh 60
