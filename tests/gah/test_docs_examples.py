"""The documented example position stays valid."""

import json
from pathlib import Path

from tabletop.games.grand_austria_hotel import from_position

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "gah-position.json"


def test_documented_position_loads_and_round_trips() -> None:
    pos = json.loads(EXAMPLE.read_text())
    st = from_position(pos)
    assert st.to_position() == pos
    assert st.current_player == 0 and "d3" in st.legal_actions()
