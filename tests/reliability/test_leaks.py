"""Hidden information never leaves the server.

Complete Grand Austria Hotel games (2-4 players; staff draft, the original edition, the
Yucata variants, emperor tiles whose bonus draws staff cards to choose from and whose
penalty discards from hand; games with all five Let's Waltz! modules on, and one with
celebrities and unique hotels only), and a Burger Joint game (whose only secret is the RNG,
i.e. the bag order), are played through a real server: human seats by this test (random legal
actions, plus a few refused requests, module actions with bad arguments among them), the
others by the server's bots.
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
  during a commit, the known bug in test_kill.py, is checked at the revision it really shows);
* module games (the decks then hold module cards, the staff cards of modules I and V and
  module I's guests, which the checks above cover like the others), and what the modules
  hide (read from each module's ``view``/``determinize``; only celebrities hides a part of
  its state):

  - celebrities: the face-down stack (which celebrities, and their order) is a count only,
    and no celebrity in the stack is named anywhere (slug or name as a whole JSON string,
    as a part of an action string, or as a whole word in a sentence) unless it is at the
    table at that revision (lounge, held, discard pile). A log sentence is checked against
    the stack before and after its own action: a celebrity reshuffled into the stack later
    was seen at the table when the sentence was written;
  - components left in the box at setup are named nowhere, ever: the hotel entrances not laid
    out for the auction (unique hotels; the laid-out ones, Dove's bonus tokens, Ninas
    Melange's personal objectives and the Grand Wray's tiles lie face up by the rules,
    lets-waltz-rules.md M3-2, so the engine shows them and the view comparison covers
    them), the two ballrooms not in play (ballrooms) and, without module I, the three
    ballroom-only celebrities;
  - start player and the rest of ballrooms and more hide nothing of their own (their views
    equal the dumped state): the view comparison and the deck checks cover them.
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

from tabletop.games.grand_austria_hotel.config import MODULES
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
    # Let's Waltz!: every module (the config's three accepted forms), and two without module I
    ("2p all modules", {"modules": "all"}, ["human", "random"]),
    ("4p all modules", {"modules": list(MODULES), "staff_draft": True, "emperor_tiles": TILES},
     ["human", "easy", "human", "random"]),
    ("3p celebrities+hotels", {"modules": "celebrities,unique_hotels"}, ["random", "human", "random"]),
]
# refused module actions (bad arguments; none names a real component: a refusal may echo it)
MODULE_REFUSED = ("croll:9-9-9", "croll:", "bid:-1", "open:nowhere:1", "d1:purple", "kozi:1-3", "key=9")
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
            bad = [(cp, "g9"), (cp, "draft:nobody"), (cp, "roll:9-9-9-9-9-9"),
                   ((cp + 1) % len(kinds), rng.choice(s["legal"])["action"])]
            if config.get("modules"):
                bad += [(cp, a) for a in rng.sample(MODULE_REFUSED, 3)]
            for poster, action in bad:
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
        self.modules_setup(st)
        # which log entries are secret moves: (slug, seat) of draft:<slug> and discards from hand
        self.secret: dict[int, str] = {}
        # the staff cards face up (played) before each action: a log entry may name a card that
        # was face up when it was written, although it is hidden when the log is read (a played
        # game-end card discarded to the bottom of the staff deck, the Emperor penalty: everyone
        # saw which, and the log of its play and of its discard still names it)
        self.faceup: list[frozenset[str]] = [self.played_slugs(st)] if self.gah else []
        for i, row in enumerate(truth.log if self.gah else ()):
            top = st.stack[-1][0] if st.stack else None  # type: ignore[attr-defined]
            verb, _, arg = row.action.partition(":")
            if verb == "draft" or (verb == "discard" and top == "discard"):
                self.secret[i] = arg
            st.apply(row.action)
            self.faceup.append(self.played_slugs(st))
            self.note_stack(st)
        self.seed = truth.row.seed
        self.seen_entries: set[tuple[Any, ...]] = set()
        self.views: dict[tuple[int, int | None], Any] = {}
        self.hiddens: dict[tuple[int, int | None], dict[str, Any]] = {}

    def played_slugs(self, st: Any) -> frozenset[str]:
        return frozenset(self.slug_of[s] for pl in st.players for s in pl.played)

    # -- module secrets: the celebrity stack, and components left in the box
    def modules_setup(self, st: Any) -> None:
        """What the modules of this game hide, from the state right after setup."""
        self.mods: tuple[str, ...] = tuple(st.config.modules) if self.gah else ()
        md = st.rules.module_data if self.mods else {}
        self.celeb: dict[int, tuple[str, str]] = {}  # celebrity id -> (slug, name)
        self.stacks: list[tuple[int, ...]] = []  # the celebrity stack at each revision, top first
        boxed: set[str] = set()  # ids and names of components left in the box at setup
        if "celebrities" in self.mods:
            self.celeb = {int(r["id"]): (str(r["slug"]), str(r["name"])) for r in md["celebrities"]["celebrities"]}
            part = st.parts["celebrities"]
            in_play = {c for c in part.lounge if c} | set(part.stack)
            boxed |= {w for c, words in self.celeb.items() if c not in in_play for w in words}
            self.counts["celebrities boxed"] += len(self.celeb) - len(in_play)
            self.note_stack(st)
        if "unique_hotels" in self.mods:
            laid = set(st.parts["unique_hotels"].laid)
            ents = [(str(r["id"]), str(r["name"])) for r in md["unique_hotels"]["entrances"]["value"]]
            boxed |= {w for eid, name in ents if eid not in laid for w in (eid, name)}
            self.counts["hotel entrances boxed"] += len(ents) - len(laid)
        if "ballrooms" in self.mods:
            rooms = md["ballrooms"]["ballrooms"]
            order = set(st.parts["ballrooms"].order)
            boxed |= {str(w) for i, r in enumerate(rooms) if i not in order for w in (r["id"], r["name"])}
            self.counts["ballrooms boxed"] += len(rooms) - len(order)
        self.boxed = frozenset(boxed)
        self.mhidden: dict[frozenset[int], tuple[frozenset[str], re.Pattern[str] | None]] = {}

    def note_stack(self, st: Any) -> None:
        if self.celeb:
            self.stacks.append(tuple(st.parts["celebrities"].stack))

    def module_words(self, stack: frozenset[int]) -> tuple[frozenset[str], re.Pattern[str] | None]:
        """The words no payload may contain while ``stack`` is face down: whole JSON strings,
        parts of action strings, and (the regex) whole words in sentences."""
        if stack not in self.mhidden:
            words = self.boxed | {w for c in stack for w in self.celeb[c]}
            alt = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
            self.mhidden[stack] = (words, re.compile(rf"(?<![\w-])(?:{alt})(?![\w-])") if words else None)
        return self.mhidden[stack]

    def stack_at(self, rev: int) -> frozenset[int]:
        return frozenset(self.stacks[rev]) if self.stacks else frozenset()

    def entry_words(self, i: int) -> dict[str, Any]:
        """For log entry i (written just before action i): what was face down both before and
        after it (a celebrity reshuffled into the stack later was at the table back then)."""
        words, rx = self.module_words(self.stack_at(i) & self.stack_at(min(i + 1, self.truth.revision)))
        return {"mwords": words, "mre": rx}

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
            return {"slugs": set(), "guests": set(), "rng": st.rng.state, "mwords": frozenset(), "mre": None}
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
        mwords, mre = self.module_words(self.stack_at(rev))
        return {"slugs": slugs, "guests": set(st.guest_deck), "rng": st.rng.state,
                "hands": [[self.slug_of[s] for s in pl.hand] for pl in st.players],
                "decks": (len(st.staff_deck), len(st.guest_deck)), "current": st.current_player,
                "mwords": mwords, "mre": mre}

    def walk(self, obj: Any, h: dict[str, Any], where: str, own_log: bool = False) -> None:
        """Every key, string and number of a payload (iteratively: payloads are large)."""
        slugs, guests, secrets = h["slugs"], h["guests"], (self.seed, h["rng"])
        mwords, mre = h["mwords"], h["mre"]
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
                if mwords:  # a face-down celebrity, a component left in the box
                    self.counts["module strings checked"] += 1
                    if x in mwords:
                        self.bad(where, f"hidden module component {x!r}")
                    elif " " in x:
                        hit = mre.search(x) if mre is not None else None
                        if hit:
                            self.bad(where, f"hidden module component {hit.group(0)!r} named in {x!r}")
                    elif ":" in x and any(part in mwords for part in x.split(":")):
                        self.bad(where, f"hidden module component in {x!r}")
            elif t is int:
                if x in secrets or abs(x) >= 2 ** 40:
                    self.bad(where, f"seed/RNG-like number {x}")

    def log_entries(self, entries: list[dict[str, Any]], viewer: int | None, h: dict[str, Any], where: str) -> None:
        # Grand Austria Hotel's log is its events: several per action (idx), the first of them the
        # acting seat's (kind action/roll, no "by"), which alone may carry the raw action string
        for e in entries:
            i = e["idx"]
            self.counts["log entries"] += 1
            key = (viewer, i, e.get("text"), e.get("action"), e["seat"], e.get("kind"), len(e))
            if key in self.seen_entries:  # the same entry, checked when first shown (guests only
                continue  # leave the deck, so the first time is the strictest)
            self.seen_entries.add(key)
            if e.get("kind") == "seat" or i < 0:  # a seat change; where seats start (before any action)
                if "action" in e:
                    self.bad(where, f"log {i}: a raw action on a {e.get('kind')} entry")
                self.walk(e, h, f"{where} log {i}")
                continue
            row = self.truth.log[i]
            actor = "kind" not in e or (e["kind"] in ("action", "roll") and "by" not in e)
            if actor and e["seat"] != row.seat:
                self.bad(where, f"log {i}: seat {e['seat']} != {row.seat}")
            if actor and (row.seat == viewer or row.seat < 0):
                if e.get("action") != row.action:
                    self.bad(where, f"log {i}: own/chance action missing or wrong")
                if self.gah and row.seat < 0 and not row.action.startswith(("roll:", "croll:")):
                    self.bad(where, f"log {i}: chance outcome {row.action!r} is not a roll")
            elif "action" in e and (not actor or row.seat != viewer):
                self.bad(where, f"log {i}: seat {row.seat}'s raw action {e['action']!r} shown to {viewer}")
            if i in self.secret and row.seat != viewer:
                self.text_hides(e["text"], self.secret[i], f"{where} log {i}")
                self.counts["secret moves checked"] += 1
            he = {**h, **self.entry_words(i)} if self.mods else h
            if self.gah:
                public = self.faceup[i] | self.faceup[i + 1]  # face up before or after action i
                if public & he["slugs"]:
                    he = {**he, "slugs": he["slugs"] - public}
            self.walk({k: v for k, v in e.items() if k != "action"}, he, f"{where} log {i}")
            if "action" in e:
                self.walk(e["action"], he, f"{where} log {i}.action", own_log=True)

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
        if self.mods:
            self.module_view(v, rev, where)
        own_turn = viewer is not None and h["current"] == viewer
        if p["legal"] and not (own_turn and p["status"] == "active"):
            self.bad(where, f"legal actions shown to {viewer}, not to act")
        if v["legal_actions"] and not own_turn:  # (before the start: the seat's own first choice)
            self.bad(where, f"view's legal actions shown to {viewer}, not to act")
        self.log_entries(p["log"], viewer, h, where)
        self.walk({k: val for k, val in p.items() if k != "log"}, h, where)

    def module_view(self, v: dict[str, Any], rev: int, where: str) -> None:
        """The modules' part of a view: the celebrity stack is its size only (the rest is
        compared with the engine's view and walked for hidden names like everything else)."""
        mv = v.get("modules")
        if not isinstance(mv, dict) or set(mv) != set(self.mods):
            self.bad(where, f"modules in the view: {sorted(mv) if isinstance(mv, dict) else mv!r}")
            return
        if self.celeb:
            shown = mv["celebrities"].get("stack")
            if type(shown) is not int or shown != len(self.stacks[rev]):
                self.bad(where, f"celebrity stack shown as {shown!r}, not as its size {len(self.stacks[rev])}")
            self.counts["celebrity stacks hidden"] += 1

    def replay(self, p: dict[str, Any], where: str) -> None:
        self.counts["replay payloads"] += 1
        step = p["step"]
        h = self.hidden(step, None)
        if p["view"] != self.view(step, None):
            self.bad(where, f"replay step {step} is no true spectator view")
        if self.mods:
            self.module_view(p["view"], step, where)
        if step and step - 1 in self.secret:
            self.text_hides(p["text"], self.secret[step - 1], where)
        self.walk({k: v for k, v in p.items() if k != "text"}, h, where)
        self.walk(p["text"], {**h, **self.entry_words(step - 1)} if self.mods and step else h, where)


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
    # the module checks ran: stacks, boxed components, strings walked with module words
    assert total["celebrity stacks hidden"] > 300 and total["module strings checked"] > 10_000
    assert total["hotel entrances boxed"] > 0 and total["ballrooms boxed"] > 0 and total["celebrities boxed"] > 0
    assert srv.tracebacks() == 0, srv.log()[-3000:]


# ------------------------------------------------------- the checks themselves
def offline_game(config: dict[str, Any], players: int, seed: int) -> Truth:
    """A complete game played in this process the way the server plays it (random actions,
    chance outcomes sampled from the state's RNG, each sentence written before its action)."""
    from tabletop.core.registry import get_game
    from tabletop.web.store import ActionRow

    st: Any = get_game("grand-austria-hotel").new_game(players=players, seed=seed, **config)
    rng = random.Random(seed)
    log: list[ActionRow] = []
    while not st.is_terminal():
        chance = st.is_chance()
        action = st.sample_chance() if chance else rng.choice(st.legal_actions())
        log.append(ActionRow(len(log), -1 if chance else st.current_player, action, st.describe(action), chance))
        st.apply(action)
    return Truth.offline("grand-austria-hotel", players, config, seed, log)


def test_module_checks_catch_leaks_and_allow_what_was_seen() -> None:
    """Planted leaks of module secrets are caught; the engine's own views and sentences of a
    whole all-modules game pass; a sentence naming a celebrity then at the table passes
    although that celebrity is back in the stack when the sentence is shown."""
    for k in range(1, 40):  # a game where a seen celebrity is reshuffled into the stack
        # (a big seed like the server's: the seed check looks for its digits in every string)
        truth = offline_game({"modules": "all"}, 2, random.Random(k).getrandbits(62))
        ck = Checker(truth)
        # (i, j, c): celebrity c was at the table before and after move i, face down around move j
        back = [(i, j, c) for j in range(truth.revision) if truth.log[j].seat >= 0
                for c in set(ck.stacks[j]) & set(ck.stacks[j + 1])
                for i in range(j) if truth.log[i].seat >= 0 and c not in ck.stacks[i] + ck.stacks[i + 1]]
        if back:
            break
    assert back, "no celebrity went back into the stack in 39 games"
    seen_at, later, cel = back[0]
    slug, name = ck.celeb[cel]
    final = truth.revision
    # the engine's own material is clean: every view (spectator, seat 0) and every sentence
    for rev in range(0, final + 1, 7):
        for viewer in (None, 0):
            ck.walk(ck.view(rev, viewer), ck.hidden(rev, viewer), f"view {rev}/{viewer}")
            ck.module_view(ck.view(rev, viewer), rev, f"view {rev}/{viewer}")
    entries = [{"idx": row.idx, "seat": row.seat, "text": row.text} | ({"action": row.action} if row.seat < 0 else {})
               for row in truth.log]  # as a spectator gets them
    ck.log_entries(entries, None, ck.hidden(final, None), "log")
    assert not ck.violations, ck.violations[:5]
    # a sentence from when the celebrity was at the table: fine, though it is face down now
    ck.log_entries([{"idx": seen_at, "seat": truth.log[seen_at].seat, "text": f"Seat 0 takes {name}"}],
                   None, ck.hidden(later, None), "old sentence")
    assert not ck.violations, ck.violations
    # planted leaks, each must be caught
    h = ck.hidden(later, None)
    view = json.loads(json.dumps(ck.view(later, None)))
    view["modules"]["celebrities"]["stack"] = [ck.celeb[c][0] for c in ck.stacks[later]]
    laid = set(truth.state_at(0).parts["unique_hotels"].laid)  # type: ignore[attr-defined]
    boxed_entrance = next(e for e in ("dove", "kaufman", "stroup", "mayenfels", "ninas-melange",
                                      "chateau-paulwei", "the-ren") if e not in laid)
    in_play = truth.state_at(0).parts["ballrooms"].order  # type: ignore[attr-defined]
    boxed_ballroom = next(r["id"] for i, r in enumerate(
        truth.state_at(0).rules.module_data["ballrooms"]["ballrooms"]) if i not in in_play)  # type: ignore[attr-defined]
    planted = {
        "stack as a list": lambda: ck.module_view(view, later, "stack as a list"),
        "stack slug in a view": lambda: ck.walk(view, h, "stack slug in a view"),
        "slug": lambda: ck.walk({"x": [slug]}, h, "slug"),
        "name": lambda: ck.walk(name, h, "name"),
        "name in a sentence": lambda: ck.walk(f"the next celebrity is {name}.", h, "name in a sentence"),
        "slug in an action": lambda: ck.walk(f"peek:{slug}", h, "slug in an action"),
        "boxed entrance": lambda: ck.walk(f"open:{boxed_entrance}:3", h, "boxed entrance"),
        "boxed entrance sentence": lambda: ck.walk(f"nobody gets {boxed_entrance} today", h,
                                                   "boxed entrance sentence"),
        "boxed ballroom": lambda: ck.walk({"ballrooms": [boxed_ballroom]}, h, "boxed ballroom"),
        "log sentence now": lambda: ck.log_entries(
            [{"idx": later, "seat": truth.log[later].seat, "text": f"{name} is next", "x": 1}],
            None, h, "log sentence now"),
    }
    for label, plant in planted.items():
        ck.violations = []
        plant()
        assert ck.violations, f"planted leak not caught: {label}"
        assert all("hidden module component" in v or "celebrity stack shown" in v for v in ck.violations), \
            ck.violations
