#!/usr/bin/env bash
# The real `ttt gui` in a virtual X display (Debian's Xvfb): without a display it exits with
# status 2 and one line; in one, the window titled Tic-Tac-Toe appears, a screenshot of it
# is not blank, closing it (the window manager's close, or Ctrl+Q) exits with status 0, a
# game played with the keyboard is saved, a clock that runs out ends its game by itself
# and the loss is saved, and a file that is not a database is left as it was.
#
# Installs what is missing (Xvfb, a small window manager, xdotool, wmctrl, ImageMagick and
# the OpenGL and X libraries the window loads, with apt-get), builds the binary, starts its
# own display and stops everything it started. Non-interactive: safe with no standard input.
#
#   crates/ttt-gui/xvfb/run.sh                 run the tests
#   crates/ttt-gui/xvfb/run.sh --screenshots   retake docs/gui-*.png instead
#
# TTT_BIN=/path/to/ttt skips the build and tests that binary.
set -euo pipefail
cd "$(dirname "$0")"
root="$(cd ../../.. && pwd)"

step() { printf '\n==> %s\n' "$*"; }
fail() {
  printf 'FAILED: %s\n' "$*" >&2
  exit 1
}
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

# Xvfb and the tools that drive and photograph the window; Mesa's software OpenGL and the X
# libraries that the window opens at run time (a desktop has them already).
packages=(xvfb xdotool wmctrl matchbox-window-manager imagemagick
  libgl1 libegl1 libgl1-mesa-dri libx11-6 libx11-xcb1 libxcursor1 libxi6 libxrandr2
  libxkbcommon0 libxkbcommon-x11-0)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  step "Installing ${missing[*]} (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq </dev/null
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
fi

if [ -z "${TTT_BIN:-}" ]; then
  step "Building ttt"
  (cd "$root" && cargo build -p ttt)
  TTT_BIN="${CARGO_TARGET_DIR:-$root/target}/debug/ttt"
fi

work="$(mktemp -d)"
started=()
cleanup() {
  # Only what this script started, newest first.
  for ((i = ${#started[@]} - 1; i >= 0; i--)); do
    kill "${started[i]}" 2>/dev/null || true
    wait "${started[i]}" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

# Starts Xvfb on a free display number and exports DISPLAY.
start_display() {
  exec {fd}>"$work/display"
  Xvfb -displayfd "$fd" -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
  started+=($!)
  exec {fd}>&-
  for _ in $(seq 100); do
    [ -s "$work/display" ] && break
    sleep 0.1
  done
  [ -s "$work/display" ] || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
  export DISPLAY=":$(head -1 "$work/display")"
}

# Starts `ttt gui ARGS...` in the background; its exit status goes to $work/status.
app_pid=
start_app() {
  rm -f "$work/status"
  ("$TTT_BIN" gui "$@" >"$work/app.log" 2>&1; echo $? >"$work/status") &
  app_pid=$!
  started+=("$app_pid")
}

# The window's id once it is shown, titled exactly Tic-Tac-Toe.
window() {
  local id
  id="$(timeout 60 xdotool search --sync --onlyvisible --name '^Tic-Tac-Toe$' | head -1)" ||
    fail "no window titled Tic-Tac-Toe appeared: $(cat "$work/app.log")"
  echo "$id"
}

# Waits for the app to exit and checks its status.
expect_exit() {
  local want="$1"
  for _ in $(seq 200); do
    [ -s "$work/status" ] && break
    sleep 0.1
  done
  [ -s "$work/status" ] || fail "the window did not close"
  wait "$app_pid" 2>/dev/null || true
  local got
  got="$(cat "$work/status")"
  [ "$got" = "$want" ] || fail "ttt gui exited with status $got, not $want: $(cat "$work/app.log")"
}

# Photographs window $1 into $2 once it shows more than a few colours (the first frames
# may not be drawn yet); fails if it stays blank.
photograph() {
  local colours=0
  for _ in $(seq 60); do
    import -window "$1" "$2" 2>/dev/null || true
    colours="$(identify -format '%k' "$2" 2>/dev/null || echo 0)"
    [ "$colours" -gt 16 ] && return 0
    sleep 0.25
  done
  fail "the screenshot $2 is blank ($colours colours)"
}

keys() {
  for key in "$@"; do
    xdotool key "$key"
    sleep 0.15
  done
}

typed() {
  xdotool type --delay 40 "$1"
  sleep 0.2
}

# Console games between Alice and Bob, so the score panels have numbers to show: Alice
# wins the first, the second is a tie, Bob wins the third.
history() {
  printf '%s\n' '1 1' '2 1' '1 2' '2 2' '1 3' y \
    '1 1' '1 2' '1 3' '2 2' '2 1' '2 3' '3 2' '3 1' '3 3' y \
    '1 1' '2 2' '1 2' '1 3' '3 3' '3 1' n |
    "$TTT_BIN" play --db "$1" --x human:Alice --o human:Bob >/dev/null
}

# The start screen: Alice against Bob (player 2's box ticked, his name typed) when $1 is
# "bob", else against the computer; then Play.
set_up() {
  local id="$1" opponent="$2"
  xdotool windowfocus --sync "$id"
  xdotool mousemove 0 0
  typed Alice # the cursor starts in player 1's name
  if [ "$opponent" = bob ]; then
    keys Tab space Tab # player 2's "Is player human", then player 2's name
    typed Bob
  fi
}

play_keys() {
  # Enter leaves the name field; Enter again plays.
  keys Return Return
  sleep 0.5
}

screenshots() {
  step "Taking screenshots into docs/"
  start_display
  local db="$work/screens.db" id
  history "$db"

  start_app --db "$db" --seed 7
  id="$(window)"
  set_up "$id" computer
  photograph "$id" "$root/docs/gui-start.png"
  play_keys
  # Alice takes the centre (the first Enter shows the cursor), then a corner.
  keys Return Return
  sleep 0.8
  keys Up Left Return
  sleep 0.8
  photograph "$id" "$root/docs/gui-game.png"
  keys ctrl+q
  expect_exit 0

  start_app --db "$db" --seed 7
  id="$(window)"
  set_up "$id" bob
  play_keys
  # Alice: centre, top right, bottom left (the diagonal); Bob: top left, top middle.
  keys Return Return Up Left Return Right Right Return Left Return Down Down Left Return
  sleep 0.8
  photograph "$id" "$root/docs/gui-won.png"
  keys ctrl+q
  expect_exit 0
  echo "docs/gui-start.png docs/gui-game.png docs/gui-won.png"
}

if [ "${1:-}" = "--screenshots" ]; then
  screenshots
  exit 0
fi

step "ttt gui with no display: status 2 and one line"
set +e
out="$(env -u DISPLAY -u WAYLAND_DISPLAY -u WAYLAND_SOCKET "$TTT_BIN" gui --db "$work/none.db" 2>&1)"
status=$?
set -e
[ "$status" -eq 2 ] || fail "status $status, not 2: $out"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "more than one line: $out"
case "$out" in *"ttt play"*"ttt serve"*) ;; *) fail "no pointer to ttt play and ttt serve: $out" ;; esac
[ ! -e "$work/none.db" ] || fail "a database was created with no window"
echo "ok: $out"

step "The window in Xvfb: it appears, is not blank, and the window manager's close exits 0"
start_display
matchbox-window-manager -use_titlebar no >"$work/wm.log" 2>&1 &
started+=($!)
start_app --db "$work/ttt.db"
id="$(window)"
photograph "$id" "$work/start.png"
echo "ok: a window titled Tic-Tac-Toe, $(identify -format '%wx%h, %k colours' "$work/start.png")"
wmctrl -c 'Tic-Tac-Toe'
expect_exit 0
echo "ok: closed by the window manager, status 0"

step "A game played with the keyboard in the real window is saved; Ctrl+Q exits 0"
start_app --db "$work/ttt.db"
id="$(window)"
set_up "$id" bob
play_keys
keys Return Return Up Left Return Right Right Return Left Return Down Down Left Return
sleep 0.5
photograph "$id" "$work/won.png"
keys ctrl+q
expect_exit 0
players="$("$TTT_BIN" players --json --db "$work/ttt.db" | tr -d ' \n')"
case "$players" in
  *'"name":"Alice","wins":1,"losses":0'*'"name":"Bob","wins":0,"losses":1'*) ;;
  *) fail "the game was not saved as Alice's win: $players" ;;
esac
echo "ok: Alice's win over Bob is in the database"

step "With --clock, running out in the real window ends the game at once, saved as a loss"
start_app --db "$work/clock.db" --clock 2s+0
id="$(window)"
set_up "$id" computer
play_keys
# Alice does not move: her two seconds run out with nobody touching the window.
lost=
for _ in $(seq 150); do
  saved="$("$TTT_BIN" history --json --db "$work/clock.db" 2>/dev/null)"
  if grep -q '"ending": "timeout"' <<<"$saved" && grep -q '"result": "o_wins"' <<<"$saved"; then
    lost=yes
    break
  fi
  sleep 0.1
done
[ -n "$lost" ] || fail "no loss on time was saved: $("$TTT_BIN" history --db "$work/clock.db" 2>&1)"
photograph "$id" "$work/clock.png"
keys ctrl+q
expect_exit 0
players="$("$TTT_BIN" players --json --db "$work/clock.db" | tr -d ' \n')"
case "$players" in
  *'"name":"Alice","wins":0,"losses":1'*) ;;
  *) fail "Alice's loss on time is not in the database: $players" ;;
esac
echo "ok: Alice ran out of time, and her loss is saved"

step "A file that is not a database is left as it was"
printf 'my notes, not a database\n%.0s' $(seq 20) >"$work/notes.db"
cp "$work/notes.db" "$work/notes.orig"
start_app --db "$work/notes.db"
id="$(window)"
photograph "$id" "$work/notes.png"
wmctrl -c 'Tic-Tac-Toe'
expect_exit 0
cmp -s "$work/notes.db" "$work/notes.orig" || fail "notes.db was changed"
echo "ok: notes.db unchanged"

step "all window tests passed"
