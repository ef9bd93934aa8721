#!/usr/bin/env python3
"""Probes the reference stand-in of docs/footnotes.md (§9.3) against cmark-gfm.

    scripts/footnote-reference-probe.py [--count N] [--seed S] [--show K]

For N seeded random paragraphs dense in bracket shapes (references,
inline and reference links, `[^x][y]`, `[^x][]`, nested brackets,
emphasis, code spans, escapes, autolinks, raw HTML, `!`), it compares
which `[^…]` become footnote references:

  * the truth: Debian's cmark-gfm 0.29.0.gfm.6 with `-e footnotes` on the
    paragraph followed by a definition of every label the paragraph may
    use (so no reference is dropped as undefined); the references are the
    `href="#fn-…"` links before the section, in order;
  * the stand-in: cmark-gfm without footnotes on the paragraph with the
    inside `^label` of every candidate replaced by tokens (the brackets,
    whitespace and `()<>"'` kept, each other run of bytes one token), the candidates found by a left-to-right scan of the source
    (backslash escapes, code spans, autolinks and raw HTML skipped; a
    candidate runs from `[^` to the next `]` with no `[` or line break
    before it); the references are the tokens still between literal
    brackets in the output, in order (not those an extended autolink ran
    over: they are in its URL, as in cmark-gfm).

Prints the number of paragraphs compared and those whose reference
sequences differ (the first K shown). A prototype to measure the
design, not the implementation.
"""
import html
import random
import re
import subprocess
import sys

COMMAND = ["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist"]
AUTOLINK = re.compile(rb"<[A-Za-z][A-Za-z0-9.+-]{1,31}:[^ <>\x00-\x20]*>|<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>")
TAG = re.compile(rb"</?[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s\"'=<>`]+|'[^']*'|\"[^\"]*\"))?)*\s*/?>")


def candidates(source):
    """(start, end) of every `[^…]` candidate: `[` at start, `]` at end - 1."""
    found, i, n = [], 0, len(source)
    while i < n:
        c = source[i:i + 1]
        if c == b"\\":
            i += 2
            continue
        if c == b"`":
            run = len(source[i:]) - len(source[i:].lstrip(b"`"))
            close = source.find(b"`" * run, i + run)
            while close >= 0 and (source[close + run:close + run + 1] == b"`" or source[close - 1:close] == b"`"):
                close = source.find(b"`" * run, close + 1)
            if close >= 0:
                i = close + run
                continue
            i += run
            continue
        if c == b"<":
            m = AUTOLINK.match(source, i) or TAG.match(source, i)
            if m:
                i = m.end()
                continue
        if source[i:i + 2] == b"[^":
            j = i + 2
            while j < n and source[j:j + 1] not in (b"]", b"[", b"\n"):
                if source[j:j + 1] == b"\\":
                    j += 1
                j += 1
            if j < n and source[j:j + 1] == b"]" and j > i + 2:
                found.append((i, j + 1))
                i = j + 1
                continue
        i += 1
    return found


def truth(paragraph, labels):
    text = paragraph + b"\n\n" + b"".join(b"[^" + l + b"]: d\n\n" for l in labels)
    out = subprocess.run(COMMAND + ["-e", "footnotes"], input=text, capture_output=True, check=True).stdout.decode()
    body = out.split('<section class="footnotes"')[0]
    return [html.unescape(m) for m in re.findall(r'<a href="#fn-([^"]*)" id="fnref-', body)]


KEEP = set(b" \t\n()<>\"'")


def standin_content(content, k):
    """`content` with each run of bytes other than whitespace and
    `()<>"'` replaced by a token: what cmark's scanners of destinations
    and titles look at outside the brackets stays."""
    out, run, j = [], [], 0
    for byte in content:
        if byte in KEEP:
            if run:
                out.append(f"QQ{k}x{j}QQ".encode()); j += 1; run = []
            out.append(bytes([byte]))
        else:
            run.append(byte)
    if run:
        out.append(f"QQ{k}x{j}QQ".encode())
    return b"".join(out)


def trial(paragraph):
    spans = candidates(paragraph)
    out, last, tokens = [], 0, []
    for k, (start, end) in enumerate(spans):
        content = paragraph[start + 2:end - 1]
        replaced = standin_content(content, k)
        tokens.append((html.escape(replaced.decode(), quote=True).replace("&#x27;", "'"), content))
        out += [paragraph[last:start], b"[", replaced, b"]"]
        last = end
    out.append(paragraph[last:])
    rendered = subprocess.run(COMMAND, input=b"".join(out), capture_output=True, check=True).stdout.decode()
    # an extended autolink that ran over a candidate holds its token in its
    # href: that candidate is part of the URL (cmark-gfm: `www.a.com[^a]`
    # is one link), not a reference
    rendered = re.sub(r'<a href="[^"]*QQ\d+x\d+QQ[^"]*">.*?</a>', "", rendered)
    # references in an image description render nothing in cmark-gfm's alt
    # text (they still count): leave them out on both sides
    text_only = re.sub(r"<[^>]*>", "", rendered)
    found = []
    for escaped, content in tokens:
        at = text_only.find("[" + escaped + "]")
        if at >= 0:
            found.append((at, content))
    return [content for at, content in sorted(found)], spans


def href(label):
    safe = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%()*+,-./:;=?@_~")
    out = ""
    for byte in label:
        if byte in safe:
            out += chr(byte)
        elif byte == ord("&"):
            out += "&"
        elif byte == ord("'"):
            out += "'"
        else:
            out += "%%%02X" % byte
    return out


PIECES = [
    "[^a]", "[^b]", "[^A]", "[^c d]", "[^a](/u)", "[^a][y]", "[^a][]", "[^a][z]", "[^b][^a]", "[a [^b] c](/u)",
    "[^a [b](/u) c]", "[^x [y] z]", "*", "**", "_", "`", "`[^a]`", "\\[^a]", "[^\\]]", "<http://a.b/[^a]>",
    "<span title=\"[^a]\">", "![^a]", "!", "[", "]", "(", ")", "[y]", "text", " ", " ", "x", "[^*e*]",
    "[^a`b`c]", "[^a&amp;b]", "[^w.x]", "~~", "www.a.com", "[^ a]", "[^a\\*]",
]


def main(argv):
    count, seed, show = 3000, 1, 5
    i = 0
    while i < len(argv):
        if argv[i] == "--count":
            count = int(argv[i + 1]); i += 2
        elif argv[i] == "--seed":
            seed = int(argv[i + 1]); i += 2
        elif argv[i] == "--show":
            show = int(argv[i + 1]); i += 2
        else:
            raise SystemExit(__doc__)
    rng = random.Random(seed)
    compared = differ = autolinked = 0
    for k in range(count):
        paragraph = "".join(rng.choice(PIECES) for _ in range(rng.randint(2, 12))).encode()
        paragraph += b"\n\n[y]: /link\n"
        refs, spans = trial(paragraph)
        # labels a definition can have: no whitespace, no `]` (the marker scan)
        definable = lambda l: l.strip() and not re.search(rb"[ \t\n\]]", l.strip())
        labels = sorted({paragraph[s + 2:e - 1].strip() for s, e in spans if definable(paragraph[s + 2:e - 1])})
        if not labels:
            continue
        compared += 1
        expected = truth(paragraph, labels)
        got = [href(l.strip()) for l in refs if definable(l)]
        # the truth's ids are the definitions' labels; ours the references': compare case-folded
        if [e.lower() for e in expected] != [g.lower() for g in got]:
            differ += 1
            if b"www." in paragraph or b"http" in paragraph:
                autolinked += 1
            if differ <= show:
                print(f"--- {paragraph!r}\n    cmark-gfm: {expected}\n    stand-in:  {got}")
    print(f"{compared} paragraphs compared, {differ} with different references"
          f" ({autolinked} of them with an extended autolink)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
