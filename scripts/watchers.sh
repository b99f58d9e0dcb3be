#!/usr/bin/env bash
# Many watchers on one game (docs/PERFORMANCE.md): starts a release `ttt serve` on a fresh
# SQLite database, then for each N opens N live-update streams on one new game, makes a move
# and measures the time from the move to its arrival at every stream (p50, p99, max, how many
# received it) and the server's memory (RSS from /proc). The measuring client is
# crates/ttt-server/examples/watchers.rs, on the same machine.
#
#   scripts/watchers.sh                   1000 and 10000 streams
#   scripts/watchers.sh 500 2000          other counts
#   scripts/watchers.sh --max-streams 20000 30000
#
# Each stream is an open file in both processes: the server raises its soft limit to what
# --max-connections and --max-streams need (up to the hard limit, `ulimit -Hn`; its log
# says which), and the client raises its own to the hard limit. Builds what it needs
# (cargo build --release). Non-interactive; stops the server at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

max_streams=
counts=()
while [ $# -gt 0 ]; do
  case "$1" in
    --max-streams) max_streams="$2"; shift 2 ;;
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "watchers.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) counts+=("$1"); shift ;;
  esac
done
[ ${#counts[@]} -gt 0 ] || counts=(1000 10000)

cargo build --release --quiet -p ttt --bin ttt
cargo build --release --quiet -p ttt-server --example watchers

work=$(mktemp -d)
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "machine: $(nproc) CPUs, $(free -m | awk '/^Mem:/ {print $2}') MiB, open files: soft $(ulimit -Sn), hard $(ulimit -Hn)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for n in "${counts[@]}"; do
  port=$((20000 + RANDOM % 20000))
  args=(serve --addr "127.0.0.1:$port" --db "$work/ttt-$n.db" --games-per-minute 0 --moves-per-minute 0)
  [ -z "$max_streams" ] || args+=(--max-streams "$max_streams")
  target/release/ttt "${args[@]}" >"$work/out-$n" 2>"$work/log-$n" &
  server=$!
  for _ in $(seq 50); do
    grep -q "serving" "$work/log-$n" 2>/dev/null && break
    sleep 0.1
  done
  echo "== $n streams"
  grep -o 'open-files limit.*\|the open-files limit is.*' "$work/log-$n" || true
  target/release/examples/watchers --addr "127.0.0.1:$port" --streams "$n" --pid "$server" --timeout 120 || true
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=
done
