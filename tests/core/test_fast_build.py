"""The compiled engine (tabletop/fast): used only while it matches its sources, never required.

Where a C compiler and Cython are present (CI), the suite must run against the compiled build:
the engine modules a game imports come from their compiled files. Elsewhere the project runs as
plain Python, and these checks say why they were skipped."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import fast

ENGINE = ("tabletop.games.grand_austria_hotel.engine.actions", "tabletop.core.state",
          "tabletop.games.grand_austria_hotel.modules.celebrities", "tabletop.games.grand_austria_hotel.evaluation")


def _can_build() -> str | None:
    if importlib.util.find_spec("Cython") is None:
        return "Cython is not installed"
    if not (shutil.which("cc") or shutil.which("gcc")):
        return "no C compiler"
    return None


def test_the_suite_runs_against_the_compiled_engine() -> None:
    why = _can_build()
    if why:
        pytest.skip(f"plain Python here: {why}")
    if os.environ.get("TABLETOP_PURE"):
        pytest.skip("TABLETOP_PURE is set: plain Python on purpose")
    assert len(fast.usable()) == len(fast.hot_sources()), \
        "the compiled build is missing or stale: run `python -m tabletop.fast.build`"
    from tabletop.games.grand_austria_hotel import new_game

    new_game(players=2, seed=1, modules=["celebrities"])
    for name in ENGINE:
        __import__(name)
        assert sys.modules[name].__file__.endswith(fast._abi()), (name, sys.modules[name].__file__)


def test_a_changed_source_is_not_run_from_its_old_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The manifest ties each compiled file to its source's SHA-256: an edited source runs as Python."""
    src = fast.PACKAGE / "core" / "rng.py"
    monkeypatch.setattr(fast, "FAST", tmp_path)
    monkeypatch.setattr(fast, "MANIFEST", tmp_path / "manifest.json")
    binary = f"tabletop.core.rng{fast._abi()}"
    (tmp_path / binary).write_bytes(b"not really compiled")
    record = {"source": "core/rng.py", "binary": binary}
    for digest, expected in ((fast._digest(src), ["tabletop.core.rng"]), ("0" * 64, [])):
        (tmp_path / "manifest.json").write_text(json.dumps(
            {"abi": fast._abi(), "modules": {"tabletop.core.rng": {**record, "sha256": digest}}}))
        assert list(fast.usable()) == expected
    # a build for another Python is not used either
    (tmp_path / "manifest.json").write_text(json.dumps(
        {"abi": ".cpython-29-x.so", "modules": {"tabletop.core.rng": {**record, "sha256": fast._digest(src)}}}))
    assert fast.usable() == {}


def test_a_module_taken_off_the_hot_list_is_not_run_from_an_older_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build made while a module was on the hot list (say, one tried and found not to compile
    right) is not used once the module is off the list, even though its source is unchanged."""
    src = fast.PACKAGE / "games" / "grand_austria_hotel" / "position_load.py"
    monkeypatch.setattr(fast, "FAST", tmp_path)
    monkeypatch.setattr(fast, "MANIFEST", tmp_path / "manifest.json")
    name = "tabletop.games.grand_austria_hotel.position_load"
    binary = f"{name}{fast._abi()}"
    (tmp_path / binary).write_bytes(b"not really compiled")
    (tmp_path / "manifest.json").write_text(json.dumps({"abi": fast._abi(), "modules": {name: {
        "source": "games/grand_austria_hotel/position_load.py", "binary": binary, "sha256": fast._digest(src)}}}))
    assert name not in {fast.module_name(s) for s in fast.hot_sources()}
    assert fast.usable() == {}


def test_plain_python_on_request_gives_the_same_game() -> None:
    """TABLETOP_PURE=1 runs the sources; the same seed and actions give the same game either way."""
    code = ("import hashlib, json, random, sys\n"
            "from tabletop.games.grand_austria_hotel import new_game\n"
            "st = new_game(players=3, seed=7, modules=['ballrooms', 'more'])\n"
            "rnd = random.Random(7)\n"
            "while not st.is_terminal():\n"
            "    st.apply(st.sample_chance() if st.is_chance() else rnd.choice(st.legal_actions()))\n"
            "mod = sys.modules['tabletop.games.grand_austria_hotel.engine.actions'].__file__\n"
            "print(json.dumps([hashlib.sha256(json.dumps(st.to_position(), sort_keys=True).encode()).hexdigest(),"
            " mod.endswith('.py')]))\n")
    runs = {}
    for pure in ("1", ""):
        env = {**os.environ, "TABLETOP_PURE": pure}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        runs[pure] = json.loads(out.stdout.strip().splitlines()[-1])
    assert runs["1"][1] is True  # the sources ran
    if not _can_build() and not fast.usable():
        pytest.skip("no compiled build here to compare with")
    assert runs[""][1] is False  # the compiled build ran
    assert runs["1"][0] == runs[""][0]


def test_a_source_edited_during_its_build_is_built_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The manifest records the digest of the source that was compiled, not of the file as it
    is when the compiler is done: a source saved while the build runs (an editor, a second
    shell) is found stale afterwards and runs as Python until the next build compiles it."""
    why = _can_build()
    if why:
        pytest.skip(f"plain Python here: {why}")
    import Cython.Build

    from tabletop.fast import build as build_mod

    pkg = tmp_path / "tabletop"
    (pkg / "bots").mkdir(parents=True)
    src = pkg / "bots" / "tiny.py"
    src.write_text("def answer() -> int:\n    return 41\n")
    for mod in (fast, build_mod):
        monkeypatch.setattr(mod, "PACKAGE", pkg)
        monkeypatch.setattr(mod, "FAST", pkg / "_fast")
        monkeypatch.setattr(mod, "MANIFEST", pkg / "_fast" / "manifest.json")
    monkeypatch.setattr(fast, "HOT", ("bots/*.py",))
    real = Cython.Build.cythonize

    def edit_then_compile(*args: object, **kwargs: object) -> object:
        src.write_text("def answer() -> int:\n    return 42\n")  # saved while the build runs
        return real(*args, **kwargs)

    monkeypatch.setattr(Cython.Build, "cythonize", edit_then_compile)
    assert "1 modules built" in build_mod.build()
    assert fast.usable() == {}, "the edited source was taken for built"
    monkeypatch.setattr(Cython.Build, "cythonize", real)
    assert "1 modules built" in build_mod.build()
    assert list(fast.usable()) == ["tabletop.bots.tiny"]
