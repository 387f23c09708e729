"""What each viewer is sent: a seat's (or a spectator's) payload of a game, the log in words in
its language, the legal actions in words, a finished game's record and replay. Everything here
reads a LiveGame and changes nothing; no hidden information leaves through it (each seat gets
its own view, other seats' raw actions are left out of the log)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tabletop.bots import coach
from tabletop.core.registry import get_game
from tabletop.core.state import GameState
from tabletop.i18n.catalog import Catalog, catalog
from tabletop.i18n.events import action_text, reasons_text
from tabletop.web import clocks
from tabletop.web.errors import Conflict, ServiceError
from tabletop.web.live import LiveGame
from tabletop.web.store import ActionRow, GameRow, SeatChange, SeatRow

LOG_TAIL = 60


def dumps(message: dict[str, Any]) -> str:
    """A WebSocket message as JSON text (as Starlette's ``send_json`` writes it)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def reasons(cat: Catalog, why: tuple[tuple[str, float], ...], head: str = "hint.reasons") -> dict[str, Any]:
    """A coach's reasons for the API: ``why`` as data (``[{term, vp}]``) and ``reasons`` in words."""
    return {"why": [{"term": term, "vp": vp} for term, vp in why], "reasons": reasons_text(cat, why, head)}


def payload(live: LiveGame, seat: int | None, lang: str = "en",
            delta: tuple[int, int] | None = None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) sees of the game, in ``lang``.

    The log is the last ``LOG_TAIL`` actions' entries (``log_first``: the first action kept).
    ``delta`` = (after, since) makes a push that carries only the entries of the actions
    from ``since`` on: the page that shows revision ``after`` drops its entries from
    ``since`` on and adds these (``log_after`` and ``log_since``; both null in a payload
    with the whole tail)."""
    st = live.state
    first = max(0, live.revision - LOG_TAIL)
    if delta is not None and (st.events is None or delta[1] <= first
                              or first < max(0, delta[0] - LOG_TAIL)):
        # no events (the log is the actions), the tail is all new, or an undo moved its start
        # back to entries the page has dropped: send it whole
        delta = None
    info = get_game(live.row.game)
    cp = st.current_player
    to_act = seat is not None and cp == seat and live.row.status == "active"
    legal = legal_texts(live, lang) if to_act else []
    return {
        "game_id": live.row.id,
        "game": live.row.game,
        "title": info.title,
        "players": live.row.players,
        "config": live.row.config,
        "status": live.row.status,
        "revision": live.revision,
        "seat": seat,
        "seats": [seat_entry(live, s) for s in live.seats],
        "away_limit": live.row.away_limit,
        "hints": live.row.hints,
        "can_hint": to_act and live.hints_allowed(seat),
        "current_player": cp,
        "prompt": st.prompt(),
        "view": st.view(seat),
        "legal": legal,
        "log": game_log(live, seat, lang, LOG_TAIL, since=None if delta is None else delta[1]),
        "log_first": first,
        "log_after": None if delta is None else delta[0],
        "log_since": None if delta is None else delta[1],
        "log_total": log_total(live),
        "scores": st.scores(),
        "projected": st.projected_scores(),
        "result": live.row.result,
        "can_undo": seat is not None and live.undo_point(seat) is not None,
        "auto_single": seat is not None and live.seats[seat].auto_single,
        "undo_why": live.undo_why(seat),
        "level_votes": [{"seat": t, "votes": [{"by": b, "bot": v} for b, v in sorted(votes.items())]}
                        for t, votes in sorted(live.level_votes.items())],
        "clock": clock_view(live),
        "listed": live.row.listed,
        "rated": live.row.rated,
        "rematch": live.row.rematch,  # the next game of these people (POST .../rematch makes it)
    }

def seat_entry(live: LiveGame, s: SeatRow) -> dict[str, Any]:
    person = live.person_seat(s.seat)
    away = live.away_for(s.seat) if person and live.row.status == "active" else None
    takeover = live.takeover_in(s.seat)
    return {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "joined": s.joined,
            "person": person, "stand_in": person and s.kind == "bot",
            "present": live.connections.get(s.seat, 0) > 0,
            "away": None if away is None else round(away, 1),
            "takeover_in": None if takeover is None else round(takeover, 1)}

def log_entry(a: ActionRow, seat: int | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"idx": a.idx, "seat": a.seat, "text": a.text}
    if a.seat == seat or a.seat < 0:
        entry["action"] = a.action  # other seats' raw actions can name hidden cards
    return entry

def change_entry(c: SeatChange) -> dict[str, Any]:
    """A seat change in the log: data for the page to put in words (no action, no text)."""
    return {"idx": c.revision, "seat": c.seat, "kind": "seat", "change": c.change, "bot": c.bot,
            "reason": c.reason, "by": c.by_seat}

def legal_texts(live: LiveGame, lang: str) -> list[dict[str, Any]]:
    """The legal actions, each in words in ``lang`` (as the log will say it) and with its facts as
    data (``{"action", "text", "facts"}``): what the page draws and places them by, the action
    string being only the id it sends back. Only the seat to act is sent these: its facts may name
    what that seat alone sees (the card it drafts or discards from its hand)."""
    st = live.state
    say = sayer(live, st, lang)
    facts = get_game(live.row.game).choice_facts  # None: the public facts say it all
    of: Callable[[str], dict[str, Any]] = st.action_facts if facts is None else (lambda a: facts(st, a))
    return [{"action": a, "text": say(a), "facts": of(a)} for a in st.legal_actions()]

def sayer(live: LiveGame, st: GameState, lang: str) -> Callable[[str], str]:
    """An action of ``st`` (the live game, or one of its earlier moments) in words in ``lang``;
    a game without event sentences says it in its own English."""
    if get_game(live.row.game).event_sentence is None:
        return st.describe
    cat, names = catalog(lang), list(seat_names(live, lang))
    return lambda a: action_text(live.row.game, cat, st, a, names)

def seat_names(live: LiveGame, lang: str = "en") -> tuple[str, ...]:
    """Seat names for the log in ``lang`` (the default names "Bot (level)" and "Player N"
    translated), told apart where two are alike."""
    cat = catalog(lang)
    names = []
    for i, s in enumerate(live.seats):
        if s.kind == "bot" and s.name == f"Bot ({s.bot})":
            names.append(cat.t("name.bot", level=cat.t(f"level.{s.bot}") if f"level.{s.bot}" in cat else s.bot))
        elif s.name == f"Player {i + 1}":
            names.append(cat.t("lobby.playerN", n=i + 1))
        else:
            names.append(s.name)
    return tuple(f"{n} #{i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names))

def log_total(live: LiveGame) -> int:
    events = live.state.events
    return (live.revision if events is None else len(events)) + len(live.changes)

def game_log(live: LiveGame, seat: int | None, lang: str = "en", tail: int | None = None,
         since: int | None = None) -> list[dict[str, Any]]:
    """The game log: the events of the last ``tail`` actions (or all, or those from action
    ``since`` on), each with its sentence in ``lang``, and the seat changes between them.
    Games without event sentences: the actions."""
    if live.state.events is not None:
        if since is None:
            since = 0 if tail is None else max(0, len(live.log) - tail)
        return event_log(live, seat, lang, since)
    actions = live.log if tail is None else live.log[-tail:]
    first = actions[0].idx if actions else live.revision
    changes = [c for c in live.changes if c.revision >= first]
    out: list[dict[str, Any]] = []
    i = 0
    for a in actions:
        while i < len(changes) and changes[i].revision <= a.idx:
            out.append(change_entry(changes[i]))
            i += 1
        out.append(log_entry(a, seat))
    out.extend(change_entry(c) for c in changes[i:])
    return out if tail is None else out[-tail:]

def event_log(live: LiveGame, seat: int | None, lang: str, first: int) -> list[dict[str, Any]]:
    """The entries of the actions from ``first`` on (0: from the start, where seats start)."""
    st = live.state
    events, marks = st.events, st._event_marks
    assert events is not None
    start = 0 if first == 0 else marks[first] if first < len(marks) else len(events)
    texts = event_texts(live, lang)
    changes = [c for c in live.changes if c.revision >= first]
    out: list[dict[str, Any]] = []
    ci = 0
    i = first - 1  # the action an event belongs to (-1: before the first, where seats start)
    for j in range(start, len(events)):
        while i + 1 < len(marks) and marks[i + 1] <= j:
            i += 1
            while ci < len(changes) and changes[ci].revision <= i:
                out.append(change_entry(changes[ci]))
                ci += 1
        entry = {"idx": i, **events[j], "text": texts[j][2]}
        # the action's own event (its first; again after a card's reaction interrupted it: the
        # ledger takes the action's cause up again) carries the raw action for its own seat
        own = j == marks[i] if i >= 0 else False
        if i >= 0 and not own:
            own = events[j].get("kind") in ("action", "roll") and "by" not in events[j]
        if own and (live.log[i].seat == seat or live.log[i].seat < 0):
            entry["action"] = live.log[i].action  # other seats' raw actions can name hidden cards
            if live.log[i].auto:
                entry["auto"] = True  # the only option: it resolved by itself (shown to its player)
        out.append(entry)
    out.extend(change_entry(c) for c in changes[ci:])
    return out

def event_texts(live: LiveGame, lang: str) -> list[tuple[Any, tuple[str, ...], str]]:
    """(event, seat names, sentence) of every event in ``lang``: each sentence worked out once
    per event and seat names. Only the new events are looked at while the cache still ends
    with the same event object and names (an undo that took events back, or a renamed seat,
    makes it check them all)."""
    st = live.state
    events = st.events
    assert events is not None
    names = seat_names(live, lang)
    cache = live.texts.setdefault(lang, [])
    n = len(cache)
    if n <= len(events) and (n == 0 or (cache[n - 1][0] is events[n - 1] and cache[n - 1][1] == names)):
        first = n
    else:
        first = 0
        del cache[len(events):]
    render = get_game(live.row.game).event_sentence
    assert render is not None
    cat = catalog(lang)
    for j in range(first, len(events)):
        ev = events[j]
        if j < len(cache):
            if cache[j][0] is ev and cache[j][1] == names:
                continue
            del cache[j:]
        cache.append((ev, names, render(cat, ev, list(names))))
    return cache


def record(live: LiveGame) -> dict[str, Any]:
    """A finished game's record: what ``tabletop replay FILE`` reads."""
    if live.row.status != "finished":
        raise Conflict("a game's record can be downloaded once it is finished (it names hidden cards)")
    return {"format": "tabletop-game-record/1", "game": live.row.game, "game_id": live.row.id,
            "players": live.row.players, "config": live.row.config, "seed": live.row.seed,
            "names": [s.name for s in live.seats], "actions": [a.action for a in live.log],
            "scores": live.state.scores(), "winners": live.state.winners(), "result": live.row.result}


def replay(live: LiveGame, step: int) -> dict[str, Any]:
    """The public (spectator) view after ``step`` log entries of a finished game."""
    if live.row.status != "finished":
        raise Conflict("replays are for finished games")
    if not 0 <= step <= live.revision:
        raise ServiceError(f"step must be 0-{live.revision}")
    _step, st = next(coach.walk(dealt(live), [a.action for a in live.log], [step]))
    return {"game_id": live.row.id, "step": step, "steps": live.revision, "view": st.view(None),
            "prompt": st.prompt(), "scores": st.scores(),
            "text": live.log[step - 1].text if step else "setup"}


def clock_view(live: LiveGame, now: float | None = None) -> dict[str, Any] | None:
    """Every seat's time left and whose runs (None: no clock). ``left`` counts from the moment
    of the payload; a page counts the running one down from there."""
    spec = clocks.from_row(live.row.clock)
    if spec is None:
        return None
    state = live.row.clock_state or clocks.fresh(spec, live.row.players)
    return clocks.view(spec, state, clocks.now() if now is None else now)


def table_entry(row: GameRow, seats: list[SeatRow]) -> dict[str, Any]:
    """One open table as the lobby lists it: no token, only what anyone may see before sitting down."""
    return {"game_id": row.id, "game": row.game, "title": get_game(row.game).title, "players": row.players,
            "config": row.config, "lang": row.lang, "created": row.created, "away_limit": row.away_limit,
            "hints": row.hints, "clock": row.clock, "rated": row.rated,
            "seats": [{"seat": s.seat, "name": s.name if s.joined or s.kind == "bot" else None, "kind": s.kind,
                       "bot": s.bot, "joined": s.joined} for s in seats],
            "free": sum(1 for s in seats if s.kind == "human" and not s.joined)}


def chat_line(line: Any) -> dict[str, Any]:
    """A chat line as clients get it: its text as typed (a page shows it as text, never markup)."""
    return {"n": line.n, "seat": line.seat, "name": line.name, "revision": line.revision, "text": line.text,
            "created": line.created}


def dealt(live: LiveGame) -> GameState:
    """The game as it was dealt (the replay and the review play its log on from there)."""
    return get_game(live.row.game).new_game(players=live.row.players, seed=live.row.seed, **live.row.config)


def summary(live: LiveGame, seat: int | None, token: str) -> dict[str, Any]:
    """One line of a player's list of games (``my-games``)."""
    return {"game_id": live.row.id, "game": live.row.game, "seat": seat, "token": token,
            "status": live.row.status, "revision": live.revision,
            "your_turn": seat is not None and live.state.current_player == seat and live.row.status == "active",
            "seats": [s.name for s in live.seats], "created": live.row.created,
            "scores": live.state.scores() if live.row.status == "finished" else None}
