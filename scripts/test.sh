#!/usr/bin/env bash
# Set everything up from the lock file, then run the whole test suite:
# lint (ruff), types (mypy) and pytest on both cores. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --all
# the browser tests drive Debian's Chromium (no browser downloads): install it if missing
if ! command -v chromium >/dev/null 2>&1; then
  echo "== installing Debian's chromium for the browser tests"
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || echo "!! could not install chromium: the browser tests will fail and say so"
  else
    echo "!! chromium missing and not root: the browser tests will fail and say so"
  fi
fi
echo "== ruff"
.venv/bin/ruff check tabletop tests
echo "== mypy"
.venv/bin/mypy
if [ "$#" -gt 0 ]; then
  .venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" -p no:cacheprovider "$@"
  exit
fi
echo "== pytest (everything but the browser)"
.venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" -p no:cacheprovider --ignore=tests/browser
# Playwright's sync API keeps an event loop running in its process, so the browser tests
# run in a pytest run of their own (tests that call asyncio.run must not share it)
echo "== pytest (browser: Playwright + Chromium)"
.venv/bin/python -m pytest -n "${TEST_WORKERS:-2}" -p no:cacheprovider tests/browser
