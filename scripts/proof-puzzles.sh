#!/usr/bin/env bash
# Writes and checks the proof of every threat puzzle (crates/ttt-ai/tests/data/
# threat-puzzles.txt: positions with a win by fours or by threats), printing one row each:
# the puzzle, its board and kind, the time to write the proof, its positions and size, and
# the time to check it (docs/PERFORMANCE.md, "Proofs on 15 x 15"). LIMIT (seconds, default
# 60) bounds each proof.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${TTT:-}" ] || cargo build --release -q -p ttt
ttt=${TTT:-target/release/ttt}
limit=${LIMIT:-60}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "| puzzle | board | kind, plies | write | positions | size | check |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
n=0
grep -v '^#' crates/ttt-ai/tests/data/threat-puzzles.txt | grep . |
    while read -r rows cols k kind plies position; do
        name=$(printf '%02d' "$n")
        n=$((n + 1))
        file="$dir/$name.proof"
        start=$(date +%s.%N)
        if ! "$ttt" solve --rows "$rows" --cols "$cols" --k "$k" "$position" \
            --time-limit "$limit" --proof "$file" >/dev/null 2>"$dir/err"; then
            echo "| $name | ${rows}x$cols, K=$k | $kind, $plies | $(grep -o 'no proof.*' "$dir/err" | head -1) | | | |"
            continue
        fi
        write=$(echo "$(date +%s.%N) - $start" | bc)
        positions=$(grep -o '[0-9]* positions, [0-9]* bytes' "$dir/err" | cut -d' ' -f1)
        bytes=$(stat -c %s "$file")
        start=$(date +%s.%N)
        "$ttt" check-proof "$file" >/dev/null
        check=$(echo "$(date +%s.%N) - $start" | bc)
        printf '| %s | %sx%s, K=%s | %s, %s | %.2f s | %s | %s B | %.2f s |\n' "$name" "$rows" \
            "$cols" "$k" "$kind" "$plies" "$write" "$positions" "$bytes" "$check"
    done
