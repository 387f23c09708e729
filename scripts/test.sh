#!/usr/bin/env bash
# Set everything up from the lock file, then run the whole test suite:
# lint (ruff), types (mypy) and pytest on both cores. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
echo "== ruff"
.venv/bin/ruff check tabletop tests
echo "== mypy"
.venv/bin/mypy
echo "== pytest"
.venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" -p no:cacheprovider "$@"
