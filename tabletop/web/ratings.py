"""Ratings: rated games between accounts, a rating with its uncertainty, a leaderboard, each
player's history.

- A table is rated when it is made (``rated``): every person at it plays with an account, one
  seat each; nobody at it gets hints or the coach while it runs, nor hands their own seat to a
  bot, nor changes a bot's level (the rules of Board Game Arena's rated games). Bots may sit at
  a rated table: each level counts at a fixed rating measured on its own games
  (``tabletop bot-ratings``, data in ``tabletop/bots/data/ratings.yaml``), and is never changed by it.
- The rating is openskill's Plackett-Luce model (Weng and Lin's Bayesian rating, made for
  several players in one game): ``mu`` and ``sigma`` per account and game; a new account starts
  at openskill's default (25, 8.33), where the table's default bot (medium) is anchored. The
  leaderboard orders by ``mu - 3 sigma`` (a rating the player is very likely above), and each
  player reads which bot level plays like them.
- Places: by final score (the game's winners first: its tie-breakers decided them); a seat
  that forfeited on its clock, or that a bot played for its person at any time (away, the
  clock), is last: a rated game is played by its people.
- Exactly once: the game is marked settled in the same transaction that writes the new ratings
  (and reads each account's rating under a row lock on PostgreSQL), so whichever process
  finishes the game, or sweeps it after a crash, rates it once.
"""

from __future__ import annotations

import functools
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from openskill.models import PlackettLuce
from sqlalchemy import Column, Float, Integer, String, Table, and_, insert, select, update
from sqlalchemy.exc import IntegrityError

from tabletop.web.accounts import account_seats, accounts
from tabletop.web.store import Store, games, metadata, seat_changes, seats

BOT_RATINGS = Path(__file__).resolve().parents[1] / "bots" / "data" / "ratings.yaml"
SETTLED_GAMES = 5  # rated games before "plays like" is said without "so far"

ratings = Table(
    "ratings", metadata,
    Column("account_id", String(32), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)

# one line per account and rated game: the rating before and after, the place
rating_history = Table(
    "rating_history", metadata,
    Column("account_id", String(32), primary_key=True),
    Column("game_id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("place", Integer, nullable=False),  # 1 = first
    Column("players", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("last_reason", String(12)),  # forfeit / stand_in: why the seat was put last
    Column("created", Float, nullable=False, index=True),
)

@functools.cache
def model() -> PlackettLuce:
    return PlackettLuce()


@functools.cache
def bot_levels(game: str) -> dict[str, dict[str, float]]:
    """Each bot level's fixed rating for ``game`` (empty: not measured; its bots then count at
    the default rating)."""
    data = yaml.safe_load(BOT_RATINGS.read_text()) if BOT_RATINGS.exists() else {}
    entry = (data or {}).get(game) or {}
    return {name: {"mu": float(v["mu"]), "sigma": float(v["sigma"])} for name, v in entry.get("levels", {}).items()}


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3.0 * sigma


def plays_like(game: str, mu: float) -> str | None:
    """The strongest bot level whose rating is at most ``mu`` (None: below every level)."""
    best = None
    for name, v in sorted(bot_levels(game).items(), key=lambda kv: kv[1]["mu"]):
        if v["mu"] <= mu:
            best = name
    return best


def places(result: dict[str, Any], players: int, last: dict[int, str]) -> list[int]:
    """Each seat's place (1 first; equal places share a number): the winners first, then by
    score; the seats in ``last`` (seat -> why) after everyone else."""
    scores = result.get("scores") or [0] * players
    winners = set(result.get("winners") or [])

    def key(s: int) -> tuple[int, int, float]:
        return (1 if s in last else 0, 0 if s in winners else 1, -float(scores[s]))

    order = sorted(range(players), key=key)
    out = [0] * players
    for i, s in enumerate(order):
        out[s] = out[order[i - 1]] if i and key(order[i - 1]) == key(s) else i + 1
    return out


@dataclass
class SeatRating:
    seat: int
    account_id: str | None  # None: a bot (fixed)
    mu: float
    sigma: float
    games: int = 0


class Ratings:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # -------------------------------------------------------------- rating games
    def seat_accounts(self, game_id: str) -> dict[int, list[str]]:
        """The accounts linked to each seat of the game."""
        with self.engine.connect() as c:
            rows = c.execute(select(account_seats.c.seat, account_seats.c.account_id)
                             .where(account_seats.c.game_id == game_id)).all()
        out: dict[int, list[str]] = {}
        for r in rows:
            out.setdefault(r.seat, []).append(r.account_id)
        return out

    def unsettled(self, limit: int = 50) -> list[str]:
        """Finished rated games whose ratings are not written yet (a process stopped between)."""
        with self.engine.connect() as c:
            return [r.id for r in c.execute(select(games.c.id).where(
                games.c.status == "finished", games.c.rated.is_(True), games.c.rated_done.is_not(True))
                .limit(limit))]

    def settle(self, game_id: str) -> bool:
        """Rate the finished rated game (once: False if it is not one, or is rated already)."""
        for _ in range(5):
            try:
                return self._settle(game_id)
            except IntegrityError:
                continue  # another game made an account's first rating meanwhile: again
        return False

    def _settle(self, game_id: str) -> bool:
        now = time.time()
        with self.engine.begin() as c:
            done = c.execute(update(games).where(
                games.c.id == game_id, games.c.status == "finished", games.c.rated.is_(True),
                games.c.rated_done.is_not(True)).values(rated_done=True))
            if done.rowcount != 1:
                return False
            g = c.execute(select(games.c.game, games.c.players, games.c.result).where(games.c.id == game_id)).one()
            result = json.loads(g.result) if g.result else {}
            seat_rows = {s.seat: s for s in c.execute(select(seats).where(seats.c.game_id == game_id))}
            linked: dict[int, str] = {}  # the account that sat down first (a later claim of the token: not it)
            for r in c.execute(select(account_seats.c.seat, account_seats.c.account_id)
                               .where(account_seats.c.game_id == game_id).order_by(account_seats.c.added)):
                linked.setdefault(r.seat, r.account_id)
            stood_in = {r.seat for r in c.execute(select(seat_changes.c.seat).where(
                seat_changes.c.game_id == game_id, seat_changes.c.change == "to_bot"))}
            last: dict[int, str] = {s: "stand_in" for s in stood_in if s in linked}
            if result.get("forfeit") is not None:
                last[int(result["forfeit"])] = "forfeit"
            fixed = bot_levels(g.game)
            entrants: list[SeatRating] = []
            for seat in range(g.players):
                acc = linked.get(seat)
                if acc is None:  # a bot from the start (or a seat nobody rated: counted, never changed)
                    level = fixed.get(seat_rows[seat].bot or "") if seat in seat_rows else None
                    base = level or {"mu": model().mu, "sigma": model().sigma}
                    entrants.append(SeatRating(seat, None, base["mu"], base["sigma"]))
                    continue
                q = select(ratings).where(ratings.c.account_id == acc, ratings.c.game == g.game)
                if self.store.shared:
                    q = q.with_for_update()
                have = c.execute(q).first()
                if have is None:
                    c.execute(insert(ratings).values(account_id=acc, game=g.game, mu=model().mu,
                                                     sigma=model().sigma, games=0, updated=now))
                    entrants.append(SeatRating(seat, acc, model().mu, model().sigma))
                else:
                    entrants.append(SeatRating(seat, acc, have.mu, have.sigma, have.games))
            place = places(result, g.players, last)
            m = model()
            new = m.rate([[m.rating(mu=e.mu, sigma=e.sigma)] for e in entrants],
                         ranks=[place[e.seat] for e in entrants])
            for e, team in zip(entrants, new):
                if e.account_id is None:
                    continue
                after = team[0]
                c.execute(update(ratings).where(ratings.c.account_id == e.account_id, ratings.c.game == g.game)
                          .values(mu=after.mu, sigma=after.sigma, games=e.games + 1, updated=now))
                c.execute(insert(rating_history).values(
                    account_id=e.account_id, game_id=game_id, game=g.game, seat=e.seat, place=place[e.seat],
                    players=g.players, mu_before=e.mu, sigma_before=e.sigma, mu=after.mu, sigma=after.sigma,
                    last_reason=last.get(e.seat), created=now))
        return True

    # ------------------------------------------------------------------ reading
    def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        """Accounts with a rated game of ``game``, best first (by ``mu - 3 sigma``), and each bot
        level at its fixed rating among them."""
        with self.engine.connect() as c:
            rows = c.execute(select(ratings, accounts.c.name).join(accounts, accounts.c.id == ratings.c.account_id)
                             .where(ratings.c.game == game, ratings.c.games > 0)).all()
        people = [{"name": r.name, "bot": None, "mu": round(r.mu, 2), "sigma": round(r.sigma, 2),
                   "rating": round(ordinal(r.mu, r.sigma), 2), "games": r.games,
                   "plays_like": plays_like(game, r.mu)} for r in rows]
        people.sort(key=lambda x: -x["rating"])
        people = people[:limit]
        bots = [{"name": None, "bot": name, "mu": round(v["mu"], 2), "sigma": round(v["sigma"], 2),
                 "rating": round(ordinal(v["mu"], v["sigma"]), 2), "games": None, "plays_like": name}
                for name, v in bot_levels(game).items()]
        out = sorted(people + bots, key=lambda x: -x["rating"])
        rank = 0
        for x in out:
            if x["bot"] is None:
                rank += 1
                x["rank"] = rank
        return out

    def player(self, name_key: str, game: str, limit: int = 100) -> dict[str, Any] | None:
        """One account's rating of ``game`` and its rated games, newest first (None: no such account)."""
        with self.engine.connect() as c:
            acc = c.execute(select(accounts.c.id, accounts.c.name).where(accounts.c.name_key == name_key)).first()
            if acc is None:
                return None
            r = c.execute(select(ratings).where(ratings.c.account_id == acc.id, ratings.c.game == game)).first()
            hist = c.execute(select(rating_history).where(
                and_(rating_history.c.account_id == acc.id, rating_history.c.game == game))
                .order_by(rating_history.c.created.desc()).limit(limit)).all()
        mu, sigma, n = (r.mu, r.sigma, r.games) if r is not None else (model().mu, model().sigma, 0)
        return {"name": acc.name, "game": game, "mu": round(mu, 2), "sigma": round(sigma, 2),
                "rating": round(ordinal(mu, sigma), 2), "games": n,
                "plays_like": plays_like(game, mu) if n else None, "settled": n >= SETTLED_GAMES,
                "history": [{"game_id": h.game_id, "seat": h.seat, "place": h.place, "players": h.players,
                             "before": round(ordinal(h.mu_before, h.sigma_before), 2),
                             "after": round(ordinal(h.mu, h.sigma), 2), "mu": round(h.mu, 2),
                             "sigma": round(h.sigma, 2), "last_reason": h.last_reason, "created": h.created}
                            for h in hist]}
