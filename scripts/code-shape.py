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


def functions(path: Path):
    """(name, lines of code) for every `fn` with a body, by brace matching."""
    lines = path.read_text().splitlines()
    out = []
    for i, line in enumerate(lines):
        match = re.match(r"\s*(pub(\([^)]*\))?\s+)?(const\s+|async\s+|unsafe\s+)*fn\s+(\w+)", line)
        if not match:
            continue
        depth, started, body = 0, False, []
        for j in range(i, len(lines)):
            text = re.sub(r'"(\\.|[^"\\])*"', '""', lines[j].split("//")[0])
            body.append(lines[j])
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
