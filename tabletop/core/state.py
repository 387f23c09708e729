"""The one state contract every game implements.

A game state is a mutable object driven by *actions*: short canonical strings
(the action notation) drawn from a finite vocabulary the game declares. Every
mutation made while applying an action is written to a journal, so that

* ``undo()`` restores the previous state exactly without copying anything, and
* an action that fails half-way (an engine bug) is rolled back, leaving the
  state untouched.

Multi-step choices are a stack of pending decisions (``frames``); each is
resolved by single picks plus an explicit ``done`` where stopping is allowed.
Randomness lives in the state (:class:`tabletop.core.rng.Rng`) and is seeded;
chance events are explicit chance nodes (``current_player == CHANCE``).

After ``keep_events()`` a state also keeps its *event log*: what happened, as data
(kind, round, seat, parameters, and the VP / kronen each seat gained or lost by it),
for the game log people read, replays and reports. The log is not state: it is
outside the journal, positions, views and clones; undo takes back the events of the
action it undoes; a state that keeps no log pays one ``is None`` test per action.
"""

from __future__ import annotations

from types import GetSetDescriptorType, MemberDescriptorType
from typing import Any, ClassVar

from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng

CHANCE = -1
TERMINAL = -2


class GameState:
    """Base class: journal, undo, legality checks and the public contract.

    Subclasses implement ``_legal()`` (legal actions of the current decision),
    ``_apply(action)`` (mutate through ``_set``/``_seti``), ``current_player``
    and the position/view functions.
    """

    game_name: ClassVar[str] = ""

    # The journal is flat: each change is three entries, obj, key, old; ``key`` is a str for
    # attributes, an int for list items; ``obj`` is None for the state itself. The journal never
    # holds the state, so that no state is part of a reference cycle: a state dropped
    # (a finished game, a search's copy) is freed at once, not left for the garbage
    # collector, whose passes over such cycles took a fifth of a random playout's time.
    _journal: list[Any]
    _marks: list[int]
    history: list[str]
    rng: Rng
    events: list[dict[str, Any]] | None  # None until keep_events()
    _event_marks: list[int]

    def _init_journal(self) -> None:
        self._journal = []
        self._marks = []
        self.history = []
        self._legal_cache: list[str] | None = None
        self.events = None
        self._event_marks = []

    # -- journalled mutation -------------------------------------------------
    def _set(self, obj: Any, attr: str, value: Any) -> None:
        """Set ``obj.attr`` and remember the old value for undo.

        The journal is flat, three entries a change (object, key, old value): a tuple per change
        would be one more allocation, and one more object for the garbage collector to visit."""
        journal = self._journal
        journal.append(None if obj is self else obj)
        journal.append(attr)
        journal.append(getattr(obj, attr))
        setattr(obj, attr, value)

    def _seti(self, lst: list[Any], index: int, value: Any) -> None:
        """Set ``lst[index]`` and remember the old value for undo."""
        journal = self._journal
        journal.append(lst)
        journal.append(index)
        journal.append(lst[index])
        lst[index] = value

    def _rollback(self, mark: int) -> None:
        journal = self._journal
        while len(journal) > mark:
            old = journal.pop()
            key = journal.pop()
            obj = journal.pop()
            if key.__class__ is str:
                setattr(self if obj is None else obj, key, old)
            else:
                obj[key] = old

    # -- the contract --------------------------------------------------------
    @property
    def current_player(self) -> int:
        """Seat index of the player to decide, ``CHANCE`` or ``TERMINAL``."""
        raise NotImplementedError

    def _legal(self) -> list[str]:
        """Legal actions at this point (uncached)."""
        raise NotImplementedError

    def _apply(self, action: str) -> None:
        """Carry out a legal action (all mutations journalled)."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self) -> list[str]:
        """Legal actions for the current player (or chance outcomes' names).

        The list is cached until the next apply/undo; callers must not mutate it.
        """
        cached = self._legal_cache
        if cached is None:
            cached = self._legal()
            self._legal_cache = cached
        return cached

    def apply(self, action: str) -> None:
        """Apply ``action``; an illegal one raises and changes nothing."""
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self._illegal_message(action, legal))
        self._apply_legal(action)

    def _apply_legal(self, action: str) -> None:
        """Apply ``action``, already known to be legal. The cached list of legal actions is
        journalled like any field, so :meth:`undo` puts it back: a search applies and undoes
        every action of a position in turn, and each undo would otherwise cost a new list."""
        mark = len(self._journal)
        self._marks.append(mark)
        events = self.events
        if events is not None:
            self._event_marks.append(len(events))
            self._events_open(action)
        # _apply may fill the cache for the next decision (it knows it first)
        self._set(self, "_legal_cache", None)
        try:
            self._apply(action)
            if events is not None:
                self._events_close()
        except BaseException:
            self._rollback(mark)
            self._marks.pop()
            if events is not None:
                del events[self._event_marks.pop():]
            raise
        self.history.append(action)

    def undo(self) -> str:
        """Take back the last applied action (chance outcomes included)."""
        if not self._marks:
            raise IllegalAction("nothing to undo: no action has been applied")
        self._rollback(self._marks.pop())
        if self.events is not None:
            del self.events[self._event_marks.pop():]
        return self.history.pop()  # the rollback put back the legal actions' cache too

    def undoable(self) -> int:
        """How many of the last actions :meth:`undo` can still take back."""
        return len(self._marks)

    def forget_undo(self, keep: int) -> None:
        """Keep what undo needs for the last ``keep`` actions only; older ones can no longer be
        taken back. A server holding many long games calls this: their journals would otherwise
        grow with every action, and each entry is an object the garbage collector must visit."""
        marks = self._marks
        if len(marks) <= keep:
            return
        kept = marks[len(marks) - keep:] if keep > 0 else []
        cut = kept[0] if kept else len(self._journal)
        del self._journal[:cut]
        self._marks = [m - cut for m in kept]

    # -- the event log ----------------------------------------------------------
    def keep_events(self) -> list[dict[str, Any]]:
        """Start keeping the event log (from now on); returns it. Its first events say
        where each seat stands now, so that the deltas of the log add up to the scores."""
        if self.events is None:
            self.events = []
            self._event_marks = [0] * len(self.history)  # undoing further back empties the log
            self._events_start()
        return self.events

    # A game may write richer events (Grand Austria Hotel: engine/ledger.py); by default the log
    # holds each action and each seat's VP change, measured from ``scores()``.
    def _events_start(self) -> None:
        """The opening events: where each seat stands now."""
        assert self.events is not None
        for p, vp in enumerate(self.scores()):
            self.events.append({"kind": "start", "round": 0, "seat": p, "vp": vp, "kronen": 0, "emperor": 0,
                                "sources": {}, "params": {}})

    def _events_open(self, action: str) -> None:
        """Before ``action`` is applied (the log is kept): note what it is and where seats stand."""
        self._ev_before = (self.current_player, self.scores(), self.action_facts(action))

    def _events_close(self) -> None:
        """After an action was applied (the log is kept): write its events."""
        assert self.events is not None
        seat, before, facts = self._ev_before
        if seat == CHANCE:  # a draw or a roll: the table's event
            self.events.append({"kind": "roll", "round": 0, "seat": -1, "vp": 0, "kronen": 0, "emperor": 0,
                                "sources": {}, "params": facts})
        for p, vp in enumerate(self.scores()):
            if p == seat or vp != before[p]:
                self.events.append({"kind": "roll" if seat == CHANCE else "action", "round": 0, "seat": p,
                                    "vp": vp - before[p], "kronen": 0, "emperor": 0, "sources": {},
                                    "params": facts, **({"by": seat} if p != seat and seat >= 0 else {})})

    def action_facts(self, action: str) -> dict[str, Any]:
        """The public facts of ``action`` at this point, as data (games say more)."""
        return {"verb": "other"}

    def _illegal_message(self, action: str, legal: list[str]) -> str:
        if self.current_player == TERMINAL:
            return f"illegal action {action!r}: the game is over"
        shown = ", ".join(legal[:12]) + (" …" if len(legal) > 12 else "")
        return f"illegal action {action!r} for {self.prompt()}; legal: {shown}"

    # -- chance ---------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[str, float]]:
        """All outcomes of the pending chance event with their probabilities."""
        raise IllegalAction("not a chance node")

    def sample_chance(self) -> str:
        """Draw the pending chance outcome from the state's own seeded RNG."""
        raise IllegalAction("not a chance node")

    # -- results ------------------------------------------------------------
    def scores(self) -> list[int]:
        """Current (at the end: final) score per seat."""
        raise NotImplementedError

    def score_breakdown(self) -> list[dict[str, int]]:
        """Score per seat by source; the values add up to ``scores()``."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Seats that won (after tie-breaks); empty while the game runs."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """Win share per seat: 1/k to each of k winners, 0 to the others."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        won = self.winners()
        return [1.0 / len(won) if s in won else 0.0 for s in range(self.num_players)]

    num_players: int

    # -- views and positions --------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` can see at the table (``None``: a spectator)."""
        raise NotImplementedError

    def to_position(self) -> dict[str, Any]:
        """The whole state as a JSON-able position (see docs/POSITION.md)."""
        raise NotImplementedError

    def prompt(self) -> str:
        """One line naming the pending decision, e.g. 'seat 1: choose a room'."""
        raise NotImplementedError

    def projected_scores(self) -> list[int]:
        """What each seat would score if the game ended now (games may refine this)."""
        return self.scores()

    def hidden_fingerprint(self) -> Any:
        """Changes whenever hidden information is revealed or randomness is used
        (a draw, a shuffle, a roll). Interfaces use it to forbid undo across those."""
        return self.rng.state

    def summary(self) -> list[dict[str, Any]]:
        """Game-specific facts per seat for analysis (e.g. staff played); JSON-able."""
        return [{} for _ in range(self.num_players)]

    def describe(self, action: str) -> str:
        """A plain sentence for ``action`` taken at this point (for logs)."""
        return action

    def clone(self) -> GameState:
        """An independent copy (for search); its undo history is empty."""
        raise NotImplementedError


def typed_fields(cls: type[GameState]) -> tuple[str, ...]:
    """The fields the compiled build keeps in C slots of ``cls`` and its bases (declared in
    their ``.pxd``, e.g. core/state.pxd) instead of the instance ``__dict__``; empty in plain
    Python. A copy that copies the ``__dict__`` must copy these too. (A property is a
    descriptor of the same kind; it is told apart by not taking back what it gives.)"""
    probe = cls.__new__(cls)
    out = []
    for klass in cls.__mro__:
        for name, v in vars(klass).items():
            if name.startswith("__") or not isinstance(v, (GetSetDescriptorType, MemberDescriptorType)):
                continue
            try:
                setattr(probe, name, getattr(probe, name))
            except Exception:  # a property (read-only, or nothing to compute from yet)
                continue
            out.append(name)
    return tuple(out)
