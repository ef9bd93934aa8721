#!/usr/bin/env bash
# Chunk-size sweep (docs/fuzzing.md): streams every file at every fixed chunk
# size with the release `streammark verify` in its cheap mode (--full-checks 0:
# no crash, patches that apply at every boundary, final tree and patch replay
# equal to the one-shot parse, closed blocks kept), sizes spread over the cores.
#   scripts/chunk-sweep.sh [--sizes FIRST-LAST] [--generated N] [--full-checks N] [--jobs J] [FILE...]
# Default files: Corpus/llm, Corpus/documents, Corpus/regressions, both spec
# texts and N (default 8) generated documentation-shaped documents of about
# 32 KB (seeds 1…N, written to .build/chunk-sweep/generated/). Default sizes
# 1-512, jobs 2. Prints the number of runs and failures (crash, violation,
# timeout) and the first failing (file, size) pairs; exits 1 on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=1-512
generated=8
full_checks=0
jobs=2
files=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --sizes) sizes="$2"; shift 2 ;;
    --generated) generated="$2"; shift 2 ;;
    --full-checks) full_checks="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    -*) echo "chunk-sweep: unknown option $1" >&2; exit 64 ;;
    *) files+=("$1"); shift ;;
  esac
done
first=${sizes%-*}
last=${sizes#*-}

# scripts/test.sh's build folder; each product is built only when a source
# is newer than it (a second build with other flags would rebuild everything).
build=(-c release -Xswiftc -enable-testing)
bin=$(swift build "${build[@]}" --show-bin-path)
stale() { [[ ! -x "$1" ]] || [[ -n "$(find Package.swift Sources Tests/StreamMarkTestSupport Tests/StreamMarkFuzzTools \
  -name '*.swift' -newer "$1" -print -quit)" ]]; }
if stale "$bin/streammark"; then swift build "${build[@]}" --product streammark 2>&1 | tail -n 1; fi
if stale "$bin/StreamMarkFuzzTools"; then swift build "${build[@]}" --product StreamMarkFuzzTools 2>&1 | tail -n 1; fi
out=.build/chunk-sweep
rm -rf "$out/results" "$out/generated"
mkdir -p "$out/results" "$out/generated"
if [[ ${#files[@]} -eq 0 ]]; then
  files=(Corpus/llm/*.md Corpus/documents/*.md Corpus/regressions/*.md Corpus/commonmark/spec.txt Corpus/gfm/spec.txt)
  if [[ $generated -gt 0 ]]; then
    "$bin/StreamMarkFuzzTools" generate --seed 1 --count "$generated" "$out/generated"
    files+=("$out"/generated/doc-*.md)
  fi
fi
printf '%s\n' "${files[@]}" > "$out/files.txt"

# One size: every file in one process; when it crashes or hangs, the file
# after the last summary line is the culprit, and the rest run again.
sweep_size() {
  local size=$1 out=$2 bin=$3 full_checks=$4
  local -a remaining
  mapfile -t remaining < "$out/files.txt"
  local result="$out/results/$size.txt" log="$out/results/$size.log"
  : > "$result"
  while [[ ${#remaining[@]} -gt 0 ]]; do
    local status=0
    # (In a subshell that waits, so the shell's "Illegal instruction" notice goes nowhere.)
    (SWIFT_BACKTRACE=enable=no timeout 900 "$bin/streammark" verify --chunking "$size" --full-checks "$full_checks" \
      "${remaining[@]}" > "$log" 2> "$log.err"; exit $?) 2> /dev/null || status=$?
    local index=0
    while IFS= read -r line; do
      if [[ "$line" == *" violations=0" ]]; then
        echo "pass $size ${remaining[$index]}" >> "$result"
      else
        echo "violation $size ${remaining[$index]} $(grep -m1 -F "streammark: ${remaining[$index]}:" "$log.err" || true)" >> "$result"
      fi
      index=$((index + 1))
    done < <(grep -F " ($size): chunks=" "$log")
    if [[ $status -eq 0 || $status -eq 1 ]]; then break; fi
    local what=crash
    [[ $status -eq 124 ]] && what=timeout
    echo "$what $size ${remaining[$index]} (exit $status)" >> "$result"
    remaining=("${remaining[@]:$((index + 1))}")
  done
  rm -f "$log" "$log.err"
}
export -f sweep_size

count=$(wc -l < "$out/files.txt")
echo "== chunk-sweep: $count files, chunk sizes $first-$last, --full-checks $full_checks, $jobs jobs"
start=$(date +%s)
seq "$first" "$last" | xargs -P "$jobs" -I{} bash -c 'sweep_size "$@"' _ {} "$out" "$bin" "$full_checks"
cat "$out"/results/*.txt | sort -k2,2n -k3 > "$out/results.txt"
runs=$(wc -l < "$out/results.txt")
failures=$(grep -vc "^pass " "$out/results.txt" || true)
echo "chunk-sweep: $runs runs, $failures failures ($(grep -c "^crash " "$out/results.txt" || true) crashes," \
  "$(grep -c "^violation " "$out/results.txt" || true) violations, $(grep -c "^timeout " "$out/results.txt" || true) timeouts)" \
  "in $(( $(date +%s) - start )) s; all results in $out/results.txt"
if [[ $failures -gt 0 ]]; then
  echo "first failing (file, size):"
  grep -v "^pass " "$out/results.txt" | head -n 20 | cut -c1-300
  echo "failing sizes per file:"
  grep -v "^pass " "$out/results.txt" | awk '{ sizes[$3] = sizes[$3] " " $2 } END { for (f in sizes) print "  " f ":" sizes[f] }' | sort | cut -c1-400
  exit 1
fi
