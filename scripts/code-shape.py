#!/usr/bin/env python3
"""The shape of each crate's code: its largest source file and its longest function, in lines
of code (blank lines and comment lines left out), tests included.

    scripts/code-shape.py          # every crate under crates/
    scripts/code-shape.py DIR      # the crates under DIR/crates (another checkout)
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def code_lines(lines):
    """The lines that are code: not blank, not only a comment."""
    return [l for l in lines if l.strip() and not l.strip().startswith("//")]


def strip_literals(text: str) -> str:
    """The text without its strings, characters and comments (line breaks kept), so that
    braces in them do not count. A quote that starts no character literal is a lifetime."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
        elif c == "r" and re.match(r'r#*"', text[i:]) and (i == 0 or not text[i - 1].isalnum()):
            hashes = re.match(r"r(#*)", text[i:]).group(1)
            start = i + 1 + len(hashes) + 1
            end = text.find('"' + hashes, start)
            end = n if end < 0 else end + 1 + len(hashes)
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'":
            literal = re.match(r"'(\\.[^']*|[^'\\])'", text[i:])
            if literal:
                out.append("' '")
                i += len(literal.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path: Path):
    """(name, lines of code) for every `fn` with a body, by brace matching."""
    raw = path.read_text().splitlines()
    lines = strip_literals("\n".join(raw)).split("\n")
    out = []
    for i, line in enumerate(lines):
        match = re.match(r"\s*(pub(\([^)]*\))?\s+)?(const\s+|async\s+|unsafe\s+)*fn\s+(\w+)", line)
        if not match:
            continue
        depth, started, body = 0, False, []
        for j in range(i, len(lines)):
            text = lines[j]
            body.append(raw[j])
            if not started and ";" in text and "{" not in text:
                break
            depth += text.count("{") - text.count("}")
            started = started or "{" in text
            if started and depth <= 0:
                break
        if started:
            out.append((match.group(4), len(code_lines(body))))
    return out


def main():
    roots = [Path(a) for a in sys.argv[1:]]
    crates = sorted(((roots[0] if roots else ROOT) / "crates").iterdir())
    print("| crate | largest file (lines of code) | longest function (lines of code) |")
    print("| --- | --- | --- |")
    for crate in crates:
        files = [p for p in crate.rglob("*.rs") if "target" not in p.parts]
        if not files:
            continue
        sizes = [(len(code_lines(p.read_text().splitlines())), p) for p in files]
        size, biggest = max(sizes)
        longest = max(
            ((n, name, p) for p in files for name, n in functions(p)), default=(0, "-", crate)
        )
        print(
            f"| {crate.name} | {biggest.relative_to(crate)} ({size}) | "
            f"{longest[2].relative_to(crate)}: {longest[1]} ({longest[0]}) |"
        )


if __name__ == "__main__":
    main()
