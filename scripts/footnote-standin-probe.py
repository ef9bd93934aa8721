#!/usr/bin/env python3
"""Probes the list-item stand-in of docs/footnotes.md (§9.2) against cmark-gfm.

    scripts/footnote-standin-probe.py [--count N] [--seed S] [--show K] [FILE...]

For each input (the examples of Corpus/gfm/footnotes*.txt and the answer,
or FILEs, then N seeded random documents dense in definition shapes) it
compares two block structures, both from Debian's cmark-gfm 0.29.0.gfm.6
with `--sourcepos -t xml`:

  * the truth: `-e footnotes` on the input, with a reference to every
    label appended (so no definition is dropped);
  * the stand-in: no footnotes, on the input with every definition marker
    `[^label]:[ \t]*` rewritten into a list item marker of width four
    (`K` + spaces, `K` a bullet or `1.`/`1)` unused by the document; an
    empty rest becomes `___`; markers after a marker on one line too),
    then, as §9.2 describes, parsed again while a stand-in item stands
    right of its container's content column (those spaces are cut) or
    holds a line that is blank to cmark but not to a definition (a
    whitespace-only line, a `>`-only line: replaced by `___` at the
    column where the definition's container continues); its stand-in
    lists unwrapped into definitions and its `___` breaks dropped.

Blocks are compared by type, first line, last line (leaf blocks) and the
type and first line of their container (a definition's content inside
the definition; definitions by their first line). cmark-gfm's core parser
(CommonMark 0.29) stands in for libcmark 0.30 here. Inputs whose labels
repeat (cmark-gfm drops duplicates) or whose markers also stand in code
or HTML (the design's verification step undoes those) are skipped.

This is a prototype of the design's block-level step, to measure it, not
the implementation. Result on 2026-12-04: the examples and the answer (65 compared),
and 3 × 3,000 random documents (seeds 1–3; 3,596 compared), all with the
same block structure.
"""
import random
import re
import subprocess
import sys
import os

MARKER = re.compile(rb"\[\^([^\] \r\n\x00\t]+)\]:[ \t]*")
PREFIX = re.compile(rb"(?:[ \t]*(?:>|[-+*](?=[ \t])|[0-9]{1,9}[.)](?=[ \t])))*[ \t]*")
KINDS = [b"-", b"+", b"*", b"1.", b"1)"]
BLOCKS = {
    "document", "block_quote", "list", "item", "code_block", "html_block", "paragraph", "heading",
    "thematic_break", "table", "table_header", "table_row", "table_cell", "custom_block",
}
INLINE_PARENTS = {"paragraph", "heading", "table_cell"}
TAG = re.compile(r'^(\s*)<(/?)(<unknown>|[a-z_]+)')
SOURCEPOS = re.compile(r'sourcepos="(\d+):(\d+)-(\d+):(\d+)"')


def used_kinds(text):
    used = set()
    for line in text.split(b"\n"):
        for m in re.finditer(rb"(?:^|[ \t>])([-+*]|[0-9]{1,9}[.)])(?=[ \t]|$)", line):
            k = m.group(1)
            used.add(k if k in (b"-", b"+", b"*") else (b"1." if k.endswith(b".") else b"1)"))
    return used


def standin(text, cuts=None, terminators=None):
    """The text with every candidate marker rewritten, and the stand-in
    columns (1-based, in bytes, as sourcepos counts) of each edited line.
    `cuts[line]` spaces before the line's first marker are removed (the
    marker's indentation inside its container, measured on a first parse)."""
    cuts = cuts or {}
    terminators = terminators or {}
    used = used_kinds(text)
    free = [k for k in KINDS if k not in used] or KINDS
    out, edited = [], {}
    for number, line in enumerate(text.split(b"\n"), 1):
        if number in terminators:
            out.append(terminators[number])
            continue
        p = PREFIX.match(line)
        start = p.end()
        m = MARKER.match(line[start:])
        if not m:
            out.append(line)
            continue
        prefix = line[:start]
        cut = min(cuts.get(number, 0), len(prefix) - len(prefix.rstrip(b" ")))
        new, rest = prefix[:len(prefix) - cut], line[start:]
        while True:  # markers after markers on one line nest
            m = MARKER.match(rest)
            if not m:
                break
            rest = rest[m.end():]
            body = rest.strip(b" \t\r")
            kind = next((k for k in free if not (body and set(body) <= set(k[:1] + b" "))), b"+")
            edited.setdefault(number, set()).add(len(new) + 1)
            new += kind + b" " * (4 - len(kind))
        out.append(new + (rest if rest.strip(b" \t\r") else b"___" + rest[len(rest.rstrip(b"\r")):]))
    return b"\n".join(out), edited


def labels(text):
    found = []
    for line in text.split(b"\n"):
        body = line[PREFIX.match(line).end():]
        while (m := MARKER.match(body)) is not None:
            found.append(m.group(1))
            body = body[m.end():]
    return found


def parse(text, footnotes):
    args = ["cmark-gfm", "--sourcepos", "-t", "xml"] + (["-e", "footnotes"] if footnotes else [])
    xml = subprocess.run(args, input=text, capture_output=True, check=True).stdout.decode("utf-8", "replace")
    root = None
    stack = []
    for line in xml.split("\n"):
        m = TAG.match(line)
        if not m or line.lstrip().startswith("<?") or line.lstrip().startswith("<!"):
            continue
        indent, closing, name = m.groups()
        pos = SOURCEPOS.search(line)
        l1, c1, l2, c2 = pos.groups() if pos else (None, None, None, None)
        selfclose = line.rstrip().endswith("/>") or ("</" + name + ">") in line
        if closing:
            stack.pop()
            continue
        parent = stack[-1] if stack else None
        if parent is not None and parent["type"] in INLINE_PARENTS:
            kind = None  # inline
        elif name == "<unknown>":
            kind = "footnote_definition"
        elif name in BLOCKS:
            kind = name
        else:
            kind = None
        node = {"type": kind or "inline", "start": int(l1) if l1 else 0, "col": int(c1) if c1 else 0,
                "end": int(l2) if l2 else 0, "children": []}
        if parent is not None:
            parent["children"].append(node)
        else:
            root = node
        if not selfclose:
            stack.append(node)
    return root


def flatten(node, parent, edited, out, standin_side):
    """(type, first line, last line, container type, container first line) of every block."""
    for child in node["children"]:
        if child["type"] == "inline":
            continue
        if standin_side and child["type"] == "list" and child["children"] and all(
            item["start"] in edited and item["col"] in edited[item["start"]] for item in child["children"]
        ):
            for item in child["children"]:
                definition = {"type": "footnote_definition", "start": item["start"], "end": item["end"],
                              "children": [c for c in item["children"]
                                           if not (c["type"] == "thematic_break" and c["start"] == item["start"])]}
                out.append(("footnote_definition", definition["start"], None, "-", None))
                flatten(definition, definition, edited, out, standin_side)
            continue
        if standin_side and child["type"] == "thematic_break" and 0 in edited.get(child["start"], ()):
            continue
        if child["type"] == "footnote_definition":
            out.append(("footnote_definition", child["start"], None, "-", None))
            flatten(child, child, edited, out, standin_side)
            continue
        end = child["end"] if child["type"] in ("paragraph", "code_block", "html_block", "heading", "thematic_break") else None
        out.append((child["type"], child["start"], end, parent["type"], parent["start"]))
        flatten(child, child, edited, out, standin_side)
    return out


def content_column(container, line, lines):
    """The column (1-based) where `container`'s content starts on `line`."""
    if container["type"] == "document":
        return 1
    if container["type"] == "block_quote":
        text = lines[line - 1]
        at = container["col"]  # the `>` (first line) or an earlier column
        gt = text.find(b">", at - 1)
        if gt < 0:
            return 1
        return gt + 2 + (1 if gt + 1 < len(text) and text[gt + 1:gt + 2] in (b" ", b"\t") else 0)
    if container["type"] == "item":
        first = next((c for c in container["children"] if c["start"] == container["start"]), None)
        if first is not None:
            return first["col"]
        text = lines[container["start"] - 1]
        i = container["col"] - 1
        while i < len(text) and text[i:i + 1] not in (b" ", b"\t"):
            i += 1
        return i + 2
    return container.get("col", 1)


def indentations(root, edited, lines):
    """Line -> spaces a stand-in item stands right of its container's content column."""
    found = {}
    def walk(node, container):
        for child in node["children"]:
            if child["type"] == "list":
                for item in child["children"]:
                    if item["start"] in edited and item["col"] in edited[item["start"]] and item["col"] == min(edited[item["start"]]):
                        extra = item["col"] - content_column(container, item["start"], lines)
                        if extra > 0:
                            found[item["start"]] = extra
                    walk(item, item)
            elif child["type"] in ("block_quote", "item"):
                walk(child, child)
            elif child["type"] not in ("inline",):
                walk(child, container)
    walk(root, root)
    return found


def columns(text):
    """Columns of a run of spaces and tabs (tabs to multiples of four)."""
    col = 0
    for byte in text:
        col = col + 4 - col % 4 if byte == 9 else col + 1
    return col


def blank_ends(root, edited, lines):
    """Line -> terminator for the first line inside a stand-in item that is
    blank for cmark but not for a definition (quirks 1 and 2): not
    physically empty, and not indented four columns past the item's column."""
    found = {}
    def walk(node, container):
        for child in node["children"]:
            if child["type"] == "list":
                for item in child["children"]:
                    if item["start"] in edited and item["col"] in edited[item["start"]]:
                        base = content_column(container, item["start"], lines)
                        for line in range(item["start"] + 1, item["end"] + 1):
                            text = lines[line - 1]
                            if text == b"" or text.strip(b" \t>") != b"":
                                continue
                            # blank after the containers' prefixes; where does the item's column fall?
                            head = text[:max(0, base - 1)]
                            tail = text[len(head):]
                            if columns(tail) >= 4 and b">" not in tail:
                                continue  # indented four columns: the definition goes on
                            pad = head + b" " * max(0, base - 1 - len(head))
                            found.setdefault(line, pad + b"___")
                            break
                    walk(item, item)
            elif child["type"] in ("block_quote", "item"):
                walk(child, child)
            elif child["type"] != "inline":
                walk(child, container)
    walk(root, root)
    return found


def compare(text):
    text = text.replace(b"\r\n", b"\n")
    names = labels(text)
    if not names or len({n.lower() for n in names}) != len(names):
        return None  # nothing to compare, or duplicate labels (dropped by cmark-gfm)
    tail = b"\n\n" + b" ".join(b"[^" + n + b"]" for n in names) + b"\n"
    truth_text = text.rstrip(b"\n") + tail
    truth = parse(truth_text, True)
    if sum(1 for t in flatten(truth, truth, {}, [], False) if t[0] == "footnote_definition") != len(names):
        return None  # a label also inside code or HTML: not a clean comparison
    cuts, terminators = {}, {}
    for _ in range(12):
        edited_text, edited = standin(truth_text, cuts, terminators)
        trial = parse(edited_text, False)
        lines = edited_text.split(b"\n")
        more = indentations(trial, edited, lines)
        if more:
            for line, spaces in more.items():
                cuts[line] = cuts.get(line, 0) + spaces
            continue
        ends = blank_ends(trial, edited, lines)
        if not ends:
            break
        terminators.update(ends)
    edited = dict(edited)
    for line in terminators:
        edited.setdefault(line, set()).add(0)  # marks the line: its `___` break is ours
    a = sorted(flatten(truth, truth, {}, [], False), key=str)
    b = sorted(flatten(trial, trial, edited, [], True), key=str)
    return a == b, a, b


FRAGMENTS = [
    "[^{L}]: note text", "[^{L}]:", "   [^{L}]: three", "    [^{L}]: indented four", "> [^{L}]: quoted",
    "- [^{L}]: in item", "1. [^{L}]: in ordered", "    continuation", "        code in note", "", "", "  ",
    ">", "> quote text", ">     quote indented", "lazy text", "- item", "+ item", "* item", "1. item",
    "    - sub item", "```", "~~~", "# heading", "---", "***", "===", "| a | b |", "| - | - |",
    "<div>", "paragraph with a [^{L}] ref", "\ttab continuation", "  - item two", "[x]: /url",
    "    [^{L}]: nested", "[^{L}]: [^{L2}]: two on a line", "- [ ] task", "    > quote in note",
]


def random_document(rng):
    lines, n = [], 0
    for _ in range(rng.randint(3, 14)):
        fragment = rng.choice(FRAGMENTS)
        n += 1
        lines.append(fragment.replace("{L2}", f"m{n}").replace("{L}", f"n{n}"))
    return ("\n".join(lines) + "\n").encode()


def main(argv):
    count, seed, show, files = 2000, 1, 3, []
    i = 0
    while i < len(argv):
        if argv[i] == "--count":
            count = int(argv[i + 1]); i += 2
        elif argv[i] == "--seed":
            seed = int(argv[i + 1]); i += 2
        elif argv[i] == "--show":
            show = int(argv[i + 1]); i += 2
        else:
            files.append(argv[i]); i += 1
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    inputs = []
    if not files:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from importlib import import_module
        check = import_module("check-footnote-examples")
        for name in ["Corpus/gfm/footnotes.txt", "Corpus/gfm/footnotes-cases.txt"]:
            for number, line, markdown, html in check.examples(os.path.join(root, name)):
                inputs.append((f"{name} example {number}", markdown.encode()))
        inputs.append(("Corpus/features/footnotes-answer.md", open(os.path.join(root, "Corpus/features/footnotes-answer.md"), "rb").read()))
    else:
        for f in files:
            inputs.append((f, open(f, "rb").read()))
    rng = random.Random(seed)
    for k in range(count):
        inputs.append((f"random seed {seed} #{k}", random_document(rng)))
    compared = same = 0
    shown = 0
    for name, text in inputs:
        result = compare(text)
        if result is None:
            continue
        compared += 1
        if result[0]:
            same += 1
        elif shown < show:
            shown += 1
            print(f"--- {name} differs:\n{text.decode('utf-8', 'replace')}")
            print("    truth only:   ", sorted(set(result[1]) - set(result[2]), key=str))
            print("    stand-in only:", sorted(set(result[2]) - set(result[1]), key=str))
    print(f"{compared} inputs compared, {same} with the same block structure, {compared - same} different")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
