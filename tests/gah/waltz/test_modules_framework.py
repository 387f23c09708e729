"""How the Let's Waltz! modules plug in: config, card sets, data corrections, listings."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tabletop.cli.main import cli
from tabletop.core import InvalidPosition
from tabletop.games.grand_austria_hotel import new_game
from tabletop.games.grand_austria_hotel.config import MODULES, parse_config


def test_modules_option_accepts_lists_commas_and_all_in_rulebook_order() -> None:
    """001 Overview: 'You can combine any number of them with the base game at will.'"""
    assert parse_config(modules="all").modules == MODULES
    assert parse_config(modules="more,ballrooms").modules == ("ballrooms", "more")
    assert parse_config(modules=["start_player"]).modules == ("start_player",)
    assert parse_config().modules == ()


def test_unknown_module_is_a_clear_error() -> None:
    with pytest.raises(InvalidPosition, match="unknown module.*waltzing.*known: ballrooms"):
        parse_config(modules="waltzing")


def test_a_module_named_twice_is_refused_not_merged() -> None:
    """A typo like 'ballrooms,ballrooms' (meaning another module) must not quietly become one module."""
    for value in ("ballrooms,ballrooms", ["more", "celebrities", "more"]):
        with pytest.raises(InvalidPosition, match="named twice"):
            parse_config(modules=value)


def test_module_values_are_correctable_by_data_override(tmp_path: Path) -> None:
    """components.md: a person with the printed component fixes a value in data, not code."""
    fix = tmp_path / "fix.yaml"
    fix.write_text("modules:\n  start_player:\n    start_money: {value: [8, 9, 10, 11], provenance: confirmed}\n")
    st = new_game(players=4, seed=1, modules="start_player", data_override=str(fix))
    assert [pl.money for pl in st.players] == [8, 9, 10, 11]
    bad = tmp_path / "bad.yaml"
    bad.write_text("modules:\n  start_player:\n    no_such_part: {value: 1}\n")
    with pytest.raises(Exception, match="no_such_part"):
        new_game(players=2, seed=1, modules="start_player", data_override=str(bad))


def test_cards_lists_provisional_module_values() -> None:
    """The provisional turn order tiles of module IV are listed for correction."""
    out = CliRunner().invoke(cli, ["cards", "--provisional"]).output
    assert "start_player · turn_order_tiles" in out


def test_options_lists_the_modules() -> None:
    out = CliRunner().invoke(cli, ["options"]).output
    assert "modules" in out and "ballrooms, celebrities, unique_hotels, start_player, more" in out
