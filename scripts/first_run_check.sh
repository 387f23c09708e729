#!/usr/bin/env bash
# The README's first command on a fresh copy of the project, timed: from its start until
# `curl -s http://127.0.0.1:PORT/` answers 200. Fails past the limit (120 s) or if it never answers.
# It needs the network (PyPI) and a quiet machine (it prints the load average before and after).
#
#   bash scripts/first_run_check.sh [--worktree] [--warm] [--build] [--limit SECONDS] [--keep]
#
#   (default)   a `git clone` of this repository's HEAD, with empty installer caches: pip's off
#               (PIP_NO_CACHE_DIR=1), uv's a new empty folder (UV_CACHE_DIR)
#   --worktree  a copy of the work tree as it is now (tracked and untracked files, not the ignored
#               ones) instead of HEAD: to check a change before committing it
#   --warm      keep the usual caches (pip's and uv's) instead of empty ones
#   --build     then wait for the compiled engine's background build, time it, and start the
#               server again to see it say "engine: compiled"
#   --keep      keep the copy (its folder is printed) instead of deleting it
# The server listens on port 8000, or on a free port (TABLETOP_PORT) when 8000 is taken.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
limit=120 worktree=0 warm=0 build=0 keep=0
while [ "$#" -gt 0 ]; do
  case "$1" in
    --limit) limit=$2; shift ;;
    --worktree) worktree=1 ;;
    --warm) warm=1 ;;
    --build) build=1 ;;
    --keep) keep=1 ;;
    *) sed -n '2,17p' "$0" >&2; exit 2 ;;
  esac
  shift
done
command -v curl >/dev/null || { echo "!! curl is needed" >&2; exit 2; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

dir=$(mktemp -d /tmp/tabletop-first-run.XXXXXX)
copy=$dir/tabletop
if [ "$worktree" = 1 ]; then
  mkdir "$copy"
  (cd "$repo" && git ls-files -z --cached --others --exclude-standard \
     | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
     | tar --null -T - -cf -) | tar -xf - -C "$copy"
  what="a copy of the work tree"
else
  git clone -q "$repo" "$copy"
  what="a clone of HEAD ($(git -C "$copy" rev-parse --short HEAD))"
fi
if [ "$warm" = 1 ]; then
  caches="warm caches (pip's and uv's as they are)"
else
  export PIP_NO_CACHE_DIR=1 UV_CACHE_DIR=$dir/uv-cache
  caches="cold caches (PIP_NO_CACHE_DIR=1, an empty UV_CACHE_DIR)"
fi
port=8000
if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/" || (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
fi
export TABLETOP_PORT=$port
unset TABLETOP_PURE VIRTUAL_ENV

server=
cleanup() {
  if [ -n "$server" ]; then kill -TERM -- "-$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  # a background build still running (its process group is named in the lock file)
  builder=$(cat "$copy/tabletop/_fast/.build.lock" 2>/dev/null || true)
  if [ -n "$builder" ] && kill -0 "$builder" 2>/dev/null; then kill -TERM -- "-$builder" 2>/dev/null || true; fi
  if [ "$keep" = 1 ]; then echo "== kept: $copy"; else rm -rf "$dir"; fi
}
trap cleanup EXIT

# answered: wait (at most $1 seconds from $2) for a 200 at /
answered() {
  while :; do
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$port/" || true)
    [ "$code" = 200 ] && return 0
    kill -0 "$server" 2>/dev/null || return 1
    [ "$(secs "$2" "$(now)" | cut -d. -f1)" -lt "$1" ] || return 1
    sleep 0.2
  done
}

echo "== the first command on $what, $caches, port $port"
echo "== in $copy; load average before: $(load); $(nproc) cores"
cd "$copy"
t0=$(now)
setsid bash -c 'bash scripts/bootstrap.sh && exec .venv/bin/tabletop serve' > >(tee "$dir/first.log") 2>&1 &
server=$!
if answered "$limit" "$t0"; then
  took=$(secs "$t0" "$(now)")
  echo "== FIRST COMMAND: / answered 200 after $took s (limit $limit s); load average now: $(load)"
  ok=1
else
  echo "!! FIRST COMMAND: no 200 at / within $limit s (load average now: $(load))"
  ok=0
fi
grep -q '^engine: ' "$dir/first.log" || echo "!! the server did not say which engine it runs"
[ "$ok" = 1 ] || exit 1

if [ "$build" = 1 ]; then
  log=tabletop/_fast/build.log
  if grep -q 'being built in the background' "$dir/first.log"; then
    echo "== waiting for the background build (log: $copy/$log)"
    # the build holds the lock until it ends
    python3 -c 'import fcntl, sys; fcntl.flock(open(sys.argv[1], "a"), fcntl.LOCK_EX)' tabletop/_fast/.build.lock
    b1=$(now)
    echo "== BACKGROUND BUILD: over $(secs "$t0" "$b1") s after the first command started; its log:"
    sed 's/^/   | /' "$log"
    grep -q 'modules built' "$log" || { echo "!! the background build did not build"; exit 1; }
  else
    echo "!! the server started no background build"; exit 1
  fi
  kill -TERM -- "-$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true
  t1=$(now)
  setsid .venv/bin/tabletop serve > >(tee "$dir/second.log") 2>&1 &
  server=$!
  answered 60 "$t1" || { echo "!! the second start did not answer"; exit 1; }
  echo "== SECOND START: / answered 200 after $(secs "$t1" "$(now)") s"
  grep -q '^engine: compiled' "$dir/second.log" || { echo "!! the second start does not run the compiled engine"; exit 1; }
fi
