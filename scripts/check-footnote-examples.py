#!/usr/bin/env python3
"""Compares every example of spec-format files with cmark-gfm (docs/footnotes.md).

    scripts/check-footnote-examples.py [FILE...]

Default files: Corpus/gfm/footnotes.txt and Corpus/gfm/footnotes-cases.txt.
Each example's Markdown (`→` read as a tab, as SpecExample and cmark's
spec_tests.py read it) is run through

    cmark-gfm -e footnotes -e table -e strikethrough -e autolink -e tasklist

and its output compared byte for byte with the example's HTML. Prints one
line per differing example and a count; exits 1 if any differs or if
cmark-gfm is missing. With --print N FILE, prints example N's Markdown,
expected HTML and cmark-gfm's output instead.
"""
import os
import shutil
import subprocess
import sys

FENCE = "`" * 32
COMMAND = ["cmark-gfm", "-e", "footnotes", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist"]


def examples(path):
    """The examples of a spec file, read as SpecExample reads them."""
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    lines = text.split("\n")
    if text.endswith("\n"):
        lines = lines[:-1]
    result, state, markdown, html, start = [], 0, "", "", 0
    for number, raw in enumerate(lines, 1):
        stripped = raw.strip()
        if stripped.startswith(FENCE + " example"):
            state, start, markdown, html = 1, number, "", ""
        elif stripped == FENCE and state:
            result.append((len(result) + 1, start, markdown.replace("→", "\t"), html.replace("→", "\t")))
            state = 0
        elif stripped == "." and state == 1:
            state = 2
        elif state == 1:
            markdown += raw + "\n"
        elif state == 2:
            html += raw + "\n"
    return result


def oracle(markdown):
    return subprocess.run(COMMAND, input=markdown.encode(), capture_output=True, check=True).stdout.decode()


def main(argv):
    if shutil.which("cmark-gfm") is None:
        print("cmark-gfm is not installed (apt-get install cmark-gfm)")
        return 1
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if argv[:1] == ["--print"]:
        number, path = int(argv[1]), argv[2]
        for n, line, markdown, html in examples(path):
            if n == number:
                print(f"example {n} (line {line})\n--- markdown\n{markdown}--- expected\n{html}--- cmark-gfm\n{oracle(markdown)}", end="")
        return 0
    files = argv or [os.path.join(root, "Corpus/gfm/footnotes.txt"), os.path.join(root, "Corpus/gfm/footnotes-cases.txt")]
    total = differ = 0
    for path in files:
        for number, line, markdown, html in examples(path):
            total += 1
            if oracle(markdown) != html:
                differ += 1
                print(f"{os.path.relpath(path, root)} example {number} (line {line}) differs")
    print(f"{total} examples, {differ} differ from: {' '.join(COMMAND)}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
