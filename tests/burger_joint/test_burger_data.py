"""Board data, provenance, config and registry of Burger Joint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from burger_helpers import position, storage

from tabletop.core.errors import InvalidPosition
from tabletop.core.registry import get_game
from tabletop.games.burger_joint import GAME, from_position, new_game, provenance
from tabletop.games.burger_joint.data import BISTROS, COLOURS, DATA_FILE

EXPECTED_PROVISIONAL = (
    {(c, "cubes") for c in COLOURS}
    | {(b, f) for b in ("burger", "pizza") for f in ("basic_cost", "publicity_cost", "publicity_vp")}
    | {(f"{b}-{c}", "cost") for b in ("burger", "pizza") for c in COLOURS}
    | {(f"{b}-{x}", "cost") for b in ("burger", "pizza") for x in BISTROS}
    | {(f"{b}-{x}", "vp") for b in ("burger", "pizza") for x in BISTROS if x != "prestige"}
)


def test_registry_entry() -> None:
    """The registry finds the game; the vocabulary is fixed, ordered and duplicate-free."""
    info = get_game("burger-joint")
    assert info is GAME and info.title == "Burger Joint"
    assert (info.min_players, info.max_players) == (2, 2)
    vocab = info.action_vocabulary(2)
    assert len(vocab) == len(set(vocab)) == 99
    assert vocab == info.action_vocabulary(2)
    assert set(info.config_help) == {"data_override", "turn_limit"}
    with pytest.raises(InvalidPosition, match="exactly 2 players"):
        info.new_game(players=3, seed=1)


def test_provenance_lists_every_provisional_value() -> None:
    """components.md section 3: the unknown values (cubes per colour, diner/bistro costs, basic
    restaurant and publicity costs, publicity spaces and VP) ship as provisional."""
    records = provenance()
    provisional = {(r.item, r.field) for r in records if r.provenance == "provisional"}
    assert provisional == EXPECTED_PROVISIONAL
    assert all(r.game == "burger-joint" and r.note for r in records)
    confirmed = {(r.item, r.field) for r in records if r.provenance == "confirmed"}
    assert ("win_vp", "value") in confirmed and ("burger", "basic_vp") in confirmed
    assert ("burger-prestige", "vp") in confirmed and ("pizza-white", "vp") in confirmed
    assert {r.provenance for r in records} <= {"confirmed", "provisional"}


def test_shipped_file_uses_named_fields() -> None:
    """Data design: named fields, every printed value wrapped with provenance and a note."""
    raw = yaml.safe_load(DATA_FILE.read_text())
    for section in ("rules", "colours", "boards", "diners", "bistros"):
        for rec in raw[section]:
            assert isinstance(rec, dict) and "key" in rec
            for name, value in rec.items():
                if name in ("key", "board", "colour", "bistro", "ability"):
                    continue
                assert isinstance(value, dict) and {"value", "provenance", "note"} <= set(value), (rec, name)


def _override(tmp_path: Path, data: dict, suffix: str = ".yaml") -> Path:
    path = tmp_path / f"override{suffix}"
    path.write_text(json.dumps(data) if suffix == ".json" else yaml.safe_dump(data))
    return path


def test_data_override_changes_costs(tmp_path: Path) -> None:
    """A person with the printed board fixes a provisional value by an override file."""
    path = _override(tmp_path, {"boards": [{"key": "burger", "basic_cost": {"black": 2}}],
                                "colours": [{"key": "white", "cubes": 11}, {"key": "red", "cubes": 9}]})
    s = new_game(seed=3, data_override=str(path))
    assert s.data.boards[0].basic_cost.counts == (0, 2, 0, 0, 0, 0)
    assert s.bag == [11, 10, 10, 10, 10, 9]
    recs = {(r.item, r.field): r for r in provenance(data_override=str(path))}
    assert recs[("burger", "basic_cost")].provenance == "override"
    assert recs[("white", "cubes")].value == "11"
    assert recs[("pizza", "basic_cost")].provenance == "provisional"
    pos = s.to_position()
    assert pos["config"]["data_override"]["boards"][0]["basic_cost"] == {"black": 2}
    assert from_position(json.loads(json.dumps(pos))).to_position() == pos


def test_data_override_json_and_mapping(tmp_path: Path) -> None:
    """data_override accepts a JSON file or a mapping; track keys may be strings."""
    over = {"boards": [{"key": "pizza", "publicity_vp": {"1": 2, "2": 4}}]}
    s1 = new_game(seed=1, data_override=str(_override(tmp_path, over, ".json")))
    s2 = new_game(seed=1, data_override=over)
    assert s1.data.boards[1].publicity_vp == (2, 4) == s2.data.boards[1].publicity_vp
    assert s1.to_position() == s2.to_position()


@pytest.mark.parametrize("over, message", [
    ({"boards": [{"key": "hotdog", "basic_cost": {"black": 1}}]}, "no record with key"),
    ({"tables": []}, "unknown section"),
    ({"colours": [{"key": "white", "cubes": 11}]}, "add up to 61"),
    ({"diners": [{"key": "burger-white", "cost": {"purple": 1}}]}, "unknown colour"),
    ({"boards": [{"key": "burger", "publicity_vp": {"1": 1, "3": 2}}]}, "numbered 1..2"),
    ({"bistros": [{"key": "burger-draw", "vp": -1}]}, "whole number"),
])
def test_bad_data_override(over: dict, message: str) -> None:
    """A bad override is rejected with a message naming the problem."""
    with pytest.raises(InvalidPosition, match=message):
        new_game(seed=1, data_override=over)


def test_unknown_config_key() -> None:
    """Config keys other than data_override and turn_limit are rejected."""
    with pytest.raises(InvalidPosition, match="unknown config key"):
        new_game(seed=1, variant="x")
    with pytest.raises(InvalidPosition, match="turn_limit"):
        new_game(seed=1, turn_limit=0)
    with pytest.raises(InvalidPosition, match="unknown config key"):
        provenance(colour="red")


def test_any_colour_cost_is_paid_by_choice() -> None:
    """Data design: a cost part `any: n` is paid with cubes the payer picks (pay <colour>)
    before the effects of the purchase (here the steal of a first publicity)."""
    over = {"boards": [{"key": "burger", "publicity_cost": {"white": 1, "any": 2}}]}
    p = position(burger={"storage": {"white": 1, "black": 1}}, pizza={"storage": {"red": 1}},
                 config={"data_override": over})
    s = from_position(p)
    assert "build publicity" not in s.legal_actions()   # needs three cubes
    p = position(burger={"storage": {"white": 2, "black": 1}}, pizza={"storage": {"red": 1}},
                 config={"data_override": over})
    s = from_position(p)
    s.apply("build publicity")
    assert s.legal_actions() == ["pay white", "pay black"]
    s.apply("pay black")
    # the last cube to pay is forced (only white left) and resolved automatically
    assert storage(s, 0) == {} and s.legal_actions() == ["steal red", "done"]
    s.apply("steal red")
    assert storage(s, 0) == {"red": 1} and s.publicity[0] == 1


def test_render_and_runner() -> None:
    """Registry extras: the text drawing shows the table; the shared runner plays a game."""
    from tabletop.bots.runner import play_game

    s = new_game(seed=2)
    text = GAME.render(s, 0) if GAME.render else ""
    assert "burger (you): 2 VP" in text and "bag:" in text
    rec = play_game("burger-joint", ["random", "random"], seed=5)
    assert rec.winners and rec.decisions > 0
