#!/usr/bin/env bash
# Set up (or refresh) the project's virtual environment .venv from the locked dependencies.
# Idempotent: a second run only re-checks what is installed (the stamp files in .venv/).
#   bash scripts/bootstrap.sh         what `tabletop serve` needs: requirements-server.lock (the runtime
#                                     and Cython) and the package; nothing is compiled here: `tabletop
#                                     serve` builds the compiled engine in the background (nice 19) once
#                                     it answers, and the next start runs it
#   bash scripts/bootstrap.sh --all   everything: requirements.lock (the server's set and the developer
#                                     tools, research and distributed extras, same pins), the package, and
#                                     the compiled engine built now (scripts/test.sh runs this)
# Packages are installed with uv (requirements-installer.lock, installed by pip into .venv), which
# downloads in parallel; TABLETOP_INSTALLER=pip uses pip instead, and pip is used when uv fails.
set -euo pipefail
cd "$(dirname "$0")/.."
all=0
case "${1:-}" in
  --all) all=1 ;;
  "") ;;
  *) echo "usage: bash scripts/bootstrap.sh [--all]" >&2; exit 2 ;;
esac
PY=${PYTHON:-python3}
VPY=.venv/bin/python
start=$SECONDS
steps=$((all ? 4 : 3))
step=0
say() { step=$((step + 1)); echo "== [$step/$steps] $*"; }
took() { echo "   ($(( SECONDS - $1 )) s)"; }

if [ "$all" = 1 ]; then
  lock=requirements.lock stamp=.venv/.lock-installed what="everything (requirements.lock)"
else
  lock=requirements-server.lock stamp=.venv/.server-lock-installed what="what the server needs (requirements-server.lock)"
fi
echo "== bootstrap: $what into .venv"

t=$SECONDS
if [ ! -x "$VPY" ]; then
  say ".venv: making it with $("$PY" --version 2>&1) ($PY -m venv)"
  "$PY" -m venv .venv
  took "$t"
else
  say ".venv: there ($("$VPY" --version 2>&1))"
fi

# uv, the installer: it reads neither pip's configuration nor its certificates, so it is given
# those it needs (an index in PIP_INDEX_URL, a CA bundle in PIP_CERT) and the system's certificates
uv_env() {
  export UV_SYSTEM_CERTS=${UV_SYSTEM_CERTS:-1} UV_LINK_MODE=${UV_LINK_MODE:-copy}
  if [ -n "${PIP_CERT:-}" ] && [ -z "${SSL_CERT_FILE:-}" ]; then export SSL_CERT_FILE=$PIP_CERT; fi
  if [ -n "${PIP_INDEX_URL:-}" ] && [ -z "${UV_DEFAULT_INDEX:-}${UV_INDEX_URL:-}" ]; then
    export UV_DEFAULT_INDEX=$PIP_INDEX_URL
  fi
}
uv_state=
have_uv() {
  [ "${TABLETOP_INSTALLER:-uv}" = uv ] || return 1
  [ -z "$uv_state" ] || return "$uv_state"
  uv_state=0
  if [ -x .venv/bin/uv ] && cmp -s requirements-installer.lock .venv/.installer-installed; then return 0; fi
  echo "   installing the installer: uv (pip install --require-hashes -r requirements-installer.lock)"
  if "$VPY" -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-installer.lock; then
    cp requirements-installer.lock .venv/.installer-installed
    return 0
  fi
  echo "!! could not install uv: pip installs the packages instead (slower)"
  uv_state=1
  return 1
}
# install the locked requirements file $1: uv if it can, else pip (its own output either way)
install_lock() {
  if have_uv; then
    uv_env
    if .venv/bin/uv pip install --python "$VPY" --require-hashes -r "$1"; then return 0; fi
    echo "!! uv failed (above): trying again with pip"
  fi
  "$VPY" -m pip install --quiet --disable-pip-version-check --upgrade pip
  "$VPY" -m pip install --disable-pip-version-check --progress-bar on --require-hashes -r "$1"
}

t=$SECONDS
if [ -f "$stamp" ] && cmp -s "$lock" "$stamp"; then
  say "dependencies: up to date ($lock)"
else
  say "dependencies: $(grep -cE '^[A-Za-z0-9]' "$lock") locked packages from $lock, hashes checked"
  install_lock "$lock"
  cp "$lock" "$stamp"
  took "$t"
fi

# the package itself, editable (the sources are used where they are): again only when
# pyproject.toml changed or the command is missing
t=$SECONDS
if [ -x .venv/bin/tabletop ] && cmp -s pyproject.toml .venv/.package-installed; then
  say "tabletop: installed (editable)"
else
  say "tabletop: installing the package (editable, no dependencies)"
  if have_uv && { uv_env; .venv/bin/uv pip install --quiet --python "$VPY" --no-deps -e .; }; then
    :
  else
    "$VPY" -m pip install --quiet --no-deps --no-build-isolation -e . 2>/dev/null \
      || "$VPY" -m pip install --quiet --no-deps -e . >.venv/install.log 2>&1 || { cat .venv/install.log; exit 1; }
  fi
  cp pyproject.toml .venv/.package-installed
  took "$t"
fi

if [ "$all" = 1 ]; then
  # the compiled engine (Cython), now: the tests run against it. Only what changed is rebuilt;
  # without a C compiler the project runs as plain Python, slower, and this says so
  t=$SECONDS
  say "the compiled engine (python -m tabletop.fast.build: Cython, then the C compiler on every core)"
  if [ -n "${TABLETOP_PURE:-}" ]; then
    echo "   not built: TABLETOP_PURE is set (plain Python on purpose)"
  else
    "$VPY" -m tabletop.fast.build || echo "== the engine runs as plain Python (slower): the build step failed"
    took "$t"
  fi
  echo "== ready in $((SECONDS - start)) s"
else
  echo "== ready in $((SECONDS - start)) s; \`.venv/bin/tabletop serve\` says which engine it runs and builds the compiled one in the background if it is missing"
fi
