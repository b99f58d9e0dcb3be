#!/usr/bin/env python3
"""Finds import circles between the files of each crate.

A file depends on another when it names an item of the other's module through `crate::`,
`super::` or `self::` (in a `use` or inline). Declaring a child module (`mod x;`) is not a
dependency; re-exporting from it (`pub use x::Y;`) is. Test modules at the bottom of a file
are left out. A circle is a strongly connected group of two or more files.

    scripts/import-cycles.py            # every crate under crates/
    scripts/import-cycles.py --quiet    # exit 1 if any crate has a circle, print only those
    scripts/import-cycles.py DIR        # the crates under DIR/crates (another checkout)

Prints, per crate, the number of circles and the files of each.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_files(src: Path):
    """Maps each module path (tuple of names, () for the root) to its file."""
    files = {}
    for path in src.rglob("*.rs"):
        rel = path.relative_to(src)
        if rel.parts[0] == "bin":
            continue
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "mod":
            parts.pop()
        elif parts == ["lib"] or parts == ["main"]:
            parts = []
        files[tuple(parts)] = path
    return files


def strip_tests(text: str) -> str:
    match = re.search(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", text)
    return text[: match.start()] if match else text


def strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//")[0] if "//" in line else line for line in text.splitlines())


def expand_use_trees(text: str):
    """Yields every path written in a `use` (with braces expanded) or inline; a path that
    starts with a child module this file declares is written as `self::child::...`."""
    children = set(re.findall(r"\bmod\s+(\w+)\s*;", text))
    starts = "|".join(["crate", "super", "self", *sorted(children)])
    uses = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")
    for match in uses.finditer(text):
        if match.group(1):
            continue  # a re-export is the module's surface, followed where it is used
        for path in expand(match.group(2).replace("\n", " ")):
            yield relative(path, children)
    for match in re.finditer(rf"(?<![\w:])((?:{starts})(?:::\w+)+)", uses.sub("", text)):
        yield relative(match.group(1), children)


def reexports(text: str):
    """The names a file re-exports (`pub use a::b::C;`), with the paths they stand for."""
    children = set(re.findall(r"\bmod\s+(\w+)\s*;", text))
    out = {}
    for match in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", text):
        for path in expand(match.group(1).replace("\n", " ")):
            name = path.split("::")[-1]
            if name != "*":
                out[name] = relative(path, children)
    return out


def relative(path: str, children: set) -> str:
    head = path.split("::")[0]
    return f"self::{path}" if head in children else path


def expand(tree: str):
    tree = re.sub(r"\s+", "", re.sub(r"\s+as\s+\w+", "", tree))
    depth = 0
    for i, ch in enumerate(tree):
        if ch == "{":
            if depth == 0:
                prefix = tree[:i]
                inner = tree[i + 1 : tree.rindex("}")]
                for part in split_top(inner):
                    if part == "self":
                        yield prefix.rstrip(":")
                    else:
                        yield from expand(prefix + part)
                return
            depth += 1
    yield tree


def split_top(inner: str):
    depth, start = 0, 0
    for i, ch in enumerate(inner):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            yield inner[start:i]
            start = i + 1
    if inner[start:]:
        yield inner[start:]


def resolve(path: str, here: tuple, files: dict, exports: dict, depth: int = 0):
    names = path.split("::")
    if names[0] == "crate":
        base, rest = (), names[1:]
    elif names[0] in ("super", "self"):
        base = list(here)
        rest = names
        while rest and rest[0] in ("super", "self"):
            if rest[0] == "super" and base:
                base.pop()
            rest = rest[1:]
        base = tuple(base)
    else:
        return None
    best = base if base in files else None
    used = 0
    for i in range(1, len(rest) + 1):
        candidate = base + tuple(rest[:i])
        if candidate in files:
            best, used = candidate, i
    if best is not None and used < len(rest) and depth < 8:
        # `crate::Foo` where the root re-exports Foo: the dependency is on Foo's home
        target = exports.get(best, {}).get(rest[used])
        if target is not None:
            followed = resolve(target, best, files, exports, depth + 1)
            if followed is not None:
                return followed
    return best


def circles(crate_src: Path):
    files = module_files(crate_src)
    edges = {m: set() for m in files}
    texts = {m: strip_comments(strip_tests(p.read_text())) for m, p in files.items()}
    exports = {m: reexports(t) for m, t in texts.items()}
    for module, path in files.items():
        text = texts[module]
        # a module file's own `mod x;` lines are declarations, not dependencies
        for used in expand_use_trees(text):
            target = resolve(used, module, files, exports)
            if target is not None and target != module:
                edges[module].add(target)
    return files, edges, tarjan(edges)


def tarjan(edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(group)

    for v in edges:
        if v not in index:
            visit(v)
    return out


def main():
    quiet = "--quiet" in sys.argv
    roots = [Path(arg) for arg in sys.argv[1:] if not arg.startswith("--")]
    found = False
    for crate in sorted(((roots[0] if roots else ROOT) / "crates").iterdir()):
        src = crate / "src"
        if not src.is_dir():
            continue
        files, _, groups = circles(src)
        found |= bool(groups)
        if quiet and not groups:
            continue
        print(f"{crate.name}: {len(groups)} circle{'s' if len(groups) != 1 else ''}")
        for group in groups:
            names = sorted(str(files[m].relative_to(src)) for m in group)
            print(f"  {len(names)} files: {', '.join(names)}")
    sys.exit(1 if quiet and found else 0)


if __name__ == "__main__":
    main()
