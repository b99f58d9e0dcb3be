"""Builds threat puzzles from played games: for each game of `ttt match --moves` output, the
positions before the winner's moves, from the end back, where `ttt move` proves a win by
threats for the side to move (a VCF, or a VCT) in five plies or more; the earliest of each
game (the longest line) is kept, and one VCF and one VCT a game at most.

With --random ROWS COLS K COUNT SEED instead, positions of random moves on a small board
where `ttt analyze` finds a win by threats of five plies or more and `ttt solve` proves the
win: puzzles the exact solver checks.

Usage: python3 scripts/threat-puzzles.py MATCH_OUTPUT... > puzzles.txt
       python3 scripts/threat-puzzles.py --random 7 7 5 6 1 >> puzzles.txt
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


def random_puzzles(rows, cols, k, count, seed):
    import random
    rng = random.Random(seed)
    found = 0
    while found < count:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        rng.shuffle(cells)
        stones = rng.randrange(rows * cols // 4, rows * cols // 2)
        grid = [["."] * cols for _ in range(rows)]
        for i, (r, c) in enumerate(cells[:stones]):
            grid[r][c] = "X" if i % 2 == 0 else "O"
        pos = "/".join("".join(r) for r in grid)
        out = subprocess.run(
            [TTT, "analyze", pos, "--k", str(k), "--json", "--time-limit", "1", "--threads", "1"],
            capture_output=True, text=True,
        )
        if out.returncode != 0:
            continue
        w = json.loads(out.stdout).get("threat_win")
        if not w or w["plies"] < 5:
            continue
        solved = subprocess.run(
            [TTT, "solve", pos, "--k", str(k), "--json", "--threads", "1", "--time-limit", "60"],
            capture_output=True, text=True,
        )
        if solved.returncode == 0 and json.loads(solved.stdout)["value"] == "win":
            print(f"{rows} {cols} {k} {w['kind']} {w['plies']} {pos}", flush=True)
            found += 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["--random"]:
        random_puzzles(*map(int, sys.argv[2:7]))
    else:
        main(sys.argv[1:])
