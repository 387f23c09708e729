"""Let's Waltz! module IV, Start Player (001 "Module 4: START PLAYER").

Clockwise turn order with the module's own turn order tiles, starting money by
turn position, and the skeleton key: instead of taking a die a player may take
the key (1 dish or drink of choice and any main action at strength 1), pushing
the others back for 0/1/2 kronen; at the end of the round the tiles are handed
out clockwise starting with the key's holder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.errors import InvalidPosition
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.modules import Module, Part

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.engine.base import EngineBase, Player

# ``key``: take the skeleton key without a main action; ``key=<n>``: and carry out main
# action n (1-5) at strength 1.
KEY = ("key",) + tuple(f"key={a}" for a in range(1, 6))
N.add_actions({KEY[a]: ("key", a) for a in range(6)})


class StartPlayerPart(Part):
    __slots__ = ("holder",)

    def __init__(self) -> None:
        self.holder = -1  # seat holding the skeleton key this round, -1: on the action board extension


def _data(st: EngineBase, name: str) -> Any:
    return st.rules.module_data["start_player"][name]["value"]


def tiles(st: EngineBase) -> list[tuple[int, int]]:
    """The module's turn order tiles for this player count, by turn position."""
    raw = _data(st, "turn_order_tiles")
    n = st.num_players
    return [(int(a), int(b)) for a, b in raw.get(n, raw.get(str(n)))]


class StartPlayer(Module):
    name = "start_player"
    verbs = ("key",)
    main_verbs = ("key",)  # "instead of taking a die"

    def facts(self, st: EngineBase, info: tuple[Any, ...]) -> dict[str, Any] | None:
        return {"verb": "key", "space": info[1]} if info[0] == "key" else None

    def new_part(self, st: EngineBase) -> Part:
        return StartPlayerPart()

    def setup(self, st: EngineBase) -> None:
        # 001 M4 Setup 2-3: the new tiles (seat 0 starts), money 9/10/11/12 by turn position
        money = _data(st, "start_money")
        for p, tile in enumerate(tiles(st)):
            st.tiles[p] = tile
            st.players[p].money = int(money[p])

    def turn_actions(self, st: EngineBase, p: int, pl: Player, out: list[str]) -> None:
        # 001 M4 Start Player Action: instead of taking a die, while the key is on the
        # extension and the player has not passed this round (not even before a re-roll);
        # allowed when no die is left (reading M4-8a)
        if st.parts["start_player"].holder < 0 and not st.t_die and pl.passes == 0:
            out.extend(KEY)

    def turn_pick(self, st: EngineBase, p: int, pl: Player, info: tuple[Any, ...]) -> None:
        part = st.parts["start_player"]
        st._set(st, "t_die", True)  # the key covers a turn number as a die would
        st._set(part, "holder", p)
        # the players after the taker, clockwise: 0, 1, 2 kronen
        comp = _data(st, "compensation")
        n = st.num_players
        given = [int(k) for k in comp[: n - 1]]
        for i, k in enumerate(given, start=1):
            st._gain_money((p + i) % n, k)
        st._note("key", p, sum(given))
        action = info[1]
        if action:
            # strength 1 whatever the dice: no die taken, no boost, no die-face staff (face 0)
            st._push(("fx", p, ({"effect": "die_action", "action": action, "n": 1, "face": 0},), 0, 0))
        st._push(("choice", p, 1))  # 1 dish or drink of choice (never champagne), first

    def pass_tiles(self, st: EngineBase) -> bool:
        # 001 M4 End of Round: tiles clockwise from the key's holder, key back
        part = st.parts["start_player"]
        if part.holder < 0:
            return False
        n = st.num_players
        for i, tile in enumerate(tiles(st)):
            st._seti(st.tiles, (part.holder + i) % n, tile)
        st._set(part, "holder", -1)
        return True

    def dump(self, st: EngineBase) -> dict[str, Any]:
        holder = st.parts["start_player"].holder
        return {"key_holder": holder if holder >= 0 else None}

    def load(self, st: EngineBase, data: dict[str, Any]) -> None:
        extra = set(data) - {"key_holder"}
        if extra:
            raise InvalidPosition(f"modules.start_player: unknown fields {sorted(extra)}")
        holder = data.get("key_holder")
        if holder is not None and not (isinstance(holder, int) and 0 <= holder < st.num_players):
            raise InvalidPosition("modules.start_player.key_holder must be a seat or null")
        st.parts["start_player"].holder = -1 if holder is None else holder


MODULE = StartPlayer()
