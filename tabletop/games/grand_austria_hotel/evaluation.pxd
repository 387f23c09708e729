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
    cdef public double LATE_CAFE, END_STAFF_EXTRA, CAFE_STEEP

# The evaluation's arithmetic as C numbers: the same IEEE doubles, in the same order, as the
# plain source computes with Python floats (the golden digests and the ladder replays check
# that every move stays the same).
cimport cython

@cython.locals(A=cython.int, reroll=cython.double, full=cython.int, tf=cython.double, scored=cython.double,
               occ_vp=cython.double, cap=cython.double, money=cython.double, miss=cython.double,
               budget=cython.double, work=cython.double, guest_value=cython.double, reward_scale=cython.double,
               turns=cython.int, units=cython.double, from_kitchen=cython.int, need=cython.int, kinds=cython.int,
               i=cython.int, m=cython.int, k=cython.int, c=cython.int, colour=cython.int, t=cython.int,
               room_vp=cython.double, room_cost=cython.double, room_work=cython.double, worth=cython.double,
               light=cython.double, heavy=cython.double, unit_cost=cython.double, cost=cython.double,
               p=cython.double, n_kinds=cython.int, spare=cython.int, kitchen_value=cython.double,
               seats=cython.int, empty=cython.int, seat_value=cython.double, prepared=cython.double,
               groups_value=cython.double, gfac=cython.double, emperor_value=cython.double,
               staff_value=cython.double, hand_value=cython.double, w=cython.double, politics=cython.double,
               tempo=cython.double, pending=cython.double, bonus=cython.double, share=cython.double,
               v=cython.double, late=cython.bint, steep=cython.double)
cpdef list _terms(EngineBase st, seat, Params P)

@cython.locals(money=cython.int, a=cython.int, n=cython.int)
cpdef object _last_round_strength(EngineBase st, Player pl)

@cython.locals(own=cython.int)
cpdef bint _late_out_of_reach(int need, list short, int turns, object strength)

@cython.locals(total=cython.double, i=cython.Py_ssize_t, a=cython.double, b=cython.double, x=cython.double)
cpdef double _weighted_sum(list values, list wa, list wb, double tf)
