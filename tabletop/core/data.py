"""Printed data with provenance, and user override files.

Every printed value a game ships is tagged with where it comes from:

* ``confirmed`` — a rulebook states it, or two independent sources agree;
* ``single`` — one public transcription gives it;
* ``conflict`` — sources disagree; the default ships, alternatives are config;
* ``provisional`` — no source found; a placeholder so the rules can run.

Games load YAML files with named fields (never positional lists). A user can
point the engine at an override file (YAML or JSON) whose mapping is merged
over the shipped data, so a person holding a printed component can correct a
value without touching code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tabletop.core.errors import DataError

PROVENANCE = ("confirmed", "single", "conflict", "provisional")


@dataclass(frozen=True)
class ProvenanceRecord:
    """One printed value (or group of values) and how far it can be trusted."""

    game: str
    item: str
    field: str
    value: str
    provenance: str
    note: str = ""

    def doubtful(self) -> bool:
        return self.provenance in ("conflict", "provisional")


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML has it (the data files load ~10x faster), else the Python one."""


def load_mapping(path: str | Path) -> dict[str, Any]:
    """Read a YAML or JSON file that must hold a mapping."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read data file {p}: {exc.strerror}") from exc
    try:
        data = json.loads(text) if p.suffix == ".json" else yaml.load(text, Loader=SAFE_LOADER)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        raise DataError(f"data file {p} is not valid YAML/JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise DataError(f"data file {p} must hold a mapping at the top level")
    return data


def merge_by_key(base: list[dict[str, Any]], override: list[dict[str, Any]], key: str,
                 where: str) -> list[dict[str, Any]]:
    """Merge override records into base records matched by ``key``.

    Fields named in an override record replace the shipped ones; other fields
    stay. An override naming an unknown record is an error (a typo must not be
    silently ignored).
    """
    index = {rec[key]: i for i, rec in enumerate(base)}
    out = [dict(rec) for rec in base]
    for rec in override:
        if not isinstance(rec, dict) or key not in rec:
            raise DataError(f"override for {where}: every record needs a {key!r} field")
        if rec[key] not in index:
            raise DataError(f"override for {where}: no record with {key} = {rec[key]!r}")
        merged = out[index[rec[key]]]
        merged.update(rec)
        if "provenance" not in rec:
            merged["provenance"] = "override"
    return out
