"""The browser test of the StreamMark web client (run by scripts/test-browser.sh).

For every Corpus answer (Corpus/llm) and a long document, streamed at 4-byte
chunks (`streammark --replay 4:0 --format patches`; version 2 with
`--highlight`), it applies the patches to a StreamMarkView in headless
Chromium under a MutationObserver (see harness.js) and asserts, per document:
  (a) the final HTML equals `streammark --format html` (`--highlight` for
      the highlighted streams; both serialized by the browser; data-id
      attributes and the copy buttons removed);
  (b) no node of a closed block is removed, replaced or mutated after its
      close, except the one counted exception: an update of a closed block
      by a link reference definition that arrived later (the engine closes
      an item of a tight list only with the list, since a later blank line
      could still wrap its paragraphs in <p>);
  (c) every patch's DOM mutations stay within mutationBound(patch bytes);
  (d) a selection made inside a closed block survives the rest of the stream;
  (e) highlighted streams: every completed code line has its spans before its
      block grows again and before the block closes, and snapshots of code
      blocks taken mid-stream agree line by line with the expected HTML;
  (f) a highlight op for the next line only adds nodes before the plain tail
      and shortens it;
  (g) each code block's copy button, clicked as the block closes, copies
      exactly its literal (navigator.clipboard.writeText stubbed);
  (h) math (the math fixture and the raw-HTML one, rendered with KaTeX from
      Debian's libjs-katex, served by serve.py under /katex/): every math span
      of the final DOM holds KaTeX's output, as many spans as the expected HTML
      has, rendered from the right TeX in the right mode (compared in (a));
      no TeX delimiters are left as text, and dollars that are text stay;
  (i) math in closed blocks is never rendered again: the same span, the same
      KaTeX nodes, no renderer call after the close (a ```math block closes
      long before the stream ends).
Without KaTeX (every other document, and the math fixture as v2plain) math
is its TeX as text, exactly as in the expected HTML.
Plus a canary (a mutation of a closed block must be detected) and the time to
apply the longest answer's stream without the observer. Optionally takes the
demo screenshots (light and dark) mid-stream. Last line: "N passed, M failed".
"""

import argparse
import concurrent.futures
import glob
import html as htmlmodule
import json
import re
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
WEB = os.path.dirname(HERE)
REPO = os.path.dirname(os.path.dirname(WEB))
DEMO_ANSWER = os.path.join(WEB, "demo-answer.md")  # the demo's answer (task list, quote, table, code)
HOSTILE = os.path.join(HERE, "fixtures", "hostile.md")  # script, event handlers, javascript: URLs (safe mode)
RAW_HTML = os.path.join(HERE, "fixtures", "raw-html.md")  # well-formed raw HTML, rendered with unsafe: true
CODE_BLOCK = os.path.join(REPO, "Corpus/generated/code-block.md")  # one 50 KB Python block (timing only)
LATE_LINKS = os.path.join(HERE, "fixtures", "late-links.md")  # link definitions after the closed blocks using them
LOOSENING = os.path.join(HERE, "fixtures", "loosening.md")  # lists that turn loose after tight items
ALERTS = os.path.join(REPO, "Corpus/features/alerts-answer.md")  # the five GitHub alerts and near-misses
MATH = os.path.join(HERE, "fixtures", "math.md")  # $…$, $$…$$, \(…\), \[…\], a ```math block, prices in dollars
FOOTNOTES = os.path.join(HERE, "fixtures", "footnotes.md")  # notes after their references, undefined ones (one with an e-mail address)
QUESTION = "How do I stream Markdown into a web chat without re-rendering?"
# The screenshots (--screenshots): this answer, paused when this text shows.
SCREENSHOT_ANSWER = os.path.join(REPO, "Corpus/llm/019-depth-first-search-python.md")
SCREENSHOT_PAUSE = "'E': ['B', 'F"
SCREENSHOT_QUESTION = "How does depth-first search work? Show me in Python."
# The math screenshots: formulas rendered by KaTeX and an alert, paused
# after the alert while the answer is still streaming.
MATH_SCREENSHOT_ANSWER = os.path.join(REPO, "Corpus/features/math-answer.md")
MATH_SCREENSHOT_PAUSE = "The Gaussian integral and the Basel"
MATH_SCREENSHOT_QUESTION = "How do I solve a quadratic equation?"
# The research screenshots: citations, formulas and alerts together, paused
# inside the answer's last note (its other notes numbered and listed).
RESEARCH_SCREENSHOT_ANSWER = os.path.join(REPO, "Corpus/features/research-answer.md")
RESEARCH_SCREENSHOT_PAUSE = "it has many divisors"
RESEARCH_SCREENSHOT_QUESTION = "Why does compound interest grow exponentially?"
# The highlighting property test (harness.js runHighlightProperty).
PROPERTY_SEED = int(os.environ.get("STREAMMARK_SEED", "20261203"))
PROPERTY_CASES = 400
# Documents also streamed as version 2 without highlighting (NAME.v2plain).
PLAIN_V2 = {"demo-answer.md", "008-python-mock-bytesio.md", "015-php-login-register-scripts.md",
            "033-de-httpx-streaming-fastapi.md", "late-links.md", "raw-html.md", "math.md"}
# Documents whose math KaTeX renders (except as v2plain, which shows the TeX).
KATEX_DOCUMENTS = {"math.md", "raw-html.md"}
sys.dont_write_bytecode = True
sys.path.insert(0, WEB)

import serve  # noqa: E402  (Clients/web/serve.py, the demo's server)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402


def protocols(streammark):
    """The patch protocols to test: version 2 with highlighting (when
    streammark writes it), version 2 without on a few documents, and version
    1 (deprecated, never highlighted); only v1 for a streammark without
    --protocol."""
    probe = subprocess.run([streammark, "--protocol", "1", "--format", "patches", os.devnull],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if probe.returncode != 0:
        return {"v1": []}
    highlight = subprocess.run([streammark, "--protocol", "2", "--highlight", "--format", "patches", os.devnull],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if highlight.returncode != 0:
        return {"v2": ["--protocol", "2"], "v1": ["--protocol", "1"]}
    return {"v2": ["--protocol", "2", "--highlight"], "v2plain": ["--protocol", "2"], "v1": ["--protocol", "1"]}


PROBE = "```python\ndef f(x):\n    return x\n```\n"


def html_oracle(streammark):
    """How the expected HTML of a highlighted stream is made: "streammark"
    when `streammark --format html --highlight` highlights, else "test" (the
    rendering below, from the one-shot patch stream's highlight ops)."""
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as probe:
        probe.write(PROBE)
    try:
        out = subprocess.run([streammark, "--format", "html", "--highlight", probe.name], capture_output=True)
        return "streammark" if out.returncode == 0 and b"hljs-keyword" in out.stdout else "test"
    finally:
        os.unlink(probe.name)


def escape(text):
    """cmark's HTML escaping of text (`&`, `<`, `>`, `"`)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def render_code(literal, lines):
    """The rule of `streammark --format html --highlight` for one code block:
    per line of the literal, its escaped text with each token of `lines[i]`
    (`[START, LENGTH, KIND, ...]`, UTF-8 bytes) as `<span class="hljs-...">`
    (a scope's dotted parts as further classes), each line followed by a
    line feed (the literal's own)."""
    out = []
    for number, line in enumerate(literal.split("\n")):
        tokens = lines[number] if number < len(lines) else []
        data = line.encode()
        at = 0
        parts = []
        for i in range(0, len(tokens), 3):
            start, length, kind = tokens[i], tokens[i + 1], tokens[i + 2]
            head, *rest = kind.split(".")
            parts.append(escape(data[at:start].decode()))
            parts.append(f'<span class="{" ".join(["hljs-" + head, *rest])}">{escape(data[start:start + length].decode())}</span>')
            at = start + length
        parts.append(escape(data[at:].decode()))
        out.append("".join(parts))
    return "\n".join(out)


def test_highlighted_html(streammark, source, plain_html, unsafe=()):
    """The expected HTML of a highlighted stream when streammark's HTML
    output cannot highlight yet: `streammark --format html` with every code
    block rendered by render_code from the highlight ops of the one-shot
    stream (`--format patches --highlight`, one chunk: inserts in document
    order, closes, highlight ops)."""
    stream = subprocess.run([streammark, "--format", "patches", "--highlight", source], capture_output=True,
                            check=True).stdout.decode().splitlines()
    register = 0

    def read_id(w):
        nonlocal register
        if isinstance(w, str):
            return w
        d = w // 2
        register += d
        return f"e{register}.list" if w - 2 * d == 1 else f"e{register}"

    # A tree of ids and kind tags, enough to list the code blocks in
    # document order at the end.
    children, tag, tokens = {"doc": []}, {}, {}
    target = None

    def kind_tag(kind):
        return kind if isinstance(kind, int) else kind[0]

    def adopt(block):
        bid = read_id(block[0])
        tag[bid] = kind_tag(block[1])
        children[bid] = [adopt(child) for child in (block[2] if len(block) > 2 else [])]
        return bid

    def last_leaf(bid):
        while children[bid]:
            bid = children[bid][-1]
        return bid

    def detach(bid):
        for kids in children.values():
            if bid in kids:
                kids.remove(bid)

    for line in stream[1:]:
        value = json.loads(line)
        if isinstance(value, str):
            continue  # a continuation: text only
        op, fields = value[0], value[1:]
        if op == 0:
            parent = read_id(fields[0])
            bid = adopt(fields[1])
            kids = children[parent]
            kids.insert(fields[2] if len(fields) > 2 else len(kids), bid)
            target = last_leaf(bid)
        elif op == 1:
            detach(read_id(fields[0]))
        elif op == 2:
            bid = read_id(fields[0])
            parent = read_id(fields[1])
            detach(bid)
            children[parent].insert(fields[2], bid)
        elif op in (3, 6):
            bid = read_id(fields[0])
            target = bid if op == 6 else target
        elif op in (4, 5):
            bid = read_id(fields[0]) if len(fields) == 2 else target
            if op == 4:
                tag[bid] = kind_tag(fields[-1])
            target = bid
        elif op == 7:
            target = read_id(fields[0]) if len(fields) >= 3 else target
        elif op == 8:
            bid = read_id(fields[0])
            tokens[bid] = tokens.get(bid, [])[:fields[1]] + fields[2]
        else:
            raise RuntimeError(f"{source}: unknown op in a one-shot stream: {line[:80]}")
    order, stack = [], list(reversed(children["doc"]))
    while stack:
        bid = stack.pop()
        if tag.get(bid) == 11:
            order.append(bid)
        stack.extend(reversed(children[bid]))
    blocks = iter(order)

    def code(match):
        literal = htmlmodule.unescape(match.group(2))
        return f"<pre><code{match.group(1)}>{render_code(literal, tokens.get(next(blocks), []))}</code></pre>"

    return re.sub(r'<pre><code((?: class="[^"]*")?)>(.*?)</code></pre>', code, plain_html, flags=re.S)


def expected_html(streammark, source, highlight, oracle):
    """`streammark --format html [--highlight]` of the source (`--unsafe` for
    the raw-HTML fixture, which the view renders unsafe too)."""
    unsafe = ["--unsafe"] if source == RAW_HTML else []
    flags = ["--highlight"] if highlight and oracle == "streammark" else []
    html = subprocess.run([streammark, "--format", "html", *unsafe, *flags, source], capture_output=True,
                          check=True).stdout.decode()
    if highlight and oracle == "test":
        html = test_highlighted_html(streammark, source, html)
    return html


def generate(streammark, source, out_dir, name, replay, protocol=(), oracle="streammark"):
    """Writes NAME.ndjson (the patch stream) and NAME.html (the one-shot
    HTML, highlighted when the stream is)."""
    with open(os.path.join(out_dir, name + ".ndjson"), "wb") as out:
        subprocess.run([streammark, "--replay", replay, "--format", "patches", *protocol, source], stdout=out,
                       check=True)
    with open(os.path.join(out_dir, name + ".html"), "w") as out:
        out.write(expected_html(streammark, source, "--highlight" in protocol, oracle))
    return name


def browser(width=1000, height=1000):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(600)
    return driver


def call(driver, function, *args):
    """Awaits window[function](...args) in the page."""
    script = ("const done = arguments[arguments.length - 1];"
              f"window.{function}(...Array.from(arguments).slice(0, -1))"
              ".then(done, (e) => done({error: String(e && e.stack || e)}));")
    return driver.execute_async_script(script, *args)


def open_harness(driver, base):
    driver.get(base + "/test/harness.html")
    for _ in range(200):
        if driver.execute_script("return window.harnessReady === true"):
            return
        time.sleep(0.05)
    raise RuntimeError("harness.js did not load")


def generate_template(streammark, template, states, out_dir, name):
    """Writes NAME.ndjson (the template's patches through every state) and
    NAME.html (the HTML of the last state)."""
    with open(os.path.join(out_dir, name + ".ndjson"), "wb") as out:
        subprocess.run([streammark, "template", template, "--data-sequence", states, "--format", "patches"],
                       stdout=out, check=True)
    with open(os.path.join(out_dir, name + ".html"), "wb") as out:
        subprocess.run([streammark, "template", template, "--data-sequence", states, "--format", "html"],
                       stdout=out, check=True)


def check_template(report):
    """A template stream (program output: moves, removals, task updates, no
    closes): (a) and (c) as for documents, and every moved block keeps its
    DOM node."""
    if "error" in report:
        return [report["error"]]
    failures = [f for f in check_case(report, selection=False)]
    if report["moves"] == 0 or report["movesKept"] != report["moves"]:
        failures.append(f"moves: {report['movesKept']} of {report['moves']} moved blocks kept their node")
    return failures


def check_case(report, selection=True):
    """The failures of one document's report (empty: passed)."""
    if "error" in report:
        return [report["error"]]
    failures = []
    if not report["equal"]:
        failures.append(f"(a) HTML differs at {report['diff']['at']}:\n      got      {report['diff']['actual']!r}\n"
                        f"      expected {report['diff']['expected']!r}")
    if report["closedHits"]:
        failures.append(f"(b) {report['closedHits']} mutations of closed blocks: {report['closedViolations']}")
    if report["boundFails"]:
        failures.append(f"(c) {report['boundFails']} patches over the mutation bound, first: {report['worst']}")
    if selection and report["selection"] is not True:
        failures.append(f"(d) selection or ranges in closed blocks lost: {report['rangesKept']} of {report['ranges']} "
                        f"ranges kept, selection {report['selectedText']!r}")
    if not report["buttons"]:
        failures.append("copy buttons: a <pre> without exactly one copy button as its first child")
    if report["closedHighlightHits"]:
        failures.append(f"(b) of which {report['closedHighlightHits']} by highlight ops after their block's close")
    if report["plainAtAppend"] or report["plainAtClose"]:
        failures.append(f"(e) completed code lines still plain: before {report['plainAtAppend']} appends, at "
                        f"{report['plainAtClose']} closes; first: {report['plainExample']}")
    if report["spanMismatches"]:
        failures.append(f"(e) {report['spanMismatches']} of {report['snapshots']} mid-stream snapshots differ from "
                        f"the expected HTML, first: {report['spanExample']}")
    if report["wideHighlights"]:
        failures.append(f"(f) {report['wideHighlights']} mutations of highlight ops beyond the new lines, first: "
                        f"{report['wideExample']}")
    if report["copyMismatches"]:
        failures.append(f"(g) {report['copyMismatches']} of {report['copies']} copies differ from the literal, first: "
                        f"{report['copyExample']}")
    if report["math"]:
        failures.extend(check_math(report))
    return failures


def check_math(report):
    """(h) and (i) for a document rendered with KaTeX."""
    failures = []
    rendered = report["katexNodes"] + report["katexErrors"]
    if report["mathNodes"] != report["mathExpected"] or rendered != report["mathNodes"] or report["mathNodes"] == 0:
        failures.append(f"(h) {report['mathNodes']} math spans (expected {report['mathExpected']}), {report['katexNodes']} "
                        f"with .katex, {report['katexErrors']} with .katex-error")
    if report["displayMismatches"] or report["renderOptionFails"]:
        failures.append(f"(h) {report['displayMismatches']} spans in the wrong display mode, {report['renderOptionFails']} "
                        "render calls with wrong options")
    if report["strayDelimiters"] or report["dollarsOutside"] != report["dollarsExpected"]:
        failures.append(f"(h) {report['strayDelimiters']} TeX delimiters left as text; {report['dollarsOutside']} dollars "
                        f"outside math (expected {report['dollarsExpected']})")
    if report["renderedTwice"]:
        failures.append(f"(i) {report['renderedTwice']} math spans rendered more than once")
    if report["closedMathRendered"]:
        failures.append(f"(i) {report['closedMathRendered']} of {report['closedMath']} math spans of closed blocks rendered "
                        f"again or replaced, first: {report['closedMathExample']}")
    return failures


def math_summary(report):
    """The math figures of one report, for its "ok" line."""
    if not report.get("math"):
        return ""
    return (f", math: {report['mathNodes']} spans = {report['katexNodes']} .katex + {report['katexErrors']} .katex-error, "
            f"{report['renderCalls']} renders ({report['stats']['mathReused']} reused), {report['closedMath']} spans in "
            f"closed blocks not rendered again ({report['closedMathBlocks']} in math blocks, "
            f"{report['linesAfterMathBlock']} lines after the first math block closed)")


def check_math_layout(layout):
    """runMathLayout's figures: display math centred and scrolling, the
    widest formula scrolling in a narrow answer that does not, KaTeX in the
    text colour in both themes."""
    if "error" in layout:
        return [layout["error"]]
    failures = []
    if not layout["katexCSS"]:
        failures.append("KaTeX's stylesheet (/katex/katex.min.css) is not loaded")
    if layout["displays"] == 0 or layout["notCentred"] or layout["notScrolling"]:
        failures.append(f"{layout['displays']} display formulas: {layout['notCentred']} not centred blocks, "
                        f"{layout['notScrolling']} without overflow-x: auto")
    wide, answer = layout.get("wide"), layout.get("answer")
    if not wide or wide["scrollWidth"] <= wide["clientWidth"] or answer["scrollWidth"] > answer["clientWidth"]:
        failures.append(f"a wide formula in a 360 px answer: {wide}, the answer {answer}")
    for theme, figures in layout["themes"].items():
        if figures["katexes"] == 0 or figures["other"] or figures["fracLines"] == 0 or figures["otherLines"]:
            failures.append(f"{theme}: {figures['other']} of {figures['katexes']} formulas and {figures['otherLines']} of "
                            f"{figures['fracLines']} fraction lines not in the text colour {figures['colour']}")
        if figures["error"] is None or figures["error"] == figures["colour"]:
            failures.append(f"{theme}: bad TeX not in its error colour ({figures['error']})")
    if layout["themes"]["light"]["colour"] == layout["themes"]["dark"]["colour"]:
        failures.append("the two themes have the same text colour")
    return failures


def check_katex_serving(base):
    """serve.py's /katex/: the files of libjs-katex with their types, nothing else."""
    import urllib.error
    import urllib.request
    failures = []
    wanted = {"/katex/katex.mjs": "text/javascript", "/katex/katex.min.js": "text/javascript",
              "/katex/katex.min.css": "text/css", "/katex/fonts/KaTeX_Main-Regular.woff2": "font/woff2",
              "/katex/fonts/KaTeX_Main-Regular.woff": "font/woff", "/katex/fonts/KaTeX_Main-Regular.ttf": "font/ttf"}
    for path, kind in wanted.items():
        try:
            with urllib.request.urlopen(base + path) as response:
                got = response.headers.get("Content-Type", "")
                if response.status != 200 or not got.startswith(kind) or not response.read():
                    failures.append(f"{path}: {response.status} {got}")
        except urllib.error.HTTPError as error:
            failures.append(f"{path}: {error.code}")
    for path in ("/katex/", "/katex/fonts", "/katex/../serve.py", "/katex/%2e%2e/serve.py", "/katex/..%2fserve.py",
                 "/katex/fonts/../../../../../etc/passwd", "/katex//etc/passwd", "/katex/.hidden.js",
                 "/katex/fonts/a/b.woff2", "/katex/README.md"):
        try:
            with urllib.request.urlopen(base + path) as response:
                failures.append(f"{path}: served ({response.status})")
        except urllib.error.HTTPError as error:
            if error.code != 404:
                failures.append(f"{path}: {error.code}, not 404")
    return failures


NORMALIZE = r"""
const [html] = arguments;
const inert = document.implementation.createHTMLDocument("");
inert.body.innerHTML = html;
const clone = document.getElementById("answer").cloneNode(true);
for (const node of clone.querySelectorAll("[data-id]")) node.removeAttribute("data-id");
for (const node of clone.querySelectorAll("pre > button.sm-copy")) node.remove();
// Math rendered by KaTeX: counted, then compared as the TeX of its annotation.
const spans = [...clone.querySelectorAll("span.math")];
const katex = spans.filter((span) => span.querySelector(".katex")).length;
for (const span of spans) {
  const annotation = span.querySelector('.katex annotation[encoding="application/x-tex"]');
  if (!annotation) continue;
  const tex = annotation.textContent;
  span.textContent = span.classList.contains("display") ? `\\[${tex}\\]` : `\\(${tex}\\)`;
}
return [clone.innerHTML, inert.body.innerHTML, document.body.dataset.state, document.getElementById("status").textContent,
        spans.length, katex, inert.body.querySelectorAll("span.math").length];
"""


KEYBOARD_COPY = """
const [expected] = arguments;
const done = arguments[arguments.length - 1];
const copied = [];
navigator.clipboard.writeText = async (text) => { copied.push(text); };
const button = document.querySelector("#answer pre > button.sm-copy");
const inert = document.implementation.createHTMLDocument("");
inert.body.innerHTML = expected;
const literal = inert.querySelector("pre > code").textContent;
window.__copyCheck = { button, copied, literal };
done({ label: button && button.getAttribute("aria-label"), type: button && button.type, tabIndex: button && button.tabIndex });
"""

KEYBOARD_RESULT = """
const { button, copied, literal } = window.__copyCheck;
return { focused: document.activeElement === button, copied, literal, state: button.dataset.state || null,
         label: button.getAttribute("aria-label") };
"""


def check_demo_live(driver, base, streammark, highlight, oracle):
    """The demo as a person uses it: /stream runs streammark --replay
    (`--highlight` when the binary has it) on the demo answer; the page reads
    the response as it arrives. Its final answer must equal streammark
    --format html [--highlight], its formulas rendered by KaTeX (from
    /katex/). Then the first code block's copy button is
    focused and pressed with the keyboard (Enter): it copies the literal and
    says "Copied"."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    serve.Handler.streammark = streammark
    serve.Handler.document = DEMO_ANSWER
    serve.Handler.highlight = highlight
    expected = expected_html(streammark, DEMO_ANSWER, highlight, oracle)
    driver.get(f"{base}/demo.html?replay=48:3")
    for _ in range(600):
        if driver.execute_script("return document.body.dataset.state") in ("done", "error"):
            break
        time.sleep(0.05)
    actual, want, state, status, spans, katex, math = driver.execute_script(NORMALIZE, expected)
    failures = []
    if state != "done" or actual != want:
        at = next((i for i, (a, b) in enumerate(zip(actual, want)) if a != b), min(len(actual), len(want)))
        failures.append(f"demo over /stream: state {state}, status {status!r}, HTML equal: {actual == want}"
                        + ("" if actual == want else f"; at {at}: got {actual[max(0, at - 60):at + 80]!r}, "
                           f"expected {want[max(0, at - 60):at + 80]!r}"))
    if math == 0 or spans != math or katex != math:
        failures.append(f"demo over /stream: {spans} math spans (expected {math}), {katex} rendered by KaTeX")
    if highlight and "hljs-" not in actual:
        failures.append("demo over /stream: no highlighted code")
    button = driver.execute_async_script(KEYBOARD_COPY, expected)
    if button["label"] != "Copy code" or button["type"] != "button" or button["tabIndex"] != 0:
        failures.append(f"copy button: not a focusable button with an aria-label: {button}")
    driver.find_element(By.CSS_SELECTOR, "#answer pre > button.sm-copy").send_keys(Keys.ENTER)
    time.sleep(0.1)
    result = driver.execute_script(KEYBOARD_RESULT)
    if (not result["focused"] or result["copied"] != [result["literal"]] or result["state"] != "copied"
            or result["label"] != "Copied"):
        failures.append(f"copy button with the keyboard: {result}")
    return failures


def screenshots(driver, base, name, out_dir, pause_at, question, prefix="web-demo-highlight"):
    os.makedirs(out_dir, exist_ok=True)
    driver.set_window_size(1000, 1480)
    question = urllib.parse.quote(question)
    pause = urllib.parse.quote(pause_at)
    paths = []
    for theme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": theme}]})
        driver.get(f"{base}/demo.html?src=/data/{name}.ndjson&pauseAt={pause}&question={question}")
        for _ in range(400):
            if driver.execute_script("return document.body.dataset.state") == "paused":
                break
            time.sleep(0.05)
        else:
            raise RuntimeError("the demo did not reach its pause point")
        # KaTeX's web fonts load when first used; until then its glyphs
        # are invisible, so wait for every font the page asked for.
        driver.execute_async_script("document.fonts.ready.then(() => arguments[arguments.length - 1]())")
        path = os.path.join(out_dir, f"{prefix}-{theme}.png")
        driver.save_screenshot(path)
        paths.append(path)
    return paths


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--streammark", required=True)
    parser.add_argument("--replay", default="4:0")
    parser.add_argument("--long", default=os.path.join(REPO, "Corpus/generated/long-answer-100kb.md"))
    parser.add_argument("--screenshots",
                        help="directory for web-demo-highlight-, web-demo-math- and web-demo-research-{light,dark}.png")
    parser.add_argument("--only", help="substring: run only the documents whose name contains it")
    args = parser.parse_args()

    sources = sorted(glob.glob(os.path.join(REPO, "Corpus/llm/*.md"))) + [args.long, DEMO_ANSWER, LATE_LINKS, LOOSENING, ALERTS, HOSTILE, RAW_HTML,
                                                                        MATH, FOOTNOTES]
    if args.only:
        sources = [s for s in sources if args.only in os.path.basename(s)]
    versions = protocols(args.streammark)
    highlighting = any("--highlight" in flags for flags in versions.values())
    oracle = html_oracle(args.streammark) if highlighting else None
    # One case per document and protocol: NAME.v2 (highlighted when the
    # binary can), NAME.v2plain (a few documents: a version-2 stream without
    # highlight ops keeps the output of before), NAME.v1.
    names = {}
    protocol_of = {}
    for version, flags in versions.items():
        for source in sources:
            if source == args.long and version != next(iter(versions)):
                continue  # the long document once, in the preferred protocol
            if version == "v2plain" and os.path.basename(source) not in PLAIN_V2:
                continue
            name = os.path.splitext(os.path.basename(source))[0] + "." + version
            names[name] = source
            protocol_of[name] = flags
    passed = failed = 0
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="streammark-browser-") as data:
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            list(pool.map(lambda item: generate(args.streammark, item[1], data, item[0], args.replay,
                                                protocol_of[item[0]], oracle), names.items()))
        print(f"generated {len(names)} patch streams ({args.replay}; protocols {', '.join(versions)}) "
              f"in {time.time() - started:.1f}s", flush=True)
        if highlighting:
            how = ("streammark --format html --highlight" if oracle == "streammark" else
                   "this test's rendering of the highlight ops of a one-shot stream (this streammark's "
                   "--format html does not highlight)")
            print(f"expected HTML of highlighted streams: {how}", flush=True)
        server = serve.start(data_dir=data)
        base = f"http://127.0.0.1:{server.server_address[1]}"
        driver = browser()
        try:
            open_harness(driver, base)
            totals = {}
            for name in names:
                version = name.rsplit(".", 1)[1]
                katex = os.path.basename(names[name]) in KATEX_DOCUMENTS and version != "v2plain"
                report = call(driver, "runCase", name, {"unsafe": names[name] == RAW_HTML,
                                                        "highlight": "--highlight" in protocol_of[name],
                                                        "math": katex})
                failures = check_case(report)
                if "error" not in report and report["hostile"]:
                    failures.append(f"hostile content reached the page: {report['hostile']}")
                if names[name] == RAW_HTML and "error" not in report and report["rawElements"] < 5:
                    failures.append(f"unsafe: raw HTML was not rendered ({report['rawElements']} raw elements)")
                if names[name] == LATE_LINKS and "error" not in report and report["stats"]["closedUpdates"] == 0:
                    failures.append("late link definitions did not update any closed block")
                if names[name] == LOOSENING and "error" not in report and report["stats"]["reflowed"] == 0:
                    failures.append("no list turned loose while streaming (the fixture tests nothing)")
                if ("error" not in report and "--highlight" in protocol_of[name] and report["codeBlocks"]
                        and report["highlightOps"] == 0):
                    failures.append("a highlighted stream with code blocks had no highlight op")
                if names[name] == MATH and "error" not in report and katex:
                    if report["closedMathBlocks"] == 0 or report["linesAfterMathBlock"] < 20:
                        failures.append(f"(i) the fixture tests nothing: {report['closedMathBlocks']} closed math-block spans, "
                                        f"{report['linesAfterMathBlock']} lines after the first closed")
                    if report["errorTeX"] != ["\\left( x"] or report["dollarsExpected"] < 2:
                        failures.append(f"(h) the bad TeX should be the one error shown as text: {report['errorTeX']}; "
                                        f"{report['dollarsExpected']} dollars of prices")
                    if report["stats"]["mathReused"] == 0:
                        failures.append("no math span was reused by a splice (emphasis closing around a formula)")
                if "error" not in report:
                    groups = [version + " all documents"]
                    if "/Corpus/llm/" in names[name]:
                        groups.append(version + " Corpus/llm")
                    for group in groups:
                        total = totals.setdefault(group, {"documents": 0, "mutations": 0, "closedHits": 0,
                                                          "linkHits": 0, "patches": 0,
                                                          "patchBytes": 0, "maxRatio": 0.0, "highlightOps": 0,
                                                          "codeBlocks": 0, "spans": 0, "snapshots": 0,
                                                          "copies": 0, "copyStateRecords": 0})
                        total["documents"] += 1
                        for key in ("mutations", "closedHits", "linkHits", "patches", "patchBytes", "highlightOps",
                                    "codeBlocks", "spans", "snapshots", "copies", "copyStateRecords"):
                            total[key] += report[key]
                        if report["maxRatio"] > total["maxRatio"]:
                            total["maxRatio"] = report["maxRatio"]
                            total["maxRatioAt"] = f"{name}: {report['maxRatioLine']}"
                if failures:
                    failed += 1
                    print(f"FAIL {name}")
                    for failure in failures:
                        print(f"    {failure}")
                else:
                    passed += 1
                    highlighted = (f", {report['highlightOps']} highlight ops, {report['spans']} spans, "
                                   f"{report['snapshots']} snapshots" if "--highlight" in protocol_of[name] else "")
                    print(f"ok   {name}: {report['patches']} patches, {report['mutations']} mutations, "
                          f"closed-block mutations {report['closedHits']} (+{report['linkHits']} link-definition), "
                          f"{report['rangesKept']} ranges and the selection "
                          f"{report['selectedText']!r} kept{highlighted}, {report['copies']} copies{math_summary(report)}",
                          flush=True)

            template = os.path.join(HERE, "fixtures", "plan.md.mustache")
            generate_template(args.streammark, template, os.path.join(HERE, "fixtures", "plan.ndjson"), data,
                              "template-plan")
            report = call(driver, "runCase", "template-plan")
            failures = check_template(report)
            if failures:
                failed += 1
                print("FAIL template-plan")
                for failure in failures:
                    print(f"    {failure}")
            else:
                passed += 1
                print(f"ok   template-plan: {report['patches']} patches, {report['moves']} moves (nodes kept), "
                      f"{report['mutations']} mutations")

            edge = call(driver, "runEdgeCases")
            if "error" in edge or edge["failures"]:
                failed += 1
                print("FAIL protocol-edge-cases")
                for failure in edge.get("failures", [edge.get("error")]):
                    print(f"    {failure}")
            else:
                passed += 1
                print(f"ok   protocol-edge-cases: {edge['cases']} cases (bad versions, ops, ids, drops; before, retype; "
                      "short form; highlight ops)")

            copy = call(driver, "runCopyCases")
            if "error" in copy or copy["failures"]:
                failed += 1
                print("FAIL copy-button")
                for failure in copy.get("failures", [copy.get("error")]):
                    print(f"    {failure}")
            else:
                passed += 1
                print(f"ok   copy-button: {copy['cases']} cases (clipboard, textarea fallback, state and its reset, "
                      "no text in the page, copyButtons: false)")

            failures = check_katex_serving(base)
            if failures:
                failed += 1
                print("FAIL katex-serving")
                for failure in failures:
                    print(f"    {failure}")
            else:
                passed += 1
                print("ok   katex-serving: /katex/ serves libjs-katex's module, CSS and fonts with their types; "
                      "directories, traversal, hidden and unknown files are 404")

            maths = call(driver, "runMathCases")
            if "error" in maths or maths["failures"]:
                failed += 1
                print("FAIL math-cases")
                for failure in maths.get("failures", [maths.get("error")]):
                    print(f"    {failure}")
            else:
                passed += 1
                print(f"ok   math-cases: {maths['cases']} cases (KaTeX's options, bad TeX, katexRenderer, globalThis.katex, "
                      "a math block rendered once per TeX and never after its close, spans reused by splices, retypes, "
                      "loosening, raw HTML)")

            math_name = next((n for n in names if names[n] == MATH and not n.endswith(".v2plain")), None)
            if math_name:
                layout = call(driver, "runMathLayout", math_name)
                failures = check_math_layout(layout)
                if failures:
                    failed += 1
                    print("FAIL math-layout")
                    for failure in failures:
                        print(f"    {failure}")
                else:
                    passed += 1
                    print(f"ok   math-layout: {layout['displays']} display formulas centred, scrolling sideways when too "
                          f"wide ({layout['wide']['scrollWidth']} px in {layout['wide']['clientWidth']} px; the answer "
                          f"does not scroll); KaTeX in the text colour (light {layout['themes']['light']['colour']}, "
                          f"dark {layout['themes']['dark']['colour']}), errors in "
                          f"{layout['themes']['light']['error']} / {layout['themes']['dark']['error']}")

            prop = call(driver, "runHighlightProperty", PROPERTY_SEED, PROPERTY_CASES)
            if "error" in prop or prop["failures"]:
                failed += 1
                print(f"FAIL highlight-property (seed {PROPERTY_SEED})")
                for failure in prop.get("failures", [prop.get("error")]):
                    print(f"    {failure}")
            else:
                passed += 1
                print(f"ok   highlight-property: {prop['cases']} random code blocks (seed {PROPERTY_SEED}), {prop['ops']} lines "
                      f"applied, {prop['restarts']} restarts, {prop['takeBacks']} take-backs across line ends; "
                      "equal to an independent rendering mid-stream and at the end")

            palette = call(driver, "runPalette")
            alerts = {theme: palette[theme]["alerts"] for theme in ("light", "dark")}
            weak = {theme: {k: a["contrast"] for k, a in alerts[theme].items() if a["contrast"] < 4.5 or a["color"] != a["bar"]}
                    for theme in ("light", "dark")}
            distinct = all(len({a["color"] for a in alerts[theme].values()}) == 5 for theme in ("light", "dark"))
            if any(weak.values()) or not distinct:
                failed += 1
                print(f"FAIL alert palette: below 4.5:1 or bar not the title's colour {weak}; five colours per theme: {distinct}")
            else:
                passed += 1
                print("ok   alert palette: five colours per theme, titles >= 4.5:1 on the page (light "
                      + ", ".join(f"{k} {a['contrast']:.2f}" for k, a in alerts["light"].items()) + "; dark "
                      + ", ".join(f"{k} {a['contrast']:.2f}" for k, a in alerts["dark"].items()) + ")")
            low = {theme: {k: r for k, r in palette[theme]["ratios"].items() if r < 4.5} for theme in ("light", "dark")}
            if any(low.values()) or any(palette[theme]["unstyled"] for theme in ("light", "dark")):
                failed += 1
                print(f"FAIL palette: below 4.5:1 {low}; unstyled {[palette[t]['unstyled'] for t in ('light', 'dark')]}")
            else:
                passed += 1
                lows = ", ".join(f"{theme} {min(palette[theme]['ratios'].values()):.2f}:1 "
                                 f"({min(palette[theme]['ratios'], key=palette[theme]['ratios'].get)})"
                                 for theme in ("light", "dark"))
                print(f"ok   palette: every highlight class has its colour with contrast >= 4.5:1 against the code "
                      f"background (lowest: {lows})")

            failures = check_demo_live(driver, base, args.streammark, highlighting, oracle)
            if failures:
                failed += 1
                print("FAIL demo-live")
                for failure in failures:
                    print(f"    {failure}")
            else:
                passed += 1
                print("ok   demo-live: the demo page over a live /stream (48-byte chunks, 3 ms) ends with the same HTML, its "
                      "formulas rendered by KaTeX; "
                      "its copy button works from the keyboard")
            open_harness(driver, base)

            demo_name = os.path.splitext(os.path.basename(DEMO_ANSWER))[0] + "." + next(iter(versions))
            canary_name = demo_name if demo_name in names else next(iter(names))
            canary = call(driver, "runCanary", canary_name)
            if ("error" not in canary and canary["hits"] > 0 and
                    (not canary["button"] or (canary["buttonHits"] >= 2 and canary["stateHits"] == 1))):
                passed += 1
                print(f"ok   canary: editing a closed block is detected ({canary['hits']} mutations; a copy button's "
                      f"other changes: {canary['buttonHits']}, its state excluded: {canary['stateHits']})")
            else:
                failed += 1
                print(f"FAIL canary: editing a closed block was not detected: {canary}")

            for version in versions:
                llm = [n for n in names if "/Corpus/llm/" in names[n] and n.endswith("." + version)]
                if llm:
                    longest = max(llm, key=lambda n: os.path.getsize(names[n]))
                    timing = call(driver, "timeStream", longest, 3)
                    print(f"timing {version}: {longest} ({os.path.getsize(names[longest])} bytes), "
                          f"{timing['patches']} patches ({timing['bytes']} bytes of NDJSON) applied in "
                          f"{timing['ms']:.1f} ms (best of 3, no observer)")
            # A 50 KB code block, highlighted and not: the highlighted
            # stream's quarters take about the same time (the tail stays one
            # line); without highlighting the single text node grows.
            if not args.only:
                for version in [v for v in ("v2", "v2plain") if v in versions]:
                    name = "code-block." + version
                    generate(args.streammark, CODE_BLOCK, data, name, args.replay, versions[version], oracle)
                    timing = call(driver, "timeStream", name, 3)
                    print(f"timing {name}: 50 KB of Python in one block, {timing['patches']} patches applied in "
                          f"{timing['ms']:.1f} ms (best of 3, no observer; quarters {timing['quarters']} ms)")
                    # Without highlighting the plain tail is split into
                    # frozen text nodes as it grows (one node would be
                    # copied whole on every append); the page still equals
                    # the one-shot HTML.
                    frozen = version != "v2plain" or timing["codeTextNodes"] > 10
                    if timing["equal"] and frozen:
                        passed += 1
                        print(f"ok   {name}: the streamed page equals the one-shot HTML "
                              f"({timing['codeTextNodes']} text nodes in the code)")
                    else:
                        failed += 1
                        print(f"FAIL {name}: equal {timing['equal']}, {timing['codeTextNodes']} text nodes in the code")
            for group, total in sorted(totals.items()):
                print(f"totals {group} ({total['documents']}): {total['patches']} patches, "
                      f"{total['patchBytes']} bytes, {total['mutations']} DOM mutations; on closed blocks "
                      f"{total['closedHits']} (+{total['linkHits']} link-definition updates); max mutations per patch byte {total['maxRatio']:.3f} ({total.get('maxRatioAt')}); "
                      f"{total['codeBlocks']} code blocks, {total['highlightOps']} highlight ops, {total['spans']} spans, "
                      f"{total['snapshots']} snapshots, {total['copies']} copies "
                      f"({total['copyStateRecords']} copy-state records excluded)")

            if args.screenshots:
                # A Corpus answer with Python, paused inside its first code
                # block while it is the open block: the lines above are
                # highlighted, the open line is still plain.
                version = next(iter(versions))
                shot = os.path.splitext(os.path.basename(SCREENSHOT_ANSWER))[0] + "." + version
                if shot not in names:
                    generate(args.streammark, SCREENSHOT_ANSWER, data, shot, args.replay, versions[version], oracle)
                for path in screenshots(driver, base, shot, args.screenshots, SCREENSHOT_PAUSE, SCREENSHOT_QUESTION):
                    print(f"screenshot: {os.path.relpath(path, REPO)}")
                # The math answer, paused after its alert: KaTeX formulas
                # (inline, $$, \[…\]) and a NOTE alert mid-stream.
                shot = os.path.splitext(os.path.basename(MATH_SCREENSHOT_ANSWER))[0] + "." + version
                if shot not in names:
                    generate(args.streammark, MATH_SCREENSHOT_ANSWER, data, shot, args.replay, versions[version], oracle)
                for path in screenshots(driver, base, shot, args.screenshots, MATH_SCREENSHOT_PAUSE,
                                        MATH_SCREENSHOT_QUESTION, prefix="web-demo-math"):
                    print(f"screenshot: {os.path.relpath(path, REPO)}")
                # The research answer, paused inside its last note:
                # citations, KaTeX formulas, a Tip and a Warning alert.
                shot = os.path.splitext(os.path.basename(RESEARCH_SCREENSHOT_ANSWER))[0] + "." + version
                if shot not in names:
                    generate(args.streammark, RESEARCH_SCREENSHOT_ANSWER, data, shot, args.replay, versions[version],
                             oracle)
                for path in screenshots(driver, base, shot, args.screenshots, RESEARCH_SCREENSHOT_PAUSE,
                                        RESEARCH_SCREENSHOT_QUESTION, prefix="web-demo-research"):
                    print(f"screenshot: {os.path.relpath(path, REPO)}")
        finally:
            driver.quit()
            server.shutdown()
    print(f"browser test took {time.time() - started:.0f}s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
