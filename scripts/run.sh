#!/usr/bin/env bash
# The main job: set up, build, and stream a recorded model answer through
# `streammark` in the terminal as if it were arriving from a model.
#   scripts/run.sh [FILE] [CHUNK_BYTES:DELAY_MS]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product streammark >&2
file="${1:-Corpus/llm/022-keras-csv-classifier.md}"
replay="${2:-24:12}"
exec .build/release/streammark --replay "$replay" "$file"
