"""The file a trained judgement ships in: its numbers and how they were made.

A model file is JSON: ``format``, ``game``, ``name``, ``version``, the evaluation's
``constants`` (name to number, the ones not named keep their hand-set value), the
``weights`` of its terms (term name to ``[a, b]``: the term counts ``a + b x tf``
times, ``tf`` the share of the seat's actions still to come; a term not named counts
once) and a ``training`` record (command, seeds, budget, figures), so that the file
itself says what it is and how to make it again. The games read
their models through :func:`load_model`; ``tabletop train`` writes them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

FORMAT = "tabletop-evaluation-model"


class ModelFile(BaseModel):
    """A tuned evaluation as shipped: its constants and how they were made."""

    model_config = ConfigDict(extra="forbid")

    format: str = Field(pattern=f"^{FORMAT}$")
    game: str
    name: str
    version: int = Field(ge=1)
    constants: dict[str, float] = {}
    weights: dict[str, tuple[float, float]] = {}
    training: dict[str, Any]


def load_model(path: Path) -> ModelFile:
    """Read and check a model file (a clear error names the file and the fault)."""
    try:
        return ModelFile.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"model file {path}: {exc}") from None


def write_model(path: Path, model: ModelFile) -> None:
    """Write ``model`` (sorted keys, so the same model gives the same bytes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(model.model_dump(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
