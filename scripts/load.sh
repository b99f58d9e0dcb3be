#!/usr/bin/env bash
# Load figures for the web game (docs/PERFORMANCE.md): requests per second and latency under
# load, measured with wrk (Debian) on loopback, each run bounded in time:
#   - GET /            the page (static, from the binary)
#   - GET /api/players the leaderboard's first page (from the database)
#   - whole games      against the computer (easy) on 3x3: a new game, then the human's
#                      moves, each answered with the computer's reply (scripts/load/games.lua)
# on four setups: one server on SQLite, one on PostgreSQL, and one and two servers on
# PostgreSQL behind HAProxy (scripts/cluster.sh). Rate limits are off (they would answer 429).
#
#   scripts/load.sh                     every setup, 10 s per run
#   scripts/load.sh --seconds 30 --connections 64 --only sqlite
#   scripts/load.sh --with-limits       rate limits on, set too high to be reached: their cost
#
# Installs what is missing (wrk, PostgreSQL, HAProxy: apt-get) and builds the release binary.
# Prints one Markdown table row per run. Non-interactive.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=10
connections=32
only=
with_limits=
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --with-limits) with_limits=1; shift ;;
    -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "load.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}
if ! command -v wrk >/dev/null 2>&1; then
  echo "==> Installing wrk (apt-get)" >&2
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq </dev/null
  as_root apt-get install -y -qq --no-install-recommends wrk </dev/null
fi
if [ -z "${TTT_BIN:-}" ]; then
  echo "==> Building ttt (release)" >&2
  cargo build --release -q -p ttt
  TTT_BIN="${CARGO_TARGET_DIR:-$PWD/target}/release/ttt"
fi
export TTT_BIN

work="$(mktemp -d)"
started=
cleanup() {
  if [ -n "$started" ]; then
    kill -TERM "$started" 2>/dev/null || true
    wait "$started" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

no_limits=(--games-per-minute 0 --moves-per-minute 0)
if [ -n "$with_limits" ]; then
  no_limits=(--games-per-minute 1000000000 --moves-per-minute 1000000000)
fi

# Starts a setup in the background; sets $base to its address.
start() {
  local setup=$1 port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  case "$setup" in
    sqlite) setsid "$TTT_BIN" serve --addr "127.0.0.1:$port" --db "$work/ttt.db" "${no_limits[@]}" \
              >"$work/$setup.log" 2>&1 & ;;
    postgres) setsid scripts/cluster.sh --servers 1 --direct --port "$port" -- "${no_limits[@]}" \
              >"$work/$setup.log" 2>&1 & ;;
    haproxy-1) setsid scripts/cluster.sh --servers 1 --port "$port" -- "${no_limits[@]}" \
              >"$work/$setup.log" 2>&1 & ;;
    haproxy-2) setsid scripts/cluster.sh --servers 2 --port "$port" -- "${no_limits[@]}" \
              >"$work/$setup.log" 2>&1 & ;;
  esac
  started=$!
  for _ in $(seq 1 300); do
    grep -q 'the game is at' "$work/$setup.log" && break
    kill -0 "$started" 2>/dev/null || { cat "$work/$setup.log" >&2; exit 1; }
    sleep 0.1
  done
  base="http://127.0.0.1:$port"
}

stop() {
  kill -TERM -- "-$started" 2>/dev/null || kill -TERM "$started" 2>/dev/null || true
  wait "$started" 2>/dev/null || true
  started=
}

# One wrk run; prints a table row: setup, what, requests/s, p50, p99, errors, and more.
measure() {
  local setup=$1 what=$2 path=$3 script=${4:-} out errors extra=""
  local args=(-t 2 -c "$connections" -d "${seconds}s" --latency --timeout 10s)
  [ -n "$script" ] && args+=(-s "$script")
  out=$(wrk "${args[@]}" "$base$path")
  errors=$(awk '/Non-2xx or 3xx responses:/ {n += $NF} /Socket errors:/ {
      for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) n += $i } END {print n + 0}' <<<"$out")
  [ -n "$script" ] && extra=$(grep '^games finished' <<<"$out" || true)
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$setup" "$what" \
    "$(awk '/^Requests\/sec:/ {printf "%.0f", $2}' <<<"$out")" \
    "$(awk '$1 == "50%" {print $2}' <<<"$out")" \
    "$(awk '$1 == "99%" {print $2}' <<<"$out")" \
    "$errors" "$extra"
}

echo "| setup | requests | requests/s | p50 | p99 | errors | games |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for setup in sqlite postgres haproxy-1 haproxy-2; do
  [ -n "$only" ] && [ "$only" != "$setup" ] && continue
  start "$setup"
  # Warm up, and some players for the leaderboard.
  wrk -t 1 -c 4 -d 2s -s scripts/load/games.lua "$base/" >/dev/null
  measure "$setup" "GET /" /
  measure "$setup" "GET /api/players" /api/players
  measure "$setup" "whole games (create + moves)" / scripts/load/games.lua
  stop
done
