"""The Let's Waltz! modules in the table drawing (text.py, text_modules.py) and in the game log.

Rule points (M<module>-<n>) are from /work/shared/reference/lets-waltz-rules.md, which
digests the rulebook /work/shared/rules/001_*.txt.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from tabletop.core.state import CHANCE
from tabletop.games.grand_austria_hotel import new_game, render, render_rich
from tabletop.games.grand_austria_hotel import text_modules as TM
from tabletop.games.grand_austria_hotel.modules import MODULES
from tabletop.games.grand_austria_hotel.state import GahState
from tabletop.games.grand_austria_hotel.text import describe, prompt
from tabletop.i18n.catalog import catalog
from tests.gah.scenario import Scenario, walk

OTHER = catalog("en").messages["log.action.other"]  # "{who} acts": the sentence of an action without facts
CONFIGS = ["ballrooms", "celebrities", "unique_hotels", "start_player", "more", "all"]

# render(new_game(2, seed=3), 0): the base output is pinned (as before the modules were drawn, but for the
# turn order tile said as the coloured drawing says it and coffee written k, as in the notation)
BASE_SEED3 = """\
Round 1/7 · phase start_guest · seat 1: choose your starting guest
Dice: [1]x0  [2]x0  [3]x0  [4]x0  [5]x0  [6]x0   dustbin 0
Queue: g0 Portrait Painter (Y, 0VP, wants ww, cost 3) | g1 Opera Singer (Y, 4VP, wants scww, cost 2) | \
g2 Poet (Y, 5VP, wants sssw, cost 1) | g3 Duchess (B, 0VP, wants k, cost 0) | g4 Count (B, 4VP, wants wkk, cost 0)
Politics: A2[-]  B1[-]  C3[-]   Emperor tiles: A3 B2 C2
— Seat 0 (you): 0 VP, 10 krone, emperor 0, turns 1 and 4 of the round, 0 taken
   kitchen: 1 strudel, 1 cake, 1 wine, 1 coffee
   floor 4: 15B· 16R· 17B· 18R· 19B·
   floor 3: 10B· 11R· 12B· 13Y· 14Y·
   floor 2:  5Y·  6Y·  7R·  8R·  9Y·
   floor 1:  0B·  1Y·  2R·  3R·  4B·
   hand: Female Floor Housekeeper, Florist, Sommelier, Tour Guide, Receptionist, Waitress
— Seat 1: 0 VP, 10 krone, emperor 0, turns 2 and 3 of the round, 0 taken
   kitchen: 1 strudel, 1 cake, 1 wine, 1 coffee
   floor 4: 15B· 16R· 17B· 18R· 19B·
   floor 3: 10B· 11R· 12B· 13Y· 14Y·
   floor 2:  5Y·  6Y·  7R·  8R·  9Y·
   floor 1:  0B·  1Y·  2R·  3R·  4B·
   hand: 6 cards"""


def rich_text(st: GahState, seat: int | None) -> str:
    buf = io.StringIO()
    Console(file=buf, width=120).print(render_rich(st, seat))
    return buf.getvalue()


def seats(st: GahState) -> list[int | None]:
    return [None, *range(st.num_players)]


def is_raw(st: GahState, action: str) -> bool:
    """describe fell back to (or repeats) the raw outcome string."""
    return action in describe(st, action)


# ------------------------------------------------------------------ base game
def test_base_render_is_unchanged_and_never_draws_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The base game's drawing stays byte-identical: the module code is not even called."""
    def boom(*_: object) -> None:
        raise AssertionError("module drawing called for a base game")

    monkeypatch.setattr(TM, "sections", boom)
    st = new_game(2, seed=3)
    assert render(st, 0) == BASE_SEED3
    for st, _ in walk("", 2, 5):
        if len(st.history) % 25 == 0:
            for seat in seats(st):
                text = render(st, seat)
                assert "Vienna Ballrooms" not in text and "champagne" not in text
                assert text.splitlines()[4].startswith("— Seat 0")
    assert "Celebrities" not in rich_text(st, 0)


# ------------------------------------------------------------ every module
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("modules", CONFIGS)
def test_render_and_describe_every_module_through_a_game(modules: str, players: int) -> None:
    """Plain and rich drawings for every seat and a spectator at many steps; every action
    offered (module ones too) and every roll gets a sentence, every decision a prompt."""
    names = list(MODULES) if modules == "all" else [modules]
    titles = [TM.TITLES[n] for n in names]
    for st, a in walk(modules, players, seed=7):
        step = len(st.history)
        if step % 4 == 0 or a is None:
            for seat in seats(st):
                text = render(st, seat)
                assert all(t in text for t in titles)
        if step % 60 == 0 or a is None:
            for seat in seats(st):
                out = rich_text(st, seat)
                assert all(t.split(" (")[0] in out for t in titles)
        if a is None:
            break
        if st.current_player == CHANCE:
            assert not is_raw(st, a), describe(st, a)
            continue
        fr = st.stack[-1]
        assert not prompt(st).endswith(f": {fr[0]}"), f"no prompt for frame {fr[0]}"
        for x in st.legal_actions():
            assert st.action_facts(x)["verb"] != "other", f"no facts for {x}"
            assert describe(st, x) != OTHER.format(who=f"Seat {st.current_player}"), f"no sentence for {x}"


# ----------------------------------------------------------------- no leaks
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("modules", ["celebrities", "unique_hotels", "all"])
def test_hidden_celebrities_and_entrances_never_drawn(modules: str, players: int) -> None:
    """M2-2: the celebrity stack is face down (only its size shows); M3-2: only as many
    entrances as players are laid out, the others stay in the box."""
    checked = 0
    for st, a in walk(modules, players, seed=11):
        if len(st.history) % 6 and a is not None:
            continue
        true = st.to_position()["modules"]
        data = st.rules.module_data
        hidden: list[str] = []
        if "celebrities" in true:
            name = {r["slug"]: r["name"] for r in data["celebrities"]["celebrities"]}
            hidden += [name[c] for c in true["celebrities"]["stack"]]
        if "unique_hotels" in true:
            laid = {e["id"] for e in true["unique_hotels"]["entrances"]}
            hidden += [r["name"] for r in data["unique_hotels"]["entrances"]["value"] if r["id"] not in laid]
        for seat in seats(st):
            texts = [render(st, seat)] + ([rich_text(st, seat)] if len(st.history) % 90 == 0 else [])
            for text in texts:
                leaked = [h for h in hidden if h in text]
                assert not leaked, f"seat {seat} sees {leaked}"
        checked += len(hidden)
    assert checked > 0


# ------------------------------------------------------------ named content
def test_ballrooms_and_champagne_drawn_after_setup() -> None:
    """M1-2: three ballrooms in random order, left to right; M1-5: 1 champagne in each kitchen."""
    st = new_game(2, seed=3, modules="ballrooms")
    recs = {r["id"]: r["name"] for r in st.rules.module_data["ballrooms"]["ballrooms"]}
    order = st.view(0)["modules"]["ballrooms"]["ballrooms"]
    text = render(st, 0)
    where = [text.index(f"   {recs[b]}: top ") for b in order]
    assert where == sorted(where)
    assert text.count("kitchen: 1 strudel, 1 cake, 1 wine, 1 coffee, 1 champagne") == 2
    assert "scores after round 3" in text and "rehearsal boards to choose" in text
    out = rich_text(st, 1)
    assert all(recs[b] in out for b in order) and "1h" in out


def test_lounge_names_the_face_up_celebrities_and_counts_the_stack() -> None:
    """M2-2: three celebrities face up on the lounge, the rest a face-down stack."""
    st = new_game(2, seed=3, modules="celebrities")
    data = st.rules.module_data["celebrities"]
    name = {r["slug"]: r["name"] for r in data["celebrities"]}
    lounge = st.view(0)["modules"]["celebrities"]["lounge"]
    text = render(st, 0)
    assert all(f"{name[s['celebrity']]} (1 VP)" in text for s in lounge)
    assert f"stack: {len(st.parts['celebrities'].stack)} face down" in text


def test_each_seat_entrance_named_after_the_auction_and_the_lot_during_it() -> None:
    """M3-3: the entrance on the block, its bid and leader; afterwards each seat's entrance."""
    seen_auction = False
    for st, _ in walk("unique_hotels", 3, seed=2):
        a = st.view(None)["modules"]["unique_hotels"].get("auction")
        ents = {r["id"]: r["name"] for r in st.rules.module_data["unique_hotels"]["entrances"]["value"]}
        if a:
            seen_auction = True
            assert f"auction: {ents[a['entrance']]}; bid {a['bid']} by seat {a['leader']}" in render(st, None)
        if st.phase not in ("draft", "auction"):
            break
    assert seen_auction
    text = render(st, 1)
    for e in st.view(1)["modules"]["unique_hotels"]["entrances"]:
        you = " (you)" if e["owner"] == 1 else ""
        assert f"   seat {e['owner']}{you}: {ents[e['id']]}\n" in text


def test_key_holder_and_bells_marked() -> None:
    """M4-4: the key goes to the seat that took it; M5-1: a bell card turns face down once its
    reward is taken (face-down cards still count as played)."""
    sc = Scenario(players=2, modules="start_player,more")
    sc.staff(0, "tapster", "played").staff(0, "janitor", "played")
    sc.pos["modules"]["more"]["face_down"] = [["tapster"], []]
    sc.pos["modules"]["start_player"]["key_holder"] = 1
    st = sc.turn(0).state()
    assert "skeleton key: with seat 1 (you)" in render(st, 1)
    text = render(st, 0)
    assert "skeleton key: with seat 1\n" in text
    assert "seat 0 (you): bells: Tapster face down, Janitor face up" in text
    assert "Tapster face down" in rich_text(st, None)


def test_key_taken_in_a_random_game_is_shown() -> None:
    """M4-4 in play: after the 'key' action the drawing names its holder."""
    for st, a in walk("start_player", 2, seed=4):
        if a is not None and a.startswith("key"):
            p = st.current_player
            st.apply(a)
            assert f"skeleton key: with seat {p}" in render(st, None)
            return
    raise AssertionError("nobody took the key")


# ------------------------------------------------------------------ the log
def test_coloured_roll_described_naming_only_the_dice_rolled() -> None:
    """M2-3: the coloured dice are rolled with the white ones; a re-roll may roll only some."""
    st, a = next((s, x) for s, x in walk("celebrities", 2, seed=3) if x and x.startswith("croll:"))
    assert describe(st, "croll:3-0-5") == "Coloured dice rolled: red 3, yellow 5"
    assert describe(st, "croll:0-6-0") == "Coloured dice rolled: blue 6"
    assert describe(st, a).startswith("Coloured dice rolled: red ")


def test_done_in_a_module_decision_says_what_it_declines() -> None:
    """'done' at a bell card, a dancer send, the Emperor step of a celebrity … is logged as what
    the player passes up, not a bare 'is done'; every such sentence belongs to a frame of its module."""
    en = catalog("en")
    seen: set[str] = set()
    for seed in range(12):
        for st, _ in walk("all", 2, seed):
            if st.current_player < 0:
                continue
            kind = st.stack[-1][0]
            key = f"log.action.done.{kind}"
            if st.decision_kinds[kind].owner is not None and key in en and "done" in st.legal_actions():
                assert st.describe("done") == en.t(key, who=f"Seat {st.current_player}")
                assert st.describe("done") != en.t("log.action.done.other", who=f"Seat {st.current_player}")
                seen.add(kind)
    assert "bal_send" in seen and len(seen) >= 2, seen
