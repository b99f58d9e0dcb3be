#!/usr/bin/env bash
# Writes and checks proofs of 15 x 15 positions from self-play games (docs/PERFORMANCE.md,
# "Proofs on 15 x 15"): GAMES games of `ttt selfplay --seed 21`, and from each game won on
# the board the positions 13, 15, 17, 19 and 21 plies before the winner's five, the winner to
# move. Each is given LIMIT seconds (default 10) by `ttt solve POSITION --proof`, then
# checked. Prints one row a position (game, plies before the end, the time to write, the
# positions, the positions the check went through, the version of the format), then how many
# were proven. GAMES defaults to 20; TTT=BINARY runs that build of `ttt` (by default the
# script builds the release binary and runs it).
#
# POSITIONS=FILE keeps the positions in FILE, one a line (`GAME PLIES POSITION`, the position
# in `ttt solve`'s notation); a later run given the same FILE takes them from it instead of
# playing the games again: two builds measured on the same positions (the games change with
# the player). A FILE that is missing or empty is made.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${POSITIONS:-}" ] && [ ! -d "$(dirname "$POSITIONS")" ]; then
    echo "proof-games.sh: POSITIONS=$POSITIONS: there is no folder $(dirname "$POSITIONS")" >&2
    exit 2
fi
[ -n "${TTT:-}" ] || cargo build --release -q -p ttt
ttt=${TTT:-target/release/ttt}
limit=${LIMIT:-10}
games=${GAMES:-20}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
if [ -n "${POSITIONS:-}" ] && [ -s "$POSITIONS" ]; then
    echo "proof-games.sh: the positions of $POSITIONS" >&2
    cp "$POSITIONS" "$dir/positions.txt"
else
    "$ttt" selfplay --games "$games" --seed 21 --threads 1 --out "$dir/games.jsonl" >/dev/null 2>&1
    python3 - "$dir/games.jsonl" >"$dir/positions.txt" <<'EOF'
import json, sys
for line in open(sys.argv[1]):
    game = json.loads(line)
    if "made five" not in game.get("reason", ""):
        continue
    moves = game["moves"]
    for back in (13, 15, 17, 19, 21):
        ply = len(moves) - back
        if ply < 4:
            continue
        board = [["."] * 15 for _ in range(15)]
        for i, (r, c) in enumerate(moves[:ply]):
            board[r][c] = "X" if i % 2 == 0 else "O"
        print(game["number"], back, "/".join("".join(row) for row in board))
EOF
    if [ -n "${POSITIONS:-}" ]; then
        cp "$dir/positions.txt" "$POSITIONS"
        echo "proof-games.sh: the positions of $games self-play games, kept in $POSITIONS" >&2
    fi
fi
echo "| game | plies to the end | write | positions | checked | format |"
echo "| --- | --- | --- | --- | --- | --- |"
proven=0
total=0
refused=0
while read -r game back position; do
    total=$((total + 1))
    file="$dir/$game-$back.proof"
    start=$(date +%s.%N)
    status=0
    "$ttt" solve --k 5 "$position" --time-limit "$limit" --proof "$file" \
        >/dev/null 2>"$dir/err" || status=$?
    if [ "$status" -eq 1 ]; then
        # No proof within the time: the value unknown, or the proof not written in time.
        echo "| $game | $back | not proven in ${limit} s | | | |"
        continue
    elif [ "$status" -ne 0 ]; then
        # Not a position the solver takes (a FILE of other lines): say why.
        echo "| $game | $back | refused: $(head -1 "$dir/err") | | | |"
        refused=$((refused + 1))
        continue
    fi
    write=$(echo "$(date +%s.%N) - $start" | bc)
    positions=$(grep -o '[0-9]* positions, [0-9]* bytes' "$dir/err" | cut -d' ' -f1)
    checked=$("$ttt" check-proof "$file" | grep -o '([0-9]* positions checked' | tr -dc 0-9)
    proven=$((proven + 1))
    printf '| %s | %s | %.1f s | %s | %s | %s |\n' "$game" "$back" "$write" "$positions" \
        "$checked" "$(head -1 "$file" | cut -d' ' -f2)"
done <"$dir/positions.txt"
echo
echo "proven and checked: $proven of $total"
if [ "$refused" -gt 0 ]; then
    echo "proof-games.sh: $refused of the positions were refused by ttt solve" >&2
    exit 1
fi
