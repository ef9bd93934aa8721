#!/usr/bin/env bash
# Re-runs the benchmark in release mode and replaces the results section of
# Benchmarks/README.md (between the `results:begin` and `results:end` markers).
# Extra arguments go to streammark-bench (for example `--cap 5`).
#
#   Benchmarks/update-readme.sh            # full run, 10–15 minutes
#   SCRATCH=/tmp/build Benchmarks/update-readme.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH:-.build}"
swift build -c release --scratch-path "$scratch" --product streammark-bench
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/streammark-bench"
results="$(mktemp)"
"$bin" --markdown "$@" > "$results"
awk -v results="$results" '
    BEGIN { while ((getline line < results) > 0) text = text line "\n" }
    /<!-- results:begin -->/ { print; printf "%s", text; skipping = 1; next }
    /<!-- results:end -->/ { skipping = 0 }
    !skipping
' Benchmarks/README.md > Benchmarks/README.md.new
mv Benchmarks/README.md.new Benchmarks/README.md
rm -f "$results"
echo "Benchmarks/README.md updated"
