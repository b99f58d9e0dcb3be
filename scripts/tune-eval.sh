#!/usr/bin/env bash
# Fits the gomoku engine's evaluation to its own games (docs/PERFORMANCE.md, "The learned
# evaluation"): plays GAMES games of the next engine against itself from the wide book at
# TURN seconds a move, two at a time, saving them to DATA (a `ttt match` state file, so a
# stopped run goes on from it), then fits the weights to them and writes them to
# crates/ttt-engine/src/weights.rs. Rebuild and play an SPRT match against the old build
# before keeping them.
#
#   GAMES=2000 TURN=0.05 DATA=target/tune/selfplay.jsonl scripts/tune-eval.sh
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-2000}
turn=${TURN:-0.05}
data=${DATA:-target/tune/selfplay-$turn.jsonl}
mkdir -p "$(dirname "$data")"
[ -n "${TTT:-}" ] || cargo build --release -q -p ttt
ttt=${TTT:-target/release/ttt}
# A copy beside the data, so that rebuilding while the games are played changes neither
# side (and the match, named by it, can be resumed).
engine=$(dirname "$data")/ttt-selfplay
cp "$ttt" "$engine"
"$ttt" match "$engine pbrain --engine next" "$engine pbrain --engine next" --book wide \
    --turn-time "$turn" --games "$games" --concurrency 2 --state "$data" | tail -1
"$ttt" tune-eval "$data" --out crates/ttt-engine/src/weights.rs
