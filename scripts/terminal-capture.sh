#!/usr/bin/env bash
# Captures `streammark` streaming an answer with highlighted code in a real
# terminal (tmux), in both themes, and renders the captures as a picture:
#
#   scripts/terminal-capture.sh [FILE] [MARKER]
#
# For each theme, tmux runs `streammark --replay 16:20 --theme THEME FILE`
# in an 80x12 pane; the screen is captured with its colors
# (`tmux capture-pane -e`) as soon as MARKER is on it (mid-stream: by
# default a docstring line whose opening quotes are above the screen), and
# the scrollback once the stream ended (its first code block, or its last
# lines when it has none). Writes, in docs/ (or $OUT), named $NAME
# (default terminal-highlight):
#
#   NAME.png  the captures (aha → HTML → headless Chromium)
#   NAME.txt  how it was made, and the captures as text with each colored
#             run described
#
# Needs tmux, aha (`apt-get install aha`), chromium and /usr/bin/python3.
# $BIN: the streammark binary (default: a debug build, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:-Corpus/llm/003-uniform-sampling-right-triangle.md}
MARKER=${2:-sampled points inside the triangle}
OUT=${OUT:-docs}
NAME=${NAME:-terminal-highlight}
BIN=${BIN:-.build/debug/streammark}
for tool in tmux aha chromium /usr/bin/python3; do
    command -v "$tool" >/dev/null || { echo "terminal-capture: $tool is missing" >&2; exit 1; }
done
[ -x "$BIN" ] || swift build --product streammark
WORK=$(mktemp -d)
SOCKET=streammark-capture-$$
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT

capture() { # THEME
    local theme=$1
    tmux -L "$SOCKET" -f /dev/null new-session -d -x 80 -y 12 \
        "$BIN --replay 16:20 --theme $theme --no-hyperlinks '$FILE'; echo __DONE__; sleep 600"
    tmux -L "$SOCKET" set-option -g history-limit 50000
    for _ in $(seq 1 600); do
        tmux -L "$SOCKET" capture-pane -p -e > "$WORK/live-$theme.ansi"
        grep -qF "$MARKER" "$WORK/live-$theme.ansi" && break
        sleep 0.05
    done
    for _ in $(seq 1 600); do
        tmux -L "$SOCKET" capture-pane -p -e -J -S - > "$WORK/final-$theme.ansi"
        grep -q "__DONE__" "$WORK/final-$theme.ansi" && break
        sleep 0.1
    done
    tmux -L "$SOCKET" kill-server
    # The scrollback's first code block.
    /usr/bin/python3 - "$WORK/final-$theme.ansi" > "$WORK/block-$theme.ansi" <<'PY'
import re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
plain = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in lines]
start = next((i for i, line in enumerate(plain) if line.startswith("╭─")), None)
if start is None:
    # No code block: the end of the answer (for footnotes, the notes list).
    done = next(i for i, line in enumerate(plain) if "__DONE__" in line)
    start, end = max(0, done - 14), done - 1
else:
    end = next(i for i in range(start, len(plain)) if plain[i].startswith("╰─"))
# tmux carries attributes across lines: reset before the excerpt.
print("\x1b[0m" + "\n".join(lines[start:end + 1]) + "\x1b[0m")
PY
}

capture dark
capture light

html() { # FILE BLACK?
    if [ "$2" = black ]; then aha --black --no-header < "$1"; else aha --no-header < "$1"; fi
}
{
    echo '<!DOCTYPE html><html><head><meta charset="utf-8"><style>'
    echo 'body{margin:0;background:#888;font:14px/1.25 "DejaVu Sans Mono",monospace}'
    echo '.row{display:flex;gap:12px;padding:12px}.pane{padding:8px 10px;white-space:pre;width:92ch}'
    echo '.dark{background:#000;color:#fff}.light{background:#fff;color:#000}'
    echo 'h2{font:bold 13px sans-serif;margin:0 0 6px 0;color:#000}'
    echo '</style></head><body>'
    echo '<div class="row"><div><h2>--theme dark: live, mid-stream (80x12)</h2><div class="pane dark">'
    html "$WORK/live-dark.ansi" black
    echo '</div></div><div><h2>--theme light: live, mid-stream (80x12)</h2><div class="pane light">'
    html "$WORK/live-light.ansi" white
    echo '</div></div></div><div class="row"><div><h2>dark: the scrollback after the stream</h2><div class="pane dark">'
    html "$WORK/block-dark.ansi" black
    echo '</div></div><div><h2>light: the scrollback after the stream</h2><div class="pane light">'
    html "$WORK/block-light.ansi" white
    echo '</div></div></div></body></html>'
} > "$WORK/capture.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1640,980 \
    --screenshot="$OUT/$NAME.png" "file://$WORK/capture.html" 2>/dev/null

# The text: the captures with every colored run described.
/usr/bin/python3 - "$WORK" "$FILE" "$MARKER" > "$OUT/$NAME.txt" <<'PY'
import re, sys
work, path, marker = sys.argv[1:4]
names = {
    "dark": {170: "keyword", 114: "string", 209: "number", 245: "comment", 75: "function", 221: "class/type",
             80: "built-in", 117: "key", 210: "variable", 204: "tag", 139: "meta", 43: "escape", 203: "deletion",
             223: "code", 240: "frame", 180: "label"},
    "light": {161: "keyword", 28: "string", 130: "number", 243: "comment", 25: "function", 91: "class/type",
              23: "built-in", 18: "key", 94: "variable", 124: "tag", 96: "meta", 29: "escape", 160: "deletion",
              236: "code", 246: "frame"},
}
def describe(text, theme):
    out, style = [], {}
    for line in text.split("\n"):
        runs, current, buffer = [], None, ""
        for token in re.split(r"(\x1b\[[0-9;]*m)", line):
            if token.startswith("\x1b["):
                codes = [int(c or 0) for c in token[2:-1].split(";")]
                i = 0
                while i < len(codes):
                    c = codes[i]
                    if c == 0: style = {}
                    elif c in (1, 3, 4): style[c] = True
                    elif c == 39: style.pop("fg", None)
                    elif c == 38 and i + 2 < len(codes): style["fg"] = codes[i + 2]; i += 2
                    elif c == 48 and i + 2 < len(codes): i += 2
                    i += 1
                continue
            for ch in token:
                fg = style.get("fg")
                label = names[theme].get(fg, str(fg)) if fg is not None else ""
                if style.get(1): label += " bold"
                if style.get(3): label += " italic"
                if label != current:
                    if buffer: runs.append((current, buffer))
                    current, buffer = label, ""
                buffer += ch
        if buffer: runs.append((current, buffer))
        if line and re.sub(r"\x1b\[[0-9;]*m", "", line).startswith("╭─"):
            runs = [(("label italic" if t.strip() else l), t) if l not in ("frame",) else (l, t) for l, t in runs]
        out.append("".join(f"[{l.strip()}: {t}]" if l and l not in ("code", "frame") else t for l, t in runs).rstrip())
    return "\n".join(out)
print(f"""Highlighted code in the live terminal, captured under tmux by
scripts/terminal-capture.sh (see docs/cli.md, "Syntax highlighting"):

    streammark --replay 16:20 --theme dark|light --no-hyperlinks {path}

in an 80x12 tmux pane; `tmux capture-pane -e` keeps each cell's SGR
attributes. $NAME.png shows the same captures (aha, headless
Chromium). Below, every run colored other than plain code text is written
[role: text], role named after its color in the theme's palette (docs/cli.md);
the frame and plain code are left bare.

1. Mid-stream (dark), captured as soon as this was on the screen:
   "{marker}".
   The open code block shows its last rows; its docstring opened above the
   screen, and its lines are still colored as a string (the lexer's state
   is carried from the block's first lines, not re-derived from the
   screen).
""")
for name, title in [("live-dark", None), ("live-light", "2. The same moment, --theme light:"),
                    ("block-dark", "3. The first code block in the scrollback after the stream ended (dark):"),
                    ("block-light", "4. The same block, --theme light:")]:
    if title: print(title + "\n")
    text = open(f"{work}/{name}.ansi", encoding="utf-8").read().rstrip("\n")
    print("\n".join("    " + line for line in describe(text, name.split("-")[1]).split("\n")))
    print()
PY
echo "terminal-capture: wrote $OUT/$NAME.png and $OUT/$NAME.txt"
