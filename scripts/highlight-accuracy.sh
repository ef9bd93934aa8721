#!/usr/bin/env bash
# Agreement of StreamMarkHighlight with Pygments over every fenced Corpus
# block (Corpus/llm, Corpus/documents) in a supported language: a
# per-language table of non-space characters and agreement, and the total.
# Exits non-zero below the goal (90 % overall, 80 % for every language with
# at least 200 characters). See docs/highlighting.md.
#
#   scripts/highlight-accuracy.sh [--diff LANGUAGE]
#
# CONFIGURATION=release builds the bench in release mode (default debug);
# BENCH=path uses that streammark-bench binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! /usr/bin/python3 -c 'import pygments' 2>/dev/null; then
    apt-get install -y python3-pygments >/dev/null
fi

bench="${BENCH:-}"
if [[ -z "$bench" ]]; then
    configuration="${CONFIGURATION:-debug}"
    swift build -c "$configuration" --product streammark-bench >/dev/null
    bench="$(swift build -c "$configuration" --show-bin-path)/streammark-bench"
fi

classes="$(mktemp)"
trap 'rm -f "$classes"' EXIT
"$bench" highlight --classes >"$classes"
/usr/bin/python3 scripts/highlight_accuracy.py "$classes" "$@"
