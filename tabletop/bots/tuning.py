"""Learning a game's evaluation from self-play (``tabletop train``).

The search bots judge a position with the game's evaluation: a sum of terms
(VP scored, rooms, money, guests, ...) whose constants (its search hints' ``constants``:
``HAND`` in Grand Austria Hotel's evaluation module) were set by hand. Two ways to do better:

``fit_terms`` (the master's): play self-play games with a proxy bot, record at every
decision each seat's terms and ``tf`` (the share of its actions still to come), and
fit by ridge regression how much each term is worth, ``a + b x tf`` times, so that
the weighted sum predicts the seat's final VP (the prior is the hand-set sum: every
weight 1). Hand-set, the sum underrates an opening position by about 22 VP and
overrates a late one by about 8, and weighs the terms against each other as a guess;
the fit corrects both from what the games did.

``tune``: CMA-ES (the ``cma`` package) over the constants themselves: each candidate is a table of constants, each
``HAND`` value times ``exp(x)`` for a point ``x`` of the search; it is played by a
*proxy* bot (a cheap search that uses the evaluation for all its judgement)
against the same bot with the hand-set constants, on deals new to every
generation, from both seats. Its fitness is its mean VP margin. All candidates
of one generation meet the same deals, so that they are compared on equal terms
(the deal-to-deal spread is far larger than their differences).

Everything is seeded: the deals come from ``derive_seed(seed, generation)``, the
bots from the deal (as in the ladder), CMA-ES from ``seed``; the games of a
generation may run in any number of processes and give the same result. So the
same command gives the same constants, byte for byte.

The result is written as a *model file* (JSON, read by
:func:`tabletop.core.model_file.load_model`): the constants, and how they were trained (command, seeds,
budget, every generation's figures), so that the file says what it is.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from tabletop.bots.match import mean_ci, play_one
from tabletop.bots.registry import parse_bot_spec
from tabletop.bots.runner import game_seed, play_out, seat_bots
from tabletop.bots.search import _hooks
from tabletop.core.processes import worker_pool
from tabletop.core.registry import get_game
from tabletop.core.rng import derive_seed


def constants_spec(table: dict[str, float]) -> str:
    """The ``eval=`` option of a bot spec for these constants (``NAME:number+...``)."""
    return "+".join(f"{k}:{v:.6f}" for k, v in sorted(table.items()))


def tunable_constants(hand: dict[str, float], untuned: tuple[str, ...] = ()) -> list[str]:
    """The constants a search scales by default: all but the switches that are off (a 0
    stays 0 whatever factor multiplies it, and would only add a dimension) and the ones the
    evaluation names ``untuned`` (its hints' ``untuned``: shapes added after the constants were tuned,
    left out so that an earlier tuning command still searches what it searched)."""
    return sorted(n for n, v in hand.items() if v and n not in untuned)


def table_of(names: list[str], hand: dict[str, float], x: list[float]) -> dict[str, float]:
    """The constants of search point ``x``: each hand value times ``exp(x_i)``."""
    return {k: round(hand[k] * math.exp(xi), 6) for k, xi in zip(names, x)}


def _margin(job: tuple[str, str, str, int, int, dict[str, Any] | None]) -> tuple[float, float]:
    """One game of a candidate against the baseline: (candidate's VP margin, its win share)."""
    game, cand, base, seed, index, config = job
    g = play_one(game, (cand, base), seed, index, config)
    return float(g["scores"][0] - g["scores"][1]), float(g["wins"][0])


def _map(fn: Callable[[Any], Any], work: list[Any], pool: ProcessPoolExecutor | None) -> list[Any]:
    """``fn`` over ``work`` in order, in the pool's processes when there is one."""
    return list(pool.map(fn, work, chunksize=1)) if pool is not None else [fn(w) for w in work]


def _map_once(fn: Callable[[Any], Any], work: list[Any], jobs: int) -> list[Any]:
    """``fn`` over ``work`` in order, in a pool of ``jobs`` processes made for this call alone
    (in this process when ``jobs`` is 1)."""
    if jobs <= 1:
        return _map(fn, work, None)
    with worker_pool(jobs) as pool:
        return _map(fn, work, pool)


def _with_eval(proxy: str, name: str) -> str:
    """The proxy's spec judging with the evaluation ``name`` (a spec's ``eval=`` option).
    A proxy that already judges with its own (``eval=`` in its options, or a level such as
    ``master`` or ``master:end_samples=3`` that sets one) is refused: the comparisons here
    are of judgements on the same search, against the hand-set one."""
    if "eval" in parse_bot_spec(proxy)[1]:
        raise ValueError("the proxy spec must not choose an evaluation (eval=...): train sets it")
    return proxy + ("," if ":" in proxy else ":") + "eval=" + name


def tune(game: str, *, generations: int, deals: int, popsize: int, sigma: float, seed: int,
         proxy: str, config: dict[str, Any] | None = None, jobs: int = 1, names: list[str] | None = None,
         check_deals: int = 0, log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Run CMA-ES over the evaluation's constants; returns the constants and the training record.

    ``proxy`` is the bot spec both sides play (without ``eval=``); each candidate plays
    ``deals`` deals from both seats against the hand-set constants. ``check_deals``
    (after the search): the final constants against the hand-set ones on that many deals
    no generation used, the figure that says whether the tuning found anything.
    """
    import cma  # a training-only dependency: imported here so the engine never loads it

    hooks = _hooks(game)
    hand = dict(hooks.constants or {})
    if not hand or hooks.make_evaluator is None:
        raise ValueError(f"{game}'s evaluation has no constants to tune")
    names = sorted(names or tunable_constants(hand, hooks.untuned))
    unknown = [n for n in names if n not in hand]
    if unknown:
        raise ValueError(f"unknown evaluation constants: {unknown}; known: {', '.join(sorted(hand))}")
    _with_eval(proxy, "")  # refuses a proxy that chooses its own evaluation, before any game
    say = log or (lambda _m: None)
    es = cma.CMAEvolutionStrategy([0.0] * len(names), sigma,
                                  {"seed": seed % (2**31 - 1) + 1, "popsize": popsize, "verbose": -9})
    history: list[dict[str, Any]] = []
    with worker_pool(jobs) if jobs > 1 else nullcontext() as pool:
        for gen in range(generations):
            xs = es.ask()
            gseed = derive_seed(seed, gen)
            specs = [_with_eval(proxy, constants_spec(table_of(names, hand, list(x)))) for x in xs]
            work = [(game, s, proxy, gseed, i, config) for s in specs for i in range(2 * deals)]
            results = _map(_margin, work, pool)
            margins = [sum(m for m, _ in results[c * 2 * deals:(c + 1) * 2 * deals]) / (2 * deals)
                       for c in range(len(xs))]
            es.tell(xs, [-m for m in margins])
            row = {"generation": gen, "deal_seed": gseed, "best_margin": round(max(margins), 2),
                   "mean_margin": round(sum(margins) / len(margins), 2), "sigma": round(float(es.sigma), 4)}
            history.append(row)
            say(f"generation {gen + 1}/{generations}: mean margin {row['mean_margin']:+.2f} VP, "
                f"best {row['best_margin']:+.2f}, step size {row['sigma']:.3f}")
        mean = [float(v) for v in es.mean]
        table = {**hand, **table_of(names, hand, mean)}
    check = _check(game, proxy, table, {}, seed, check_deals, config, jobs, say) if check_deals else None
    return {
        "constants": table,
        "training": {
            "method": "CMA-ES (cma package) over log-multipliers of the hand-set constants",
            "objective": "mean VP margin of the proxy bot with the candidate constants against the same bot "
                         "with the hand-set constants, every deal played from both seats",
            "game": game, "config": config or {}, "players": 2, "proxy": proxy, "seed": seed,
            "generations": generations, "popsize": popsize, "sigma0": sigma, "deals_per_candidate": deals,
            "games": generations * popsize * 2 * deals + 2 * check_deals, "tuned": names,
            "deal_seeds": "generation g: deals game_seed(derive_seed(seed, g), k), k < deals_per_candidate",
            "history": history, "check": check,
        },
    }


# ----------------------------------------------------------------- fitted term weights
# A game a fit learns from: its deal seed, seats, config, every action applied in order (the
# seats' and chance's) and the final VP. Its positions are read by replaying it
# (``_replayed_positions``), with whichever constants the judgement is to have.
Played = tuple[int, int, dict[str, Any], list[str], list[float]]


def _played_game(job: tuple[str, str, int, int, dict[str, Any] | None, int]) -> Played:
    """One self-play game of the proxy, deal ``game_seed(seed, index)``."""
    game, proxy, seed, index, config, players = job
    gs = game_seed(seed, index)
    st = get_game(game).new_game(players=players, seed=gs, **(config or {}))
    play_out(game, st, seat_bots([proxy] * players, gs))
    return gs, players, dict(config or {}), list(st.history), [float(v) for v in st.scores()]


def _replayed_positions(game: str, played: Played, constants: dict[str, float] | None,
                        ) -> list[tuple[list[float], float, float]]:
    """A game replayed from its actions: at every decision, each seat's (terms, tf, final VP),
    the terms read with ``constants`` (missing ones at their hand-set value)."""
    seed, players, config, history, final = played
    read = _feature_reader(game, constants)
    st = get_game(game).new_game(players=players, seed=seed, **config)
    seen: list[tuple[list[float], float, float]] = []
    for action in history:
        if st.current_player >= 0:
            for seat in range(players):
                values, tf = read(st, seat)
                seen.append((values, tf, final[seat]))
        st.apply(action)
    if [float(v) for v in st.scores()] != final:
        raise ValueError(f"the game of deal seed {seed} did not replay to its scores (a rules change since it "
                         "was played?)")
    return seen


def _feature_reader(game: str, constants: dict[str, float] | None) -> Callable[..., tuple[list[float], float]]:
    """The game's ``features``, read with ``constants`` when there are any (ValueError when the
    game offers no features, or cannot read them with other constants)."""
    hooks = _hooks(game)
    if hooks.features is None:
        raise ValueError(f"{game}'s evaluation offers no features to fit")
    if not constants:
        return hooks.features
    if hooks.feature_reader is None:
        raise ValueError(f"{game}'s evaluation reads its features with its own constants only")
    return hooks.feature_reader(constants)


def _fixed_terms(game: str, config: dict[str, Any] | None) -> tuple[str, ...]:
    """The terms a fit on games of ``config`` keeps at weight 1 (the game's ``fixed_terms``)."""
    fixed = _hooks(game).fixed_terms
    return fixed(config) if fixed is not None else ()


def _register(game: str, name: str, constants: dict[str, float], weights: dict[str, tuple[float, float]]) -> None:
    """Make ``eval=name`` mean this judgement in this process (a pool's initializer)."""
    hooks = _hooks(game)
    if hooks.add_evaluator is None or hooks.make_evaluator is None:
        raise ValueError(f"{game} cannot add a named evaluation: there is no judgement to check")
    hooks.add_evaluator(name, hooks.make_evaluator(constants, weights))


def _ridge(F: Any, r: Any, lam: float) -> Any:
    import numpy as np

    return np.linalg.solve(F.T @ F + lam * np.eye(F.shape[1]), F.T @ r)


def _played_positions(game: str, games: int, seed: int, proxy: str, config: dict[str, Any] | None, jobs: int,
                      cache: Path | None, say: Callable[[str], None], players: int = 2,
                      constants: dict[str, float] | None = None,
                      played: list[Played] | None = None) -> tuple[Any, Any, Any, Any]:
    """The positions of the proxy's self-play games (or of the games ``played``, a journal's) as
    arrays (terms, tf, final VP, game index), the terms read with ``constants``.

    With ``cache`` (an ``.npz`` file) the games are played once: the file keeps every game's
    actions and scores, and a later fit of the same games (the same game, proxy, seed, count and
    config; another ridge, other fixed terms, other constants) replays them instead of playing them
    again (milliseconds a game)."""
    import numpy as np

    what: dict[str, Any] = {"game": game, "proxy": proxy, "seed": seed, "games": games, "config": config or {}}
    if players != 2:
        what["players"] = players
    key = json.dumps(what, sort_keys=True)
    if played is None and cache is not None and cache.exists():
        with np.load(cache) as saved:
            if "played" not in saved:
                raise ValueError(f"{cache} holds positions read with fixed constants (an older file), not the "
                                 "games' actions; give another --positions file")
            if str(saved["key"]) != key:
                raise ValueError(f"{cache} holds the positions of other games; give another --positions file")
            played = [(s, n, c, h, f) for s, n, c, h, f in json.loads(str(saved["played"]))]
        say(f"positions read from {cache}")
    if played is None:
        work = [(game, proxy, derive_seed(seed, 1), i, config, players) for i in range(games)]
        played = _map_once(_played_game, work, jobs)
        if cache is not None:
            cache.parent.mkdir(parents=True, exist_ok=True)
            with cache.open("wb") as fh:
                np.savez_compressed(fh, key=np.array(key), played=np.array(json.dumps(played)))
    rows = [(g, values, tf, y)
            for g, one in enumerate(played)
            for values, tf, y in _replayed_positions(game, one, constants)]
    X = np.array([r[1] for r in rows])
    tf = np.array([r[2] for r in rows])
    y = np.array([r[3] for r in rows])
    g = np.array([r[0] for r in rows])
    return X, tf, y, g


def fit_terms(game: str, *, games: int, seed: int, proxy: str, ridge: float, config: dict[str, Any] | None = None,
              jobs: int = 1, check_deals: int = 0, log: Callable[[str], None] | None = None,
              fixed: tuple[str, ...] | None = None, positions: Path | None = None,
              players: int = 2, constants: dict[str, float] | None = None,
              played: list[Played] | None = None, games_from: str = "") -> dict[str, Any]:
    """Fit the evaluation's term weights on ``games`` self-play games of ``proxy`` at ``players`` seats
    (or on the games ``played``, read from the journal ``games_from``: any bots, one table config).

    Every fourth game is held out first, to report how much better the fit predicts the
    final VP than the hand-set sum on games it did not see; the weights shipped are then
    fitted on all games. ``check_deals``: the fitted judgement against the hand-set one,
    both played by ``proxy``, on that many new deals from both seats. ``fixed``: terms kept
    at weight 1 besides the game's own (``fixed_terms``); ``positions``: an ``.npz`` cache of
    the games' positions (``_played_positions``); ``constants``: the evaluation's constants
    other than the hand-set ones that the judgement reads its terms with (they ship in the model).
    """
    import numpy as np

    hooks = _hooks(game)
    if played is not None:
        if not played:
            raise ValueError(f"{games_from} holds no games")
        if check_deals or positions is not None:
            raise ValueError("a fit on a journal's games plays no check and keeps no --positions file "
                             "(its games are replayed from the journal)")
        configs = {json.dumps(c, sort_keys=True) for _s, _n, c, _h, _f in played}
        if len(configs) > 1:
            raise ValueError(f"{games_from} holds games of {len(configs)} table configs; a fit learns from one")
        config = played[0][2] or None
        games = len(played)
        players = played[0][1]
    if hooks.features is None:
        raise ValueError(f"{game}'s evaluation offers no features to fit")
    info = get_game(game)
    if not info.min_players <= players <= info.max_players:
        raise ValueError(f"{game} is played by {info.min_players}-{info.max_players} players, not {players}")
    if check_deals and players != 2:
        raise ValueError("the check plays 2-player games (the fit against the hand-set sum, seat for seat); "
                         f"give --check 0 and play a fit for {players} players with tabletop simulate -n {players}")
    if check_deals:
        # the check plays the proxy's search with each judgement, so it must not choose its own;
        # without a check any bot may play the games (the master, to learn from its own play)
        _with_eval(proxy, "")  # refused before any game
    say = log or (lambda _m: None)
    terms = list(hooks.terms)
    unknown = sorted(set(fixed or ()) - set(terms))
    if unknown:
        raise ValueError(f"unknown evaluation terms to fix: {unknown}; known: {', '.join(terms)}")
    own = _fixed_terms(game, config)
    at_one = tuple(k for k in terms if k in own or k in (fixed or ()))  # the game's and the caller's
    free = [i for i, k in enumerate(terms) if k not in at_one]
    if constants:
        _feature_reader(game, constants)  # unknown names are refused before any game
    X, tf, y, g = _played_positions(game, games, seed, proxy, config, jobs, positions, say, players, constants,
                                    played)
    held = g % 4 == 3
    F = np.concatenate([X[:, free], X[:, free] * tf[:, None]], axis=1)
    hand = X.sum(axis=1)
    resid = y - hand  # the fit learns the correction to the hand-set sum (prior: every weight 1)
    w = _ridge(F[~held], resid[~held], ridge)
    mse_hand = float(np.mean(resid[held] ** 2))
    mse_fit = float(np.mean((resid[held] - F[held] @ w) ** 2))
    say(f"{games} games, {len(y)} positions; on the held-out games the final VP is predicted with "
        f"RMSE {math.sqrt(mse_hand):.1f} by the hand-set sum, {math.sqrt(mse_fit):.1f} by the fit")
    w = _ridge(F, resid, ridge)
    n = len(free)
    weights = {terms[i]: (round(1.0 + float(w[j]), 4), round(float(w[n + j]), 4)) for j, i in enumerate(free)}
    table = dict(sorted((constants or {}).items()))
    check = _check(game, proxy, table, weights, seed, check_deals, config, jobs, say) if check_deals else None
    if played is not None:
        source: dict[str, Any] = {"games_from": games_from,
                                  "deal_seeds": "each game's own, as its journal keeps it"}
    else:
        source = {"proxy": proxy, "seed": seed, "deal_seeds": "game k: game_seed(derive_seed(seed, 1), k), k < games"}
    return {
        "constants": table,
        "weights": weights,
        "training": {
            "method": "ridge regression of each seat's final VP on the evaluation's terms and the terms x tf, "
                      f"at every decision of {'the journal' if played is not None else 'self-play'} games (the "
                      "correction to the hand-set sum, so the prior is every weight 1)",
            "game": game, "config": config or {}, "players": players, **source,
            "games": games, "positions": len(y), "ridge": ridge, "fixed_terms": list(at_one),
            "held_out": {"games": "every fourth (k % 4 == 3)", "rmse_hand": round(math.sqrt(mse_hand), 2),
                         "rmse_fit": round(math.sqrt(mse_fit), 2)},
            "check": check,
        },
    }


def _check(game: str, proxy: str, constants: dict[str, float], weights: dict[str, tuple[float, float]], seed: int,
           deals: int, config: dict[str, Any] | None, jobs: int, say: Callable[[str], None]) -> dict[str, Any]:
    """The trained judgement against the hand-set one, both played by ``proxy``, on new deals."""
    name = "_candidate"
    cseed = derive_seed(seed, 10**6)  # a seed the training never uses
    work = [(game, _with_eval(proxy, name), proxy, cseed, i, config) for i in range(2 * deals)]
    if jobs > 1:
        with worker_pool(jobs, _register, (game, name, constants, weights)) as pool:
            res = _map(_margin, work, pool)
    else:
        _register(game, name, constants, weights)
        try:
            res = _map(_margin, work, None)
        finally:
            remove = _hooks(game).remove_evaluator
            if remove is not None:
                remove(name)
    m, lo, hi = mean_ci([r[0] for r in res])
    check = {"deal_seed": cseed, "deals": deals, "games": len(res), "margin": round(m, 2),
             "margin_ci": [round(lo, 2), round(hi, 2)], "win_share": round(sum(r[1] for r in res) / len(res), 3)}
    say(f"check on {deals} new deals (both seats): margin {m:+.2f} VP [{lo:+.2f}, {hi:+.2f}], "
        f"win share {check['win_share']:.1%}")
    return check


# ------------------------------------------------------- a judgement distilled from the play-outs
def verdicts(game: str, proxy: str, seed: int, index: int, config: dict[str, Any] | None,
             extras: Callable[[Any, int, tuple[str, ...]], list[float]] | None = None,
             ) -> tuple[list[tuple[int, Any, Any, Any, list[float]]], list[float]]:
    """One self-play game of the proxy (a play-out bot), deal ``game_seed(seed, index)``: at
    each of its play-out decisions, for every candidate turn, the features (terms, tf) of the
    position the turn ends in, the turn's mean play-out result and, with ``extras``, what it
    reads there (``extras(state, seat, turn)``: other inputs a probe tries). Returns those
    rows (decision number within the game, terms, tf, result, extras) and the final scores."""
    features = _feature_reader(game, None)
    gs = game_seed(seed, index)
    st = get_game(game).new_game(players=2, seed=gs, **(config or {}))
    bots = seat_bots([proxy, proxy], gs)
    rows: list[tuple[int, Any, Any, Any, list[float]]] = []
    decision = [0]

    def observe(first: Any, me: int, seqs: list[tuple[str, ...]], means: list[float]) -> None:
        for seq, y in zip(seqs, means):
            for a in seq:
                first.apply(a)
            values, tf = features(first, me)
            more = extras(first, me, seq) if extras is not None else []
            for _a in seq:
                first.undo()
            rows.append((decision[0], values, tf, y, more))
        decision[0] += 1

    for bot in bots:
        if not hasattr(bot, "observer"):
            raise ValueError(f"the proxy {proxy!r} plays no play-outs to learn from (a flatmc spec with "
                             "endgame/lookahead and per_first > 1, such as master)")
        bot.observer = observe  # type: ignore[attr-defined]
    play_out(game, st, bots)
    return rows, [float(x) for x in st.scores()]


def _verdicts(job: tuple[str, str, int, int, dict[str, Any] | None]) -> tuple[list[tuple[int, Any, Any, Any]],
                                                                               list[float]]:
    """``verdicts`` for a pool: rows of (decision number, terms, tf, result)."""
    rows, scores = verdicts(*job)
    return [(dn, values, tf, y) for dn, values, tf, y, _more in rows], scores


def _within(F: Any, r: Any, d: Any) -> tuple[Any, Any]:
    """``F`` and ``r`` less their mean over each decision ``d`` (only differences between the
    candidates of one decision count: they are what the bot chooses by)."""
    import numpy as np

    _, inv, counts = np.unique(d, return_inverse=True, return_counts=True)
    Fm = np.zeros((counts.size, F.shape[1]))
    rm = np.zeros(counts.size)
    np.add.at(Fm, inv, F)
    np.add.at(rm, inv, r)
    return F - (Fm / counts[:, None])[inv], r - (rm / counts)[inv]


def judged(X: Any, tf: Any, terms: list[str], weights: dict[str, tuple[float, float]]) -> Any:
    """A learned judgement's value of feature rows ``X`` (its ``terms``) at ``tf``: each term
    counted ``a + b x tf`` times (``weights``; a term not named counts once)."""
    import numpy as np

    wa = np.array([weights.get(k, (1.0, 0.0))[0] for k in terms])
    wb = np.array([weights.get(k, (1.0, 0.0))[1] for k in terms])
    return (X * (wa[None, :] + wb[None, :] * tf[:, None])).sum(axis=1)


def decision_regret(y: Any, d: Any, among: Any, pred: Any) -> float:
    """Over the decisions ``d`` that rows ``among`` (a mask) belong to, each with all its
    candidates: the mean result ``y`` lost by taking the candidate ``pred`` ranks first (the
    first of equals) instead of the best one; 0 with no decision."""
    import numpy as np

    rows = np.flatnonzero(np.isin(d, d[among]))
    if rows.size == 0:
        return 0.0
    dd, yy = d[rows], y[rows]
    order = np.lexsort((-pred[rows], dd))  # by decision, the top-ranked first (stable on ties)
    dd, yy = dd[order], yy[order]
    starts = np.flatnonzero(np.r_[True, dd[1:] != dd[:-1]])
    return float(np.mean(np.maximum.reduceat(yy, starts) - yy[starts]))


def mlp_probe(Z: Any, r: Any, d: Any, g: Any, *, hidden: int = 32, l2: float = 0.01, rate: float = 0.001,
              steps: int = 1500, seed: int = 0) -> dict[str, Any]:
    """Do the features hold more about a decision's candidates than a linear fit can read?

    A small network (one tanh layer of ``hidden`` units, numpy, Adam) learns the residual
    ``r`` from the features ``Z`` within each decision ``d`` (its output centred on the
    decision, as ``_within`` centres the linear fit), next to a ridge fit on the same data:
    both learn from games ``g % 4 < 2``, the network's step is chosen on ``g % 4 == 2``, and
    both are scored on the held-out games ``g % 4 == 3`` (RMSE of the centred residual and each
    one's prediction there, for the caller's regret). Not shipped as a judgement: a probe for
    whether new weights, or only new terms, can teach the judgement more."""
    import numpy as np

    Z = np.asarray(Z, dtype=float)
    sd = Z.std(axis=0)
    Z = Z / np.where(sd > 0, sd, 1.0)
    _, inv, counts = np.unique(d, return_inverse=True, return_counts=True)

    def centred(v: Any) -> Any:
        s = np.zeros(counts.size)
        np.add.at(s, inv, v)
        return v - (s / counts)[inv]

    rc = centred(np.asarray(r, dtype=float))
    train, pick, held = g % 4 < 2, g % 4 == 2, g % 4 == 3
    F, _ = _within(np.concatenate([Z, np.ones((len(Z), 1))], axis=1), rc, d)
    w = _ridge(F[train], rc[train], 10.0)
    rng = np.random.default_rng(seed)
    params = [rng.normal(0.0, 1.0 / math.sqrt(Z.shape[1]), (Z.shape[1], hidden)), np.zeros(hidden),
              rng.normal(0.0, 1.0 / math.sqrt(hidden), hidden)]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    n = max(1, int(train.sum()))
    best: tuple[float, int, Any] = (math.inf, 0, np.zeros(len(Z)))
    for step in range(1, steps + 1):
        W1, b1, W2 = params
        H = np.tanh(Z @ W1 + b1)
        out = centred(H @ W2)
        if step % 50 == 0:
            at_pick = float(np.sqrt(np.mean((out[pick] - rc[pick]) ** 2))) if pick.any() else 0.0
            if at_pick < best[0]:
                best = (at_pick, step, out.copy())
        grad_out = centred(np.where(train, 2.0 * (out - rc) / n, 0.0))
        grad_H = np.outer(grad_out, W2) * (1.0 - H ** 2)
        grads = [Z.T @ grad_H + l2 * W1, grad_H.sum(axis=0), H.T @ grad_out + l2 * W2]
        for i, (p, gp) in enumerate(zip(params, grads)):
            first[i] = 0.9 * first[i] + 0.1 * gp
            second[i] = 0.999 * second[i] + 0.001 * gp ** 2
            p -= rate * (first[i] / (1 - 0.9 ** step)) / (np.sqrt(second[i] / (1 - 0.999 ** step)) + 1e-8)
    linear = F @ w

    def rmse(pred: Any) -> float:
        return float(np.sqrt(np.mean((pred[held] - rc[held]) ** 2)))

    return {"rmse_none": rmse(np.zeros(len(Z))), "rmse_linear": rmse(linear), "rmse_network": rmse(best[2]),
            "step": best[1], "linear": linear, "network": best[2]}


def distill_terms(game: str, *, games: int, seed: int, proxy: str, ridge: float,
                  config: dict[str, Any] | None = None, jobs: int = 1, log: Callable[[str], None] | None = None,
                  positions: Path | None = None) -> dict[str, Any]:
    """A judgement distilled from the proxy's own play-outs (``tabletop train --method distill``).

    The proxy (a play-out bot: the master) plays ``games`` self-play games. At each of its
    play-out decisions it has candidate turns and, for each, the mean result of playing it out
    (one more own turn then its judgement; to the end of the game in the last rounds, where the
    final score counts). The fit learns, on the features of the position each candidate turn
    ends in, the correction to the proxy's judgement that best predicts those results, from the
    differences between the candidates of one decision only: what a decision needs is the order
    of its candidates, not the level of the game's score (the fits on final scores learn mostly
    the luck of the deal, and what is merely seen with winning). Every fourth game is held out
    first to measure it. The weights start from the proxy's judgement (ridge towards it)."""
    import numpy as np

    hooks = _hooks(game)
    if hooks.features is None or hooks.judgement_weights is None:
        raise ValueError(f"{game}'s evaluation offers no features to fit")
    say = log or (lambda _m: None)
    judged_by = str(parse_bot_spec(proxy)[1].get("eval", ""))
    try:
        constants, prior = hooks.judgement_weights(judged_by)
    except ValueError as exc:
        raise ValueError(f"the proxy judges with {judged_by!r}, which this fit cannot start from: {exc}") from None
    if constants:
        raise ValueError(f"the proxy's judgement {judged_by!r} changes the evaluation's constants; the fit reads "
                         "the terms with the hand-set ones, so it starts only from a judgement that keeps them")
    terms = list(hooks.terms)
    at_one = set(_fixed_terms(game, config))
    free = [i for i, k in enumerate(terms) if k not in at_one]
    what = json.dumps({"game": game, "proxy": proxy, "seed": seed, "games": games, "config": config or {},
                       "kind": "verdicts"}, sort_keys=True)
    if positions is not None and positions.exists():
        with np.load(positions) as saved:
            if str(saved["key"]) != what:
                raise ValueError(f"{positions} holds the data of other games; give another --positions file")
            X, tf, y, d, g, scores = (saved[k] for k in ("X", "tf", "y", "d", "game", "scores"))
        say(f"play-out results read from {positions}")
    else:
        work = [(game, proxy, derive_seed(seed, 2), i, config) for i in range(games)]
        per_game = _map_once(_verdicts, work, jobs)
        rows = [(gi, gi * 10_000 + dn, values, t, res) for gi, (game_rows, _s) in enumerate(per_game)
                for dn, values, t, res in game_rows]
        X = np.array([r[2] for r in rows])
        tf = np.array([r[3] for r in rows])
        y = np.array([r[4] for r in rows])
        d = np.array([r[1] for r in rows])
        g = np.array([r[0] for r in rows])
        scores = np.array([s for _rows, s in per_game])
        if positions is not None:
            positions.parent.mkdir(parents=True, exist_ok=True)
            with positions.open("wb") as fh:
                np.savez_compressed(fh, key=np.array(what), X=X, tf=tf, y=y, d=d, game=g, scores=scores)
    if len(y) == 0:
        raise ValueError(f"the proxy {proxy!r} made no play-out decision with whole-turn candidates to learn from "
                         "(it needs endgame or lookahead, per_first > 1 and no halving: the master's search)")
    base = judged(X, tf, terms, prior)
    G = np.concatenate([X[:, free], X[:, free] * tf[:, None]], axis=1)  # the free terms, and x tf
    F, r = _within(G, y - base, d)
    held = g % 4 == 3
    w = _ridge(F[~held], r[~held], ridge)

    def regret(pred: Any) -> float:
        return decision_regret(y, d, held, pred)

    rmse_prior = math.sqrt(float(np.mean(r[held] ** 2)))
    rmse_fit = math.sqrt(float(np.mean((r[held] - F[held] @ w) ** 2)))
    reg_prior = regret(base)
    reg_fit = regret(base + G @ w)
    say(f"{games} games, {len(np.unique(d))} decisions, {len(y)} candidate turns; on the held-out games the "
        f"differences between candidates are predicted with RMSE {rmse_prior:.2f} by the proxy's judgement, "
        f"{rmse_fit:.2f} by the fit; taking the top-ranked candidate loses {reg_prior:.2f} VP a decision "
        f"against {reg_fit:.2f}")
    probe = mlp_probe(np.concatenate([X[:, free], tf[:, None]], axis=1), y - base, d, g)
    reg_half = regret(base + probe["linear"])
    reg_net = regret(base + probe["network"])
    say(f"the same terms read by a small network (trained on half the games, as a ridge fit next to it): "
        f"RMSE {probe['rmse_network']:.2f} against the ridge's {probe['rmse_linear']:.2f}; the top-ranked "
        f"candidate loses {reg_net:.2f} VP a decision against {reg_half:.2f}")
    w = _ridge(F, r, ridge)
    n = len(free)
    start = {k: prior.get(k, (1.0, 0.0)) for k in terms}
    weights = {terms[i]: (round(float(start[terms[i]][0] + w[j]), 4), round(float(start[terms[i]][1] + w[n + j]), 4))
               for j, i in enumerate(free)}
    m, lo, hi = mean_ci([float(x) for x in scores.ravel()])
    return {
        "constants": constants,
        "weights": weights,
        "training": {
            "method": "distilled from the proxy's play-outs: ridge regression, towards the proxy's own "
                      "judgement, of each candidate turn's mean play-out result on the evaluation's terms "
                      "and the terms x tf at the position the turn ends in, within each decision "
                      "(differences between its candidates only)",
            "game": game, "config": config or {}, "players": 2, "proxy": proxy, "seed": seed,
            "games": games, "starts_from": judged_by or "hand", "decisions": int(len(np.unique(d))),
            "candidates": int(len(y)), "ridge": ridge, "fixed_terms": sorted(at_one),
            "deal_seeds": "game k: game_seed(derive_seed(seed, 2), k), k < games",
            "held_out": {"games": "every fourth (k % 4 == 3)", "rmse_prior": round(rmse_prior, 3),
                         "rmse_fit": round(rmse_fit, 3), "regret_prior": round(reg_prior, 3),
                         "regret_fit": round(reg_fit, 3),
                         "network_probe": {"method": "mlp_probe: one tanh layer of 32, on the free terms and tf, "
                                                     "learning from games k % 4 < 2 (a ridge fit on the same "
                                                     "games beside it), its step chosen on k % 4 == 2",
                                           "rmse_ridge": round(probe["rmse_linear"], 3),
                                           "rmse_network": round(probe["rmse_network"], 3),
                                           "regret_ridge": round(reg_half, 3), "regret_network": round(reg_net, 3)}},
            "self_play": {"mean": round(m, 2), "ci": [round(lo, 2), round(hi, 2)], "scores": int(scores.size)},
            "check": None,
        },
    }
