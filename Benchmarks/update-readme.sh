#!/usr/bin/env bash
# Re-runs the benchmarks in release mode and replaces every results section
# of Benchmarks/README.md (between its `NAME:begin` and `NAME:end` markers)
# with a fresh run, so that the file keeps only current figures. Extra
# arguments go to the main run (for example `--cap 5`).
#
#   Benchmarks/update-readme.sh            # all tables, about 15 minutes
#   SCRATCH=/tmp/build Benchmarks/update-readme.sh
#   BENCH=.build/release/streammark-bench Benchmarks/update-readme.sh   # a built binary
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -n "${BENCH:-}" ]]; then
    bin="$BENCH"
else
    scratch="${SCRATCH:-.build}"
    swift build -c release --scratch-path "$scratch" --product streammark-bench
    bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/streammark-bench"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$bin" --markdown --cpu-time "$@" > "$work/results"
"$bin" --growth --cpu-time > "$work/growth"
"$bin" highlight --cpu-time > "$work/highlight"
"$bin" patches --chunk 4 --chunk 16 > "$work/patches"
"$bin" flicker > "$work/flicker"

# Replaces the lines between `<!-- NAME:begin -->` and `<!-- NAME:end -->`.
replace() {
    awk -v name="$1" -v results="$2" '
        BEGIN { while ((getline line < results) > 0) text = text line "\n" }
        $0 == "<!-- " name ":begin -->" { print; printf "%s", text; skipping = 1; next }
        $0 == "<!-- " name ":end -->" { skipping = 0 }
        !skipping
    ' Benchmarks/README.md > Benchmarks/README.md.new
    mv Benchmarks/README.md.new Benchmarks/README.md
}
for name in results growth highlight patches flicker; do replace "$name" "$work/$name"; done
echo "Benchmarks/README.md updated"
