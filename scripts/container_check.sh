#!/usr/bin/env bash
# Build the container images from Debian's packages alone and prove them (issue 61):
#   1. a Docker daemon (Debian's docker.io and docker-compose; started if none runs; needs root)
#   2. the base image: debootstrap --variant=minbase bookworm, then docker import (made once)
#   3. the server's and PostgreSQL's images (docker-compose build, with the host's network)
#   4. compose up; a game created and played to the end through the API (a person's seat
#      played by this script, the other by a bot)
#   5. the server's container killed (SIGKILL) and started again: the game is still there
# Every container uses host networking: traffic on 127.0.0.1 only (server 8080, PostgreSQL 5433).
# Each step prints the seconds since the start. CI does not run this (it needs root and Docker);
# its last output is recorded in docs/HOSTING.md.
#   bash scripts/container_check.sh            keep the images and the volume afterwards
#   bash scripts/container_check.sh --clean    remove the containers and the volume at the end
set -euo pipefail
cd "$(dirname "$0")/.."
START=$(date +%s)
step() { echo "== [+$(( $(date +%s) - START )) s] $*"; }
BASE=tabletop-base:bookworm
ROOTFS=${TABLETOP_ROOTFS:-/var/tmp/tabletop-base/root}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
export POSTGRES_PASSWORD=${POSTGRES_PASSWORD:-container-check}
COMPOSE="docker-compose -p tabletop-check"
URL=http://127.0.0.1:8080

step "Docker daemon"
if ! command -v dockerd >/dev/null || ! command -v docker-compose >/dev/null || ! command -v debootstrap >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io docker-compose debootstrap >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
  (dockerd >/var/log/tabletop-dockerd.log 2>&1 &)
  for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
fi
docker info --format 'daemon {{.ServerVersion}}'

step "base image $BASE"
if ! docker image inspect "$BASE" >/dev/null 2>&1; then
  if [ ! -x "$ROOTFS/bin/sh" ]; then
    rm -rf "$ROOTFS" && mkdir -p "$ROOTFS"
    debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR" >/dev/null
  fi
  tar -C "$ROOTFS" -c . | docker import - "$BASE" >/dev/null
fi
docker image inspect "$BASE" --format 'base image {{.Id}} {{.Size}} bytes'

step "images (server, PostgreSQL)"
# a host whose way to PyPI passes a TLS-intercepting proxy trusts extra certificates: so must the build
find docker/extra-ca -name '*.crt' -delete
cp /usr/local/share/ca-certificates/*.crt docker/extra-ca/ 2>/dev/null || true
$COMPOSE build
docker image inspect tabletop-server --format 'server image {{.Size}} bytes'

step "compose up (a check's earlier containers and volume removed first)"
$COMPOSE down -v >/dev/null 2>&1 || true
$COMPOSE up -d
for _ in $(seq 120); do
  curl -fsS "$URL/readyz" >/dev/null 2>&1 && break
  sleep 1
done
curl -fsS "$URL/readyz"; echo
docker inspect --format 'server user: {{.Config.User}}' tabletop-check_server_1

step "a game played to the end through the API"
GAME=$(python3 - "$URL" <<'PY'
import json, random, sys, time, urllib.error, urllib.request
url = sys.argv[1]
def call(path, body=None):
    req = urllib.request.Request(url + path, data=None if body is None else json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    while True:
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as exc:
            if exc.code != 429:  # faster than a person clicks: wait as the server says
                raise
            time.sleep(float(exc.headers.get("Retry-After", "1")))
g = call("/api/games", {"players": 2, "start": True, "seats": [{"kind": "human", "name": "Check"},
                                                                {"kind": "bot", "bot": "easy"}]})
tok, rng, moves, t0 = g["seats"][0]["token"], random.Random(1), 0, time.time()
while True:
    s = call(f"/api/games/{g['id']}?token={tok}")
    if s["status"] == "finished":
        break
    if s["current_player"] == 0 and s["legal"]:
        call(f"/api/games/{g['id']}/actions", {"token": tok, "revision": s["revision"],
                                               "action": rng.choice(s["legal"])["action"]})
        moves += 1
    else:
        time.sleep(0.05)
    assert time.time() - t0 < 600, "the game did not end in 10 minutes"
print(json.dumps({"id": g["id"], "token": tok, "revision": s["revision"], "scores": s["scores"],
                  "moves": moves, "seconds": round(time.time() - t0, 1)}))
PY
)
echo "$GAME"

step "the server's container killed and started again"
docker kill --signal KILL tabletop-check_server_1 >/dev/null
$COMPOSE up -d server
for _ in $(seq 120); do
  curl -fsS "$URL/readyz" >/dev/null 2>&1 && break
  sleep 1
done
python3 - "$URL" "$GAME" <<'PY'
import json, sys, urllib.request
url, game = sys.argv[1], json.loads(sys.argv[2])
with urllib.request.urlopen(f"{url}/api/games/{game['id']}?token={game['token']}", timeout=30) as r:
    s = json.loads(r.read())
assert s["status"] == "finished", s["status"]
assert (s["revision"], s["scores"]) == (game["revision"], game["scores"]), (s["revision"], s["scores"], game)
print(f"after the restart: game {game['id']} finished, revision {s['revision']}, scores {s['scores']}: the same")
PY

if [ "${1:-}" = "--clean" ]; then
  step "clean up"
  $COMPOSE down -v
fi
step "done"
