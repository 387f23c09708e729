"""How a kind of pending decision is declared: once, as one class.

A pending decision is a frame on the state's stack: a plain tuple, its kind's name first,
the seat to decide second, then the kind's own fields (plain tuples keep the journal,
clones, positions and the compiled build as cheap as they were). Each kind is declared by
one class, decorated with ``@decision``: its annotations name the fields after kind and
player, in frame order, with their types; its static methods are the decision's rules,
each taking the frame and the state and naming the fields it reads by unpacking::

    @decision
    class Occupy:
        \"\"\"Turn prepared rooms to occupied, one pick each.\"\"\"
        left: int  # how many rooms still to occupy

        @staticmethod
        def legal(fr, st):              # the options now (action strings); [] or [done]: it closes
            _, player, left = fr
            ...
        @staticmethod
        def pick(fr, st, info): ...     # one pick (``notation.INFO[action]``), never ``done``
        @staticmethod
        def finish(fr, st): ...         # optional: after the frame is popped by ``done`` / no option

and it is pushed as ``st._push(("occupy", p, 2))``.

What the declaration gives, and who reads it:

=================  ============================================================
fields             the position format (``position.py`` writes them by name,
                   ``position_load.py`` reads them back, by each field's type)
``legal``          the options (``TurnFlow._legal`` / ``_advance`` ask the kind of
                   the top frame: ``st.decision_kinds[fr[0]].legal(fr, st)``)
``pick``           what one pick does (``TurnFlow._apply``; ``done`` closes the frame:
                   ``Decisions._finish`` pops it and calls ``finish``)
``finish``         closing the frame (default: nothing)
=================  ============================================================

and the decorator's arguments (``@decision(kind=…, owner=…, free_guests=True)``):

=================  ============================================================
``kind``           the kind's name in frames, positions, catalogs and the log
                   (default: the class name in lower case)
``owner``          ``None`` for the base game, else the Let's Waltz! module's
                   name: the kind exists only in games with that module
``automatic``      the engine carries the frame out by itself (``fx``): no options
``free_guests``    a guest taken here costs nothing (starting guest, free guest)
``hides_pick``     a staff card picked here comes from the hand, face down: the
                   public log does not name it (``facts.py``)
=================  ============================================================

Words are not declared here: the question a kind asks is the catalog entry ``ask.<kind>``
and what its ``done`` says ``log.action.done.<kind>`` (falling back to ``…done.other``), in
tabletop/i18n/templates/game.pot and each language's PO file. So adding a kind touches its
declaring file and the catalogs, nothing else.

Why plain tuples and not instances of the class (a ``NamedTuple``): a tuple subclass costs
a second allocation per frame, a slower deallocation and garbage-collector work for every
stack the journal keeps; measured, that made random games about 10 % slower compiled. The
fields' order is written once in the annotations; a method names them by unpacking the
frame, and ``tests/gah/test_decision_kinds.py`` checks each unpacking against them.

The base game's kinds are declared in ``engine/decisions.py`` ("module zero"); each
module declares its own in its file. ``DECISIONS`` holds every kind declared, base game
first, then each module's in rulebook order.
"""

from __future__ import annotations

from typing import Any, TypeAlias, TypeVar

from tabletop.games.grand_austria_hotel.config import MODULES

# Field types with a meaning of their own in the position format (position.py): a field
# annotated with one of these names is written and read as that; ``int`` is checked to be an
# integer; anything else is written as plain JSON (tuples as lists) and read back as tuples.
FIELD_TYPES = (
    "Items",      # a tuple of 5 item counts (strudel, cake, wine, coffee, champagne)
    "StaffIds",   # staff card ids, written as slugs
    "Effects",    # a tuple of effect dicts (the typed effect vocabulary)
    "VpSource",   # a VP source index, written by name (engine/base.py VP_SOURCES)
    "Item",       # one item index, written by name
    "RoomCost",   # "full", "free" or "minus<N>"
)


# those types, for the annotations (the position code reads their names)
Items: TypeAlias = tuple[int, ...]
StaffIds: TypeAlias = tuple[int, ...]
Effects: TypeAlias = tuple[dict[str, Any], ...]
VpSource: TypeAlias = int
Item: TypeAlias = int
RoomCost: TypeAlias = str


DECISIONS: dict[str, Any] = {}
"""Every decision kind declared: kind -> its class (base game first, then modules in order)."""

_ORDER: dict[str, tuple[int, int]] = {}


def _no_pick(fr: tuple[Any, ...], st: Any, info: tuple[Any, ...]) -> None:
    raise AssertionError(f"decision {fr[0]!r} takes no pick")


def _no_legal(fr: tuple[Any, ...], st: Any) -> list[str]:
    raise AssertionError(f"{fr[0]!r} is not a decision: the engine carries it out")


T = TypeVar("T", bound=type)


def decision(cls: T | None = None, *, kind: str | None = None, owner: str | None = None,
             automatic: bool = False, free_guests: bool = False, hides_pick: bool = False) -> Any:
    """Declare a decision kind (see this file's docstring). ``kind`` defaults to the class
    name in lower case; ``owner`` is the module's name (``None``: the base game); the flags
    are those of the table above."""
    # the rulebook order: the base game, the modules, then anything else (a test's toy kind)
    rank = 0 if owner is None else 1 + (MODULES.index(owner) if owner in MODULES else len(MODULES))

    def register(c: T) -> T:
        own = tuple(c.__dict__.get("__annotations__", {}))
        if "kind" in own or "player" in own:
            raise TypeError(f"{c.__name__}: kind and player come first in every frame; annotate only "
                            "the kind's own fields")
        name = kind or c.__name__.lower()
        if name in DECISIONS and DECISIONS[name] is not c:
            raise ValueError(f"decision kind {name!r} declared twice ({DECISIONS[name].__name__}, {c.__name__})")
        c.KIND = name  # type: ignore[attr-defined]
        c.owner = owner  # type: ignore[attr-defined]
        c.fields = own  # type: ignore[attr-defined]  # after kind and player, in frame order
        # a kind without ``finish`` does nothing more when it closes (None: the engine skips the call)
        for attr, default in (("legal", _no_legal), ("pick", _no_pick), ("finish", None)):
            if not hasattr(c, attr):
                setattr(c, attr, default)
        c.automatic, c.free_guests, c.hides_pick = automatic, free_guests, hides_pick  # type: ignore[attr-defined]
        _ORDER[name] = (rank, len(_ORDER))
        DECISIONS[name] = c
        for k in sorted(DECISIONS, key=_ORDER.__getitem__):  # keep the rulebook order
            DECISIONS[k] = DECISIONS.pop(k)
        return c

    return register(cls) if cls is not None else register


def fields_of(cls: type) -> tuple[str, ...]:
    """A decision kind's own fields (after kind and player), in frame order."""
    return cls.fields  # type: ignore[attr-defined, no-any-return]


def field_type(cls: type, name: str) -> str:
    """The annotated type of a field, as written (``int``, ``Items``, ``Any`` …)."""
    ann = cls.__annotations__.get(name, "Any")
    return ann if isinstance(ann, str) else getattr(ann, "__name__", str(ann))


def frame_fields(owner: str | None = None) -> dict[str, tuple[str, ...]]:
    """kind -> its own fields, for the base game's kinds (``owner=None``) or one module's."""
    return {k: fields_of(c) for k, c in DECISIONS.items() if c.owner == owner}


def kinds_of(owner: str | None) -> tuple[type, ...]:
    """The decision classes one owner declared (the base game: ``None``), in order."""
    return tuple(c for c in DECISIONS.values() if c.owner == owner)

