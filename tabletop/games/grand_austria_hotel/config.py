"""Game configuration: player count, edition, Yucata variants and data alternatives."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from tabletop.core.errors import InvalidPosition

CONFIG_HELP = {
    "players": "number of players, 2-4",
    "edition": "'2021' (default) or 'original' (2015 rules: the seven differences in 003)",
    "exclude_kitchen_hand": "Yucata variant: remove the Kitchen Hand from the staff deck",
    "discard_free_guests": "Yucata variant: if nobody took a guest in a round, discard the two free guests",
    "staff_draft": "variant for experienced players: draft the six starting staff cards",
    "introductory_sets": "introductory variant: fixed staff sets A-D (provisional contents)",
    "herlius_objectives": "Yucata variant: add herlius's three politics cards to the pool",
    "rowe_smith_staff": "Yucata variant: add Dale Rowe-Smith's nine staff cards (provisional costs)",
    "alternatives": "list of data alternatives for values marked conflict, e.g. ['room_vp:alt', 'emperor_vp:alt']",
    "objectives": "three politics card ids (one each of A, B, C); random when omitted",
    "emperor_tiles": "three emperor tile ids (one each of A, B, C); random when omitted",
    "data_override": "path of a YAML/JSON file whose records override the shipped card/board data",
    "modules": "Let's Waltz! modules, any of ballrooms, celebrities, unique_hotels, start_player, more "
               "(comma-separated, or 'all')",
}

# The Let's Waltz! modules in rulebook order (I-V); configs keep them in this order.
MODULES = ("ballrooms", "celebrities", "unique_hotels", "start_player", "more")

ALTERNATIVES = ("room_vp:alt", "emperor_vp:alt")


class GahConfig(BaseModel):
    """Validated configuration; unknown keys are rejected with a clear message."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(2, ge=2, le=4)
    edition: Literal["2021", "original"] = "2021"
    exclude_kitchen_hand: bool = False
    discard_free_guests: bool = False
    staff_draft: bool = False
    introductory_sets: bool = False
    herlius_objectives: bool = False
    rowe_smith_staff: bool = False
    alternatives: tuple[str, ...] = ()
    objectives: tuple[str, str, str] | None = None
    emperor_tiles: tuple[str, str, str] | None = None
    data_override: str | None = None
    modules: tuple[str, ...] = ()

    @field_validator("modules", mode="before")
    @classmethod
    def _modules(cls, value: object) -> object:
        """Accept 'all', 'a,b' or a list; keep rulebook order, reject unknown or repeated names
        (in one pass: a list of any length is refused as fast as it is read)."""
        if isinstance(value, str):
            value = list(MODULES) if value.strip() == "all" else [v.strip() for v in value.split(",") if v.strip()]
        if isinstance(value, list | tuple):
            return _distinct(value, MODULES, "module")
        return value

    @field_validator("alternatives", mode="before")
    @classmethod
    def _alternatives(cls, value: object) -> object:
        if isinstance(value, list | tuple):
            return _distinct(value, ALTERNATIVES, "alternative")
        return value

    @model_validator(mode="after")
    def _check(self) -> GahConfig:
        if self.staff_draft and self.introductory_sets:
            raise ValueError("staff_draft and introductory_sets cannot be combined")
        return self


def _distinct(value: list[object] | tuple[object, ...], known: tuple[str, ...], what: str) -> tuple[str, ...]:
    """The names in ``value`` (each of ``known``, none twice) in ``known``'s order; the error
    names at most a few of the offending entries."""
    seen: set[str] = set()
    for v in value:
        name = v if isinstance(v, str) else repr(v)
        if name not in known:
            raise ValueError(f"unknown {what} {name[:40]!r}; known: {', '.join(known)}")
        if name in seen:
            raise ValueError(f"{what} named twice: {name}")
        seen.add(name)
    return tuple(m for m in known if m in seen)


def parse_config(**kwargs: object) -> GahConfig:
    try:
        return GahConfig(**kwargs)  # type: ignore[arg-type]
    except ValidationError as exc:
        msgs = "; ".join(
            f"{'.'.join(str(x) for x in e['loc']) or 'config'}: {e['msg']}" for e in exc.errors()
        )
        raise InvalidPosition(f"invalid Grand Austria Hotel config: {msgs}") from None
