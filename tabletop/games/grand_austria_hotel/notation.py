"""Grand Austria Hotel action notation: one short string per action.

Every action is one of the strings below (see docs/NOTATION.md). They are built
once here as constants, so the engine never formats strings in its hot path,
and ``VOCABULARY`` gives a fixed integer action space for research interfaces.

=================  ==========================================================
``pass``           pass instead of taking a turn
``done``           end the turn, or stop an optional multi-pick decision
``g<slot>``        take the guest in queue slot 0-4 (0 = newest, leftmost)
``d<n>``           take a die from action space n (1-5) and carry out action n
``d<n>+``          the same, paying 1 krone to add one die (the boost)
``d6=<n>``         take a 6 die and carry out action n (1-5); ``d6=<n>+`` boosted
``s<a>c<b>``       action 1: take a strudel and b cake
``w<a>k<b>``       action 2: take a wine and b coffee
``e<a>m<b>``       action 4: a emperor steps and b krone
``t<table><item>`` put one item (s/c/w/k) on the guest at café table 0-3
``serve``          pay 1 krone to serve up to 3 items from the kitchen
``m<table>r<room>`` move the completed guest at a table into room 0-19
``r<room>``        prepare room 0-19
``o<room>``        turn prepared room 0-19 to occupied
``rm<room>``       remove room 0-19 (emperor penalty)
``c<table>``       complete the order of the guest at a table (Porter)
``+<item>``        take one dish or drink of choice
``play:<staff>``   play a staff card (from hand, or one of the drawn cards)
``use:<staff>``    use a once-per-round staff card
``discard:<staff>`` discard a staff card (emperor penalty)
``draft:<staff>``  keep a staff card from the draft packet
``penalty:main`` / ``penalty:alt``   choose an emperor penalty (original rules)
``avoid`` / ``suffer``   Conference Manager: pay 1 krone to avoid the penalty, or not
``bonus:vp`` / ``bonus:money`` / ``bonus:emperor``   Events Coordinator's choice
``roll:<a>-<b>-<c>-<d>-<e>-<f>``   chance: how many dice show 1..6
=================  ==========================================================
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tabletop.core.data import load_mapping
from tabletop.games.grand_austria_hotel.config import MODULES
from tabletop.games.grand_austria_hotel.data import DATA_DIR, ITEM_LETTERS

MAX_N = 20  # more dice than any action space can ever count (14 + boost + bonuses)
TABLES = 4  # three café tables, a fourth with the Maitre D'

PASS = "pass"
DONE = "done"
SERVE = "serve"
AVOID = "avoid"
SUFFER = "suffer"
PENALTY_MAIN = "penalty:main"
PENALTY_ALT = "penalty:alt"
BONUS_KINDS = ("bonus:vp", "bonus:money", "bonus:emperor")

G = tuple(f"g{i}" for i in range(5))
D = ("",) + tuple(f"d{a}" for a in range(1, 6))
DB = ("",) + tuple(f"d{a}+" for a in range(1, 6))
D6 = ("",) + tuple(f"d6={a}" for a in range(1, 6))
D6B = ("",) + tuple(f"d6={a}+" for a in range(1, 6))
FOOD1 = tuple(tuple(f"s{n - b}c{b}" for b in range(n + 1)) for n in range(MAX_N + 1))
FOOD2 = tuple(tuple(f"w{n - b}k{b}" for b in range(n + 1)) for n in range(MAX_N + 1))
EM = tuple(tuple(f"e{a}m{n - a}" for a in range(n + 1)) for n in range(MAX_N + 1))
T = tuple(tuple(f"t{t}{ITEM_LETTERS[i]}" for i in range(5)) for t in range(TABLES))
M = tuple(tuple(f"m{t}r{r}" for r in range(20)) for t in range(TABLES))
R = tuple(f"r{r}" for r in range(20))
O = tuple(f"o{r}" for r in range(20))
RM = tuple(f"rm{r}" for r in range(20))
C = tuple(f"c{t}" for t in range(TABLES))
CHOICE = tuple(f"+{ITEM_LETTERS[i]}" for i in range(4))
PAY = tuple(f"pay:{ITEM_LETTERS[i]}" for i in range(5))  # spend an item of choice (Let's Waltz! staff)
# Let's Waltz! module I, action board side with champagne: a >= b >= c >= 1 champagne
# (``s<a>c<b>h<c>``, ``w<a>k<b>h<c>``); without champagne the base strings are used.
FOOD1H = tuple(tuple((a, b, n - a - b) for a in range(n, 0, -1) for b in range(min(a, n - a), 0, -1)
                     if 1 <= n - a - b <= b) for n in range(MAX_N + 1))
FOODH = tuple(tuple(tuple(f"{x}{a}{y}{b}h{c}" for a, b, c in FOOD1H[n]) for n in range(MAX_N + 1))
              for x, y in (("s", "c"), ("w", "k")))  # [0]: action 1, [1]: action 2

BASE_STAFF_SLUGS: tuple[str, ...] = tuple(
    rec["slug"] for rec in load_mapping(DATA_DIR / "staff.yaml")["staff"]
)
# the Let's Waltz! modules' staff (data/modules/*.yaml) after the base game's, in module order
STAFF_SLUGS: tuple[str, ...] = BASE_STAFF_SLUGS + tuple(
    rec["slug"] for name in MODULES if (DATA_DIR / "modules" / f"{name}.yaml").exists()
    for rec in load_mapping(DATA_DIR / "modules" / f"{name}.yaml").get("staff", ())
)
PLAY = {s: f"play:{s}" for s in STAFF_SLUGS}
USE = {s: f"use:{s}" for s in STAFF_SLUGS}
DISCARD = {s: f"discard:{s}" for s in STAFF_SLUGS}
DRAFT = {s: f"draft:{s}" for s in STAFF_SLUGS}


def _build_info() -> dict[str, tuple[Any, ...]]:
    info: dict[str, tuple[Any, ...]] = {PASS: ("pass",), DONE: ("done",), SERVE: ("serve",),
                                        AVOID: ("avoid",), SUFFER: ("suffer",),
                                        PENALTY_MAIN: ("penalty", 0), PENALTY_ALT: ("penalty", 1)}
    for k, s in enumerate(BONUS_KINDS):
        info[s] = ("bonuskind", ("vp", "money", "emperor")[k])
    for i, s in enumerate(G):
        info[s] = ("guest", i)
    for a in range(1, 6):
        info[D[a]] = ("die", a, a, False)
        info[DB[a]] = ("die", a, a, True)
        info[D6[a]] = ("die", 6, a, False)
        info[D6B[a]] = ("die", 6, a, True)
    for n in range(MAX_N + 1):
        for b in range(n + 1):
            info[FOOD1[n][b]] = ("food", 0, n - b, 1, b)
            info[FOOD2[n][b]] = ("food", 2, n - b, 3, b)
            info[EM[n][b]] = ("empmoney", b, n - b)
    for t in range(TABLES):
        for i in range(4):
            info[T[t][i]] = ("item", t, i)
        for r in range(20):
            info[M[t][r]] = ("move", t, r)
        info[C[t]] = ("complete", t)
    for r in range(20):
        info[R[r]] = ("room", r)
        info[O[r]] = ("occupy", r)
        info[RM[r]] = ("remove", r)
    for i in range(4):
        info[CHOICE[i]] = ("choice", i)
    for slugs in (BASE_STAFF_SLUGS, STAFF_SLUGS[len(BASE_STAFF_SLUGS):]):
        if slugs is not BASE_STAFF_SLUGS:
            # Let's Waltz! (after every base string, so the base action ids stay as they were)
            for t in range(TABLES):
                info[T[t][4]] = ("item", t, 4)
            for i in range(5):
                info[PAY[i]] = ("pay", i)
            for n in range(MAX_N + 1):
                for j, (a, b, c) in enumerate(FOOD1H[n]):
                    info[FOODH[0][n][j]] = ("food", 0, a, 1, b, c)
                    info[FOODH[1][n][j]] = ("food", 2, a, 3, b, c)
        for s in slugs:
            info[PLAY[s]] = ("play", s)
            info[USE[s]] = ("use", s)
            info[DISCARD[s]] = ("discard", s)
            info[DRAFT[s]] = ("draft", s)
    return info


INFO = _build_info()

VOCABULARY: tuple[str, ...] = tuple(INFO)
"""Every non-chance action string, in a fixed order (index = integer action id)."""


def add_actions(actions: dict[str, tuple[Any, ...]]) -> None:
    """A Let's Waltz! module's own action strings (its file calls this once, at import):
    appended to ``INFO`` and ``VOCABULARY`` so every earlier action keeps its id."""
    global VOCABULARY
    clash = set(actions) & set(INFO)
    if clash:
        raise ValueError(f"action strings defined twice: {sorted(clash)}")
    INFO.update(actions)
    VOCABULARY = tuple(INFO)


def roll_name(counts: list[int] | tuple[int, ...]) -> str:
    """``roll:a-b-c-d-e-f`` for the numbers of dice showing 1..6."""
    return "roll:" + "-".join(str(c) for c in counts[1:7])


_SYNTAX: dict[str, tuple[int, tuple[int, ...]]] = {}


def outcome_syntax(action: str) -> tuple[int, tuple[int, ...]] | None:
    """``roll:a-b-c-d-e-f`` -> (0, (0, a..f)); ``croll:x-y-z`` -> (1, (x, y, z)); else None.
    Well-formed outcomes are remembered (there are few), so parsing a roll is a lookup."""
    got = _SYNTAX.get(action)
    if got is None:
        if action.startswith("roll:"):
            raw = action[5:].split("-")
            if len(raw) != 6 or not all(x.isdigit() and x.isascii() for x in raw):
                return None
            got = (0, (0, *(int(x) for x in raw)))
        elif action.startswith("croll:"):
            raw = action[6:].split("-")
            if len(raw) != 3 or not all(x.isdigit() and x.isascii() for x in raw):
                return None
            got = (1, tuple(int(x) for x in raw))
        else:
            return None
        if len(_SYNTAX) < 50_000:
            _SYNTAX[action] = got
    return got


@lru_cache(maxsize=32)
def roll_outcomes(n: int) -> tuple[tuple[str, float], ...]:
    """Every outcome of rolling ``n`` dice (how many show each face) with its probability."""
    fact = [1.0]
    for i in range(1, n + 1):
        fact.append(fact[-1] * i)
    total = 6.0 ** n
    out: list[tuple[str, float]] = []

    def rec(face: int, left: int, counts: list[int]) -> None:
        if face == 6:
            c = counts + [left]
            p = fact[n]
            for x in c:
                p /= fact[x]
            out.append((roll_name([0] + c), p / total))
            return
        for k in range(left + 1):
            rec(face + 1, left - k, counts + [k])

    rec(1, n, [])
    return tuple(out)
