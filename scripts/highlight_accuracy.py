#!/usr/bin/python3
"""Compares StreamMarkHighlight with Pygments, character by character.

Reads the JSON lines of `streammark-bench highlight --classes` (one fenced
Corpus block each: language, code, our tokens as UTF-8 byte ranges) and
classifies every non-space character of the code as keyword, string,
comment, number, meta or other, once from our tokens and once from
Pygments' tokens (mappings below; docs/highlighting.md explains them).
Prints a per-language table and the total; exits 1 below the goal
(90 % of all characters, 80 % for every language with 200 characters or
more).

  highlight_accuracy.py CLASSES.jsonl            the table
  highlight_accuracy.py CLASSES.jsonl --diff L   also the disagreements of language L
  highlight_accuracy.py --time CLASSES.jsonl     Pygments' one-shot time: "BYTES SECONDS"
"""

import json
import sys
import time

from pygments.lexers import get_lexer_by_name
from pygments.token import Comment, Generic, Keyword, Name, Number, Operator, String

# Our canonical language name -> Pygments lexer name and options.
PYGMENTS = {
    "python": ("python", {}),
    "bash": ("bash", {}),
    "javascript": ("javascript", {}),
    "typescript": ("typescript", {}),
    "json": ("json", {}),
    "sql": ("sql", {}),
    "html": ("html", {}),
    "xml": ("xml", {}),
    "css": ("css", {}),
    "java": ("java", {}),
    "kotlin": ("kotlin", {}),
    "c": ("c", {}),
    "cpp": ("cpp", {}),
    "csharp": ("csharp", {}),
    "go": ("go", {}),
    "rust": ("rust", {}),
    "swift": ("swift", {}),
    # Code fences of PHP hold PHP code, with or without `<?php`.
    "php": ("php", {"startinline": True}),
    "ruby": ("ruby", {}),
    "yaml": ("yaml", {}),
    "toml": ("toml", {}),
    "hcl": ("terraform", {}),
    "dockerfile": ("docker", {}),
    "diff": ("diff", {}),
    "makefile": ("make", {}),
    "nginx": ("nginx", {}),
    "lua": ("lua", {}),
    "r": ("splus", {}),
    "powershell": ("powershell", {}),
}

# Our kinds -> class. Anything not listed is "other".
OURS = {
    "keyword": "keyword", "literal": "keyword", "type": "keyword", "attribute": "keyword", "section": "keyword",
    "string": "string", "regexp": "string", "subst": "string", "symbol": "string", "char.escape_": "string",
    "comment": "comment", "doctag": "comment",
    "number": "number",
    "meta": "meta",
}


def pygments_class(token_type):
    """The class of a Pygments token type."""
    if (token_type in Comment.Preproc or token_type in Comment.PreprocFile or token_type in Comment.Hashbang
            or token_type in Name.Decorator or token_type in Generic.Prompt):
        return "meta"
    if token_type in Comment:
        return "comment"
    if token_type in String:
        return "string"
    if token_type in Number:
        return "number"
    if token_type in Keyword or token_type in Operator.Word:
        return "keyword"
    return "other"


def lexer_for(language, code):
    name, options = PYGMENTS[language]
    if language == "php" and "?>" in code:
        # PHP that leaves PHP mode: HTML around PHP, as we highlight it.
        name, options = "html+php", {}
    return get_lexer_by_name(name, stripnl=False, stripall=False, ensurenl=False, **options)


def pygments_classes(language, code):
    classes = []
    for token_type, value in lexer_for(language, code).get_tokens(code):
        classes.extend([pygments_class(token_type)] * len(value))
    return classes[: len(code)] + ["other"] * (len(code) - len(classes))


def our_classes(code, tokens):
    """Per character: the class of the token holding its first byte."""
    byte_class = ["other"] * len(code.encode("utf-8"))
    for start, end, kind in tokens:
        cls = OURS.get(kind, "other")
        for index in range(start, end):
            byte_class[index] = cls
    classes = []
    offset = 0
    for char in code:
        classes.append(byte_class[offset])
        offset += len(char.encode("utf-8"))
    return classes


def load(path):
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def show_diff(record, ours, theirs):
    code = record["code"]
    print(f"--- {record['file']} ({record['info']})")
    index = 0
    while index < len(code):
        if code[index].isspace() or ours[index] == theirs[index]:
            index += 1
            continue
        end = index
        while end < len(code) and ours[end] == ours[index] and theirs[end] == theirs[index]:
            end += 1
        print(f"  {code[index:end]!r:40} ours={ours[index]:8} pygments={theirs[index]}")
        index = end


def table(records, diff_language):
    stats = {}
    for record in records:
        language = record["language"]
        if language not in PYGMENTS:
            continue
        code = record["code"]
        ours = our_classes(code, record["tokens"])
        theirs = pygments_classes(language, code)
        row = stats.setdefault(language, [0, 0, 0])
        row[0] += 1
        for index, char in enumerate(code):
            if char.isspace():
                continue
            row[1] += 1
            row[2] += ours[index] == theirs[index]
        if language == diff_language:
            show_diff(record, ours, theirs)
    print(f"| {'language':12} | blocks | {'chars':>7} | agree % |")
    print(f"|{'-' * 14}|-------:|{'-' * 9}:|--------:|")
    failed = []
    total_chars = total_agree = 0
    for language, (blocks, chars, agree) in sorted(stats.items(), key=lambda item: -item[1][1]):
        percent = 100.0 * agree / max(1, chars)
        mark = ""
        if chars >= 200 and percent < 80.0:
            failed.append(language)
            mark = " (below 80 %)"
        print(f"| {language:12} | {blocks:6} | {chars:7} | {percent:6.1f}{mark} |")
        total_chars += chars
        total_agree += agree
    total = 100.0 * total_agree / max(1, total_chars)
    print(f"| {'**total**':12} | {sum(row[0] for row in stats.values()):6} | {total_chars:7} | {total:6.1f}  |")
    if total < 90.0:
        failed.append("total")
    if failed:
        print(f"below the goal: {', '.join(failed)}")
        return 1
    print("goal met: total >= 90 %, every language with >= 200 characters >= 80 %")
    return 0


def timing(records):
    """Pygments' one-shot time over the blocks it knows: lexing only (the
    lexers are made before timing), the best of three passes."""
    work = [(lexer_for(record["language"], record["code"]), record["code"]) for record in records
            if record["language"] in PYGMENTS]
    size = sum(len(code.encode("utf-8")) for _, code in work)
    best = None
    for _ in range(3):
        start = time.perf_counter()
        for lexer, code in work:
            for _ in lexer.get_tokens(code):
                pass
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print(size, best)
    return 0


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "--time":
        return timing(load(arguments[1]))
    if len(arguments) == 1:
        return table(load(arguments[0]), None)
    if len(arguments) == 3 and arguments[1] == "--diff":
        return table(load(arguments[0]), arguments[2])
    print("usage: highlight_accuracy.py CLASSES.jsonl [--diff LANGUAGE] | --time CLASSES.jsonl", file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
