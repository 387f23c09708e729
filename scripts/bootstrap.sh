#!/usr/bin/env bash
# Set up (or refresh) the project's virtual environment from the locked
# dependencies. Idempotent: a second run only re-checks what is installed.
#   scripts/bootstrap.sh          runtime + developer tools (tests, lint)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.lock-installed
if [ ! -f "$stamp" ] || ! cmp -s requirements.lock "$stamp"; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet --require-hashes -r requirements.lock
  cp requirements.lock "$stamp"
fi
.venv/bin/python -m pip install --quiet --no-deps --no-build-isolation -e . 2>/dev/null \
  || .venv/bin/python -m pip install --quiet --no-deps -e . >.venv/install.log 2>&1 || { cat .venv/install.log; exit 1; }
# the compiled engine (Cython): only what changed is rebuilt; without a C compiler the project
# runs as plain Python, slower, and this line says so
.venv/bin/python -m tabletop.fast.build || echo "== the engine runs as plain Python (slower): the build step failed"
