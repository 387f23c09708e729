"""The trained evaluations shipped with the game (``tabletop train`` makes them).

Each is a model file (:mod:`tabletop.core.model_file`) named ``<name>.json`` in this
folder: the evaluation's constants and the record of their training. A plain
Python package on purpose: the compiled build places modules elsewhere, and these
files are found next to this one.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.model_file import ModelFile, load_model

FOLDER = Path(__file__).resolve().parent


def names() -> list[str]:
    """The names of the models shipped here (each is an evaluation a bot can choose, ``eval=NAME``)."""
    return sorted(p.stem for p in FOLDER.glob("*.json"))


def path(name: str) -> Path:
    return FOLDER / f"{name}.json"


def model(name: str) -> ModelFile:
    """The shipped model ``name`` (ValueError when it is missing or malformed)."""
    return load_model(path(name))
