#!/usr/bin/env bash
# Checks the pbrain engine against PyGomo (pygomo-lib on PyPI), a Gomocup manager-side
# client we did not write: builds pbrain-ttt, installs PyGomo in a virtual environment of
# its own (outside the repository) and runs scripts/pbrain_check.py.
#
# Usage: scripts/pbrain-check.sh [VENV]   (VENV defaults to ${TMPDIR:-/tmp}/ttt-pygomo)
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-${TMPDIR:-/tmp}/ttt-pygomo}"
cargo build --release --bin pbrain-ttt
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet 'pygomo-lib==0.1.1'
"$venv/bin/python" scripts/pbrain_check.py target/release/pbrain-ttt
