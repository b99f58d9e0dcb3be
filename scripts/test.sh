#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: checks formatting and lints, installs
# PostgreSQL's server programs if missing (apt-get; the tests start a throwaway cluster of
# their own and stop it), runs the Rust tests, then the page's unit tests (Node.js alone) and the browser tests, both through
# e2e/run.sh, which first installs what they need and the machine lacks (Node.js and npm,
# Debian's chromium, the npm packages), then the desktop window's tests in Xvfb
# (crates/ttt-gui/xvfb/run.sh, which installs Xvfb and the rest with apt-get when missing).
# Non-interactive: safe with no standard input (CI).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

if [ -z "${TTT_PG_BIN:-}" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 &&
  ! command -v initdb >/dev/null 2>&1; then
  step "Installing PostgreSQL (apt-get), for the tests of servers sharing a database"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq </dev/null
  as_root apt-get install -y -qq --no-install-recommends postgresql </dev/null
fi

step "cargo test (the whole workspace)"
cargo test --workspace

if [ -x e2e/run.sh ]; then
  step "page unit tests (node --test, no browser)"
  e2e/run.sh --unit
  step "browser tests (headless Chromium)"
  e2e/run.sh
fi

if [ -x crates/ttt-gui/xvfb/run.sh ]; then
  step "desktop window tests (the real window in Xvfb)"
  crates/ttt-gui/xvfb/run.sh
fi

step "all tests passed"
