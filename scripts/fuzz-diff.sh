#!/usr/bin/env bash
# Differential fuzzing (docs/fuzzing.md): seeded documentation-shaped and
# mutated GFM documents, each checked two ways:
#   (a) our one-shot HTML (MarkdownParser + HTMLRenderer, GitHub extensions
#       on, as `streammark --format html` prints a file read in one chunk)
#       against `cmark-gfm -e table -e strikethrough -e autolink -e tasklist`,
#       byte for byte;
#   (b) our streamed tree at a mixed chunking, a fixed one and in one chunk
#       against our one-shot tree (`streammark verify --full-checks 32`).
# Each finding is minimized (lines, then bytes) and saved once per distinct
# minimized input under .build/fuzz-diff/findings/KIND-HASH/ (input.md,
# original.md, finding.txt with the seed, hits.txt); .build/fuzz-diff/findings.md
# sums them up. Exits 1 when the run saved a new finding.
#   scripts/fuzz-diff.sh [SECONDS] [SEED]      default 600 s, seed from the clock
#   FUZZ_DIFF_JOBS=2 scripts/fuzz-diff.sh 1200 two workers (seeds SEED and SEED + 2^40)
#   .build/release/StreamMarkFuzzTools input SEED > x.md    one input again
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test

seconds="${1:-600}"
seed="${2:-$(( $(date +%s) << 20 ))}"
jobs="${FUZZ_DIFF_JOBS:-1}"
# scripts/test.sh's build folder; each product is built only when a source
# is newer than it (a second build with other flags would rebuild everything).
build=(-c release -Xswiftc -enable-testing)
bin=$(swift build "${build[@]}" --show-bin-path)
stale() { [[ ! -x "$1" ]] || [[ -n "$(find Package.swift Sources Tests/StreamMarkTestSupport Tests/StreamMarkFuzzTools \
  -name '*.swift' -newer "$1" -print -quit)" ]]; }
if stale "$bin/streammark"; then swift build "${build[@]}" --product streammark 2>&1 | tail -n 1; fi
if stale "$bin/StreamMarkFuzzTools"; then swift build "${build[@]}" --product StreamMarkFuzzTools 2>&1 | tail -n 1; fi
out=.build/fuzz-diff
mkdir -p "$out/findings"

echo "== fuzz-diff: ${seconds}s, $jobs worker(s), seed $seed"
pids=()
for ((job = 0; job < jobs; job++)); do
  "$bin/StreamMarkFuzzTools" diff --seconds "$seconds" --seed $((seed + (job << 40))) --out "$out" \
    --streammark "$bin/streammark" > "$out/worker-$job.log" 2>&1 &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
for ((job = 0; job < jobs; job++)); do grep -E "^fuzz-diff: [0-9]+ s|next seed|new: " "$out/worker-$job.log" | tail -n 12; done
echo "== findings in $out/findings (summary: $out/findings.md):"
for kind in html html-core oneshot-crash stream-crash stream-violation timeout; do
  count=$(find "$out/findings" -maxdepth 1 -name "$kind-*" ! -name "$kind-core-*" | wc -l)
  [[ $count -gt 0 ]] && echo "  $kind: $count"
done
if [[ $status -ne 0 ]]; then
  echo "fuzz-diff: new findings (see the worker logs $out/worker-*.log)" >&2
fi
exit $status
