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

@cython.locals(A=cython.int, reroll=cython.double, full=cython.int, tf=cython.double, occ_vp=cython.double,
               guest_value=cython.double, staff_value=cython.double, hand_value=cython.double)
cpdef list _terms(EngineBase st, seat, Params P)

# the terms of _terms, one function each (or two that share their work: _staff)
@cython.locals(cap=cython.double)
cpdef double _money(Player pl, double tf, Params P)

@cython.locals(spare=cython.int)
cpdef double _spare_items(list kitchen, double tf, Params P)

@cython.locals(seats=cython.int, empty=cython.int, t=cython.int)
cpdef double _empty_seats(EngineBase st, Player pl, double tf, Params P)

@cython.locals(prepared=cython.double, c=cython.int, v=cython.double)
cpdef double _prepared(tuple free_sorted, list used_rooms, double tf, Params P)

@cython.locals(groups_value=cython.double, gfac=cython.double, bonus=cython.double, share=cython.double)
cpdef double _groups(tuple partial_groups, double tf, Params P)

cpdef double _tempo(int A, double reroll, Params P)

@cython.locals(miss=cython.double, budget=cython.double, work=cython.double, guest_value=cython.double,
               reward_scale=cython.double, turns=cython.int, units=cython.double, from_kitchen=cython.int,
               need=cython.int, kinds=cython.int, i=cython.int, m=cython.int, k=cython.int, c=cython.int,
               colour=cython.int, t=cython.int, room_vp=cython.double, room_cost=cython.double,
               room_work=cython.double, worth=cython.double, light=cython.double, heavy=cython.double,
               unit_cost=cython.double, cost=cython.double, p=cython.double, late=cython.bint)
cpdef double _cafe(EngineBase st, seat, Player pl, int A, double reroll, double tf, Params P, dict tab,
                   tuple free_sorted, tuple no_space, list kitchen, list used_rooms)

@cython.locals(c=cython.int, k=cython.int)
cpdef int _green_room(tuple free_sorted, list free_count, list used_rooms)

@cython.locals(worth=cython.double, w=cython.double)
cpdef double _guest_worth(guest, g, int colour, double room_vp, double reward_scale, list moved_fx, Params P,
                          dict tab)

@cython.locals(p=cython.double, n_kinds=cython.int)
cpdef double _completion_chance(int need, list short, int turns, strength, double work, double budget, int kinds,
                                bint now, Params P)

@cython.locals(staff_value=cython.double, hand_value=cython.double, w=cython.double)
cpdef tuple _staff(EngineBase st, seat, Player pl, tuple rooms, int A, double tf, Params P, dict tab)

@cython.locals(money=cython.int, a=cython.int, n=cython.int)
cpdef object _last_round_strength(EngineBase st, Player pl)

@cython.locals(own=cython.int)
cpdef bint _late_out_of_reach(int need, list short, int turns, object strength)

@cython.locals(total=cython.double, i=cython.Py_ssize_t, a=cython.double, b=cython.double, x=cython.double)
cpdef double _weighted_sum(list values, list wa, list wb, double tf)
