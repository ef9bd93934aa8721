#!/usr/bin/env bash
# The browser test of the web client (Clients/web): headless Chromium applies
# the patch stream of every Corpus answer and a long document (4-byte chunks;
# version 2 with --highlight, version 1) and checks the DOM under a
# MutationObserver: final HTML, closed blocks untouched, work per patch,
# selections, code lines highlighted before their block closes, copy buttons,
# math rendered by KaTeX and never again once closed (Clients/web/test/). Needs
# chromium, chromium-driver, python3-selenium and libjs-katex (scripts/setup.sh --test).
#   scripts/test-browser.sh [--screenshots docs] [--only NAME]
# --screenshots DIR also writes DIR/web-demo-highlight-light.png and -dark.png
# (a Python answer mid-stream in the demo). Last line: "N passed, M failed"; exit 1 on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
# STREAMMARK=path uses an already built binary (scripts/test.sh passes the
# release build it tested); otherwise a debug build is made.
if [[ -z "${STREAMMARK:-}" ]]; then
  swift build --product streammark 2>&1 | tail -n 1 >&2
  STREAMMARK=.build/debug/streammark
fi
exec /usr/bin/python3 -B Clients/web/test/browser_test.py --streammark "$STREAMMARK" "$@"
