"""The documented example position stays valid."""

import json
from pathlib import Path

from tabletop.games.grand_austria_hotel import from_position

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "gah-position.json"


def test_documented_position_loads_and_round_trips() -> None:
    pos = json.loads(EXAMPLE.read_text())
    st = from_position(pos)
    full = st.to_position()
    # fields left out of a hand-written position take their defaults; the rest is kept
    assert {k: v for k, v in full.items() if k != "turn"} == {k: v for k, v in pos.items() if k != "turn"}
    assert full["turn"]["player"] == 0 and full["turn"]["money_peak"] == 8
    assert from_position(full).to_position() == full
    assert st.current_player == 0 and "d3" in st.legal_actions()
