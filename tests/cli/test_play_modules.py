"""``tabletop play -o modules=...`` draws the Let's Waltz! modules and logs their rolls readably."""

from __future__ import annotations

from click.testing import CliRunner

from tabletop.cli.main import cli

TITLES = ("I Vienna Ballrooms", "II Celebrities", "III Unique Hotels", "IV Start Player",
          "V Would You Like Some More?")


def run(*args: str, input: str | None = None) -> str:
    result = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_play_with_all_modules_draws_them_to_the_end() -> None:
    """A whole game against random bots, always the first action: every module's section is
    drawn (plain and rich) and the coloured dice roll is a sentence, not 'croll:...'."""
    out = run("play", "-n", "2", "--seed", "3", "--bots", "random", "--plain", "-o", "modules=all",
              input="0\n" * 3000)
    assert all(f"— {t}" in out for t in TITLES)
    assert "Coloured dice rolled: red " in out and "croll:" not in out
    assert "champagne" in out and "skeleton key:" in out
    assert "Game over. Scores:" in out
    rich = run("play", "-n", "2", "--seed", "3", "--bots", "random", "-o", "modules=ballrooms,celebrities",
               input="quit\n")
    assert "I Vienna Ballrooms" in rich and "II Celebrities" in rich and "lounge" in rich
    assert "III Unique Hotels" not in rich
