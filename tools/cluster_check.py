#!/usr/bin/env python3
"""Issue 61's measure: several ``tabletop serve`` processes sharing one PostgreSQL (or one
process on SQLite), many paced games played by clients spread over them, and random SIGKILLs
of one process at a time (each started again a moment later), all on loopback.

Each game has two seats: ``--games`` minus ``--bot-games`` are two people (this tool, thinking
``--think`` seconds a move), the rest a person against a ``--bot`` level. Every person posts
its moves to a random process that is up and watches the game on a WebSocket to another;
a socket dropped by a kill reconnects to a process that is up. A killed process's bots are
taken over by another (the duty lease). While no process is being killed, some moves are
sent twice at the same revision to two processes (a race). At the end it checks:

* no acknowledged action lost: every answer 200 names a revision whose action is in the store;
* every seat's last pushed view equals the view of the state rebuilt from the store;
* updates delivered in order: no WebSocket ever went back a revision;
* races one winner: each pair answered exactly one 200;
* each bot move made once: each log replays legally with the engine, its indexes contiguous;

and prints the latency from a move's POST to the other seat's WebSocket update (p50, p99),
counted only for moves made while no process was being killed (5 s around each kill). The
last line of stdout is a JSON summary; exit 1 if a check failed.

    .venv/bin/python tools/cluster_check.py                                   # 3 processes, PostgreSQL
    .venv/bin/python tools/cluster_check.py --processes 1 --database sqlite   # one process, SQLite
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.reliability.helpers import UNLIMITED, Recorder, ServerProcess, Truth, jsonable  # noqa: E402

PG = "postgresql://postgres@127.0.0.1:5432/test"


class Watcher(Recorder):
    """A seat's WebSocket that keeps only what this check reads: the revisions pushed, when
    each arrived, and the last state. Two hundred sockets that kept every message (as the
    tests' Recorder does) made this tool, not the servers, the slowest part of the run: each
    look at the last state copied the whole list, and the garbage collector visited it all."""

    def __init__(self, ws_base: str, game_id: str, token: str, label: str) -> None:
        super().__init__(ws_base, game_id, token, label)
        self.revs: list[int] = []
        self.arrivals: list[float] = []  # monotonic, when the state of each entry of revs came
        self.last_state: dict[str, Any] | None = None

    async def start(self, timeout: float = 20.0) -> Watcher:
        self.task = asyncio.get_running_loop().create_task(self._run())
        if await self.arrival(0, timeout) is None:
            raise TimeoutError("no state within the time")
        return self

    def take(self, raw: str | bytes) -> None:
        m = json.loads(raw)
        if m.get("type") == "state":
            self.arrivals.append(time.monotonic())
            self.revs.append(m["revision"])
            self.last_state = m

    @property
    def last(self) -> dict[str, Any] | None:
        return self.last_state

    async def arrival(self, revision: int, timeout: float) -> float | None:
        """When the first state at ``revision`` or later arrived (monotonic), waiting up to ``timeout``."""
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            for i in range(seen, len(self.revs)):
                if self.revs[i] >= revision:
                    return self.arrivals[i]
            seen = len(self.revs)
            if not await self.next_message(deadline):
                return None


class Cluster:
    def __init__(self, database: str, n: int, workdir: Path, bot_delay: float, route: str = "random") -> None:
        extra = (*UNLIMITED, "--duty-lease", "3")
        self.route = route
        self.procs = []
        for i in range(n):
            wd = workdir / f"server{i}"
            wd.mkdir()
            self.procs.append(ServerProcess(database, wd, bot_delay, extra))
        # each kill: (when it was killed, when it answered again), monotonic; None while down
        self.kills: list[list[float | None]] = []

    def start(self) -> None:
        for p in self.procs:
            p.start(timeout=60)

    def up(self) -> list[ServerProcess]:
        return [p for p in self.procs if p.alive()]

    def pick(self, rng: random.Random, avoid: ServerProcess | None = None, game: str | None = None) -> ServerProcess:
        """A process that is up: the game's own (``--route game``: its id hashed over the
        processes, as a proxy hashing on the path would) while it is up, else any at random."""
        up = self.up() or self.procs
        if game is not None and self.route == "game":
            own = self.procs[int(game, 16) % len(self.procs)]
            if own in up and own is not avoid:
                return own
        others = [p for p in up if p is not avoid]
        return rng.choice(others or up)

    def quiet(self, t: float) -> bool:
        """No process killed from 2 s before ``t``, none starting again (it reloads every running
        game) until 5 s after it answered."""
        return all(not (k - 2.0 <= t <= (back if back is not None else t) + 5.0) for k, back in self.kills)

    def stop(self) -> None:
        for p in self.procs:
            p.stop()


class Player:
    """One person's seat: moves through random processes, a WebSocket on another."""

    def __init__(self, cluster: Cluster, game: dict[str, Any], seat: int, rng: random.Random,
                 think: tuple[float, float], report: dict[str, Any]) -> None:
        self.c, self.g, self.seat, self.rng, self.think, self.r = cluster, game, seat, rng, think, report
        self.token = game["seats"][seat]["token"]
        self.rec: Watcher | None = None
        self.server: ServerProcess | None = None
        self.high = 0  # the highest revision this seat's sockets showed
        self.known = 0  # the revision its own last accepted move made: older pushes are not read

    async def watch(self) -> None:
        """Keep a WebSocket open on some process; reconnect to one that is up when it drops."""
        while True:
            if self.rec is None or self.rec.closed.is_set():
                if self.rec is not None:
                    self._note(self.rec)
                    self.r["reconnects"] += 1
                self.server = self.c.pick(self.rng, game=self.g["id"])
                try:
                    self.rec = await Watcher(self.server.ws_url, self.g["id"], self.token,
                                              f"seat {self.seat}").start(10)
                except Exception:
                    self.rec = None
                    await asyncio.sleep(0.5)
                    continue
            await asyncio.sleep(0.1)

    def _note(self, rec: Watcher) -> None:
        revs = rec.revs
        if any(b < a for a, b in zip(revs, revs[1:])):
            self.r["out_of_order"].append((self.g["id"], self.seat, revs[:50]))
        if revs:
            self.high = max(self.high, revs[-1])

    def last(self) -> dict[str, Any] | None:
        return self.rec.last if self.rec is not None else None

    def client(self, http: dict[str, httpx.AsyncClient], srv: ServerProcess) -> httpx.AsyncClient:
        if srv.url not in http:  # a process started again listens on a new port
            http[srv.url] = srv.async_client()
        return http[srv.url]

    async def post(self, http: dict[str, httpx.AsyncClient], body: dict[str, Any],
                   srv: ServerProcess) -> httpx.Response | None:
        try:
            return await self.client(http, srv).post(f"/api/games/{self.g['id']}/actions", json=body)
        except httpx.HTTPError:
            return None

    async def play(self, http: dict[str, httpx.AsyncClient], others: list[Player], deadline: float) -> None:
        gid = self.g["id"]
        while time.monotonic() < deadline:
            s = self.last()
            if s is None or s.get("status") == "finished":
                if s is not None:
                    return
                await asyncio.sleep(0.1)
                continue
            if s["revision"] < self.known or s["current_player"] != self.seat or not s.get("legal"):
                await asyncio.sleep(0.05)
                continue
            await asyncio.sleep(self.rng.uniform(*self.think))
            s = self.last()
            if s is None or s["revision"] < self.known or s["current_player"] != self.seat or not s.get("legal"):
                continue
            legal = [x["action"] for x in s["legal"]]
            bodies = [{"token": self.token, "revision": s["revision"], "action": self.rng.choice(legal)}]
            sent = time.monotonic()
            srv = self.c.pick(self.rng, game=gid)
            servers = [srv]
            if self.c.quiet(sent) and len(self.c.up()) > 1 and self.rng.random() < 0.05:
                # a race: the same revision, another move, to another process, at once
                bodies.append({**bodies[0], "action": self.rng.choice(legal)})
                servers.append(self.c.pick(self.rng, avoid=srv))
            answers = await asyncio.gather(*(self.post(http, b, v) for b, v in zip(bodies, servers)))
            acked_in = time.monotonic() - sent
            if len(answers) == 2 and all(a is not None for a in answers):
                self.r["races"] += 1
                codes = sorted(a.status_code for a in answers if a is not None)
                if codes != [200, 409]:
                    self.r["race_failures"].append((gid, codes, [a.text[:160] for a in answers if a is not None]))
            won = [(a, b) for a, b in zip(answers, bodies) if a is not None and a.status_code == 200]
            if won:
                r, body = won[0]
                rev = r.json()["revision"]
                self.known = rev
                self.r["acked"].append((gid, s["revision"], rev, body["action"]))
                for o in others:
                    where = (self.c.procs.index(servers[answers.index(r)]),
                             self.c.procs.index(o.server) if o.server in self.c.procs else -1)
                    self.r["latency_tasks"].append(asyncio.create_task(self._latency(o, rev, sent, (*where, acked_in))))
                continue
            if all(a is None for a in answers):
                self.r["lost_connections"] += 1  # the process was killed under the request: ask again
                await asyncio.sleep(0.3)
                continue
            for a in answers:
                if a is not None and a.status_code >= 500:
                    self.r["server_errors"].append((a.status_code, a.text[:200]))
            self.r["refused"] += 1  # 409: the game moved on (a race, a move seen late): read and go on
            await asyncio.sleep(0.1)

    async def _latency(self, other: Player, rev: int, sent: float, where: tuple[int, int, float]) -> None:
        rec = other.rec
        if rec is None:
            return
        arrived = await rec.arrival(rev, 10)
        if arrived is not None and self.c.quiet(sent):
            self.r["latency"].append(arrived - sent)
            self.r["timeline"].append((round(sent - self.r["t0"], 2), round((arrived - sent) * 1000, 1),
                                       round(where[2] * 1000, 1)))
            if arrived - sent > 0.2:  # which process took the move, which pushed it
                took = arrived - sent
                self.r["slow"].append((round(sent - self.r["t0"], 1), round(took * 1000), where[0], where[1],
                                       round(where[2] * 1000), self.g["id"], rev, round(time.time() - took, 3)))


async def run(opts: argparse.Namespace, database: str, workdir: Path) -> dict[str, Any]:
    rng = random.Random(opts.seed)
    cluster = Cluster(database, opts.processes, workdir, opts.bot_delay, opts.route)
    cluster.start()
    report: dict[str, Any] = {"acked": [], "latency": [], "latency_tasks": [], "out_of_order": [], "races": 0,
                              "race_failures": [], "refused": 0, "lost_connections": 0, "reconnects": 0,
                              "server_errors": [], "kills": 0, "slow": [], "timeline": [], "t0": time.monotonic()}
    http = {p.url: p.async_client() for p in cluster.procs}
    games: list[tuple[dict[str, Any], list[Player]]] = []
    try:
        for i in range(opts.games):
            srv = cluster.pick(rng)
            bot = i < opts.bot_games
            seats = [{"kind": "human", "name": f"P{i}a"},
                     {"kind": "bot", "bot": opts.bot} if bot else {"kind": "human", "name": f"P{i}b"}]
            r = await http[srv.url].post("/api/games", json={"players": 2, "seats": seats, "seed": opts.seed * 1000 + i,
                                                             "away_limit": None})
            g = r.json()
            for s in g["seats"]:
                if s["kind"] == "human":
                    await http[srv.url].post(f"/api/games/{g['id']}/join",
                                             json={"token": s["token"], "name": s["name"]})
            await http[srv.url].post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]})
            players = [Player(cluster, g, s["seat"], random.Random(rng.random()), opts.think, report)
                       for s in g["seats"] if s["kind"] == "human"]
            games.append((g, players))
        # the clients' http pools follow a process to its new port after a restart
        gc.freeze()  # the games made so far stay: the collector need not visit them again
        watchers = [asyncio.create_task(p.watch()) for _g, ps in games for p in ps]
        await asyncio.sleep(2)
        deadline = time.monotonic() + opts.duration

        async def killer() -> None:
            if opts.kills == 0:
                return
            every = opts.duration * 0.8 / opts.kills
            for _ in range(opts.kills):
                await asyncio.sleep(every)
                up = cluster.up()
                if not up:
                    continue
                victim = rng.choice(up)
                kill: list[float | None] = [time.monotonic(), None]
                cluster.kills.append(kill)
                old = victim.url
                victim.kill()
                report["kills"] += 1
                await asyncio.sleep(opts.down)
                await asyncio.to_thread(victim.start, 60)
                kill[1] = time.monotonic()
                with contextlib.suppress(Exception):
                    await http.pop(old).aclose()

        players_tasks = [asyncio.create_task(p.play(http, [o for o in ps if o is not p], deadline))
                         for _g, ps in games for p in ps]
        kill_task = asyncio.create_task(killer())
        await asyncio.gather(*players_tasks)
        await kill_task
        # the people have stopped; a bot still thinking finishes its turn (on whatever process
        # holds its duty) before the logs are read
        end = time.monotonic() + opts.drain
        while time.monotonic() < end:
            states = [ps[0].last() or {} for _g, ps in games]
            if all(st.get("status") == "finished" or st.get("current_player") in (0, 1) and
                   st.get("seats", [{}] * 2)[st["current_player"]].get("kind") == "human" for st in states):
                break
            await asyncio.sleep(0.5)
        await asyncio.gather(*report.pop("latency_tasks"), return_exceptions=True)
        await asyncio.sleep(1)
        for w in watchers:
            w.cancel()
        for _g, ps in games:
            for p in ps:
                if p.rec is not None:
                    p._note(p.rec)
        # the checks, against the store
        problems: list[str] = []
        acked_missing = 0
        finished = 0
        for g, ps in games:
            truth = Truth(database, g["id"])
            log = truth.log
            if [r.idx for r in log] != list(range(len(log))):
                problems.append(f"{g['id']}: log indexes not contiguous")
            try:
                truth.state_at(truth.revision)  # every move legal, in order: none made twice
            except Exception as exc:
                problems.append(f"{g['id']}: the log does not replay ({exc})")
            finished += truth.row.status == "finished"
            for gid, before, rev, action in report["acked"]:
                if gid == g["id"] and (rev > len(log) or log[before].action != action):
                    acked_missing += 1
            for p in ps:
                last = p.last()
                if last is None:
                    continue
                if last["revision"] != truth.revision:
                    continue  # this socket was not the last to hear (a kill dropped it); its order is checked
                if jsonable(truth.state_at(truth.revision).view(p.seat)) != last["view"]:
                    problems.append(f"{g['id']} seat {p.seat}: the pushed view differs from the rebuilt state")
        lat = sorted(report["latency"])

        def q(x: float) -> float | None:
            return round(lat[min(len(lat) - 1, int(x * len(lat)))] * 1000, 1) if lat else None

        summary = {
            "processes": opts.processes, "database": database.split(":")[0], "games": opts.games,
            "bot_games": opts.bot_games, "finished": finished, "kills": report["kills"],
            "acked_actions": len(report["acked"]), "acked_lost": acked_missing,
            "races": report["races"], "race_failures": report["race_failures"][:5],
            "out_of_order": len(report["out_of_order"]), "view_mismatches": len(problems),
            "reconnects": report["reconnects"], "refused_409": report["refused"],
            "server_errors": report["server_errors"][:5],
            "latency_ms_quiet": {"n": len(lat), "p50": q(0.5), "p99": q(0.99), "max": q(1.0)},
            "problems": problems[:10],
            # (s since start, ms, process posted to, process pushing, ms to the POST's answer)
            "slow_pushes": sorted(report["slow"])[:20],
            "timeline": sorted(report["timeline"]),
        }
        return summary
    finally:
        for client in http.values():
            with contextlib.suppress(Exception):
                await client.aclose()
        cluster.stop()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--processes", type=int, default=3)
    ap.add_argument("--database", default="postgresql", help="postgresql (a fresh schema on the machine's) or sqlite")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--bot-games", type=int, default=20)
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--think", type=lambda s: tuple(float(x) for x in s.split(",")), default=(0.3, 1.0))
    ap.add_argument("--duration", type=float, default=240.0, help="seconds the people play")
    ap.add_argument("--kills", type=int, default=20)
    ap.add_argument("--down", type=float, default=1.0, help="seconds a killed process stays down")
    ap.add_argument("--drain", type=float, default=60.0, help="seconds to wait for the bots' last turns")
    ap.add_argument("--bot-delay", type=float, default=0.2)
    ap.add_argument("--seed", type=int, default=61)
    ap.add_argument("--route", choices=("random", "game"), default="random",
                    help="random: each request and socket to any process (the worst case); game: to the "
                         "game's own process while it is up (a proxy hashing on the game id)")
    ap.add_argument("--samples", default=None, help="write every quiet latency sample to this JSON file")
    ap.add_argument("--keep-logs", default=None, help="copy each process's log into this folder")
    opts = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="cluster-") as tmp:
        workdir = Path(tmp)
        schema = None
        if opts.database == "sqlite":
            database = f"sqlite:///{workdir / 'games.db'}"
        else:
            import psycopg

            schema = "cluster" + uuid.uuid4().hex[:8]
            with psycopg.connect(PG, autocommit=True) as c:
                c.execute(f"create schema {schema}")
            database = f"{PG}?options=-csearch_path%3D{schema}"
        try:
            summary = asyncio.run(run(opts, database, workdir))
            timeline = summary.pop("timeline")
            if opts.samples:  # (s since the start, ms to the other seat's update, ms to the POST's answer)
                Path(opts.samples).write_text(json.dumps(timeline))
            if opts.keep_logs:
                import shutil

                for log in workdir.glob("server*/server.log"):
                    Path(opts.keep_logs).mkdir(parents=True, exist_ok=True)
                    shutil.copy(log, Path(opts.keep_logs) / f"{log.parent.name}.log")
        finally:
            if schema:
                import psycopg

                with psycopg.connect(PG, autocommit=True) as c:
                    c.execute(f"drop schema {schema} cascade")
    bad = (summary["acked_lost"] or summary["race_failures"] or summary["out_of_order"] or summary["view_mismatches"]
           or summary["server_errors"])
    print(json.dumps(summary))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
