#!/usr/bin/env bash
# The web demo: builds `streammark`, then serves Clients/web/demo.html and a
# live patch stream (`streammark --replay CHUNK:DELAY --format patches
# --highlight FILE`: code is syntax-highlighted line by line as it streams)
# on http://127.0.0.1:PORT/ (127.0.0.1 only), and KaTeX from Debian's
# libjs-katex under /katex/ (math rendered in the page; nothing fetched from
# elsewhere). Open it in a browser and watch the answer stream; "Replay"
# streams it again; `?highlight=0` streams without highlighting, `?math=0`
# shows math as TeX.
#   scripts/demo-web.sh [FILE] [CHUNK_BYTES:DELAY_MS]      (PORT=8765 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
file="${1:-Clients/web/demo-answer.md}"
replay="${2:-12:30}"
[[ -r "$file" ]] || { echo "demo-web: cannot read $file" >&2; exit 1; }
[[ "$replay" =~ ^[0-9]+(:[0-9]+)?$ ]] || { echo "demo-web: bad CHUNK_BYTES:DELAY_MS '$replay'" >&2; exit 64; }
scripts/setup.sh --web
swift build -c release --product streammark >&2
exec /usr/bin/python3 -B Clients/web/serve.py --streammark .build/release/streammark \
  --port "${PORT:-8765}" --replay "$replay" --highlight "$file"
