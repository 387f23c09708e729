"""Build hand-made Grand Austria Hotel positions for scenario tests.

READ tests/gah/README.md FIRST: it says how card tests are written.

``Scenario`` starts from a clean table in round 1 (no guests in cafés, all
staff in the deck, no rooms, empty action spaces, every player with 10 krone
and one of each item) and lets a test place exactly what it needs. Every
builder keeps the accounting right (cards, cubes, room tiles and dice move
between supply/deck and the players), and ``state()`` loads the result through
the public position format, so each scenario also exercises ``from_position``.

Example::

    st = (Scenario(players=2)
          .guest(0, 55, served="full")          # Photographer, order complete
          .rooms(0, prepared=[1])
          .dice({1: 2, 3: 1})
          .turn(0)
          .state())
    st.apply("m0r1")
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

from tabletop.core.state import CHANCE, TERMINAL
from tabletop.games.grand_austria_hotel import from_position, new_game
from tabletop.games.grand_austria_hotel.data import ITEMS
from tabletop.games.grand_austria_hotel.state import GahState

_BASES: dict[tuple[Any, ...], dict[str, Any]] = {}


def _clean_base(players: int, config: dict[str, Any]) -> dict[str, Any]:
    key = (players, tuple(sorted((k, str(v)) for k, v in config.items())))
    if key not in _BASES:
        st = new_game(players=players, seed=1, **config)
        pos = st.to_position()
        pos["history"] = []
        for pp in pos["players"]:
            pp.pop("bonus_paid")  # as written by hand: the groups full in the scenario have paid
        # all staff back to the deck (sorted: deterministic order for draws)
        staff = list(pos["staff_deck"])
        for pp in pos["players"]:
            staff += pp["hand"]
            pp["hand"] = []
        for pk in pos["draft_packets"]:
            staff += pk
        pos["draft_packets"] = [[] for _ in range(players)]
        pos["draft_picked"] = [False] * players
        pos["staff_deck"] = sorted(staff)
        # all guests except the queue back to the deck
        guests = list(pos["guest_deck"]) + list(pos["guest_discard"])
        for pp in pos["players"]:
            for t in pp["cafe"]:
                if t:
                    guests.append(t["guest"])
            pp["cafe"] = [None] * 4
        queue = [g for g in pos["queue"] if g]
        pos["guest_deck"] = sorted(guests)
        pos["queue"] = queue + [None] * (5 - len(queue))
        pos["guest_discard"] = []
        pos["phase"] = "play"
        pos["round"] = 1
        n_dice = {2: 10, 3: 12, 4: 14}[players]
        pos["dice"] = {str(f): 0 for f in range(1, 7)}
        pos["dice_to_roll"] = 0
        pos["dustbin"] = n_dice  # unused dice wait in the dustbin until a scenario sets them
        pos["dice_on_tiles"] = 0
        pos["pending"] = []
        pos["setup_index"] = 0
        pos["turn"] = {"player": -1}
        _BASES[key] = pos
    return copy.deepcopy(_BASES[key])


class Scenario:
    def __init__(self, players: int = 2, **config: Any) -> None:
        self.pos = _clean_base(players, config)
        self.n = players

    # -- cards -------------------------------------------------------------
    def queue(self, guests: list[int | None]) -> Scenario:
        """Put these guests (ids) in queue slots 0-4; the old ones go back to the deck."""
        pos = self.pos
        deck = [g for g in pos["guest_deck"]] + [g for g in pos["queue"] if g]
        for g in guests:
            if g:
                deck.remove(g)
        pos["queue"] = list(guests) + [None] * (5 - len(guests))
        pos["guest_deck"] = deck
        return self

    def guest_deck(self, top: list[int]) -> Scenario:
        """Put these guests on top of the guest deck, in this order."""
        deck = [g for g in self.pos["guest_deck"] if g not in top]
        self.pos["guest_deck"] = list(top) + deck
        return self

    def guest(self, seat: int, gid: int, table: int | None = None,
              served: str | dict[str, int] | None = None) -> Scenario:
        """Seat guest ``gid`` in ``seat``'s café; ``served='full'`` completes the order."""
        pos = self.pos
        self._take_guest_card(gid)
        pp = pos["players"][seat]
        if table is None:
            table = pp["cafe"].index(None)
        from tabletop.games.grand_austria_hotel.config import parse_config
        from tabletop.games.grand_austria_hotel.data import load_rules

        order = load_rules(parse_config(**pos["config"])).guests[gid].order
        if served == "full":
            s = {ITEMS[i]: order[i] for i in range(5) if i < 4 or order[i]}
        else:
            s = {it: 0 for it in ITEMS} | dict(served or {})
        for it, k in s.items():
            pos["supply"][it] = pos["supply"].get(it, 0) - k
        pp["cafe"][table] = {"guest": gid, "served": s}
        return self

    def _take_guest_card(self, gid: int) -> None:
        pos = self.pos
        if gid in pos["guest_deck"]:
            pos["guest_deck"].remove(gid)
        elif gid in pos["queue"]:
            i = pos["queue"].index(gid)
            pos["queue"][i] = pos["guest_deck"].pop()
        else:
            raise ValueError(f"guest {gid} is not available")

    def staff(self, seat: int, slug: str, where: str = "hand") -> Scenario:
        """Give ``seat`` staff card ``slug`` in 'hand', 'played' or 'used' (played and used)."""
        pos = self.pos
        pos["staff_deck"].remove(slug)
        pp = pos["players"][seat]
        if where == "hand":
            pp["hand"].append(slug)
        else:
            pp["played"].append(slug)
            if where == "used":
                pp["used"].append(slug)
        return self

    def staff_deck(self, top: list[str]) -> Scenario:
        """Put these staff cards on top of the staff deck, in this order."""
        deck = [s for s in self.pos["staff_deck"] if s not in top]
        for s in top:
            if s not in self.pos["staff_deck"]:
                raise ValueError(f"staff {s} is not in the deck")
        self.pos["staff_deck"] = list(top) + deck
        return self

    # -- boards --------------------------------------------------------------
    def rooms(self, seat: int, prepared: list[int] = (), occupied: list[int] = ()) -> Scenario:  # type: ignore[assignment]
        """Set ``seat``'s hotel exactly (other rooms empty); tiles come from the supply."""
        from tabletop.games.grand_austria_hotel.config import parse_config
        from tabletop.games.grand_austria_hotel.data import COLOURS, load_rules

        rules = load_rules(parse_config(**self.pos["config"]))
        pp = self.pos["players"][seat]
        for r in pp["prepared"] + pp["occupied"]:
            self.pos["room_supply"][COLOURS[rules.room_colour[r]]] += 1
        pp["prepared"], pp["occupied"] = sorted(prepared), sorted(occupied)
        for r in list(prepared) + list(occupied):
            self.pos["room_supply"][COLOURS[rules.room_colour[r]]] -= 1
        return self

    def kitchen(self, seat: int, **items: int) -> Scenario:
        """Set ``seat``'s kitchen items (unnamed items become 0)."""
        pp = self.pos["players"][seat]
        for it in ITEMS:
            self.pos["supply"][it] = self.pos["supply"].get(it, 0) + pp["kitchen"].get(it, 0) - items.get(it, 0)
            pp["kitchen"][it] = items.get(it, 0)
        return self

    def money(self, seat: int, amount: int) -> Scenario:
        self.pos["players"][seat]["money"] = amount
        return self

    def emperor(self, seat: int, space: int) -> Scenario:
        self.pos["players"][seat]["emperor"] = space
        return self

    def vp(self, seat: int, **by_source: int) -> Scenario:
        self.pos["players"][seat]["vp"].update(by_source)
        return self

    def objectives(self, ids: list[str]) -> Scenario:
        self.pos["objectives"] = [{"id": i, "markers": []} for i in ids]
        return self

    def markers(self, k: int, seats: list[int]) -> Scenario:
        self.pos["objectives"][k]["markers"] = list(seats)
        return self

    def emperor_tiles(self, ids: list[str]) -> Scenario:
        self.pos["emperor_tiles"] = list(ids)
        return self

    # -- flow ---------------------------------------------------------------
    def dice(self, counts: dict[int, int]) -> Scenario:
        """Dice on action spaces 1-6; the rest of the round's dice are out (dustbin)."""
        pos = self.pos
        total = sum(pos["dice"].values()) + pos["dustbin"] + pos["dice_on_tiles"] + pos["dice_to_roll"]
        pos["dice"] = {str(f): counts.get(f, 0) for f in range(1, 7)}
        pos["dustbin"] = total - sum(counts.values()) - pos["dice_on_tiles"] - pos["dice_to_roll"]
        if pos["dustbin"] < 0:
            raise ValueError("more dice than the game has")
        return self

    def round(self, r: int) -> Scenario:
        self.pos["round"] = r
        return self

    def turn(self, seat: int, covered: int | None = None) -> Scenario:
        """Make it ``seat``'s turn (a fresh turn: nothing done yet)."""
        pos = self.pos
        pos["turn"] = {"player": seat, "money_peak": pos["players"][seat]["money"]}
        if covered is not None:
            pos["turn_order"][seat]["covered"] = covered
        pos["pending"] = [{"decision": "turn", "player": seat}]
        return self

    def pending(self, *frames: dict[str, Any]) -> Scenario:
        """Replace the pending decisions (bottom first)."""
        self.pos["pending"] = list(frames)
        return self

    def set(self, **fields: Any) -> Scenario:
        """Set top-level position fields directly."""
        self.pos.update(fields)
        return self

    def position(self) -> dict[str, Any]:
        return copy.deepcopy(self.pos)

    def state(self) -> GahState:
        return from_position(self.position())


def seat_vp(st: GahState, seat: int) -> int:
    return st.players[seat].vp


def play(st: GahState, *actions: str) -> GahState:
    """Apply actions in order (each must be legal)."""
    for a in actions:
        st.apply(a)
    return st


def walk(modules: str, players: int, seed: int) -> Iterator[tuple[GahState, str | None]]:
    """A seeded random game: (state, the action about to be applied), then (state, None) at the end."""
    st = new_game(players, seed=seed, **({"modules": modules} if modules else {}))
    rng = random.Random(seed)
    while st.current_player != TERMINAL:
        a = st.sample_chance() if st.current_player == CHANCE else rng.choice(st.legal_actions())
        yield st, a
        st.apply(a)
    yield st, None
