#!/usr/bin/env bash
# Checks the pbrain engine against PyGomo (pygomo-lib on PyPI), a Gomocup manager-side
# client we did not write: installs PyGomo in a virtual environment of its own and runs
# scripts/pbrain_check.py against the engine.
#
# Usage: scripts/pbrain-check.sh [VENV]   (VENV defaults to ${TMPDIR:-/tmp}/ttt-pygomo)
# The engine is $PBRAIN when set (scripts/test.sh passes the debug build it already has),
# else a release build of pbrain-ttt made here.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-${TMPDIR:-/tmp}/ttt-pygomo}"
engine="${PBRAIN:-}"
if [ -z "$engine" ]; then
    cargo build --release --bin pbrain-ttt
    engine=target/release/pbrain-ttt
fi
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check 'pygomo-lib==0.1.1'
"$venv/bin/python" scripts/pbrain_check.py "$engine"
