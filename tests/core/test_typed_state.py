"""The state as extension types in the compiled build (core/state.pxd, engine/base.pxd, the rule
files' .pxd): its fields live in C slots there, not in the instance ``__dict__``. What must hold
either way: a clone is the same game, the type-checking stubs on EngineBase never replace a real
method, and a compiled module whose cimported types run as Python is not loaded."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tabletop import fast
from tabletop.core.state import GameState, typed_fields
from tabletop.games.grand_austria_hotel import new_game
from tabletop.games.grand_austria_hotel.engine.base import EngineBase


def _play(st: GameState, rnd: random.Random, steps: int) -> None:
    for _ in range(steps):
        if st.is_terminal():
            return
        st.apply(st.sample_chance() if st.is_chance() else rnd.choice(st.legal_actions()))


@pytest.mark.parametrize("modules", [[], ["ballrooms", "celebrities", "unique_hotels", "start_player", "more"]])
def test_a_clone_is_the_same_game_and_independent(modules: list[str]) -> None:
    rnd = random.Random(4)
    st = new_game(players=3, seed=11, modules=modules)
    st.keep_events()
    _play(st, rnd, 150)
    c = st.clone()
    assert c.to_position() == st.to_position()
    assert c.history == st.history and c.events is None and c.undoable() == 0
    # the same moves give the same game; the original is untouched by the clone's moves
    before = json.dumps(st.to_position(), sort_keys=True)
    twin = random.Random(9)
    _play(c, twin, 10_000)
    assert json.dumps(st.to_position(), sort_keys=True) == before
    twin = random.Random(9)
    _play(st, twin, 10_000)
    assert c.to_position() == st.to_position() and c.scores() == st.scores()


def test_typed_fields_are_the_slots_and_never_a_property() -> None:
    names = typed_fields(EngineBase)
    assert "current_player" not in names  # a property: read-only
    if not names:  # plain Python: every field is in __dict__
        assert "players" in vars(new_game(players=2, seed=1))
        return
    assert {"players", "stack", "round", "_journal", "history", "rng", "num_players"} <= set(names)
    assert "players" not in vars(new_game(players=2, seed=1))


def test_engine_base_stubs_never_replace_a_method_of_game_state() -> None:
    """base.py types the rule files' calls with stubs under ``if TYPE_CHECKING:``; the compiled
    build keeps them as methods (Cython does not skip the block). One named like a GameState
    method would replace it (``apply`` did: a game that never moved)."""
    own = {"_init_journal"}  # EngineBase's real overrides
    shadowed = sorted(n for n in vars(EngineBase) if n in vars(GameState) and callable(vars(GameState)[n])
                      and not n.startswith("__") and n not in own)
    assert shadowed == []


def test_a_module_whose_cimported_types_run_as_python_is_not_loaded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """engine/actions.pxd cimports engine/base (which cimports core/state): if state.py was edited
    since the build (so it runs as Python), the compiled base and actions would find other types
    than they were built against, so they run as Python too; the random generator, which cimports
    nothing, stays compiled."""
    monkeypatch.setattr(fast, "FAST", tmp_path)
    monkeypatch.setattr(fast, "MANIFEST", tmp_path / "manifest.json")
    names = {"tabletop.core.state": "core/state.py", "tabletop.core.rng": "core/rng.py",
             "tabletop.games.grand_austria_hotel.engine.base": "games/grand_austria_hotel/engine/base.py",
             "tabletop.games.grand_austria_hotel.engine.actions": "games/grand_austria_hotel/engine/actions.py"}
    assert fast.cimports(fast.PACKAGE / names["tabletop.games.grand_austria_hotel.engine.actions"]) == [
        "tabletop.games.grand_austria_hotel.engine.base", "tabletop.core.state"]
    for stale, expected in ((None, set(names)),
                            ("tabletop.core.state", {"tabletop.core.rng"})):
        mods = {}
        for name, src in names.items():
            binary = f"{name}{fast._abi()}"
            (tmp_path / binary).write_bytes(b"not really compiled")
            digest = "0" * 64 if name == stale else fast._digest(fast.PACKAGE / src)
            mods[name] = {"source": src, "binary": binary, "sha256": digest}
        (tmp_path / "manifest.json").write_text(json.dumps({"abi": fast._abi(), "modules": mods}))
        assert set(fast.usable()) == expected


def test_a_changed_pxd_makes_its_dependents_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The digest of a module covers the .pxd files it cimports: a new field in base.pxd changes
    the layout every rule file was compiled against."""
    src = fast.PACKAGE / "games" / "grand_austria_hotel" / "engine" / "actions.py"
    before = fast._digest(src)
    pkg = tmp_path / "tabletop"
    for rel in ("games/grand_austria_hotel/engine/actions.py", "games/grand_austria_hotel/engine/actions.pxd",
                "games/grand_austria_hotel/engine/base.pxd", "core/state.pxd"):
        (pkg / rel).parent.mkdir(parents=True, exist_ok=True)
        (pkg / rel).write_bytes((fast.PACKAGE / rel).read_bytes())
    monkeypatch.setattr(fast, "PACKAGE", pkg)
    copy = pkg / "games" / "grand_austria_hotel" / "engine" / "actions.py"
    assert fast._digest(copy) == before
    state_pxd = pkg / "core" / "state.pxd"
    state_pxd.write_text(state_pxd.read_text() + "    cdef public object added\n")
    assert fast._digest(copy) != before


def test_every_evaluation_constant_is_a_typed_slot_in_the_compiled_build() -> None:
    """evaluation.pxd lists HAND's names as C doubles; one missing there would still work (it
    lands in ``__dict__``) but slowly, unnoticed."""
    from tabletop.games.grand_austria_hotel.evaluation import HAND, Params

    p = Params({})
    assert all(getattr(p, k) == float(v) for k, v in HAND.items())
    slots = set(typed_fields(Params))  # type: ignore[arg-type]  # any class with slots
    if not slots:
        pytest.skip("plain Python: every constant is in __dict__")
    assert set(HAND) <= slots and not vars(p)
