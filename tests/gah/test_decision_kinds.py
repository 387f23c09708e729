"""Each kind of pending decision is declared once (engine/declare.py): its fields, options,
picks and closing in one class, its words in the catalogs. These tests check the
declarations themselves (each method's unpacking of the frame against the declared fields
too), and that a new kind needs its declaring file and catalog entries only (a toy kind,
declared here, plays through the whole contract)."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.games.grand_austria_hotel import from_position, new_game
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.config import MODULES
from tabletop.games.grand_austria_hotel.engine.declare import DECISIONS, decision, fields_of, frame_fields
from tabletop.games.grand_austria_hotel.log_text import prompt_text
from tabletop.games.grand_austria_hotel.modules import MODULES as LOADED
from tabletop.games.grand_austria_hotel.position import FRAME_FIELDS
from tabletop.i18n.catalog import LANGUAGES, catalog
from tests.gah.scenario import walk

# the base game's kinds, in the order positions and research encoders have always listed them
BASE_KINDS = ("turn", "fx", "place", "serve", "food", "rooms", "empmoney", "play", "drawn", "occupy",
              "freeguest", "sguest", "choice", "complete", "gizia", "penalty", "avoid", "discard",
              "discardend", "remove", "removeocc", "bonuskind", "draft", "spend")


def test_the_base_game_declares_its_kinds_in_the_fixed_order() -> None:
    assert tuple(frame_fields()) == BASE_KINDS
    assert frame_fields() == FRAME_FIELDS  # the position format's table is read off the declarations
    assert FRAME_FIELDS["rooms"] == ("left", "cost", "max_floor", "occupy")
    assert FRAME_FIELDS["fx"] == ("effects", "next", "source")


def test_modules_declare_their_kinds_after_the_base_game_in_rulebook_order() -> None:
    owners = [DECISIONS[k].owner for k in DECISIONS if DECISIONS[k].owner is not None]
    assert owners == sorted(owners, key=MODULES.index)
    for name, module in LOADED.items():
        kinds = module.decisions()
        assert all(c.owner == name for c in kinds)
        assert bool(kinds) == (name != "start_player"), name  # module IV only uses base-game decisions


@pytest.mark.parametrize("kind", [k for k in DECISIONS if not DECISIONS[k].automatic])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kind_asks_its_question_in_every_language(kind: str, lang: str) -> None:
    assert f"ask.{kind}" in catalog(lang), f"no catalog entry ask.{kind} ({lang})"


def test_every_declaration_names_its_fields_once() -> None:
    for kind, cls in DECISIONS.items():
        assert kind == cls.KIND
        assert "kind" not in cls.fields and "player" not in cls.fields, kind
        assert len(set(cls.fields)) == len(cls.fields), kind
        assert cls.automatic or cls.legal is not DECISIONS["fx"].legal, f"{kind} declares no options"


def _method_unpackings(cls: type, method: str) -> list[list[str]] | None:
    """The names each ``… = fr`` in ``cls.method`` unpacks the frame into, read from the
    declaring file's source (also when the module runs compiled); None: no such method."""
    path = Path(tabletop.__file__).parent.joinpath(*cls.__module__.split(".")[1:]).with_suffix(".py")
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for fn in node.body:
                if isinstance(fn, ast.FunctionDef) and fn.name == method:
                    return [[e.id if isinstance(e, ast.Name) else "?" for e in a.targets[0].elts]
                            for a in ast.walk(fn) if isinstance(a, ast.Assign) and isinstance(a.value, ast.Name)
                            and a.value.id == "fr" and isinstance(a.targets[0], ast.Tuple)]
    return None


@pytest.mark.parametrize("kind", list(DECISIONS))
def test_every_method_unpacks_the_frame_as_declared(kind: str) -> None:
    """A method names the fields it reads by unpacking the frame: the names it gives (``_`` for
    one it skips, ``p`` for the player) stand where the declaration puts those fields, so a field
    added or moved in the declaration and not in a method fails here."""
    cls = DECISIONS[kind]
    order = ["kind", "player", *cls.fields]
    found = [m for m in ("legal", "pick", "finish") if _method_unpackings(cls, m) is not None]
    assert cls.automatic or "legal" in found, f"{kind}: no legal method in its source"
    for name in found:
        for names in _method_unpackings(cls, name) or ():
            assert len(names) == len(order), f"{kind}.{name} unpacks {names}, declared {order}"
            for got, want in zip(names, order, strict=True):
                assert got in ("_", want) or (want == "player" and got == "p"), \
                    f"{kind}.{name}: {got!r} stands where {want!r} is declared"


def _stacks(modules: str, seed: int) -> Iterator[Any]:
    for st, _ in walk(modules, 2 + seed % 3, seed):
        yield st


@pytest.mark.parametrize("modules,seed", [("", 3), ("all", 4), ("all", 5)])
def test_every_frame_on_the_stack_is_its_declared_class_and_survives_a_position(modules: str, seed: int) -> None:
    """After every step of random games, each pending frame is an instance of its kind's class
    (so ``fr.legal(st)`` reaches the declaration), also after a trip through the position format."""
    for i, st in enumerate(_stacks(modules, seed)):
        for fr in st.stack:
            assert type(fr) is tuple and len(fr) == 2 + len(st.decision_kinds[fr[0]].fields)
        if i % 37 == 0 and st.stack:
            back = from_position(json.loads(json.dumps(st.to_position())))
            assert back.stack == st.stack
            assert back.legal_actions() == st.legal_actions()


def test_a_module_kind_is_unknown_in_a_game_without_the_module() -> None:
    st = new_game(2, seed=1)
    pos = st.to_position()
    pos["pending"].append({"decision": "bal_board", "player": 0})
    with pytest.raises(Exception, match="unknown kind 'bal_board'"):
        from_position(pos)


# ---------------------------------------------------------------- a toy kind
@pytest.fixture()
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[type]:
    """A new decision kind, declared as a module would declare one, with its words added to the
    catalogs (here in memory: a real kind adds them to game.pot and the PO files)."""

    @decision
    class Toy:
        """Take up to ``left`` dishes or drinks of choice from the supply, stopping at will."""
        left: int

        @staticmethod
        def legal(fr: tuple[Any, ...], st: Any) -> list[str]:
            out = [N.CHOICE[i] for i in range(4) if st.supply[i]]
            return out + [N.DONE] if out else out

        @staticmethod
        def pick(fr: tuple[Any, ...], st: Any, info: tuple[Any, ...]) -> None:
            _, player, left = fr
            if left > 1:
                st._replace(("toy", player, left - 1))
            else:
                st._pop()
            counts = [0, 0, 0, 0]
            counts[info[1]] = 1
            st._gain_items(player, counts)

        @staticmethod
        def finish(fr: tuple[Any, ...], st: Any) -> None:
            _, player, _ = fr
            st._gain_money(player, 1)  # stopping early pays a krone

    words = {"en": "toy: take dishes or drinks (or done)", "de": "Spielzeug: Speisen oder Getränke nehmen",
             "zh": "玩具：拿取食物或饮料"}
    for lang, text in words.items():
        monkeypatch.setitem(catalog(lang).messages, "ask.toy", text)
    try:
        yield Toy
    finally:
        DECISIONS.pop("toy", None)


def _with_toy(toy: type, left: int) -> Any:
    st = new_game(2, seed=7)
    while st.is_chance() or st.stack[-1][0] != "turn":  # to the first turn
        st.apply(st.sample_chance() if st.is_chance() else st.legal_actions()[0])
    pos = st.to_position()  # the toy frame goes on the stack through the position format
    p = st.current_player
    pos["pending"].append({"decision": "toy", "player": p, "left": left})
    return from_position(pos)


def test_a_toy_kind_plays_through_the_whole_contract(toy: type) -> None:
    st = _with_toy(toy, 2)
    p = st.current_player
    assert st.stack[-1] == ("toy", p, 2) and fields_of(toy) == ("left",)
    assert st.legal_actions() == ["+s", "+c", "+w", "+k", "done"]
    assert st.prompt() == f"seat {p}: toy: take dishes or drinks (or done)"
    assert prompt_text(catalog("de"), st) .endswith("Spielzeug: Speisen oder Getränke nehmen")
    cake = st.players[p].kitchen[1]
    assert "cake" in st.describe("+c")
    st.apply("+c")
    assert st.players[p].kitchen[1] == cake + 1
    assert st.stack[-1] == ("toy", p, 1)
    pos = st.to_position()
    assert pos["pending"][-1] == {"decision": "toy", "player": p, "left": 1}
    assert from_position(json.loads(json.dumps(pos))).legal_actions() == st.legal_actions()
    assert st.view(1 - p)["pending"][-1]["decision"] == "toy"
    money = st.players[p].money
    st.apply("done")
    assert st.players[p].money == money + 1 and st.stack[-1][0] == "turn"
    st.undo()
    st.undo()
    assert st.stack[-1] == ("toy", p, 2) and st.players[p].kitchen[1] == cake


def test_a_toy_kind_is_checked_like_any_other(toy: type) -> None:
    st = _with_toy(toy, 1)
    pos = st.to_position()
    pos["pending"][-1]["left"] = "two"
    with pytest.raises(Exception, match="left must be an integer"):
        from_position(pos)
    with pytest.raises(Exception, match="illegal"):
        st.apply("+h")
