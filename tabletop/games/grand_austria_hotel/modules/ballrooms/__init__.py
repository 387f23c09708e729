"""Let's Waltz! module I, Vienna Ballrooms: the rules are in ``rules.py`` (a plain module, so
that the compiled build takes it; package ``__init__`` files stay plain Python), the ballrooms'
board arithmetic in ``board.py``. This file names what the rest of the project uses."""

from tabletop.games.grand_austria_hotel.modules.ballrooms.board import (
    _table,
    ballroom,
    ballroom_scores,
    dancers_in,
    open_rows,
    shared_ranks,
)
from tabletop.games.grand_austria_hotel.modules.ballrooms.rules import MODULE, NAME, ROW_NAMES, ROWS

__all__ = ["MODULE", "NAME", "ROWS", "ROW_NAMES", "_table", "ballroom", "ballroom_scores", "dancers_in", "open_rows",
           "shared_ranks"]
