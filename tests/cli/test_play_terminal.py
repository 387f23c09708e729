"""``tabletop play`` at the terminal (issue 64, item 5): ``help`` explains the numbers, the
notation, the item letters and the board; a command's answer is the last thing printed before
the next prompt (the board is drawn again above it, not over it); ``undo`` says what it took
back, or why it could not, in the player's language.

Seed 4, two players, seat 0 against an easy bot: seat 1 chooses its starting guest first, then
seat 0 chooses one (``g0``: a new guest is drawn, so it cannot be taken back) and prepares its
starting rooms (``r0``: nothing hidden, so it can)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from tabletop.cli.main import cli
from tabletop.i18n.catalog import catalog

GAME = ("play", "--players", "2", "--seed", "4", "--bots", "easy")


def answers(*commands: str, lang: str = "en", plain: bool = False) -> list[str]:
    """What the terminal printed after each prompt: element k is the output between the k-th and
    the (k+1)-th ``> `` (element 0: everything before the first prompt)."""
    args = [*GAME, "--lang", lang] + (["--plain"] if plain else [])
    result = CliRunner().invoke(cli, args, input="".join(f"{c}\n" for c in commands), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return re.split(r"(?m)^> ", result.output)


def last_lines(segment: str, n: int) -> list[str]:
    return segment.rstrip("\n").splitlines()[-n:]


def test_help_explains_the_numbers_the_notation_the_items_and_the_board() -> None:
    after = answers("help", "quit")[1]
    for phrase in ("The numbered list under the question", "the action in the game's notation",
                   "The notation (docs/NOTATION.md)", "take the guest in queue slot 0-4",
                   "d6=2        take a 6 die and carry out action 2", "action 1: take 2 strudel and 1 cake",
                   "s strudel, c cake, w wine, k coffee", "\"wants sskk\": the guest orders 2 strudel and 2 coffee",
                   "\"turns 1 and 4 of the round\" means", "the seat plays the 1st and the 4th turn",
                   "\"0 taken\" counts the turns it has", "□ prepared, ■ occupied",
                   "hint        the coach's three best moves", "undo        take back your last decision",
                   "save FILE", "log         the last moves", "help        this explanation"):
        assert phrase in after, phrase
    # the help is the last thing before the prompt: its last line ends the output
    assert last_lines(after, 1) == [catalog("en").t("cli.help.board").splitlines()[-1]]
    # and the board was drawn again above it
    assert after.index("Guests (queue)") < after.index("The numbered list under the question")


def test_help_in_german_and_chinese_comes_from_the_catalogs() -> None:
    de = answers("help", "quit", lang="de")[1]
    for phrase in ("Die nummerierte Liste unter der Frage", "Die Notation (docs/NOTATION.md)",
                   "nimm den Gast auf Feld 0-4 der Warteschlange", "s Strudel, c Torte, w Wein, k Kaffee",
                   "„Züge 1 und 4 der Runde“ heißt", "„0 gemacht“ zählt seine gemachten Züge",
                   "undo        nimm deine letzte Entscheidung zurück"):
        assert phrase in de, phrase
    assert "The notation" not in de and "dishes and drinks" not in de
    zh = answers("help", "quit", lang="zh")[1]
    assert "行动记号（docs/NOTATION.md）" in zh and "s 馅饼，c 蛋糕，w 红酒，k 咖啡" in zh and "“已行动 0 次”" in zh


def test_an_empty_line_shows_the_commands_only() -> None:
    after = answers("", "quit")[1]
    assert "hint        the coach's three best moves" in after and "help        this explanation" in after
    assert "The notation (docs/NOTATION.md)" not in after
    assert last_lines(after, 1) == [catalog("en").t("cli.help.help")]


@pytest.mark.parametrize("plain", [False, True])
def test_the_hint_is_the_last_thing_before_the_next_prompt(plain: bool) -> None:
    after = answers("hint", "quit", plain=plain)[1]
    head = catalog("en").t("cli.hint.head")
    lines = after.rstrip("\n").splitlines()
    assert head in lines, after
    tail = lines[lines.index(head) + 1:]
    # under the head only the three moves (each maybe with its reasons): no board, no action list
    assert [ln.split(".")[0].strip() for ln in tail if not ln.lstrip().startswith("Why:")] == ["1", "2", "3"], tail
    assert re.match(r"^\s+3\. g\d .*: ≈ \d+ VP$", [ln for ln in tail if "3." in ln][0])
    board = "Queue:" if plain else "Guests (queue)"
    assert after.index(board) < after.index(head)  # the board drawn again, above the hint


def test_undo_after_a_move_says_what_it_took_back() -> None:
    # g0 (the starting guest), r0 (a starting room), undo
    seg = answers("0", "r0", "undo", "quit")
    assert last_lines(seg[3], 1) == ["Taken back: r0  Seat 0 (you) prepares room 0 (blue, floor 1)"]
    assert "   0. r0 " in seg[3]  # and r0 is offered again, above the answer
    de = answers("0", "r0", "undo", "quit", lang="de")
    assert last_lines(de[3], 1) == ["Zurückgenommen: r0  Platz 0 (du) bereitet Zimmer 0 vor (blau, Etage 1)"]


@pytest.mark.parametrize("lang", ["en", "de", "zh"])
def test_undo_with_nothing_to_undo_says_why_from_the_catalog(lang: str) -> None:
    cat = catalog(lang)
    # nothing decided yet; the starting guest drew a new guest; after 'done' the bot and a roll came
    seg = answers("undo", "0", "undo", "done", "undo", "quit", lang=lang)
    assert last_lines(seg[1], 1) == [cat.t("cli.undo.none")]
    assert last_lines(seg[3], 1) == [cat.t("cli.undo.hidden", action="g0")]
    assert last_lines(seg[5], 1) == [cat.t("cli.undo.after")]
    if lang == "en":
        assert cat.t("cli.undo.none").startswith("nothing of yours to undo")
    else:
        assert cat.t("cli.undo.none") != catalog("en").t("cli.undo.none")


def test_an_illegal_entry_is_answered_under_the_board() -> None:
    after = answers("xyz", "quit")[1]
    assert last_lines(after, 1) == [catalog("en").t("cli.error.illegal", action="xyz")]
    assert after.startswith("\n") and "Guests (queue)" in after


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("en", "0 VP · 10 krone · emperor 0 · turns 1 and 4 of the round, 0 taken", "covered"),
    ("de", "0 SP · 10 Kronen · Kaiserleiste 0 · Züge 1 und 4 der Runde, 0 gemacht", "abgedeckt"),
    ("zh", "0 分 · 10 元 · 皇帝计分轨 0 · 本轮第 1、4 位行动，已行动 0 次", "已覆盖"),
])
def test_the_coloured_board_says_the_turn_order_tile_plainly(lang: str, said: str, not_said: str) -> None:
    first = answers("quit", lang=lang)[0]
    assert said in first and not_said not in first


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("en", "0 VP, 10 krone, emperor 0, turns 1 and 4 of the round, 0 taken", "covered"),
    ("de", "0 SP, 10 Kronen, Kaiserleiste 0, Züge 1 und 4 der Runde, 0 gemacht", "abgedeckt"),
    ("zh", "0 分，10 元，皇帝计分轨 0，本轮第 1、4 位行动，已行动 0 次", "已覆盖"),
])
def test_the_plain_board_says_the_turn_order_tile_in_the_same_words(lang: str, said: str, not_said: str) -> None:
    """--plain says the turn order tile as the coloured board does (draw.player as draw.player_turns)."""
    first = answers("quit", lang=lang, plain=True)[0]
    assert said in first and not_said not in first
