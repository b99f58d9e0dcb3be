#!/usr/bin/env bash
# Runs every test of the project on a fresh machine. Installs what is missing with apt-get
# (Python's headers and venv; PostgreSQL's server programs: the tests start a throwaway
# cluster of their own and stop it), checks formatting, lints and the libraries' docs, runs
# the Rust tests and the examples, the Python package's tests (pytest, in target/py-venv),
# then the page's unit tests (Node.js alone) and the browser tests, both through e2e/run.sh,
# which first installs what they need and the machine lacks (Node.js and npm, Debian's
# chromium, the npm packages), then the desktop window's tests in Xvfb
# (crates/ttt-gui/xvfb/run.sh, which installs Xvfb and the rest with apt-get when missing).
# Non-interactive: safe with no standard input (CI).
set -euo pipefail
cd "$(dirname "$0")/.."

# A clean checkout gains nothing from incremental builds, and their caches would double what
# the build writes to disk.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

step() { printf '\n==> %s\n' "$*"; }
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

# What the build and the tests need from the system, installed when missing: Python's
# headers and venv (the Python package links to libpython), PostgreSQL's server programs (the
# tests start a throwaway cluster of their own) and openssl (which makes the certificates of
# the cluster that takes TLS only).
missing=()
for p in python3-dev python3-venv openssl; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
if [ -z "${TTT_PG_BIN:-}" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 &&
  ! command -v initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
if [ ${#missing[@]} -gt 0 ]; then
  step "Installing ${missing[*]} (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq </dev/null
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
fi

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

# The engine's protocol, checked by a manager-side client we did not write (PyGomo, from
# PyPI), against the debug build `cargo test` made.
step "the Gomocup protocol through PyGomo"
PBRAIN=target/debug/pbrain-ttt scripts/pbrain-check.sh target/pygomo-venv

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
