#!/usr/bin/env bash
# The figures of docs/PERFORMANCE.md's table of whole games: for each board, `ttt solve` as a
# user runs it (all cores, default memory) timed over a few runs, and the proof-number search
# and alpha-beta alone on one thread (whose position counts are the same from run to run).
#
#   scripts/solve-figures.sh            the boards settled within a minute or so
#   scripts/solve-figures.sh --long     also 7x8 and 4x9 (minutes) and 8x8 with five (4-7 min)
#   RUNS=5 scripts/solve-figures.sh     more runs of the default command
#
# Prints one Markdown table row a board. Builds the release binary first.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
ttt=target/release/ttt
runs=${RUNS:-3}
boards=("3 3 3" "4 4 4" "5 5 4" "6 6 4" "5 5 5" "4 6 4" "4 7 4" "4 8 4" "6 7 4" "7 7 4" "8 8 4" "6 6 5" "7 7 5" "6 8 5")
if [ "${1:-}" = "--long" ]; then boards+=("7 8 5" "4 9 4" "8 8 5"); fi

field() { python3 -c "import json,sys; print(json.load(sys.stdin)[\"$1\"])"; }
seconds() { python3 -c "import json,sys; print('%.2f' % (json.load(sys.stdin)['elapsed_ms'] / 1000))"; }

echo "| game | value | default: time over $runs runs | proof numbers, 1 thread | alpha-beta, 1 thread |"
echo "| --- | --- | --- | --- | --- |"
for b in "${boards[@]}"; do
  read -r r c k <<<"$b"
  times=()
  value=
  for _ in $(seq "$runs"); do
    out=$($ttt solve --rows "$r" --cols "$c" --k "$k" --json)
    value=$(echo "$out" | field value)
    times+=("$(echo "$out" | seconds)")
  done
  sorted=$(printf '%s\n' "${times[@]}" | sort -n)
  range="$(echo "$sorted" | head -1) to $(echo "$sorted" | tail -1) s"
  pn=$($ttt solve --rows "$r" --cols "$c" --k "$k" --json --threads 1 --method proof-number)
  pn="$(echo "$pn" | field nodes) positions, $(echo "$pn" | seconds) s"
  ab="-"
  # Alpha-beta alone takes minutes to hours past these.
  if [ $((r * c)) -le 36 ] || [ "$b" = "7 7 5" ] || [ "$b" = "4 7 4" ] || [ "$b" = "6 7 4" ]; then
    out=$($ttt solve --rows "$r" --cols "$c" --k "$k" --json --threads 1 --method alpha-beta --time-limit 120)
    ab="$(echo "$out" | field nodes) positions, $(echo "$out" | seconds) s"
  fi
  echo "| ${r}x${c}, K=$k | $value | $range | $pn | $ab |"
done
