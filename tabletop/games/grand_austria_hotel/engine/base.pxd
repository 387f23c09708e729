# Types for the compiled build of base.py (see core/state.pxd): a player's board and the
# state's fields as C struct slots, read by the rule files' methods without a lookup.
from tabletop.core.state cimport GameState

cdef class Player:
    cdef public object money, emperor, guest_vp, passes
    cdef public list vp_src, kitchen, cafe, served, rooms
    cdef public tuple hand, played, used, bonus_paid

cdef class EngineBase(GameState):
    cdef public list players, supply, room_supply, queue, dice, tiles, markers, covered, passed
    cdef public list draft_packets, draft_picked
    cdef public tuple guest_deck, staff_deck, stack, objectives, emperor_tiles, guest_discard
    cdef public tuple mods, listeners, action_hooks
    cdef public object config, rules, seed, original, round, phase, total_dice, roll_n, dustbin
    cdef public object on_tiles, t_player, t_guest, t_die, t_boost, t_acted, t_peak, t_extra, t_keep
    cdef public object round_guest_taken, setup_i, emperor_i, item_range, t_action
    cdef public dict staff_cost, parts, decision_kinds, effect_owner, verb_owner, requirement_owner
    cdef public dict scoring_owner, listening, hooked, S
    cdef public object notes, _ev_cause, _ev_snap, _ev_reactions
