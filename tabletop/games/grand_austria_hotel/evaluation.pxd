# Types for the compiled build (see engine/base.pxd): the evaluation reads the state's fields
# (``st: EngineBase``, ``pl: Player``) without a lookup.
from tabletop.games.grand_austria_hotel.engine.base cimport EngineBase, Player

# The evaluation's constants as C doubles: ``P.CAPITAL`` is a read at a fixed offset where a
# parameter says ``P: Params``. A name added to HAND must be added here (else it lives in
# ``__dict__``, slower; tests/core/test_typed_state.py checks).
cdef class Params:
    cdef dict __dict__
    cdef public double ITEM_COST, UNIT_SHARE, HEAVY_ITEM, SERVE_COST, ROOM_COST, ROOM_VP_GUESS
    cdef public double GUEST_EXTRA, REWARD, UNITS_PER_ACTION, GUEST_SHARE, ROOM_ACTIONS
    cdef public double CAFE_PENALTY, SEAT, SPARE_ITEM, CAPITAL, CAPITAL_WORTH, PREPARED
    cdef public double GROUP_SHARE, EMPEROR_NEXT, EMPEROR_LATER, EMPEROR_TILE, EMPEROR_SLACK
    cdef public double GROWTH, PERM, HAND_SHARE, HAND_MIN, TEMPO, REROLL, OCCUPY_RATE, POLITICS
