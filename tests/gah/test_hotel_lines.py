"""Full floors, columns, groups and colours (politics cards, game-end staff, 000 Appendix)
are counted with bit masks; they must agree with counting room by room."""

from __future__ import annotations

import random

from tabletop.games.grand_austria_hotel import new_game


def test_masks_agree_with_room_by_room_counting() -> None:
    st = new_game(players=2, seed=1)
    rules = st.rules
    pl = st.players[0]
    rnd = random.Random(5)
    for _ in range(400):
        density = rnd.random()
        pl.rooms = [2 if rnd.random() < density else rnd.choice((0, 1)) for _ in range(20)]
        full = [pl.rooms[r] == 2 for r in range(20)]
        assert st.full_floors(pl) == sum(all(full[r] for r in rules.rooms_by_floor[f]) for f in range(1, 5))
        assert st.full_columns(pl) == sum(all(full[r] for r in rs) for rs in rules.rooms_by_column)
        assert st.full_groups(pl) == sum(all(full[r] for r in g) for g in rules.groups)
        assert st.occupied_by_colour(pl) == [sum(full[r] for r in rs) for rs in rules.rooms_by_colour]
        colour_full = any(all(full[r] for r in rs) for rs in rules.rooms_by_colour)
        assert st.meets(0, {"kind": "full_colour"}) == colour_full
