#!/usr/bin/env bash
# Fits the gomoku engine's evaluation and move ordering to its own games (docs/PERFORMANCE.md,
# "The learned evaluation"): plays GAMES games of the engine against itself under RULE, from
# random openings at NODES positions a move, on every core, saving them to DATA (the same
# command goes on from a stopped run), then fits the tables to them and writes the rule's
# files in crates/ttt-engine/src/tables/. Rebuild and play an SPRT match against the old
# build before keeping them.
#
#   GAMES=30000 NODES=20000 RULE=freestyle scripts/tune-eval.sh
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-30000}
nodes=${NODES:-20000}
rule=${RULE:-freestyle}
seed=${SEED:-1}
data=${DATA:-target/tune/selfplay-$rule-$nodes.jsonl}
mkdir -p "$(dirname "$data")"
[ -n "${TTT:-}" ] || cargo build --release -q -p ttt
ttt=${TTT:-target/release/ttt}
# A copy beside the data, so that rebuilding while the games are played changes nothing.
engine=$(dirname "$data")/ttt-selfplay
cp "$ttt" "$engine"
"$engine" selfplay --games "$games" --nodes "$nodes" --rule "$rule" --seed "$seed" \
    --out "$data" | tail -1
"$engine" tune-eval "$data" --steps "${STEPS:-2000}" \
    --out "crates/ttt-engine/src/tables/$rule.rs" \
    --policy-out "crates/ttt-engine/src/tables/${rule}_ordering.rs"
