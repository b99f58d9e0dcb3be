#!/usr/bin/env bash
# A long match in chunks that can be stopped and resumed: `ttt match` of GAMES_PER_CHUNK
# (10) games at a time, each chunk starting at the next openings, all games appended to OUT;
# run it again with the same OUT and it goes on where it stopped. At the end, the total and
# its Elo difference with a 95% error bar, as `ttt match` computes them.
#
# Usage: scripts/match-chunks.sh OUT GAMES "FIRST ENGINE" "SECOND ENGINE" [ttt match options]
#   e.g. scripts/match-chunks.sh /tmp/figrid.txt 100 "target/release/ttt pbrain" \
#            "$HOME/figrid/bin/pbrain-figrid" --turn-time 1
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1 games=$2 first=$3 second=$4
shift 4
chunk=${GAMES_PER_CHUNK:-10}
touch "$out"
played=$(grep -c '^game ' "$out" || true)
while [ "$played" -lt "$games" ]; do
    n=$(( games - played < chunk ? games - played : chunk ))
    "${TTT:-target/release/ttt}" match "$first" "$second" --games "$n" \
        --first-opening $(( (played / 2) % 26 )) --moves "$@" >> "$out"
    played=$(grep -c '^game ' "$out" || true)
done
python3 - "$out" <<'PY'
import math, sys
w = l = d = 0
for line in open(sys.argv[1]):
    if line.startswith("game "):
        if ": A wins" in line: w += 1
        elif ": B wins" in line: l += 1
        else: d += 1
n = w + l + d
s = (w + d / 2) / n
elo = lambda s: -400 * math.log10(1 / s - 1)
if 0 < s < 1:
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    e = 1.96 * math.sqrt(var / n)
    lo, hi = elo(max(s - e, 1e-6)), elo(min(s + e, 1 - 1e-6))
    print(f"{n} games: {w} wins, {l} losses, {d} draws; score {100*s:.1f}%; Elo {elo(s):+.0f} ± {(hi-lo)/2:.0f}")
else:
    lo = elo(max(s - 0, 1e-6)) if s > 0 else None
    # Every game won (or lost): the difference is unbounded; the bound below is the Elo of
    # the score one more draw would give.
    s1 = (w + 0.5) / (n + 1)
    print(f"{n} games: {w} wins, {l} losses, {d} draws; score {100*s:.1f}%; Elo unbounded (above {elo(s1):+.0f})")
PY
