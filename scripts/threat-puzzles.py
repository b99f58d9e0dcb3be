"""Builds threat puzzles from played games: for each game of `ttt match --moves` output, the
positions before the winner's moves, from the end back, where `ttt move` proves a win by
threats for the side to move (a VCF, or a VCT) in five plies or more; the earliest of each
game (the longest line) is kept, and one VCF and one VCT a game at most.

Usage: python3 scripts/threat-puzzles.py MATCH_OUTPUT... > puzzles.txt
Each line: rows cols k kind plies notation (kind vcf or vct), for
crates/ttt-ai/tests/data/threat-puzzles.txt.
"""

import json
import subprocess
import sys

TTT = "target/release/ttt"


def games(paths):
    for path in paths:
        lines = open(path).read().splitlines()
        for i, line in enumerate(lines):
            if line.startswith("game ") and " wins " in line and i + 1 < len(lines):
                moves = [tuple(map(int, m.split(","))) for m in lines[i + 1].split()]
                yield moves


def notation(moves, size, upto):
    grid = [["."] * size for _ in range(size)]
    for i, (x, y) in enumerate(moves[:upto]):
        grid[y][x] = "X" if i % 2 == 0 else "O"
    return "/".join("".join(r) for r in grid)


def threat(pos, k):
    out = subprocess.run(
        [TTT, "move", pos, "--k", str(k), "--json", "--time-limit", "3"],
        capture_output=True, text=True, check=True,
    )
    answer = json.loads(out.stdout)
    if answer.get("plies") == 1:
        # A win at once: proven by the rules, no threat line reported.
        return {"kind": "vcf", "plies": 1}
    return answer.get("threat_win")


def main(paths, size=15, k=5):
    for moves in games(paths):
        winner_parity = (len(moves) - 1) % 2
        found = {}
        for upto in range(len(moves) - 1, 10, -1):
            if upto % 2 != winner_parity:
                continue
            pos = notation(moves, size, upto)
            w = threat(pos, k)
            if w is None:
                break
            if w["plies"] >= 5:
                found[w["kind"]] = (w["plies"], pos)
        for kind, (plies, pos) in sorted(found.items()):
            print(f"{size} {size} {k} {kind} {plies} {pos}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
