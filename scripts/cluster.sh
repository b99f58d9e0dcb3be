#!/usr/bin/env bash
# The web game on several servers sharing one PostgreSQL database, behind HAProxy, on this
# machine: what a deployment on several machines looks like, to try it or measure it.
#
#   scripts/cluster.sh                      2 servers, a throwaway database, on :8080
#   scripts/cluster.sh --servers 3 --port 9000
#   scripts/cluster.sh --db postgres://ttt:secret@db.example/ttt   an existing database
#   scripts/cluster.sh --servers 1 --direct   one server on --port itself, no HAProxy
#   scripts/cluster.sh -- --moves-per-minute 0   options after -- go to every ttt serve
#
# Installs what is missing (PostgreSQL and HAProxy, with apt-get), builds the release binary,
# starts a throwaway PostgreSQL cluster in a temporary directory unless --db names one, the
# servers on 127.0.0.1 (ports after --port), and HAProxy on --port, which sends each request
# to a ready server (health check: GET /readyz) and keeps live-update streams open. Runs
# until Ctrl-C (or SIGTERM), then stops everything it started and removes the directory.
# Non-interactive: safe with no standard input.
#
# TTT_BIN=/path/to/ttt skips the build. Every server's log is in the directory printed.
set -euo pipefail
cd "$(dirname "$0")/.."

servers=2
port=8080
db=
direct=
serve_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --direct) direct=1; shift ;;
    --) shift; serve_args=("$@"); break ;;
    --servers) servers="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --db) db="$2"; shift 2 ;;
    -h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "cluster.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$servers" in '' | *[!0-9]* | 0) echo "cluster.sh: --servers takes a number from 1" >&2; exit 2 ;; esac
if [ -n "$direct" ] && [ "$servers" != 1 ]; then
  echo "cluster.sh: --direct serves one server without HAProxy: use it with --servers 1" >&2
  exit 2
fi

step() { printf '==> %s\n' "$*" >&2; }
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

missing=()
[ -n "$direct" ] || command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] ||
  missing+=(haproxy)
if [ -z "$db" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
if [ ${#missing[@]} -gt 0 ]; then
  step "Installing ${missing[*]} (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq </dev/null
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
fi
haproxy=$(command -v haproxy || echo /usr/sbin/haproxy)
pretty_db() { sed -E 's#(://[^:/@]+):[^@]*@#\1@#' <<<"$1"; }

if [ -z "${TTT_BIN:-}" ]; then
  step "Building ttt (release)"
  cargo build --release -q -p ttt
  TTT_BIN="${CARGO_TARGET_DIR:-$PWD/target}/release/ttt"
fi

work="$(mktemp -d /tmp/ttt-cluster.XXXXXX)"
chmod 755 "$work"
pids=()
pg_bin=
run_pg() { "$@"; }
cleanup() {
  trap - EXIT INT TERM
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null || true
    wait "${pids[i]}" 2>/dev/null || true
  done
  if [ -n "$pg_bin" ]; then
    run_pg "$pg_bin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 0' INT TERM

# A port nothing listens on.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

if [ -z "$db" ]; then
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  # PostgreSQL refuses to run as root.
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$work"
    run_pg() { runuser -u postgres -- "$@"; }
  fi
  pg_port=$(free_port)
  step "Starting a throwaway PostgreSQL on 127.0.0.1:$pg_port"
  run_pg "$pg_bin/initdb" -D "$work/pg" -U ttt --auth=trust -E UTF8 --locale=C >/dev/null
  run_pg "$pg_bin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
    -o "-p $pg_port -k $work -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
  run_pg "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U ttt ttt
  db="postgres://ttt@127.0.0.1:$pg_port/ttt"
fi

if [ -n "$direct" ]; then
  "$TTT_BIN" serve --addr "127.0.0.1:$port" --db "$db" "${serve_args[@]}" 2>"$work/server-1.log" &
  pids+=($!)
  echo "ttt: logs in $work"
  wait "${pids[-1]}"
  exit
fi

backends=""
for i in $(seq 1 "$servers"); do
  p=$(free_port)
  "$TTT_BIN" serve --addr "127.0.0.1:$p" --db "$db" --trust-forwarded-for "${serve_args[@]}" \
    >"$work/server-$i.log" 2>&1 &
  pids+=($!)
  backends+="    server ttt$i 127.0.0.1:$p check"$'\n'
done
for i in $(seq 1 "$servers"); do
  for _ in $(seq 1 100); do
    grep -q 'the game is at' "$work/server-$i.log" && break
    kill -0 "${pids[i - 1]}" 2>/dev/null || { cat "$work/server-$i.log" >&2; exit 1; }
    sleep 0.1
  done
done

cat >"$work/haproxy.cfg" <<EOF
global
    maxconn 4096
defaults
    mode http
    option forwardfor
    option redispatch
    retries 2
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    # Live updates are long-lived responses: let them stay open.
    timeout tunnel 1h
    timeout http-keep-alive 10s
frontend web
    bind 0.0.0.0:$port
    default_backend ttt
backend ttt
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 1s fall 2 rise 1
$backends
EOF
"$haproxy" -f "$work/haproxy.cfg" -db >"$work/haproxy.log" 2>&1 &
pids+=($!)
sleep 0.5
kill -0 "${pids[-1]}" 2>/dev/null || { cat "$work/haproxy.log" >&2; exit 1; }

echo "ttt: the game is at http://127.0.0.1:$port/ ($servers servers behind HAProxy; Ctrl-C to stop)"
echo "ttt: players and games are kept in $(pretty_db "$db")"
echo "ttt: logs in $work"
wait "${pids[-1]}"
