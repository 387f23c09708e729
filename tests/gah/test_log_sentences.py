"""The event log says what happened: a sentence names the kronen actually paid and the card that
gave the points (review of the all-modules example game, docs/LOG.md).

Each test builds a position by hand (tests/gah/scenario.py), keeps the log from there, plays the
rule the rulebook names and reads the events and their English sentences:

- a cost a card waives is not claimed as paid (Chief Waiter, Delivery Boy; a free guest);
- a card's reaction to something (a staff card's ability, a celebrity, a hotel entrance) is an
  event of its own, ``reaction``, naming the card, with the VP it gave, instead of adding its
  points to whatever action happened to be resolving when it took effect;
- the tie-break sentence says champagne counts where it does (001 M1).

Rulebooks: 000 (base, English), 001 (Let's Waltz!), 003 (Yucata 2021, its appendix)."""

from __future__ import annotations

from typing import Any

from tabletop.games.grand_austria_hotel.log_text import sentence
from tabletop.games.grand_austria_hotel.state import GahState
from tabletop.i18n.catalog import catalog
from tabletop.i18n.events import action_text
from tests.gah.scenario import Scenario, play
from tests.gah.waltz import test_ballrooms_helpers as B
from tests.gah.waltz.test_celebrities import lounge
from tests.gah.waltz.test_celebrities import scen as celebrities_scen

EN = catalog("en")
GAME = "grand-austria-hotel"
QUIET = ["A3", "B3", "C1"]  # politics cards nobody meets in these positions


def logged(st: GahState, *actions: str) -> list[dict[str, Any]]:
    """The events the actions write, the log kept from this position on."""
    events = st.keep_events()
    n = len(events)
    play(st, *actions)
    return events[n:]


def said(events: list[dict[str, Any]]) -> list[str]:
    return [sentence(EN, e) for e in events]


def reactions(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == "reaction"]


def last_turn(sc: Scenario, rnd: int) -> Scenario:
    """Seat 0 takes the last turn of round ``rnd`` (seat 1 has covered both its turns; no dice)."""
    sc.round(rnd).dice({}).turn(0, covered=1)
    sc.pos["turn_order"][1]["covered"] = 2
    return sc


# ------------------------------------------------------------- costs waived
def test_chief_waiter_serving_from_the_kitchen_is_said_to_be_free() -> None:
    """000 'Oberkellner / Chief Waiter (1 krone, permanent): You can move dishes and drinks from your
    Kitchen to your guests at no cost'; 003 appendix 'Chief Waiter: ... for free'. The log must not
    say a krone was paid: none was."""
    sc = Scenario(players=2).objectives(QUIET).staff(0, "chief-waiter", "played").guest(0, 73).turn(0)
    st = sc.state()
    assert action_text(GAME, EN, st, "serve") == "Seat 1 serves from the kitchen for free (Chief Waiter)"
    events = logged(st, "serve")
    assert st.players[0].money == 10
    assert said(events) == ["Seat 1 serves from the kitchen for free (Chief Waiter)"]
    assert events[0]["kronen"] == 0 and events[0]["params"] == {"verb": "serve", "cost": 0, "free_by": "chief-waiter"}


def test_serving_from_the_kitchen_without_chief_waiter_costs_the_krone_it_says() -> None:
    """003 Course of Play 'Move dishes and drinks from your kitchen to your guests: pay 1 krone'
    (what Chief Waiter waives): the sentence and the measured change agree."""
    st = Scenario(players=2).objectives(QUIET).guest(0, 73).turn(0).state()
    events = logged(st, "serve")
    assert st.players[0].money == 9
    assert said(events) == ["Seat 1 pays 1 krone to serve from the kitchen (−1 krone)"]


def test_delivery_boy_guest_is_said_to_be_free() -> None:
    """000 'Bote / Delivery Boy (6 krones, permanent): You can take guests from the game board at no
    cost'; 003 appendix 'Delivery Boy: You can take guests from the game board for free'. Queue slot
    0 prints 3 kronen (000 'the leftmost guest costs 3 krones'); the holder pays none, and the log
    says so instead of the printed cost."""
    st = Scenario(players=2).objectives(QUIET).staff(0, "delivery-boy", "played").turn(0).state()
    name = EN.t(f"guest.{st.queue[0]}.name")
    assert st.rules.queue_costs[0] == 3
    events = logged(st, "g0")
    assert st.players[0].money == 10
    assert said(events) == [f"Seat 1 takes {name} for free (Delivery Boy)"]
    assert events[0]["params"]["cost"] == 0
    # without Delivery Boy: the printed 3 kronen, paid
    st = Scenario(players=2).objectives(QUIET).turn(0).state()
    events = logged(st, "g0")
    assert st.players[0].money == 7
    assert said(events) == [f"Seat 1 takes {name} for 3 kronen (−3 kronen)"]


def test_a_free_guest_from_a_reward_is_said_to_be_free() -> None:
    """003 appendix, guest rewards 'Take a guest from the game board for free' (e.g. Opera Singer):
    slot 0's printed 3 kronen are not paid and not said."""
    sc = Scenario(players=2).objectives(QUIET).turn(0)
    st = sc.pending({"decision": "turn", "player": 0}, {"decision": "freeguest", "player": 0}).state()
    name = EN.t(f"guest.{st.queue[0]}.name")
    events = logged(st, "g0")
    assert st.players[0].money == 10
    assert said(events) == [f"Seat 1 takes {name} for free"]


# ------------------------------------------------------ a card's reaction
def test_puccini_after_a_staff_card_is_his_own_line() -> None:
    """001 App. Giacomo Puccini ♪: 'Each time after you play a staff card, you also get 1 champagne
    and 2 VP.' The 2 VP are Puccini's line, after the card played, not part of the play (nor of
    whatever is decided next)."""
    sc = celebrities_scen(modules="ballrooms,celebrities").dice({5: 1}).staff(0, "detective").turn(0)
    st = lounge(sc, held={0: ["giacomo-puccini"]}).state()
    champagne = st.players[0].kitchen[4]
    events = logged(st, "d5", "play:detective")
    # Detective costs 2, 1 less with the 5 action at strength 1 (003 Course of Play, action 5)
    assert said(events)[-2:] == ["Seat 1 plays Detective (−1 krone)", "Seat 1 gains from Giacomo Puccini (+2 VP)"]
    (puccini,) = reactions(events)
    assert puccini["params"] == {"celebrity": ["giacomo-puccini"]}
    assert puccini["vp"] == 2 and puccini["sources"] == {"celebrities": 2}
    assert all(e["vp"] == 0 for e in events if e["kind"] == "action")
    assert st.players[0].kitchen[4] == champagne + 1


def test_concertmaster_after_a_1_die_is_its_own_line() -> None:
    """001 App. #121 Concertmaster: 'Each time you take a die showing 1, after performing the action
    as normal, you get 1 champagne and score 1 VP.' The VP is Concertmaster's line after the action,
    not the last dish or drink's."""
    st = B.state(B.scen().staff(0, "concertmaster", "played").kitchen(0, champagne=0).dice({1: 1}).turn(0))
    events = logged(st, "d1", "s1c0")
    B.resolve(st)
    (concertmaster,) = reactions(events)
    assert sentence(EN, concertmaster) == "Seat 1 gains from Concertmaster (+1 VP)"
    assert concertmaster["sources"] == {"staff": 1}
    assert events[-1] is concertmaster and all(e["vp"] == 0 for e in events if e["kind"] == "action")


def test_laundress_vp_for_a_4_die_is_its_own_line() -> None:
    """000 'Wäscherin / Laundress (2 krones, permanent): Each time you take a die showing "4", you also
    receive 4 VP'. The 4 VP are not the krone taken with the die's action: a line naming Laundress."""
    st = Scenario(players=2).objectives(QUIET).staff(0, "laundress", "played").dice({4: 1}).turn(0).state()
    events = logged(st, "d4", "e0m1")
    assert said(events) == ["Seat 1 takes a 4 die", "Seat 1 takes 1 krone (+1 krone)",
                            "Seat 1 gains from Laundress (+4 VP)"]


def test_gardener_vp_at_the_emperor_bonus_is_its_own_line() -> None:
    """000 'Gärtner / Gardener (3 krones, permanent): Each time you receive the Emperor bonus, you also
    receive 5 VP'; 003 appendix 'Gardener: Score 5 VP each time you receive an emperor bonus'.
    Round-3 scoring with tile A1 (bonus 3 kronen): the bonus's line has the kronen, Gardener's the
    5 VP."""
    sc = (Scenario(players=2).objectives(QUIET).emperor_tiles(["A1", "B1", "C1"])
          .staff(0, "gardener", "played").emperor(0, 6).emperor(1, 6))
    st = last_turn(sc, 3).state()
    events = [e for e in logged(st, "done") if e["seat"] == 0]
    kinds = [e["kind"] for e in events]
    bonus, gardener = events[kinds.index("emperor_bonus")], events[kinds.index("reaction")]
    assert sentence(EN, bonus) == "Seat 1 takes the bonus of Emperor tile A1 (+3 kronen)"
    assert sentence(EN, gardener) == "Seat 1 gains from Gardener (+5 VP)"
    assert gardener["params"] == {"staff": ["gardener"]} and gardener["sources"] == {"staff": 5}
    assert kinds.index("reaction") == kinds.index("emperor_bonus") + 1


def test_a_reaction_that_changes_nothing_is_not_logged() -> None:
    """001 App. Marie Curie: 'Each time after you play a staff card, you also get your choice of 2
    dishes and/or drinks' — items only: no VP, kronen or track change, so no line of its own; the
    two choices are the player's own lines."""
    sc = celebrities_scen().dice({5: 1}).kitchen(0).staff(0, "detective").turn(0)
    st = lounge(sc, held={0: ["marie-curie"]}).state()
    events = logged(st, "d5", "play:detective", "+k", "+k")
    assert reactions(events) == []
    assert said(events)[-2:] == ["Seat 1 takes 1 coffee", "Seat 1 takes 1 coffee"]


def test_a_reaction_is_taken_back_with_its_action() -> None:
    """Undo takes back an action's events (docs/LOG.md), a card's reaction with them; played again,
    the log is the same."""
    sc = celebrities_scen(modules="ballrooms,celebrities").dice({5: 1}).staff(0, "detective").turn(0)
    st = lounge(sc, held={0: ["giacomo-puccini"]}).state()
    events = st.keep_events()
    play(st, "d5", "play:detective")
    once = list(events)
    st.undo()
    assert reactions(events) == []
    st.apply("play:detective")
    assert events == once


# ---------------------------------------------------------------- tie-break
def tied_game_end(sc: Scenario) -> GahState:
    """Round 7 ends with both seats on the same VP: seat 0 has 5 kronen and 3 champagne left, seat 1
    6 kronen (the 2 VP more it started with make up for the champagne's 3 VP; 001 M1 'Each
    champagne left in your kitchen is worth 1 victory point'). Emperor tiles A1 B1 C1, both disks on
    8: 5 VP, then back to 1 (no bonus, no penalty)."""
    sc = (last_turn(sc.objectives(QUIET).emperor_tiles(["A1", "B1", "C1"]), 7)
          .emperor(0, 8).emperor(1, 8).money(0, 5).money(1, 6).vp(1, guests=2).kitchen(1))
    return sc.state()


def test_tie_break_sentence_counts_champagne_with_the_ballrooms() -> None:
    """001 M1 Game End: 'In case of a tie, the combined total of dishes, drinks, and champagne in the
    kitchen plus your position on the money track breaks the tie.' Seat 0's 5 kronen and 3
    champagne (8) beat seat 1's 6 kronen: the champagne decides, and the sentence says it counts."""
    st = tied_game_end(B.scen().kitchen(0, champagne=3))
    events = logged(st, "done")
    assert st.is_terminal() and st.scores()[0] == st.scores()[1] and st.winners() == [0]
    end = events[-1]
    assert end["kind"] == "game_end" and end["params"]["left"] == [8, 6] and end["params"]["champagne"] is True
    vp = EN.n("vp", st.scores()[0])
    assert sentence(EN, end) == \
        f"Game over: Seat 1 wins the tie on {vp}, with the most dishes, drinks, champagne and kronen left"


def test_tie_break_sentence_without_the_ballrooms_names_no_champagne() -> None:
    """000 'In case of a tie, the player who has more dishes, drinks, and krones left wins': no
    champagne in the base game, none in the sentence. Seat 0: 5 kronen and 3 wine (8 left, 8 VP) against
    seat 1's 6 kronen and 2 VP more."""
    st = tied_game_end(Scenario(players=2).kitchen(0, wine=3))
    events = logged(st, "done")
    assert st.is_terminal() and st.scores()[0] == st.scores()[1] and st.winners() == [0]
    end = events[-1]
    assert end["params"]["champagne"] is False
    assert sentence(EN, end).endswith("with the most dishes, drinks and kronen left")
