"""Hidden information never leaves the server.

Complete Grand Austria Hotel games (2-4 players; staff draft, the original edition, the
Yucata variants, emperor tiles whose bonus draws staff cards to choose from and whose
penalty discards from hand), and a Burger Joint game (whose only secret is the RNG, i.e. the bag
order), are played through a real server: human seats by this test (random legal actions, plus a
few refused requests), the others by the server's bots.
Every update pushed to every seat's and a spectator's WebSocket, every GET (state, log,
replay of every step, my-games) and every POST answer is checked against the true game,
rebuilt on the side from the store (config + seed + action log):

* no staff card the client cannot see (the deck, other seats' hands and draft packets, the
  cards another seat is choosing from) appears anywhere, as a whole JSON string (slugs like
  "chef" are part of "sous-chef": never substring matches) or after a ``verb:`` prefix;
* other seats' hidden actions (``draft:<slug>``, ``discard:<slug>`` from hand) are not in
  the log, and their text does not name the card;
* the staff and guest decks are counts only, no guest still in the deck is named, and the
  RNG state and the seed appear nowhere;
* hands, packets, pending choices and legal actions are shown to their owner only, and
  every view equals the engine's view of the true state at its revision (a payload read
  during a commit, the known bug in test_kill.py, is checked at the revision it really shows).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx

from tests.reliability.helpers import Recorder, ServerProcess, Truth, jsonable

TILES = ["A3", "B3", "C4"]  # draw 3 staff and play one (bonus) / discard from hand (penalty)
GAMES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("2p draft", {"staff_draft": True, "emperor_tiles": TILES}, ["human", "random"]),
    ("3p free guests", {"discard_free_guests": True, "emperor_tiles": ["A3", "B3", "C1"]},
     ["human", "human", "easy"]),
    ("4p draft", {"staff_draft": True, "exclude_kitchen_hand": True, "emperor_tiles": TILES},
     ["human", "random", "human", "random"]),
    ("2p original", {"edition": "original", "emperor_tiles": TILES}, ["human", "human"]),
    ("3p rowe-smith", {"rowe_smith_staff": True, "herlius_objectives": True}, ["random", "human", "random"]),
    ("burger joint", {"turn_limit": 12}, ["human", "random"]),  # hidden there: the RNG (bag order)
]
GAME_OF = {"burger joint": "burger-joint"}


@dataclass
class Capture:
    name: str
    g: dict[str, Any]
    humans: list[int]
    payloads: list[tuple[str, int | None, Any]] = field(default_factory=list)  # (kind, viewer, payload)
    recorders: dict[int | None, Recorder] = field(default_factory=dict)
    refused: list[tuple[int, int, str]] = field(default_factory=list)  # (poster, revision, error detail)

    @property
    def gid(self) -> str:
        return str(self.g["id"])

    def token(self, seat: int | None) -> str:
        return str(self.g["spectator_token"] if seat is None else self.g["seats"][seat]["token"])


async def play(http: httpx.AsyncClient, ws: str, name: str, config: dict[str, Any], kinds: list[str],
               rng: random.Random) -> Capture:
    seats = [{"kind": "human"} if k == "human" else {"kind": "bot", "bot": k} for k in kinds]
    r = await http.post("/api/games", json={"game": GAME_OF.get(name, "grand-austria-hotel"),
                                            "players": len(seats), "seats": seats, "config": config})
    assert r.status_code == 201, r.text
    c = Capture(name, r.json(), [i for i, k in enumerate(kinds) if k == "human"])
    for seat in [*range(len(kinds)), None]:  # subscribed before the start: every update is seen
        c.recorders[seat] = await Recorder(ws, c.gid, c.token(seat), f"{name}/{seat}").start()
    for seat in c.humans:
        r = await http.post(f"/api/games/{c.gid}/join", json={"token": c.token(seat), "name": f"P{seat}"})
        assert r.status_code == 200
        c.payloads.append(("post", seat, r.json()))
    r = await http.post(f"/api/games/{c.gid}/start", json={"token": c.token(c.humans[0])})
    assert r.status_code == 200
    deadline = time.monotonic() + 150
    for n in range(3000):  # bounded: a 4-player game takes a few hundred
        assert time.monotonic() < deadline, f"{name}: the game did not finish in time"
        viewer = rng.choice([*range(len(kinds)), None])
        r = await http.get(f"/api/games/{c.gid}", params={"token": c.token(viewer)})
        s = r.json()
        c.payloads.append(("get", viewer, s))
        if s["status"] == "finished":
            break
        cp = s["current_player"]
        if cp not in c.humans:
            await asyncio.sleep(0.02)
            continue
        if viewer != cp:
            s = (await http.get(f"/api/games/{c.gid}", params={"token": c.token(cp)})).json()
            c.payloads.append(("get", cp, s))
            if s["current_player"] != cp or not s["legal"]:
                continue
        if n % 40 == 7:  # refused requests: their messages must not leak either
            for poster, action in ((cp, "g9"), (cp, "draft:nobody"), (cp, "roll:9-9-9-9-9-9"),
                                   ((cp + 1) % len(kinds), rng.choice(s["legal"])["action"])):
                e = await http.post(f"/api/games/{c.gid}/actions",
                                    json={"token": c.token(poster), "revision": s["revision"], "action": action})
                assert e.status_code in (400, 409), e.text
                c.refused.append((poster, s["revision"], e.json()["detail"]))
        action = rng.choice(s["legal"])["action"]
        r = await http.post(f"/api/games/{c.gid}/actions",
                            json={"token": c.token(cp), "revision": s["revision"], "action": action})
        if r.status_code == 409:  # a bot moved first
            continue
        assert r.status_code == 200, r.text
        c.payloads.append(("post", cp, r.json()))
        if n % 25 == 0:
            who = rng.choice([*range(len(kinds)), None])
            c.payloads.append(("log", who, (await http.get(f"/api/games/{c.gid}/log",
                                                           params={"token": c.token(who)})).json()))
    final = s["revision"]
    for seat, rec in c.recorders.items():
        assert await rec.wait_for(lambda m: m["revision"] >= final, 20), f"{rec.label}: final update missing"
        await rec.close()
        assert rec.error is None, (rec.label, rec.error)
        c.payloads += [("ws", seat, m) for m in rec.states]
    for seat in [*range(len(kinds)), None]:
        c.payloads.append(("log", seat, (await http.get(f"/api/games/{c.gid}/log",
                                                        params={"token": c.token(seat)})).json()))
        c.payloads.append(("mine", seat, (await http.post("/api/my-games", json={"tokens": [c.token(seat)]})).json()))
    for step in range(final + 1):
        rp = await http.get(f"/api/games/{c.gid}/replay/{step}", params={"token": c.token(rng.choice([0, None]))})
        assert rp.status_code == 200, rp.text
        c.payloads.append(("replay", None, rp.json()))
    return c


# ----------------------------------------------------------------- the checks
class Checker:
    def __init__(self, truth: Truth) -> None:
        self.truth = truth
        self.violations: list[str] = []
        self.counts: Counter[str] = Counter()
        st = truth.fresh()
        self.gah = truth.row.game == "grand-austria-hotel"
        rules = getattr(st, "rules", None)
        self.name_of = {s.slug: s.name for s in rules.staff.values()} if rules else {}
        self.slug_of = {sid: s.slug for sid, s in rules.staff.items()} if rules else {}
        # which log entries are secret moves: (slug, seat) of draft:<slug> and discards from hand
        self.secret: dict[int, str] = {}
        for i, row in enumerate(truth.log if self.gah else ()):
            top = st.stack[-1][0] if st.stack else None  # type: ignore[attr-defined]
            verb, _, arg = row.action.partition(":")
            if verb == "draft" or (verb == "discard" and top == "discard"):
                self.secret[i] = arg
            st.apply(row.action)
        self.seed = truth.row.seed
        self.seen_entries: set[tuple[Any, ...]] = set()
        self.views: dict[tuple[int, int | None], Any] = {}
        self.hiddens: dict[tuple[int, int | None], dict[str, Any]] = {}

    def view(self, rev: int, viewer: int | None) -> Any:
        key = (rev, viewer)
        if key not in self.views:
            self.views[key] = jsonable(self.truth.state_at(rev).view(viewer))
        return self.views[key]

    def bad(self, where: str, what: str) -> None:
        self.counts["violations"] += 1
        if len(self.violations) < 40:
            self.violations.append(f"{self.truth.row.id} {where}: {what}")

    # -- hidden facts of one state for one viewer
    def hidden(self, rev: int, viewer: int | None) -> dict[str, Any]:
        if (rev, viewer) not in self.hiddens:
            self.hiddens[rev, viewer] = self._hidden(rev, viewer)
        return dict(self.hiddens[rev, viewer])

    def _hidden(self, rev: int, viewer: int | None) -> dict[str, Any]:
        st: Any = self.truth.state_at(rev)
        if not self.gah:  # Burger Joint: everything on the table is public but the RNG
            return {"slugs": set(), "guests": set(), "rng": st.rng.state}
        slugs = {self.slug_of[s] for s in st.staff_deck}
        for p, pl in enumerate(st.players):
            if p != viewer:
                slugs |= {self.slug_of[s] for s in pl.hand}
        for p, pk in enumerate(st.draft_packets):
            if p != viewer:
                slugs |= {self.slug_of[s] for s in pk}
        for fr in st.stack:
            if fr[0] == "drawn" and fr[1] != viewer:
                slugs |= {self.slug_of[s] for s in fr[2]}
        return {"slugs": slugs, "guests": set(st.guest_deck), "rng": st.rng.state,
                "hands": [[self.slug_of[s] for s in pl.hand] for pl in st.players],
                "decks": (len(st.staff_deck), len(st.guest_deck)), "current": st.current_player}

    def walk(self, obj: Any, h: dict[str, Any], where: str, own_log: bool = False) -> None:
        """Every key, string and number of a payload (iteratively: payloads are large)."""
        slugs, guests, secrets = h["slugs"], h["guests"], (self.seed, h["rng"])
        texts = (str(self.seed), f"{h['rng']:x}", f"{self.seed:x}")
        stack = [obj]
        while stack:
            x = stack.pop()
            t = type(x)
            if t is dict:
                for k, v in x.items():
                    if k in ("rng", "seed", "history"):
                        self.bad(where, f"key {k!r} present")
                    stack.append(v)
            elif t is list:
                stack.extend(x)
            elif t is str:
                self.counts["strings"] += 1
                if x in slugs:
                    self.bad(where, f"hidden staff card {x!r}")
                if ":" in x and not own_log and x.partition(":")[2] in slugs:
                    self.bad(where, f"hidden staff card in {x!r}")
                if any(secret in x for secret in texts):
                    self.bad(where, f"seed or RNG state in {x!r}")
                if "#" in x:
                    for m in re.finditer(r"#(\d+)", x):
                        if int(m.group(1)) in guests:
                            self.bad(where, f"guest #{m.group(1)} still in the deck is named in {x!r}")
            elif t is int:
                if x in secrets or abs(x) >= 2 ** 40:
                    self.bad(where, f"seed/RNG-like number {x}")

    def log_entries(self, entries: list[dict[str, Any]], viewer: int | None, h: dict[str, Any], where: str) -> None:
        for e in entries:
            i = e["idx"]
            row = self.truth.log[i]
            self.counts["log entries"] += 1
            key = (viewer, i, e.get("text"), e.get("action"), e["seat"], len(e))
            if key in self.seen_entries:  # the same entry, checked when first shown (guests only
                continue  # leave the deck, so the first time is the strictest)
            self.seen_entries.add(key)
            if e["seat"] != row.seat:
                self.bad(where, f"log {i}: seat {e['seat']} != {row.seat}")
            if row.seat == viewer or row.seat < 0:
                if e.get("action") != row.action:
                    self.bad(where, f"log {i}: own/chance action missing or wrong")
                if self.gah and row.seat < 0 and not row.action.startswith("roll:"):
                    self.bad(where, f"log {i}: chance outcome {row.action!r} is not a roll")
            elif "action" in e:
                self.bad(where, f"log {i}: seat {row.seat}'s raw action {e['action']!r} shown to {viewer}")
            if i in self.secret and row.seat != viewer:
                self.text_hides(e["text"], self.secret[i], f"{where} log {i}")
                self.counts["secret moves checked"] += 1
            self.walk({k: v for k, v in e.items() if k != "action"}, h, f"{where} log {i}")
            if "action" in e:
                self.walk(e["action"], h, f"{where} log {i}.action", own_log=True)

    def text_hides(self, text: str, slug: str, where: str) -> None:
        name = self.name_of[slug]
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) or re.search(
                rf"(?<![\w-]){re.escape(slug)}(?![\w-])", text):
            self.bad(where, f"text {text!r} names the secret card {slug}")

    def matching_rev(self, rev: int, viewer: int | None, view: Any) -> int | None:
        """The revision whose true view this is: ``rev``, or a few later when the payload was
        read while a move was being committed (the known bug in test_kill.py)."""
        for k in range(0, 40):  # (one commit can hold many chance draws)
            if rev + k > self.truth.revision:
                break
            if self.view(rev + k, viewer) == view:
                if k:
                    self.counts["read during a commit (known bug)"] += 1
                return rev + k
        return None

    def state_payload(self, p: dict[str, Any], viewer: int | None, where: str) -> None:
        self.counts["state payloads"] += 1
        if p.get("seat") != viewer:
            self.bad(where, f"payload for seat {p.get('seat')} sent to {viewer}")
        rev = self.matching_rev(p["revision"], viewer, p["view"])
        if rev is None:
            self.bad(where, f"view at revision {p['revision']} is no true view")
            return
        h = self.hidden(rev, viewer)
        v = p["view"]
        if not self.gah:
            self.log_entries(p["log"], viewer, h, where)
            self.walk({k: val for k, val in p.items() if k != "log"}, h, where)
            return
        for q, pp in enumerate(v["players"]):
            true_hand = h["hands"][q]
            if q == viewer:
                ok = pp["hand"] == true_hand
            else:
                ok = pp["hand"] == len(true_hand)
            if not ok:
                self.bad(where, f"players[{q}].hand shown as {pp['hand']!r} to {viewer}")
        for q, pk in enumerate(v["draft_packets"]):
            if q != viewer and not isinstance(pk, int):
                self.bad(where, f"draft packet {q} shown to {viewer}")
        for d in v["pending"]:
            if "cards" in d and d["player"] != viewer and not isinstance(d["cards"], int):
                self.bad(where, f"cards seat {d['player']} is choosing from shown to {viewer}")
            if "cards" in d and d["player"] != viewer:
                self.counts["others' drawn choices hidden"] += 1
        if (v["staff_deck"], v["guest_deck"]) != h["decks"]:
            self.bad(where, "decks not shown as counts")
        own_turn = viewer is not None and h["current"] == viewer
        if p["legal"] and not (own_turn and p["status"] == "active"):
            self.bad(where, f"legal actions shown to {viewer}, not to act")
        if v["legal_actions"] and not own_turn:  # (before the start: the seat's own first choice)
            self.bad(where, f"view's legal actions shown to {viewer}, not to act")
        self.log_entries(p["log"], viewer, h, where)
        self.walk({k: val for k, val in p.items() if k != "log"}, h, where)

    def replay(self, p: dict[str, Any], where: str) -> None:
        self.counts["replay payloads"] += 1
        step = p["step"]
        h = self.hidden(step, None)
        if p["view"] != self.view(step, None):
            self.bad(where, f"replay step {step} is no true spectator view")
        if step and step - 1 in self.secret:
            self.text_hides(p["text"], self.secret[step - 1], where)
        self.walk(p, h, where)


def check_capture(c: Capture, database: str) -> tuple[list[str], Counter[str]]:
    truth = Truth(database, c.gid)
    ck = Checker(truth)
    final = truth.revision

    def order(item: tuple[str, int | None, Any]) -> int:  # the true state is replayed forwards
        kind, _, p = item
        return int(p["revision"] if kind in ("ws", "get", "post") else p["step"] if kind == "replay" else final)

    for kind, viewer, p in sorted(c.payloads, key=order):
        ck.counts[f"{kind} payloads"] += 1
        where = f"{c.name} {kind} seat={viewer}"
        if kind in ("ws", "get", "post"):
            ck.state_payload(p, viewer, f"{where} rev={p['revision']}")
        elif kind == "log":
            ck.log_entries(p, viewer, ck.hidden(final, viewer), where)
        elif kind == "replay":
            ck.replay(p, f"{where} step={p['step']}")
        elif kind == "mine":
            ck.walk(p, ck.hidden(final, viewer), where)
    for poster, rev, detail in c.refused:
        ck.walk(detail, ck.hidden(rev, poster), f"{c.name} refusal to {poster} at {rev}")
        ck.counts["refusals"] += 1
    ck.counts["hidden moves in log"] += len(ck.secret)
    return ck.violations, ck.counts


def test_no_hidden_information_reaches_any_client(sqlite_url: str, make_server) -> None:
    srv: ServerProcess = make_server(sqlite_url)
    rng = random.Random(99)

    async def main() -> list[Capture]:
        async with srv.async_client() as http:
            return list(await asyncio.wait_for(asyncio.gather(
                *(play(http, srv.ws_url, name, cfg, kinds, random.Random(rng.random()))
                  for name, cfg, kinds in GAMES)), 200))

    captures = asyncio.run(main())
    problems: list[str] = []
    total: Counter[str] = Counter()
    for c in captures:
        v, counts = check_capture(c, sqlite_url)
        problems += v
        total += counts
    print(json.dumps(dict(total), indent=1))
    assert not problems, "\n".join(problems[:40])
    assert total["ws payloads"] > 500 and total["replay payloads"] > 500 and total["secret moves checked"] > 10
    assert srv.tracebacks() == 0, srv.log()[-3000:]
