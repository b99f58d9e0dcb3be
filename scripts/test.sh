#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: installs what the tests need and the
# machine lacks (Debian's chromium for the browser tests, the browser tests' npm packages),
# then checks formatting and lints, runs the Rust tests and the browser tests.
# Non-interactive: safe with no standard input (CI).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

apt_install() {
  step "Installing $* (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq "$@" </dev/null
}

# What the browser tests need: Debian's Chromium and Node.js with npm.
if [ -d e2e ]; then
  if [ ! -x /usr/bin/chromium ]; then apt_install chromium; fi
  if ! command -v npm >/dev/null 2>&1; then apt_install nodejs npm; fi
fi

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo test (the whole workspace)"
cargo test --workspace

if [ -x e2e/run.sh ]; then
  step "browser tests (headless Chromium)"
  e2e/run.sh
fi

step "all tests passed"
