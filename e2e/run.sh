#!/usr/bin/env bash
# Browser tests of the web game: the real `ttt serve` in headless Chromium (Debian's
# /usr/bin/chromium), driven by playwright-core under node's test runner.
#
# Installs what is missing (Node.js and npm with apt-get, chromium with apt-get, the npm
# packages with `npm ci`), builds the binary, then runs the tests. The page's unit tests need
# Node.js alone; `--unit` runs them after installing only that. Non-interactive: safe with
# no standard input (CI).
#
#   e2e/run.sh                  run the browser tests
#   e2e/run.sh --unit           run the page's unit tests instead (crates/ttt-server/tests/page/:
#                               Node.js alone, no browser, no build)
#   e2e/run.sh --screenshots    retake docs/screenshot-*.png instead
#
# TTT_BIN=/path/to/ttt skips the build and tests that binary; CHROMIUM=/path overrides the
# browser.
set -euo pipefail
cd "$(dirname "$0")"
root="$(cd .. && pwd)"

step() { printf '\n==> %s\n' "$*"; }
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}
apt_updated=
apt_install() {
  step "Installing $* (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq </dev/null; apt_updated=1; fi
  as_root apt-get install -y -qq "$@" </dev/null
}

if ! command -v npm >/dev/null 2>&1; then apt_install nodejs npm; fi

if [ "${1:-}" = "--unit" ]; then
  step "Page unit tests (node --test, no browser)"
  exec node --test "$root"/crates/ttt-server/tests/page/*.test.mjs
fi

if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then apt_install chromium; fi
if [ ! -d node_modules/playwright-core ]; then
  step "Installing the test's npm packages (npm ci)"
  npm ci --no-audit --no-fund </dev/null
fi

if [ -z "${TTT_BIN:-}" ]; then
  step "Building ttt"
  (cd "$root" && cargo build -p ttt)
  export TTT_BIN="${CARGO_TARGET_DIR:-$root/target}/debug/ttt"
fi

if [ "${1:-}" = "--screenshots" ]; then
  step "Taking screenshots into docs/"
  exec node screenshots.mjs
fi

step "Browser tests (headless Chromium)"
exec node --test --test-concurrency=1 tests/
