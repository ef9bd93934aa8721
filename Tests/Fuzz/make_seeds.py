#!/usr/bin/python3
"""Writes the fuzz seed corpus from Corpus/ (see docs/fuzzing.md).

Usage: make_seeds.py CORPUS_DIR OUT_DIR

Every seed is a fuzz input: a 2-byte header plus chunk sizes (the layout is
described in Tests/Fuzz/StreamMarkFuzz.swift), then Markdown text:
- each example of the CommonMark and GFM spec files (and their regression
  and smart punctuation files), the arrow replaced by a tab;
- up to 8 windows of 512 bytes, cut at line starts, of every real model answer,
  real document and small generated stress document.
Options and chunk sizes rotate deterministically over the seeds, so seeds
cover GFM and CommonMark, smart punctuation, one-byte, small, odd and
one-chunk streams, and terminal widths 80, 16, 40 and 10.
"""
import os
import sys

FENCE = "`" * 32 + " example"
# Header variants: (flags, chunk sizes); sizes are stored minus one. Flags:
# bit 0 CommonMark only, bit 1 smart punctuation, bits 2-7 terminal width
# (0: 80 columns, w: 8 + 2w).
HEADERS = [
    (0, [1]),
    (1 | 4 << 2, [3, 7]),
    (2, [16]),
    (0 | 16 << 2, []),
    (3, [1, 2, 64]),
    (0 | 1 << 2, [5]),
]
WINDOW = 512


def header(index):
    flags, sizes = HEADERS[index % len(HEADERS)]
    return bytes([flags, len(sizes)] + [size - 1 for size in sizes])


def spec_examples(text):
    examples, lines, state = [], [], 0
    for line in text.split("\n"):
        if state == 0 and line.startswith(FENCE):
            state, lines = 1, []
        elif state == 1:
            if line == ".":
                examples.append("".join(l + "\n" for l in lines).replace("\u2192", "\t"))
                state = 2
            else:
                lines.append(line)
        elif state == 2 and line == "`" * 32:
            state = 0
    return examples


def windows(data):
    start, result = 0, []
    while start < len(data) and len(result) < 8:
        end = min(start + WINDOW, len(data))
        result.append(data[start:end])
        newline = data.find(b"\n", end)
        start = len(data) if newline < 0 else newline + 1
    return result


def main():
    corpus, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    texts = []
    for name in ["commonmark/spec.txt", "commonmark/regression.txt", "commonmark/smart_punct.txt",
                 "gfm/spec.txt", "gfm/extensions.txt", "gfm/regression.txt"]:
        with open(os.path.join(corpus, name), encoding="utf-8") as handle:
            texts += [example.encode("utf-8") for example in spec_examples(handle.read())]
    for folder in ["llm", "documents", "generated/small"]:
        directory = os.path.join(corpus, folder)
        for name in sorted(os.listdir(directory)):
            if name.endswith(".md"):
                with open(os.path.join(directory, name), "rb") as handle:
                    texts += windows(handle.read())
    for index, text in enumerate(texts):
        with open(os.path.join(out, "seed-%05d" % index), "wb") as handle:
            handle.write(header(index) + text)
    print("fuzz: %d seeds in %s" % (len(texts), out))


main()
