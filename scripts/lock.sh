#!/usr/bin/env bash
# Re-make the lock files after a change of pyproject.toml's dependencies (needs uv: pip install uv).
#   requirements.lock         everything: the server, the tools, the tests, research, the compiled engine
#   requirements-server.lock  what the server's container image installs: the runtime and the compiled
#                             engine, at the versions requirements.lock pins
# uv keeps the versions already pinned unless a change needs another; --upgrade to move them all.
set -euo pipefail
cd "$(dirname "$0")/.."
uv pip compile pyproject.toml --extra dev --extra research --extra distributed --extra fast \
  -o requirements.lock --generate-hashes "$@"
pins=$(mktemp)
trap 'rm -f "$pins"' EXIT
grep -E '^[a-z]' requirements.lock | sed 's/ \\$//' > "$pins"
uv pip compile pyproject.toml --extra fast -c "$pins" --python-version 3.11 \
  -o requirements-server.lock --generate-hashes --no-header --no-annotate
