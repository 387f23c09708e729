# Types for the compiled build of state.py (Cython reads this beside the source; plain Python
# never does): the journal's fields as C struct slots of an extension type, so that the
# compiled engine reaches them without a dictionary lookup. Other attributes live in __dict__.
cdef class GameState:
    cdef dict __dict__
    cdef public list _journal
    cdef public list _marks
    cdef public list history
    cdef public object rng
    cdef public object _legal_cache
    cdef public object events
    cdef public list _event_marks
    cdef public object num_players
