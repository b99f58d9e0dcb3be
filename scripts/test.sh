#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: checks formatting and lints, runs the
# Rust tests, then the page's unit tests (Node.js alone) and the browser tests, both through
# e2e/run.sh, which first installs what they need and the machine lacks (Node.js and npm,
# Debian's chromium, the npm packages), then the desktop window's tests in Xvfb
# (crates/ttt-gui/xvfb/run.sh, which installs Xvfb and the rest with apt-get when missing).
# Non-interactive: safe with no standard input (CI).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo doc of the libraries (warnings are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p ttt-core -p ttt-ai

step "cargo test (the whole workspace; the examples' tests check what they print)"
cargo test --workspace

step "the examples, run as their docs say"
for example in two_players course_minimax solve_position; do
  cargo run -q -p ttt-ai --example "$example" >/dev/null
done

# The Python package is installed as its README section says, into a virtual environment of
# its own; pip fetches pytest, and maturin for the build, from PyPI.
step "Python package: pip install ./crates/ttt-py into target/py-venv, then pytest"
venv=target/py-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check pytest
"$venv/bin/python" -m pip install -q --disable-pip-version-check ./crates/ttt-py
"$venv/bin/python" -m pytest -q crates/ttt-py/tests

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
