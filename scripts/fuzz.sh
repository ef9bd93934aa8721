#!/usr/bin/env bash
# Builds the libFuzzer target (Tests/Fuzz/StreamMarkFuzz.swift) with
# -sanitize=fuzzer,address and runs it for SECONDS (default 60) on a seed
# corpus made from Corpus/ and generated documents, with the dictionary
# Tests/Fuzz/markdown.dict. Exits non-zero when the fuzzer finds a crash,
# an invariant violation, a leak or an out-of-memory; inputs are saved in
# .build/fuzz/artifacts/ (timeouts too, without failing the run). See docs/fuzzing.md.
#   scripts/fuzz.sh [SECONDS] [extra libFuzzer flags...]
#   scripts/fuzz.sh 0 .build/fuzz/artifacts/crash-…   (reproduce one input)
# The target is not part of `swift build`: it is compiled here with swiftc,
# the StreamMark, StreamMarkHTML and StreamMarkTerminal modules first
# (static libraries), then the fuzz main.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test

seconds="${1:-60}"
shift || true
dir=.build/fuzz
binary="$dir/streammark-fuzz"
mkdir -p "$dir/corpus" "$dir/artifacts"

# Each module as an instrumented static library, then the fuzz main. `-j`:
# swiftc compiles a module's files in one job otherwise (StreamMark alone
# took about three minutes of a CI run on one core of two).
jobs=$(nproc 2>/dev/null || echo 2)
module() {
  local name="$1"
  # shellcheck disable=SC2046
  swiftc -emit-library -static -emit-module -parse-as-library -module-name "$name" -package-name streammark \
    -O -g -sanitize=fuzzer,address -j "$jobs" -I "$dir" -I Sources/CCmark \
    -emit-module-path "$dir/$name.swiftmodule" -o "$dir/lib$name.a" $(find "Sources/$name" -name '*.swift' | sort)
}
sources="Sources/StreamMarkHighlight Sources/StreamMark Sources/StreamMarkHTML Sources/StreamMarkTerminal Tests/Fuzz"
# shellcheck disable=SC2086
if [[ ! -x "$binary" ]] || [[ -n "$(find $sources -name '*.swift' -newer "$binary" -print -quit)" ]]; then
  echo "== fuzz: build (swiftc -sanitize=fuzzer,address)"
  module StreamMarkHighlight
  module StreamMark
  # The two renderers depend only on the engine: built side by side.
  module StreamMarkHTML &
  html=$!
  module StreamMarkTerminal &
  terminal=$!
  wait "$html"
  wait "$terminal"
  swiftc -parse-as-library -package-name streammark -O -g -sanitize=fuzzer,address -use-ld=lld \
    -I "$dir" -I Sources/CCmark -L "$dir" -lStreamMarkTerminal -lStreamMarkHTML -lStreamMark -lStreamMarkHighlight -lcmark \
    Tests/Fuzz/StreamMarkFuzz.swift -o "$binary"
fi

if [[ "$seconds" == 0 ]]; then
  exec "$binary" "$@"
fi

# Seeds: the spec examples, windows of the Corpus, the regression files and
# 48 documentation-shaped documents (DocumentationGenerator, base64 strings
# of 4-6 KB, cut to 8,000 bytes) from the test tool, in scripts/test.sh's
# build folder; built only when a source is newer than it (test.sh has built
# it already, with flags a second build would not match).
build=(-c release -Xswiftc -enable-testing)
tools="$(swift build "${build[@]}" --show-bin-path)/StreamMarkFuzzTools"
if [[ ! -x "$tools" ]] || [[ -n "$(find Package.swift Sources Tests/StreamMarkTestSupport Tests/StreamMarkFuzzTools \
  -name '*.swift' -newer "$tools" -print -quit)" ]]; then
  swift build "${build[@]}" --product StreamMarkFuzzTools 2>&1 | tail -n 1
fi
rm -rf "$dir/seeds" "$dir/generated"
"$tools" generate --seed 1 --count 48 --bytes 2000 --blob 4096-6000 "$dir/generated"
/usr/bin/python3 Tests/Fuzz/make_seeds.py Corpus "$dir/seeds" "$dir/generated"
echo "== fuzz: ${seconds}s"
# -max_len=8192: large enough for an open block past the engine's 4 KB
# refresh threshold (the crash of Corpus/regressions needs one); the target
# checks at most 128 boundaries, so an input costs O(chunks + 128 n).
# -dict: Markdown and GFM tokens. Fork mode with -ignore_timeouts: an
# input slower than 60 s (wall clock, on a shared machine) is saved as a
# timeout-* artifact (a performance finding) and the run goes on; a crash,
# an invariant violation, a leak or an out-of-memory stops it and fails.
touch "$dir/run-started"
status=0
"$binary" -fork=1 -ignore_timeouts=1 -max_total_time="$seconds" -max_len=8192 -timeout=60 \
  -dict=Tests/Fuzz/markdown.dict -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$dir/artifacts/" \
  "$@" "$dir/corpus" "$dir/seeds" || status=$?
# Fork mode can skip a crashing seed and exit 0, so the artifacts decide.
new_artifacts() { find "$dir/artifacts" -newer "$dir/run-started" -name "$1" | sort; }
timeouts=$(new_artifacts 'timeout-*')
[[ -n "$timeouts" ]] && echo "fuzz: inputs slower than 60 s (performance findings):" $timeouts >&2
failures=$(new_artifacts 'crash-*'; new_artifacts 'leak-*'; new_artifacts 'oom-*')
if [[ -n "$failures" ]]; then
  echo "fuzz: FAILED; reproduce with scripts/fuzz.sh 0 FILE:" $failures >&2
  exit 1
fi
if [[ $status -ne 0 ]]; then
  echo "fuzz: libFuzzer exited with status $status" >&2
  exit "$status"
fi
echo "fuzz: no crash in ${seconds}s"
