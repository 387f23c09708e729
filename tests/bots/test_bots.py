"""The bot ladder: legality, hidden information, reproducibility, strength order."""

from __future__ import annotations

import random
from functools import partial

import pytest

from tabletop.bots import LEVELS, Observation, make_bot, parse_bot_spec, search
from tabletop.bots.runner import game_seed, play_game
from tabletop.core.registry import get_game
from tabletop.core.rng import Rng
from tests.bots.positions import last_round

GAH = "grand-austria-hotel"
SPECS = ["random", "greedy", "greedy:steps=1", "flatmc:samples=1,beam=0", "flatmc:samples=1,beam=3",
         "flatmc:samples=2,beam=3,per_root=1,eval=hand", "ismcts:iterations=30,determinizations=2",
         "flatmc:samples=1,beam=3,lookahead=1,end_samples=2,end_lines=2,end_beam=2",
         "flatmc:samples=1,beam=3,lookahead=1,end_samples=2,end_lines=3,end_beam=2,per_first=2"]
ENDGAME = "flatmc:samples=1,beam=3,endgame=2,end_samples=2,end_lines=3,end_beam=2"
WHOLE_TURNS = ENDGAME + ",per_first=2"


def midgame(seed: int, steps: int = 80):
    st = get_game(GAH).new_game(players=2, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        st.apply(st.sample_chance() if st.is_chance() else rnd.choice(st.legal_actions()))
    while st.is_chance():
        st.apply(st.sample_chance())
    return st


@pytest.mark.parametrize("spec", SPECS + list(LEVELS))
def test_bot_chooses_a_legal_action_from_an_observation(spec: str) -> None:
    st = midgame(3)
    seat = st.current_player
    legal = st.legal_actions()
    obs = Observation(GAH, seat, legal, partial(st.view, seat))
    before = st.to_position()
    action = make_bot(spec, 7).choose(obs)
    assert action in legal
    assert st.to_position() == before  # the bot never touched the real state


@pytest.mark.parametrize("spec", SPECS[1:] + ["expert"])
def test_search_bots_are_reproducible_from_their_seed(spec: str) -> None:
    st = midgame(5)
    seat = st.current_player
    obs = lambda: Observation(GAH, seat, st.legal_actions(), partial(st.view, seat))  # noqa: E731
    assert make_bot(spec, 11).choose(obs()) == make_bot(spec, 11).choose(obs())


def test_search_bots_see_only_the_view() -> None:
    """A bot given a view whose hidden parts were replaced decides from the same information:
    the determinized state it builds agrees with the view."""
    info = get_game(GAH)
    st = midgame(9)
    seat = st.current_player
    view = st.view(seat)
    for k in range(5):
        d = info.determinize(view, Rng(k))
        assert d.view(seat) == view
        assert d.legal_actions() == st.legal_actions()
    # the sampled hidden parts differ between samples (they are guesses, not the truth)
    decks = {tuple(info.determinize(view, Rng(k)).staff_deck) for k in range(5)}
    assert len(decks) > 1


def test_planner_decides_the_same_whatever_the_hidden_cards() -> None:
    """Two tables that look the same to the seat (only hidden cards differ) get the same
    decision from the turn planner: it can only use what the view shows."""
    info = get_game(GAH)
    st = midgame(21)
    seat = st.current_player
    other = info.determinize(st.view(seat), Rng(99))  # same view, other hidden cards and dice RNG
    assert other.view(seat) == st.view(seat)
    assert other.staff_deck != st.staff_deck
    for spec in ("expert", "flatmc:samples=1,beam=3"):
        a = make_bot(spec, 4).choose(Observation(GAH, seat, st.legal_actions(), partial(st.view, seat)))
        b = make_bot(spec, 4).choose(Observation(GAH, seat, other.legal_actions(), partial(other.view, seat)))
        assert a == b


@pytest.mark.parametrize("spec", [ENDGAME, WHOLE_TURNS])
def test_endgame_search_sees_only_the_view_and_repeats(spec: str) -> None:
    """In the last round the bot plays its candidate turns out to the end of the game on
    determinizations: the decision is legal, leaves the table untouched, repeats from the
    same seed and is the same for two tables that differ only in what the seat cannot see."""
    info = get_game(GAH)
    st = last_round(12)
    seat = st.current_player
    other = info.determinize(st.view(seat), Rng(5))
    before = st.to_position()
    a = make_bot(spec, 3).choose(Observation(GAH, seat, st.legal_actions(), partial(st.view, seat)))
    assert a in st.legal_actions() and st.to_position() == before
    assert a == make_bot(spec, 3).choose(Observation(GAH, seat, st.legal_actions(), partial(st.view, seat)))
    assert a == make_bot(spec, 3).choose(
        Observation(GAH, seat, other.legal_actions(), partial(other.view, seat)))


@pytest.mark.parametrize("spec", ["hard", "flatmc:samples=1,beam=2", ENDGAME, WHOLE_TURNS])
def test_planner_plays_whole_games_reproducibly(spec: str) -> None:
    """The planner remembers its plan between decisions; a whole game is still legal
    (play_game checks every action) and repeats exactly from the same seed."""
    a = play_game(GAH, [spec, "greedy:steps=1"], game_seed(8, 0))
    b = play_game(GAH, [spec, "greedy:steps=1"], game_seed(8, 0))
    assert a.actions == b.actions and a.scores == b.scores


def test_planner_reports_every_finished_turn() -> None:
    """``plan_turn(..., finished=)`` lists every turn it finished: each is legal from the
    position and ends the seat's turn, and the best per first action is the one returned."""
    st = midgame(9)  # a turn with several openings (pass or one of the dice)
    seat = st.current_player
    ev = search._evaluator(GAH)
    marker = search._marker(GAH)
    start = marker(st, seat)
    found: list[tuple[float, tuple[str, ...]]] = []
    by_root = search.plan_turn(st, seat, ev, marker, 6, 2, finished=found)
    assert len(found) > len(by_root) > 1
    for v, line in found:
        for a in line:
            assert st.current_player == seat and marker(st, seat) == start and a in st.legal_actions()
            st.apply(a)
        assert st.current_player != seat or marker(st, seat) != start
        assert ev(st, seat) == pytest.approx(v)
        for _ in line:
            st.undo()
    for root, (v, line) in by_root.items():
        assert v == max(fv for fv, fl in found if fl[0] == root) and (v, line) in found


def test_whole_turn_candidates_let_the_play_out_choose_the_rest_of_the_turn(monkeypatch) -> None:
    """With ``per_first=2`` the play-outs compare whole turns, not only first actions: when
    the play-out prefers the second-best turn through some first action, the bot plays that
    first action and keeps exactly that turn as its plan. With first-action candidates
    (``per_first=1``) every candidate opens differently."""
    st = midgame(9)  # a turn with several openings (pass or one of the dice)
    seat = st.current_player
    base: dict[int, int] = {}  # id of each determinization -> its history's length when made
    determinize = search._determinize

    def sampled(obs, rng):
        d = determinize(obs, rng)
        base[id(d)] = len(d.history)
        return d

    seen: list[tuple[str, ...]] = []
    target: list[tuple[str, ...]] = []

    def judged(s, me, *args):  # a stand-in for play_out that likes one chosen turn
        line = tuple(s.history[base[id(s)]:])
        if not target and any(old[0] == line[0] for old in seen):
            target.append(line)  # the first turn that repeats an earlier candidate's opening
        seen.append(line)
        return 100.0 if target and line == target[0] else 0.0

    monkeypatch.setattr(search, "_determinize", sampled)
    monkeypatch.setattr(search, "play_out", judged)
    spec = "flatmc:samples=1,beam=6,per_root=2,lookahead=1,end_samples=1,end_lines=6"
    bot = make_bot(spec + ",per_first=2", 1)
    action = bot.choose(Observation(GAH, seat, st.legal_actions(), partial(st.view, seat)))
    assert target, "no two candidate turns shared a first action"
    assert action == target[0][0] and bot._plan == list(target[0][1:])
    seen.clear()
    target.clear()
    make_bot(spec, 1).choose(Observation(GAH, seat, st.legal_actions(), partial(st.view, seat)))
    assert len(seen) > 1 and len({line[0] for line in seen}) == len(seen) and not target


def test_successive_halving_spends_the_samples_on_the_better_half(monkeypatch) -> None:
    """With ``halving=H`` (instead of ``end_samples`` each) every candidate turn is played out on
    one determinization, then the better half (by total result; ties to the planner's order)
    on as many new ones again, until one is left or the kept ones have ``H`` samples; every
    kept candidate meets the same determinizations, and the best kept one is played, its whole
    turn as the plan. Eight candidates on one sample, four on two, two on four: the sixteen
    play-outs that two samples of all eight cost."""
    st = midgame(9)
    seat = st.current_player
    samples: list[object] = [st]  # the determinizations, in the order made (kept alive: ids stay apart)
    determinize = search._determinize

    def sampled(obs, rng):
        d = determinize(obs, rng)
        samples.append(d)
        return d

    calls: list[tuple[tuple[str, ...], int]] = []  # (candidate turn, determinization index)
    order: list[tuple[str, ...]] = []  # candidate turns in the planner's order, as first met

    def judged(bot, s, me, ev, marker, seq, own_turns):  # a stand-in for one play-out
        if seq not in order:
            order.append(seq)
        k, i = order.index(seq), next(n for n, d in enumerate(samples) if d is s) - 1
        calls.append((seq, i))
        # sample 0 ranks the candidates 7 > 6 > ... > 0; later samples favour candidate 2
        return float(k) if i == 0 else (50.0 if k == 2 else 0.0)

    monkeypatch.setattr(search, "_determinize", sampled)
    monkeypatch.setattr(search.FlatMCBot, "_candidate_result", judged)
    spec = "flatmc:samples=1,beam=6,per_root=2,lookahead=1,end_samples=2,end_lines=8,per_first=3,halving=4"
    bot = make_bot(spec, 1)
    action = bot.choose(Observation(GAH, seat, st.legal_actions(), partial(st.view, seat)))
    assert len(order) == 8 and len(calls) == 16
    per_stage = [sorted(order.index(seq) for seq, i in calls if i == n) for n in range(4)]
    assert per_stage == [list(range(8)), [4, 5, 6, 7], [6, 7], [6, 7]]
    assert action == order[7][0] and bot._plan == list(order[7][1:])  # candidate 2 fell at once
    calls.clear()
    order.clear()
    del samples[1:]
    make_bot(spec.replace("halving=4", "halving=2"), 1).choose(
        Observation(GAH, seat, st.legal_actions(), partial(st.view, seat)))
    assert len(calls) == 8 + 4  # stops once the kept candidates have two samples
    calls.clear()
    order.clear()
    del samples[1:]
    make_bot(spec.replace(",halving=4", ""), 1).choose(
        Observation(GAH, seat, st.legal_actions(), partial(st.view, seat)))
    assert len(calls) == 16 and {i for _seq, i in calls} == {0, 1}  # without halving: all on both


def record_candidates(monkeypatch) -> list[tuple[str, ...]]:
    """Every candidate turn a flatmc bot plays out from now on, in order (each play-out replaced
    by a result of 0)."""
    met: list[tuple[str, ...]] = []

    def judged(bot, s, me, ev, marker, seq, own_turns):
        met.append(seq)
        return 0.0

    monkeypatch.setattr(search.FlatMCBot, "_candidate_result", judged)
    return met


def test_late_lines_take_fewer_candidates_where_the_play_outs_run_to_the_end(monkeypatch) -> None:
    """``late_lines=L``: where the play-outs run to the end of the game (``endgame``), only the
    ``L`` best candidate turns are played out; earlier (``lookahead``) all ``end_lines`` are."""
    met = record_candidates(monkeypatch)
    spec = "flatmc:samples=1,beam=6,per_root=2,end_samples=1,end_lines=6,per_first=3,late_lines=2"
    late = last_round(4)
    seat = late.current_player
    make_bot(spec + ",endgame=14", 1).choose(Observation(GAH, seat, late.legal_actions(), partial(late.view, seat)))
    assert len(met) == 2
    met.clear()
    make_bot(spec + ",lookahead=1", 1).choose(Observation(GAH, seat, late.legal_actions(), partial(late.view, seat)))
    assert len(met) == 6


def test_early_lookahead_looks_less_far_while_many_turns_are_left(monkeypatch) -> None:
    """``early_lookahead=E,early_turns=T``: while the seat has more than ``T`` die actions
    left the play-outs stop after ``E`` own turns, later after ``lookahead``; never deeper than
    ``lookahead`` (a table cap on it caps the early reach too)."""
    from tabletop.games.grand_austria_hotel.evaluation import turns_left
    reach: list[int] = []

    def judged(bot, s, me, ev, marker, seq, own_turns):
        reach.append(own_turns)
        return 0.0

    monkeypatch.setattr(search.FlatMCBot, "_candidate_result", judged)
    early = midgame(21, steps=0)
    late = midgame(21, steps=62)
    assert turns_left(early, early.current_player) > 10 >= turns_left(late, late.current_player) > 4
    spec = "flatmc:samples=1,beam=4,per_root=2,end_samples=1,end_lines=3,per_first=2,endgame=4,lookahead=3"

    def reached(st, bot_spec: str) -> set[int]:
        reach.clear()
        seat = st.current_player
        make_bot(bot_spec, 1).choose(Observation(GAH, seat, st.legal_actions(), partial(st.view, seat)))
        return set(reach)

    assert reached(early, spec) == {3}
    assert reached(early, spec + ",early_lookahead=2,early_turns=10") == {2}
    assert reached(late, spec + ",early_lookahead=2,early_turns=10") == {3}
    assert reached(early, spec.replace("lookahead=3", "lookahead=1") + ",early_lookahead=2,early_turns=10") == {1}


def test_choices_put_the_best_turn_of_several_dice_among_the_candidates(monkeypatch) -> None:
    """``choices=K``: the candidate turns first take the best planned turn of each of the ``K``
    best main choices (Grand Austria Hotel's ``turn_choice``: the die a turn takes), then fill
    ``end_lines`` as before; so the play-outs compare which action to take, where without it
    the candidates can all take one die. The candidates stay in the planner's order."""
    from tabletop.games.grand_austria_hotel.evaluation import turn_choice
    met = record_candidates(monkeypatch)
    spec = "flatmc:samples=1,beam=8,per_root=2,end_samples=1,end_lines=4,per_first=4,lookahead=1"
    narrow = None
    for seed in range(40):  # a turn whose best four planned turns take fewer than three dice
        st = midgame(seed, steps=60)
        seat = st.current_player
        obs = Observation(GAH, seat, st.legal_actions(), partial(st.view, seat))
        met.clear()
        make_bot(spec, 1).choose(obs)
        plain = list(met)
        found: list[tuple[float, tuple[str, ...]]] = []
        ev = search._evaluator(GAH, "")
        search.plan_turn(st, seat, ev, search._marker(GAH), 8, 2, finished=found)
        dice = {turn_choice(line) for _v, line in found}
        if len(plain) == 4 and len({turn_choice(line) for line in plain}) < 3 <= len(dice):
            narrow = (obs, plain, found)
            break
    assert narrow is not None, "no turn found whose candidates share their dice"
    obs, plain, found = narrow
    met.clear()
    make_bot(spec + ",choices=3", 1).choose(obs)
    kinds = [turn_choice(line) for line in met]
    assert len(met) == 4 and len(set(kinds)) >= 3
    best_of = {}
    for v, line in sorted(found, key=lambda vl: -vl[0]):
        best_of.setdefault(turn_choice(line), v)
    top3 = sorted(best_of, key=lambda k: -best_of[k])[:3]
    assert set(top3) <= set(kinds)  # the three best dice, each by its best turn
    assert met[0] == plain[0]  # the planner's best turn is still played out first
    met.clear()
    make_bot(spec + ",choices=0", 1).choose(obs)
    assert met == plain  # off: the candidates as before


def test_turn_choice_is_the_die_a_turn_takes() -> None:
    from tabletop.games.grand_austria_hotel.evaluation import turn_choice
    assert turn_choice(("g2", "d1+", "s2c1", "t0s", "done")) == "d1"
    assert turn_choice(("d6=2+", "w2k2")) == turn_choice(("d6=2", "w3k1")) == "d6=2"
    assert turn_choice(("d3:red+", "r4")) == "d3:red"
    assert turn_choice(("key=2", "+s")) == turn_choice(("key", "+w")) == "key"
    assert turn_choice(("done",)) == turn_choice(("r0", "r1")) == ""


def test_greedy_beats_random() -> None:
    """Seat-balanced: greedy wins every one of 6 games against random."""
    wins = 0
    for i in range(6):
        names = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        r = play_game(GAH, names, game_seed(123, i))
        wins += names[r.winners[0]] == "greedy" and len(r.winners) == 1
    assert wins == 6


def test_strongest_level_beats_random_and_scores() -> None:
    """Strength smoke test (can fail): the expert level wins 4 of 4 seat-balanced games
    against random and scores at least 60 VP on average."""
    wins, total = 0, 0
    for i in range(4):
        names = ["expert", "random"] if i % 2 == 0 else ["random", "expert"]
        r = play_game(GAH, names, game_seed(321, i))
        seat = names.index("expert")
        wins += r.winners == [seat]
        total += r.scores[seat]
    assert wins == 4
    assert total / 4 >= 60


def test_bot_specs_and_levels() -> None:
    assert parse_bot_spec("ismcts:iterations=50,c=0.5") == ("ismcts", {"iterations": 50, "c": 0.5})
    assert set(LEVELS) == {"easy", "medium", "hard", "expert", "master"}
    for level, spec in LEVELS.items():
        assert parse_bot_spec(level) == parse_bot_spec(spec)
        make_bot(level, 1)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nobody", 1)
    with pytest.raises(ValueError, match="bad options"):
        make_bot("greedy:depth=3", 1)
    with pytest.raises(ValueError, match="not key=value"):
        make_bot("greedy:steps", 1)


def test_a_level_takes_changed_or_added_options() -> None:
    """``level:key=value`` is the level's spec with that option set (later options win), so a
    budget or a judgement can be tried on top of a level without spelling the level out."""
    name, budget = parse_bot_spec("expert:end_samples=4,margin=0.5,end_lines=8")
    assert (name, budget) == parse_bot_spec(LEVELS["expert"] + ",end_samples=4,margin=0.5,end_lines=8")
    assert budget["end_lines"] == 8 and budget["end_samples"] == 4 and budget["margin"] == 0.5
    assert parse_bot_spec("master:eval=hand")[1]["eval"] == "hand"
    assert parse_bot_spec("easy:steps=2") == ("greedy", {"steps": 2})
    with pytest.raises(ValueError, match="bad options"):
        make_bot("expert:depth=3", 1)


def test_the_play_out_margin_counts_the_best_other_seat() -> None:
    """``margin``: a play-out's result is the seat's value less ``margin`` times the best other
    seat's (the evaluation where it stops, the final scores at the end), the state unchanged."""
    ev = search._evaluator(GAH)
    marker = search._marker(GAH)
    st = midgame(5)
    me = st.current_player
    before = st.view(me)
    own = search.play_out(st, me, ev, marker, 3, 1, own_turns=0)
    assert own == ev(st, me)
    assert search.play_out(st, me, ev, marker, 3, 1, own_turns=0, margin=0.5) == own - 0.5 * ev(st, 1 - me)
    assert st.view(me) == before
    end = get_game(GAH).new_game(players=2, seed=9)
    rnd = random.Random(9)
    while not end.is_terminal():
        end.apply(end.sample_chance() if end.is_chance() else rnd.choice(end.legal_actions()))
    scores = end.scores()
    assert search.play_out(end, 1, ev, marker, 3, 1, margin=1.0) == scores[1] - scores[0]


def _played_out(st, me: int, ev, marker, beam: int, opp_beam: int) -> float:
    """``play_out`` to the end of ``me``'s next turn written out: every seat's turn planned at
    ``beam`` for ``me`` and ``opp_beam`` for the others, then the evaluation; undone after."""
    applied, done = 0, False
    while not done:
        if st.is_chance():
            st.apply(st.sample_chance())
            applied += 1
            continue
        cp = st.current_player
        legal = st.legal_actions()
        if len(legal) == 1:
            st.apply(legal[0])
            applied += 1
            continue
        by_root = search.plan_turn(st, cp, ev, marker, beam if cp == me else opp_beam, 1)
        seq = max(by_root.values(), key=lambda vs: vs[0])[1]
        for a in seq:
            st.apply(a)
        applied += len(seq)
        done = cp == me
    value = ev(st, me)
    for _ in range(applied):
        st.undo()
    return value


def test_the_play_out_plans_the_other_seats_at_opp_beam() -> None:
    """``opp_beam``: inside a play-out the other seats plan their turns at that width, the seat
    itself at ``end_beam``; 0 (the default) plans every seat at ``end_beam``."""
    ev = search._evaluator(GAH)
    marker = search._marker(GAH)
    differs = 0
    for seed in range(24):
        if differs:
            break  # one position where the width matters is enough
        st = midgame(seed)
        me = 1 - st.current_player  # the other seat moves first, then ``me`` once
        before = st.view(me)
        wide = search.play_out(st, me, ev, marker, 12, 1, own_turns=1)
        assert search.play_out(st, me, ev, marker, 12, 1, own_turns=1, opp_beam=12) == wide
        narrow = search.play_out(st, me, ev, marker, 12, 1, own_turns=1, opp_beam=1)
        assert narrow == _played_out(st, me, ev, marker, 12, 1)
        assert wide == _played_out(st, me, ev, marker, 12, 12)
        assert st.view(me) == before
        differs += narrow != wide
    assert differs  # the width the others plan at matters somewhere
    bot = make_bot("master:opp_beam=12", 1)
    assert bot.opp_beam == 12 and make_bot("master", 1).opp_beam == 0


def test_unknown_evaluation_name_is_refused() -> None:
    st = next(s for s in map(midgame, range(3, 20)) if len(s.legal_actions()) > 1)  # a real choice
    seat = st.current_player
    obs = Observation(GAH, seat, st.legal_actions(), partial(st.view, seat))
    with pytest.raises(ValueError, match="no evaluation named"):
        make_bot("flatmc:eval=nonsense", 1).choose(obs)


def test_the_planner_finishes_a_turn_whose_steps_look_alike() -> None:
    """Burger Joint's discard down to 7 cubes: after each discard the value and the options are
    those of the step before, so every line one step on looked like a duplicate and the turn
    planner returned no line at all (the expert's play-out failed on ``max()`` of nothing, and a
    web table's expert could not move). The planner now goes on with such lines: every game of
    the pairing that failed finishes, legal and repeatable."""
    game = "burger-joint"
    for i in range(3):
        a = play_game(game, ["hard", "expert"], game_seed(26120601, i))
        b = play_game(game, ["hard", "expert"], game_seed(26120601, i))
        assert a.actions == b.actions and a.scores == b.scores
    st = get_game(game).new_game(players=2, seed=game_seed(26120601, 0))
    rng = random.Random(3)
    ev = search._evaluator(game)
    marker = search._marker(game)
    seen_discard = False
    while not st.is_terminal():  # every position of a random game: a turn to move has a plan
        if st.is_chance():
            st.apply(st.sample_chance())
            continue
        legal = st.legal_actions()
        if len(legal) > 1:
            seen_discard |= any(a.startswith("discard") for a in legal)
            assert search.plan_turn(st, st.current_player, ev, marker, 4, 2), st.prompt()
        st.apply(rng.choice(legal))
    assert seen_discard
