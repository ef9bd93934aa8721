"""The browser test of the StreamMark web client (run by scripts/test-browser.sh).

For every Corpus answer (Corpus/llm) and a long document, streamed at 4-byte
chunks (`streammark --replay 4:0 --format patches`), it applies the patches to
a StreamMarkView in headless Chromium under a MutationObserver (see
harness.js) and asserts, per document:
  (a) the final HTML equals `streammark --format html` (both serialized by
      the browser; data-id attributes removed);
  (b) no node of a closed block is removed, replaced or mutated after its
      close, except the one counted exception: an update of a closed block
      by a link reference definition that arrived later (the engine closes
      an item of a tight list only with the list, since a later blank line
      could still wrap its paragraphs in <p>);
  (c) every patch's DOM mutations stay within mutationBound(patch bytes);
  (d) a selection made inside a closed block survives the rest of the stream.
Plus a canary (a mutation of a closed block must be detected) and the time to
apply the longest answer's stream without the observer. Optionally takes the
demo screenshots (light and dark) mid-stream. Last line: "N passed, M failed".
"""

import argparse
import concurrent.futures
import glob
import json
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
LATE_LINKS = os.path.join(HERE, "fixtures", "late-links.md")  # link definitions after the closed blocks using them
LOOSENING = os.path.join(HERE, "fixtures", "loosening.md")  # lists that turn loose after tight items
QUESTION = "How do I stream Markdown into a web chat without re-rendering?"
sys.dont_write_bytecode = True
sys.path.insert(0, WEB)

import serve  # noqa: E402  (Clients/web/serve.py, the demo's server)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402


def protocols(streammark):
    """The patch protocols to test: both when streammark has --protocol
    (v2 by default, v1 deprecated), else the only one it writes (v1)."""
    probe = subprocess.run([streammark, "--protocol", "1", "--format", "patches", os.devnull],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return {"v2": ["--protocol", "2"], "v1": ["--protocol", "1"]} if probe.returncode == 0 else {"v1": []}


def generate(streammark, source, out_dir, name, replay, protocol=()):
    """Writes NAME.ndjson (the patch stream) and NAME.html (the one-shot HTML;
    `--unsafe` for the raw-HTML fixture, which the view renders unsafe too)."""
    with open(os.path.join(out_dir, name + ".ndjson"), "wb") as out:
        subprocess.run([streammark, "--replay", replay, "--format", "patches", *protocol, source], stdout=out,
                       check=True)
    unsafe = ["--unsafe"] if source == RAW_HTML else []
    with open(os.path.join(out_dir, name + ".html"), "wb") as out:
        subprocess.run([streammark, "--format", "html", *unsafe, source], stdout=out, check=True)
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
    return failures


NORMALIZE = """
const [html] = arguments;
const inert = document.implementation.createHTMLDocument("");
inert.body.innerHTML = html;
const clone = document.getElementById("answer").cloneNode(true);
for (const node of clone.querySelectorAll("[data-id]")) node.removeAttribute("data-id");
return [clone.innerHTML, inert.body.innerHTML, document.body.dataset.state, document.getElementById("status").textContent];
"""


def check_demo_live(driver, base, streammark, data):
    """The demo as a person uses it: /stream runs streammark --replay on the
    demo answer; the page reads the response as it arrives. Its final answer
    must equal streammark --format html."""
    serve.Handler.streammark = streammark
    serve.Handler.document = DEMO_ANSWER
    expected = subprocess.run([streammark, "--format", "html", DEMO_ANSWER], capture_output=True,
                              check=True).stdout.decode()
    driver.get(f"{base}/demo.html?replay=48:3")
    for _ in range(600):
        if driver.execute_script("return document.body.dataset.state") in ("done", "error"):
            break
        time.sleep(0.05)
    actual, want, state, status = driver.execute_script(NORMALIZE, expected)
    if state != "done" or actual != want:
        return [f"demo over /stream: state {state}, status {status!r}, HTML equal: {actual == want}"]
    return []


def screenshots(driver, base, name, out_dir, pause_at):
    os.makedirs(out_dir, exist_ok=True)
    driver.set_window_size(1000, 1480)
    question = urllib.parse.quote(QUESTION)
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
        path = os.path.join(out_dir, f"web-demo-{theme}.png")
        driver.save_screenshot(path)
        paths.append(path)
    return paths


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--streammark", required=True)
    parser.add_argument("--replay", default="4:0")
    parser.add_argument("--long", default=os.path.join(REPO, "Corpus/generated/long-answer-100kb.md"))
    parser.add_argument("--screenshots", help="directory for web-demo-light.png / web-demo-dark.png")
    parser.add_argument("--only", help="substring: run only the documents whose name contains it")
    args = parser.parse_args()

    sources = sorted(glob.glob(os.path.join(REPO, "Corpus/llm/*.md"))) + [args.long, DEMO_ANSWER, LATE_LINKS, LOOSENING, HOSTILE, RAW_HTML]
    if args.only:
        sources = [s for s in sources if args.only in os.path.basename(s)]
    versions = protocols(args.streammark)
    # One case per document and protocol: NAME.v2, NAME.v1.
    names = {}
    protocol_of = {}
    for version, flags in versions.items():
        for source in sources:
            if source == args.long and version != next(iter(versions)):
                continue  # the long document once, in the preferred protocol
            name = os.path.splitext(os.path.basename(source))[0] + "." + version
            names[name] = source
            protocol_of[name] = flags
    passed = failed = 0
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="streammark-browser-") as data:
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            list(pool.map(lambda item: generate(args.streammark, item[1], data, item[0], args.replay,
                                                protocol_of[item[0]]), names.items()))
        print(f"generated {len(names)} patch streams ({args.replay}; protocols {', '.join(versions)}) "
              f"in {time.time() - started:.1f}s", flush=True)
        server = serve.start(data_dir=data)
        base = f"http://127.0.0.1:{server.server_address[1]}"
        driver = browser()
        try:
            open_harness(driver, base)
            totals = {}
            for name in names:
                version = name.rsplit(".", 1)[1]
                report = call(driver, "runCase", name, {"unsafe": names[name] == RAW_HTML})
                failures = check_case(report)
                if "error" not in report and report["hostile"]:
                    failures.append(f"hostile content reached the page: {report['hostile']}")
                if names[name] == RAW_HTML and "error" not in report and report["rawElements"] < 5:
                    failures.append(f"unsafe: raw HTML was not rendered ({report['rawElements']} raw elements)")
                if names[name] == LATE_LINKS and "error" not in report and report["stats"]["closedUpdates"] == 0:
                    failures.append("late link definitions did not update any closed block")
                if names[name] == LOOSENING and "error" not in report and report["stats"]["reflowed"] == 0:
                    failures.append("no list turned loose while streaming (the fixture tests nothing)")
                if "error" not in report:
                    groups = [version + " all documents"]
                    if "/Corpus/llm/" in names[name]:
                        groups.append(version + " Corpus/llm")
                    for group in groups:
                        total = totals.setdefault(group, {"documents": 0, "mutations": 0, "closedHits": 0,
                                                          "linkHits": 0, "patches": 0,
                                                          "patchBytes": 0, "maxRatio": 0.0})
                        total["documents"] += 1
                        for key in ("mutations", "closedHits", "linkHits", "patches", "patchBytes"):
                            total[key] += report[key]
                        total["maxRatio"] = max(total["maxRatio"], report["maxRatio"])
                if failures:
                    failed += 1
                    print(f"FAIL {name}")
                    for failure in failures:
                        print(f"    {failure}")
                else:
                    passed += 1
                    print(f"ok   {name}: {report['patches']} patches, {report['mutations']} mutations, "
                          f"closed-block mutations {report['closedHits']} (+{report['linkHits']} link-definition), "
                          f"{report['rangesKept']} ranges and the selection "
                          f"{report['selectedText']!r} kept",
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
                print(f"ok   protocol-edge-cases: {edge['cases']} cases (bad versions, ops, ids, drops; before, retype; short form)")

            failures = check_demo_live(driver, base, args.streammark, data)
            if failures:
                failed += 1
                print("FAIL demo-live")
                for failure in failures:
                    print(f"    {failure}")
            else:
                passed += 1
                print("ok   demo-live: the demo page over a live /stream (48-byte chunks, 3 ms) ends with the same HTML")
            open_harness(driver, base)

            canary_name = next(iter(names))
            canary = call(driver, "runCanary", canary_name)
            if "error" not in canary and canary["hits"] > 0:
                passed += 1
                print(f"ok   canary: editing a closed block is detected ({canary['hits']} mutations)")
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
            for group, total in sorted(totals.items()):
                print(f"totals {group} ({total['documents']}): {total['patches']} patches, "
                      f"{total['patchBytes']} bytes, {total['mutations']} DOM mutations; on closed blocks "
                      f"{total['closedHits']} (+{total['linkHits']} link-definition updates); max mutations per patch byte {total['maxRatio']:.3f}")

            if args.screenshots:
                version = next(iter(versions))
                demo = os.path.splitext(os.path.basename(DEMO_ANSWER))[0] + "." + version
                if demo not in names:
                    generate(args.streammark, DEMO_ANSWER, data, demo, args.replay, versions[version])
                # Pause inside the code block, while it is the open block.
                for path in screenshots(driver, base, demo, args.screenshots, "buffer += va"):
                    print(f"screenshot: {os.path.relpath(path, REPO)}")
        finally:
            driver.quit()
            server.shutdown()
    print(f"browser test took {time.time() - started:.0f}s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
