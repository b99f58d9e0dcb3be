#!/usr/bin/env bash
# Writes and checks the proof of every board of the solver's table (docs/PERFORMANCE.md,
# "Proofs"), printing one row each: the value, the time to write the proof, its positions and
# size (and gzipped), the time to check it, and the peak memory. LIMIT (seconds, default 300)
# bounds each proof. BOARDS="8 8 5" (rows, columns, K; boards separated by commas) runs only
# those.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${TTT:-}" ] || cargo build --release -q -p ttt
ttt=${TTT:-target/release/ttt}
limit=${LIMIT:-300}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "| game | value | write | positions | size (gzip) | check | peak memory |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
all="3 3 3,4 4 4,5 5 4,6 6 4,5 5 5,4 6 4,4 7 4,4 8 4,6 7 4,7 7 4,8 8 4,6 6 5,7 7 5,6 8 5,7 8 5,4 9 4,8 8 5"
IFS=, read -r -a boards <<<"${BOARDS:-$all}"
for board in "${boards[@]}"; do
    set -- $board
    file="$dir/$1x$2k$3.proof"
    if ! /usr/bin/time -f "%e %M" -o "$dir/time" "$ttt" solve --rows "$1" --cols "$2" --k "$3" \
        --time-limit "$limit" --memory 4096 --proof "$file" >"$dir/out" 2>"$dir/err"; then
        echo "| $1x$2, K=$3 | | $(grep -o 'no proof.*' "$dir/err" | head -1) | | | | |"
        continue
    fi
    read -r secs kb <"$dir/time"
    value=$(head -1 "$dir/out" | sed 's/.*: //')
    positions=$(grep -o '[0-9]* positions, [0-9]* bytes' "$dir/err" | cut -d' ' -f1)
    bytes=$(stat -c %s "$file")
    gz=$(gzip -c "$file" | wc -c)
    start=$(date +%s.%N)
    "$ttt" check-proof "$file" >/dev/null
    check=$(echo "$(date +%s.%N) - $start" | bc)
    printf '| %sx%s, K=%s | %s | %.1f s | %s | %s (%s) | %.2f s | %s MB |\n' "$1" "$2" "$3" \
        "$value" "$secs" "$positions" "$bytes" "$gz" "$check" "$((kb / 1024))"
done
