"""A small local server for the StreamMark web client (standard library only).

Serves Clients/web (the demo page, the client module, the stylesheet) and,
at /stream, a live patch stream: the NDJSON output of
`streammark --replay CHUNK:DELAY --format patches [--highlight] FILE`,
written to the browser line by line as streammark flushes it (`--highlight`
when the server was started with it, unless the request says
`highlight=0`). Binds 127.0.0.1 only.

Under /katex/ it serves KaTeX as Debian's libjs-katex installs it
(/usr/share/javascript/katex: katex.mjs, katex.min.css, fonts/, contrib/),
read-only: only names of letters, digits, `_`, `-` and `.` (no segment
starting with a dot), at most two segments deep, with the extensions of
KATEX_TYPES; anything else is 404, and so is everything when the package is
not installed (the demo then shows math as TeX).

    /usr/bin/python3 Clients/web/serve.py --streammark .build/debug/streammark [--highlight] FILE

Used by scripts/demo-web.sh and by the browser test (scripts/test-browser.sh),
which also serves its generated patch files under /data/.
"""

import argparse
import os
import re
import subprocess
import threading
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

WEB_ROOT = os.path.dirname(os.path.abspath(__file__))
REPLAY = re.compile(r"^[0-9]{1,6}(:[0-9]{1,5})?$")
KATEX_DIR = "/usr/share/javascript/katex"  # Debian's libjs-katex (scripts/setup.sh --web)
KATEX_NAME = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)?$")
KATEX_TYPES = {".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
               ".css": "text/css; charset=utf-8", ".woff2": "font/woff2", ".woff": "font/woff", ".ttf": "font/ttf"}


class Handler(SimpleHTTPRequestHandler):
    """Static files from Clients/web, /data/ from the test directory, /stream."""

    streammark = None  # path of the streammark binary
    document = None  # the Markdown file /stream replays
    replay = "12:30"  # default chunk bytes : delay ms
    highlight = False  # stream with --highlight (syntax-highlighting ops)
    data_dir = None  # optional directory served under /data/
    katex_dir = KATEX_DIR  # served read-only under /katex/ (None: not at all)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=WEB_ROOT, **kwargs)

    def log_message(self, format, *args):  # quiet: one line per error only
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/":
            self.send_response(302)
            self.send_header("Location", "/demo.html")
            self.end_headers()
        elif url.path == "/stream":
            self.stream(urllib.parse.parse_qs(url.query))
        elif url.path.startswith("/data/") and self.data_dir:
            self.send_data(url.path[len("/data/"):])
        elif url.path.startswith("/katex/"):
            self.send_katex(url.path[len("/katex/"):], body=True)
        else:
            super().do_GET()

    def do_HEAD(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path.startswith("/katex/"):
            self.send_katex(url.path[len("/katex/"):], body=False)
        else:
            super().do_HEAD()

    def send_katex(self, name, body):
        """A file of KaTeX from katex_dir: a plain name (see KATEX_NAME: no
        `..`, no hidden files, no percent-decoding) with a known extension,
        and a regular file (the package's fonts/ is a symlink into
        /usr/share/fonts, which is followed)."""
        kind = KATEX_TYPES.get(os.path.splitext(name)[1])
        path = os.path.join(self.katex_dir, name) if self.katex_dir else None
        if kind is None or path is None or not KATEX_NAME.match(name) or not os.path.isfile(path):
            self.send_error(404)
            return
        with open(path, "rb") as file:
            data = file.read()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def guess_type(self, path):
        if path.endswith(".js") or path.endswith(".mjs"):
            return "text/javascript"
        if path.endswith(".ndjson"):
            return "application/x-ndjson"
        return super().guess_type(path)

    def send_data(self, name):
        if not re.fullmatch(r"[A-Za-z0-9._-]+", name) or name.startswith("."):
            self.send_error(404)
            return
        path = os.path.join(self.data_dir, name)
        if not os.path.isfile(path):
            self.send_error(404)
            return
        with open(path, "rb") as file:
            body = file.read()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path) + "; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def stream(self, query):
        replay = query.get("replay", [self.replay])[0]
        if not REPLAY.match(replay) or not self.streammark or not self.document:
            self.send_error(400, "bad replay (use BYTES:MS) or no document")
            return
        highlight = self.highlight and query.get("highlight", ["1"])[0] != "0"
        command = [self.streammark, "--replay", replay, "--format", "patches",
                   *(["--highlight"] if highlight else []), self.document]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.close_connection = True
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson; charset=utf-8")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        try:
            for line in process.stdout:
                self.wfile.write(line)
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            process.kill()
            process.wait()


def start(streammark=None, document=None, replay=None, data_dir=None, port=0, highlight=False, katex_dir=KATEX_DIR):
    """Starts the server on 127.0.0.1 in a daemon thread; returns it
    (`server.server_address[1]` is the port)."""
    Handler.streammark = streammark
    Handler.document = document
    Handler.data_dir = data_dir
    Handler.highlight = highlight
    Handler.katex_dir = katex_dir
    if replay:
        Handler.replay = replay
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    parser = argparse.ArgumentParser(description="Serve the StreamMark web demo on 127.0.0.1.")
    parser.add_argument("--streammark", required=True, help="path of the streammark binary")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--replay", default="12:30", help="default chunk bytes:delay ms of /stream")
    parser.add_argument("--highlight", action="store_true", help="stream with syntax highlighting (streammark --highlight)")
    parser.add_argument("--katex", default=KATEX_DIR, help=f"KaTeX to serve under /katex/ (default {KATEX_DIR})")
    parser.add_argument("file", help="the Markdown answer to stream")
    args = parser.parse_args()
    if not REPLAY.match(args.replay):
        parser.error("--replay must be BYTES or BYTES:MS")
    server = start(os.path.abspath(args.streammark), os.path.abspath(args.file), args.replay, port=args.port,
                   highlight=args.highlight, katex_dir=args.katex)
    if not os.path.isfile(os.path.join(args.katex, "katex.mjs")):
        print(f"serve: no KaTeX in {args.katex} (scripts/setup.sh --web): math shows as TeX", flush=True)
    print(f"StreamMark demo: http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
