#!/usr/bin/python3
"""Writes the fuzz seed corpus from Corpus/ (see docs/fuzzing.md).

Usage: make_seeds.py CORPUS_DIR OUT_DIR [GENERATED_DIR]

Every seed is a fuzz input: a header (options and chunk sizes; the layout is
described in Tests/Fuzz/StreamMarkFuzz.swift), then Markdown text:
- each example of the CommonMark and GFM spec files (and their regression
  and smart punctuation files), the arrow replaced by a tab;
- up to 8 windows of 512 bytes and 2 of 8,000 bytes, cut at line starts, of
  every real model answer and real document, and up to 8 windows of 512
  bytes of every small generated stress document;
- every file of Corpus/regressions, whole, at three chunkings (fixed 8
  bytes, mixed, pairs of 512-range sizes);
- every documentation-shaped document of GENERATED_DIR (written by
  `StreamMarkFuzzTools generate`), cut to 8,000 bytes.
Options and chunk sizes rotate deterministically over the seeds, so seeds
cover GFM and CommonMark, smart punctuation, one-byte, small, odd, mixed
(1-512 per chunk) and one-chunk streams, and terminal widths 80, 16, 40 and 10.
"""
import os
import sys

FENCE = "`" * 32 + " example"
# Header variants: (flags, mode, payload). Flags: bit 0 CommonMark only,
# bit 1 smart punctuation, bits 2-7 terminal width (0: 80 columns, w: 8 + 2w).
# Mode 0: payload bytes are sizes minus one (1-256, cyclic); mode 1: pairs
# (low, high), size (low | high << 8) % 512 + 1; mode 2: a seed for the mixed
# draw (1-512 per chunk); mode 3: a seed for a uniform draw from 1-512.
HEADERS = [
    (0, 0, [0]),
    (1 | 4 << 2, 0, [2, 6]),
    (2, 0, [15]),
    (0 | 16 << 2, 0, []),
    (3, 0, [0, 1, 63]),
    (0 | 1 << 2, 0, [4]),
    (0, 2, [7]),
    (0 | 4 << 2, 1, [43, 1, 6, 0]),
    (2, 2, [200, 1]),
    (0, 3, [9]),
]
REGRESSION_HEADERS = [(0, 0, [7]), (0, 2, [1]), (0, 1, [23, 0, 200, 1])]
WINDOW = 512
LARGE_WINDOW = 8000


def header(variant):
    flags, mode, payload = variant
    count = len(payload) // 2 if mode == 1 else len(payload)
    return bytes([flags, count | mode << 3] + payload)


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


def windows(data, size, limit):
    start, result = 0, []
    while start < len(data) and len(result) < limit:
        end = min(start + size, len(data))
        result.append(data[start:end])
        newline = data.find(b"\n", end)
        start = len(data) if newline < 0 else newline + 1
    return result


def markdown_files(directory):
    if not os.path.isdir(directory):
        return []
    return [os.path.join(directory, name) for name in sorted(os.listdir(directory)) if name.endswith(".md")]


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


def main():
    corpus, out = sys.argv[1], sys.argv[2]
    generated = sys.argv[3] if len(sys.argv) > 3 else None
    os.makedirs(out, exist_ok=True)
    texts = []
    for name in ["commonmark/spec.txt", "commonmark/regression.txt", "commonmark/smart_punct.txt",
                 "gfm/spec.txt", "gfm/extensions.txt", "gfm/regression.txt"]:
        with open(os.path.join(corpus, name), encoding="utf-8") as handle:
            texts += [example.encode("utf-8") for example in spec_examples(handle.read())]
    for folder in ["llm", "documents"]:
        for path in markdown_files(os.path.join(corpus, folder)):
            data = read(path)
            texts += windows(data, WINDOW, 8) + windows(data, LARGE_WINDOW, 2)
    for path in markdown_files(os.path.join(corpus, "generated/small")):
        texts += windows(read(path), WINDOW, 8)
    if generated:
        texts += [read(path)[:LARGE_WINDOW] for path in markdown_files(generated)]
    seeds = [header(HEADERS[index % len(HEADERS)]) + text for index, text in enumerate(texts)]
    # FUZZ_SEED_STRIDE=N keeps every Nth of these seeds (CI's short smoke
    # run: loading all of them takes about a minute); regressions stay.
    seeds = seeds[::int(os.environ.get("FUZZ_SEED_STRIDE", "1"))]
    for path in markdown_files(os.path.join(corpus, "regressions")):
        seeds += [header(variant) + read(path) for variant in REGRESSION_HEADERS]
    for index, seed in enumerate(seeds):
        with open(os.path.join(out, "seed-%05d" % index), "wb") as handle:
            handle.write(seed)
    print("fuzz: %d seeds in %s" % (len(seeds), out))


main()
