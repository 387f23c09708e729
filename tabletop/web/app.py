"""The HTTP + WebSocket interface (FastAPI) over :class:`GameService`.

Every request is validated by pydantic models; every refusal is a 4xx with
a message that says what is wrong (illegal action 400, bad token 403, unknown
game 404, stale revision or wrong moment 409, malformed body 422) and changes
nothing. JSON bodies are read strictly: ``NaN`` and ``Infinity`` (which Python's
parser would accept) are refused as invalid JSON. The OpenAPI schema is at
``/openapi.json``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import json
import math
import sys
from collections.abc import AsyncIterator, Callable, Coroutine
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StringConstraints
from sqlalchemy.exc import DBAPIError

from tabletop.bots.registry import LEVELS
from tabletop.core.errors import TabletopError
from tabletop.core.registry import game_names, get_game
from tabletop.web import clocks
from tabletop.web.accounts import COOKIE, SESSION_DAYS, Account, AccountDesk, Accounts, check_email, name_key
from tabletop.web.errors import Conflict, Forbidden, Unauthorized
from tabletop.web.guard import MAX_BODY, BodyLimit, RateLimits, has_lone_surrogate, printable
from tabletop.web.notices import Mailer, check_webhook
from tabletop.web.service import GameService, NotFound, ServiceError, TooMany, web_levels
from tabletop.web.store import Store
from tabletop.web.views import chat_line as views_chat_line
from tabletop.web.watch import Metrics, RequestLog

STATIC = Path(__file__).parent / "static"
LANG = Query("en", pattern="^(en|de|zh)$", description="the language of the log and action texts")


class StrictJSONRequest(Request):
    """A request whose JSON body may hold only finite numbers: ``NaN``, ``Infinity`` and
    ``-Infinity`` are not JSON, and a validation error quoting one could not be answered."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            text = (await self.body()).decode("utf-8")

            def refuse(name: str) -> Any:
                raise json.JSONDecodeError(f"{name} is not a JSON number (only finite numbers are allowed)",
                                           text, max(0, text.find(name)))

            self._json = json.loads(text, parse_constant=refuse)
            if "\\u" in text and has_lone_surrogate(self._json):
                raise json.JSONDecodeError("a \\uD800-\\uDFFF escape without its pair is no character "
                                           "(text must be valid Unicode)", text, max(0, text.find("\\u")))
        return self._json


class StrictJSONRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictJSONRequest(request.scope, request.receive))

        return strict


def _finite(obj: Any) -> Any:
    """``obj`` with every non-finite float written as text, so that it can be sent as JSON."""
    if isinstance(obj, float) and not math.isfinite(obj):
        return str(obj)
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_finite(v) for v in obj]
    return obj


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _distinct(values: list[Any]) -> list[Any]:
    """A list in a request names each entry once (a repeat is a mistake, and costs the server)."""
    seen: set[Any] = set()
    for v in values:
        key = repr(v)
        if key in seen:
            raise ValueError(f"repeated entry {printable(v, 40)!r}")
        seen.add(key)
    return values


Name = Annotated[str, StringConstraints(max_length=80)]
# a config value: a flag, a number, a word, or a short list of words (modules, alternatives, ids)
ConfigValue = StrictBool | StrictInt | StrictFloat | Annotated[str, StringConstraints(max_length=200)] | \
    Annotated[list[Name], Field(max_length=20), AfterValidator(_distinct)] | None
Token = Annotated[str, StringConstraints(min_length=1, max_length=100)]


class SeatSpec(_Body):
    kind: str = Field("human", pattern="^(human|bot)$")
    bot: str | None = Field(None, max_length=80)
    name: str | None = Field(None, max_length=60)


class ClockBody(_Body):
    """A table's clock (seconds): ``realtime``: a ``bank`` that runs during the seat's turns,
    ``increment`` back after each; ``correspondence``: ``per_move`` for each turn, what a turn
    takes beyond it out of the ``bank``. When a turn's time is up: ``policy`` ``bot`` (a bot
    stands in until the person takes the seat back) or ``forfeit`` (``after_forfeit``: ``bot``
    plays it on, or ``end`` the game)."""

    kind: Literal["realtime", "correspondence"]
    bank: int = Field(ge=10, le=60 * 86400)
    increment: int = Field(0, ge=0, le=3600)
    per_move: int = Field(0, ge=0, le=14 * 86400)
    policy: Literal["bot", "forfeit"] = "bot"
    after_forfeit: Literal["bot", "end"] = "bot"


class CreateGame(_Body):
    game: str = Field("grand-austria-hotel", max_length=40)
    players: int = Field(2, ge=1, le=8)
    config: Annotated[dict[Annotated[str, StringConstraints(max_length=40)], ConfigValue],
                      Field(max_length=30)] = {}
    seats: Annotated[list[SeatSpec], Field(max_length=8)] | None = None
    seed: int | None = Field(None, ge=0, lt=2**62)
    away_limit: int | None = Field(600, ge=1, le=7 * 86400, description=(
        "seconds a player may be away (no connection, no request) before the others may hand their "
        "seat to a bot, at least 60 (the server's --min-away-limit); null: never"))
    start: bool = Field(False, description=(
        "play at once against bots: seat 0 (a person) is joined and the game starts, no waiting room; "
        "every other seat must be a bot"))
    spectator_chat: bool = Field(False, description="spectators may write in the table's chat (they always read it)")
    clock: ClockBody | None = Field(None, description="none (null), real-time or correspondence")
    listed: bool = Field(False, description=(
        "an open table: listed in GET /api/tables, where anyone may sit at a free person's seat "
        "(POST .../sit); false: private, its invite links only"))
    rated: bool = Field(False, description=(
        "a rated game (made by an account): every person plays with an account, one seat each; no "
        "hints, no coach, no bot for one's own seat while it runs; bots count at their fixed ratings"))
    hints: bool = Field(False, description=(
        "the people at this table may ask the coach for hints (shown to everyone); a player whose "
        "opponents are all bots may ask anyway"))


class TokenBody(_Body):
    token: str = Field(min_length=1, max_length=100)


class ActionBody(_Body):
    token: str = Field(min_length=1, max_length=100)
    revision: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=80)


class UndoBody(_Body):
    token: str = Field(min_length=1, max_length=100)
    revision: int = Field(ge=0)


class JoinBody(_Body):
    token: str = Field(min_length=1, max_length=100)
    name: str = Field("", max_length=60)


class BotBody(_Body):
    token: str = Field(min_length=1, max_length=100)
    bot: str = Field("medium", min_length=1, max_length=80)


class SettingsBody(_Body):
    token: str = Field(min_length=1, max_length=100)
    auto_single: bool = Field(description="a decision with only one option resolves by itself (and says so)")


class ChatBody(_Body):
    token: str = Field(min_length=1, max_length=100)
    text: str = Field(min_length=1, max_length=4000, description="plain text (never markup), at most 500 characters")


class SkipBody(_Body):
    advance: float = Field(ge=-1, le=365 * 86400)


class SitBody(_Body):
    name: str = Field("", max_length=60)


class TokensBody(_Body):
    tokens: Annotated[list[Token], Field(max_length=200), AfterValidator(_distinct)] = Field(default_factory=list)


class SignUpBody(_Body):
    name: str = Field(min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=300)
    tokens: Annotated[list[Token], Field(max_length=200), AfterValidator(_distinct)] = Field(
        default_factory=list, description="seat tokens this browser kept as a guest: their games become the account's")


class LoginBody(_Body):
    name: str = Field(min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=300)


class AccountSettingsBody(_Body):
    """Only the settings given change."""

    lang: Literal["en", "de", "zh"] | None = None
    sound: StrictBool | None = Field(None, description="a sound when it becomes your turn (in the page)")
    browser_notices: StrictBool | None = Field(None, description="a browser notification when it becomes your turn")
    webhook: Annotated[str, StringConstraints(max_length=500)] | None = Field(None, description=(
        "an http(s) address that gets one POST when it becomes your turn (empty: none)"))
    webhook_format: Literal["json", "discord", "slack", "ntfy"] | None = None
    quiet_hours: Annotated[list[Annotated[int, Field(ge=0, le=23)]], Field(min_length=2, max_length=2)] | None = \
        Field(None, description="[start hour, end hour) in your own time: notices wait until it ends")
    utc_offset_minutes: int | None = Field(None, ge=-720, le=840)
    email: Annotated[str, StringConstraints(max_length=300)] | None = Field(None, description=(
        "where turn e-mails go (where the server sends e-mail: GET /api/meta's ``email``)"))
    email_notices: StrictBool | None = Field(None, description="an e-mail when it becomes your turn")


def create_app(database: str = "sqlite:///tabletop.db", bot_delay: float = 0.0,
               bot_workers: int | None = None, start_bots: bool = False,
               bot_seconds: float | None = None, max_body: int = MAX_BODY,
               limits: RateLimits | None = None, min_away_limit: int = 60, duty_lease: float = 30.0,
               duty_sweep: float | None = 2.0, database_wait: float = 0.0,
               public_url: str = "http://127.0.0.1:8000", notice_retry: float = 5.0,
               mailer: Mailer | None = None, test_clock: bool = False) -> FastAPI:
    """``bot_workers``: processes the bots think in (default: one per core but one; 0: threads
    of the server process). ``start_bots``: start them with the server (``tabletop serve``), not
    when the first game with a bot seat is made (tests mostly play without bots).
    ``bot_seconds``: a search bot's time limit a decision (None: none, as in the ladder).
    ``max_body``: the largest request body in bytes (413 past it); ``limits``: the per-client
    request limits (``guard.DEFAULT_LIMITS`` in memory when None); ``min_away_limit``: the
    shortest away limit a table may set, in seconds. ``duty_lease``: seconds a process holds a
    game's bot turns unrenewed; ``duty_sweep``: how often it looks for games whose bots nobody plays;
    ``database_wait``: seconds to keep trying a database that does not answer yet."""
    store = Store(database, wait=database_wait)
    service = GameService(store, bot_delay=bot_delay, bot_workers=bot_workers, bot_seconds=bot_seconds,
                          min_away_limit=min_away_limit, duty_lease=duty_lease, public_url=public_url,
                          notice_retry=notice_retry, mailer=mailer)
    rate = limits if limits is not None else RateLimits()

    def limited(kind: str) -> Any:
        """A route's dependency: count the request against its client's ``kind`` limit (429 past it)."""
        async def check(request: Request) -> None:
            client = request.client.host if request.client else "unknown"
            wait = await rate.hit(kind, client)
            if wait is not None:
                raise TooMany(f"too many {kind} requests from your address: try again in {int(wait)} s", wait)
        return Depends(check)

    CREATE, ACTION, COACH, WRITE = (limited(k) for k in ("create", "action", "coach", "write"))
    desk = AccountDesk(Accounts(store))
    app_accounts = desk

    def set_session(response: Response, request: Request, token: str) -> None:
        response.set_cookie(COOKIE, token, max_age=SESSION_DAYS * 86400, httponly=True, samesite="lax",
                            secure=request.url.scheme == "https", path="/")

    def me_out(acc: Account) -> dict[str, Any]:
        return {"name": acc.name, "created": acc.created, "settings": acc.settings}

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if start_bots:
            service.bot_pool.start()  # the workers import the engine now, not at the first bot's move
            # the modules, classes and functions loaded so far live as long as the server: out of
            # the collector's sight, each full collection (a pause of every game's updates) is
            # shorter by the ~80,000 objects it would visit to find nothing
            gc.freeze()
        await service.resume_active()
        service.start_background(duty_sweep)
        yield
        service.stopping = True
        await service.drain()
        # the pooled database connections go with the app (a test makes many apps; a host's
        # PostgreSQL counts every idle connection against its limit)
        await asyncio.to_thread(store.engine.dispose)

    app = FastAPI(title="tabletop", version="0.1.0", lifespan=lifespan,
                  description="Host Grand Austria Hotel and Burger Joint games: lobby, play, spectate, replay.")
    app.state.service = service
    app.state.accounts = app_accounts
    app.state.limits = rate
    app.router.route_class = StrictJSONRoute
    metrics = Metrics(service)
    app.add_middleware(BodyLimit, max_body=max_body)
    app.add_middleware(RequestLog, metrics=metrics)  # outermost: it times and counts the 413s too

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        """The process answers (a container's liveness)."""
        return {"status": "ok"}

    @app.get("/readyz", include_in_schema=False)
    async def readyz() -> JSONResponse:
        """The process can serve: its store answers and, sharing a store with other processes,
        it hears their changes (a load balancer sends requests only while this is 200)."""
        problems = []
        try:
            await asyncio.wait_for(asyncio.to_thread(store.ping), 3)
        except Exception as exc:
            problems.append(f"store: {exc.__class__.__name__}")
        if service.bus is not None and not service.bus.listening.is_set():
            problems.append("not listening to the other processes' changes")
        if service.stopping:
            problems.append("shutting down")
        return JSONResponse(status_code=503 if problems else 200,
                            content={"status": "unready" if problems else "ready", "problems": problems})

    @app.get("/metrics", include_in_schema=False)
    async def prometheus_metrics() -> Response:
        """The Prometheus text format: requests and latency by route, games, actions, WebSockets,
        the bots' queue and decision time, the coach's queue."""
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # the input is echoed cut short and with undecodable text escaped: never megabytes back,
        # never a lone surrogate that UTF-8 cannot carry
        errors = [{k: printable(v) for k, v in e.items()} for e in exc.errors()]
        return JSONResponse(status_code=422, content={"detail": _finite(jsonable_encoder(errors))})

    @app.exception_handler(ServiceError)
    async def _service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        headers = {"Retry-After": str(int(exc.retry_after))} if isinstance(exc, TooMany) else None
        content = {"detail": exc.message} if exc.code is None else {"detail": exc.message, "code": exc.code}
        return JSONResponse(status_code=exc.status, content=content, headers=headers)

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        """Games, their player counts and config options, and the bot levels; each game's
        ``levels`` are those its seats may have (the service's own check: web_levels)."""
        games = []
        for name in game_names():
            info = get_game(name)
            games.append({"name": name, "title": info.title, "min_players": info.min_players,
                          "max_players": info.max_players, "options": info.config_help,
                          "levels": web_levels(name)})
        return {"games": games, "bot_levels": LEVELS, "languages": ["en", "de", "zh"], "email": mailer is not None}

    @app.get("/api/data/{game}")
    async def printed_data(game: str, game_id: str | None = Query(None, max_length=40)) -> dict[str, Any]:
        """The game's printed card and board data (names, colours, orders, costs, layout; nothing
        hidden) for drawing the board; resolved for a hosted game's config when ``game_id`` is given."""
        if game_id:
            live = await service.get(game_id)
            if live.row.game != game:
                raise NotFound(f"game {game_id!r} is not {game!r}")
            state = live.state
        else:
            try:
                info = get_game(game)
            except TabletopError as exc:
                raise NotFound(str(exc)) from None
            state = info.new_game(players=info.min_players, seed=0)
        data = getattr(state, "rules", None) or state.data  # type: ignore[attr-defined]
        out = dataclasses.asdict(data)
        out.pop("records", None)  # provenance notes: not needed to draw
        module = sys.modules[type(data).__module__]
        out["names"] = {k.lower(): list(getattr(module, k)) for k in ("COLOURS", "ITEMS", "BISTROS", "SEATS")
                        if hasattr(module, k)}
        return out

    @app.post("/api/games", status_code=201, dependencies=[CREATE])
    async def create_game(body: CreateGame, request: Request, lang: str = LANG) -> dict[str, Any]:
        """Create a game; returns the seat tokens (invite links) and the spectator token. Started at
        once (``start``) by a person logged in, its seat 0 is their account's."""
        seats = [s.model_dump() for s in body.seats] if body.seats else \
            [{"kind": "human"}] + [{"kind": "bot", "bot": "medium"}] * (body.players - 1)
        if body.rated and await desk.current(request.cookies.get(COOKIE)) is None:
            raise Unauthorized("log in to make a rated table: a rating belongs to an account", "rated.account_needed")
        out = await service.create(body.game, body.players, body.config, seats, body.seed, body.away_limit,
                                   start=body.start, hints=body.hints, listed=body.listed, lang=lang,
                                   clock=body.clock.model_dump() if body.clock else None, rated=body.rated)
        if body.spectator_chat:
            await asyncio.to_thread(service.chat.store.allow_spectators, out["id"], True)
        if body.start:
            acc = await desk.current(request.cookies.get(COOKIE))
            if acc is not None:
                await desk.link(acc.id, out["id"], 0)
        return out

    @app.get("/api/games/{game_id}")
    async def get_state(game_id: str, token: str = Query(..., min_length=1, max_length=100),
                        lang: str = LANG) -> dict[str, Any]:
        """The game as the token's seat (or a spectator) sees it."""
        live, seat = await service.auth(game_id, token)
        return service.payload(live, seat, lang)

    @app.get("/api/games/{game_id}/log")
    async def get_log(game_id: str, token: str = Query(..., min_length=1, max_length=100),
                      lang: str = LANG) -> list[dict[str, Any]]:
        """The whole game log: events with their sentences in ``lang`` and the seat changes."""
        return await service.full_log(game_id, token, lang)

    async def rated_sitter(game_id: str, acc: Account | None) -> None:
        """Refuse a person without an account a seat at a rated table."""
        if acc is None and (await service.get(game_id)).row.rated:
            raise Forbidden("a rated table seats accounts only: log in or sign up first", "rated.account_needed")

    @app.post("/api/games/{game_id}/join", dependencies=[WRITE])
    async def join(game_id: str, body: JoinBody, request: Request, lang: str = LANG) -> dict[str, Any]:
        """Take a seat with its token (and a name); logged in, the seat becomes the account's (at a
        rated table only so: 403 without an account)."""
        acc = await desk.current(request.cookies.get(COOKIE))
        await rated_sitter(game_id, acc)
        out = await service.join(game_id, body.token, body.name, lang)
        if acc is not None and out.get("seat") is not None:
            await desk.link(acc.id, game_id, out["seat"])
        return out

    @app.post("/api/games/{game_id}/start", dependencies=[WRITE])
    async def start(game_id: str, body: TokenBody, lang: str = LANG) -> dict[str, Any]:
        """Start the game once every seat is taken (a rated one: every person's seat by an account,
        one seat each)."""
        live, seat = await service.auth(game_id, body.token)
        if seat is not None and live.row.rated and live.row.status == "open":
            linked = await asyncio.to_thread(service.ratings.seat_accounts, game_id)
            people = [s.seat for s in live.seats if s.kind == "human"]
            if any(len(linked.get(p, [])) != 1 for p in people):
                raise Conflict("a rated game starts when every person's seat is taken by an account",
                               "rated.account_needed")
            if len({linked[p][0] for p in people}) != len(people):
                raise Conflict("at a rated table an account plays one seat", "rated.one_seat_each")
        return await service.start(game_id, body.token, lang)

    @app.post("/api/games/{game_id}/actions", dependencies=[ACTION])
    async def act(game_id: str, body: ActionBody, lang: str = LANG) -> dict[str, Any]:
        """Apply an action chosen at ``revision``; stale, illegal or malformed input is refused.

        The answer is the new state with only this action's log entries (and those of the steps
        that followed by themselves): ``log_after`` = ``log_since`` = ``revision``; add them to the
        log you have, or GET the game for its whole log tail."""
        return await service.act(game_id, body.token, body.revision, body.action, lang)

    @app.post("/api/games/{game_id}/undo", dependencies=[ACTION])
    async def undo(game_id: str, body: UndoBody, lang: str = LANG) -> dict[str, Any]:
        return await service.undo(game_id, body.token, body.revision, lang)

    @app.post("/api/games/{game_id}/seats/{seat}/bot", dependencies=[WRITE])
    async def seat_to_bot(game_id: str, seat: int, body: BotBody, response: Response,
                          lang: str = LANG) -> dict[str, Any]:
        """Hand a seat to a bot: your own at any time; another player's only after they have been away
        past the table's ``away_limit`` (403 before); an empty seat before the start. A seat made for
        a bot changes level mid-game only when every person at the table asks for the same level:
        until then the answer is 202 with ``pending`` (who is still to agree) and every seat sees
        the requests in ``level_votes``."""
        out = await service.seat_to_bot(game_id, body.token, seat, body.bot, lang)
        if "pending" in out:
            response.status_code = 202
        return out

    @app.post("/api/games/{game_id}/seats/{seat}/reclaim", dependencies=[WRITE])
    async def reclaim(game_id: str, seat: int, body: TokenBody, lang: str = LANG) -> dict[str, Any]:
        """Take your own seat back from the bot that played it (with your seat's token)."""
        return await service.reclaim(game_id, body.token, seat, lang)

    @app.post("/api/games/{game_id}/seats/{seat}/settings", dependencies=[WRITE])
    async def seat_settings(game_id: str, seat: int, body: SettingsBody, lang: str = LANG) -> dict[str, Any]:
        """Your own settings (your seat's token): ``auto_single`` — decisions with one option resolve by
        themselves (default) or are asked."""
        return await service.settings(game_id, body.token, seat, body.auto_single, lang)

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, token: str = Query(..., min_length=1, max_length=100)) -> dict[str, Any]:
        """A finished game's record (config, seed, every action, seat names, result): what
        ``tabletop replay FILE`` reads. Any seat or spectator of the game may download it."""
        return await service.record(game_id, token)

    @app.get("/api/games/{game_id}/replay/{step}")
    async def replay(game_id: str, step: int, token: str = Query(..., min_length=1, max_length=100)) -> dict[str, Any]:
        return await service.replay(game_id, token, step)

    @app.get("/api/tables")
    async def open_tables() -> list[dict[str, Any]]:
        """Open tables waiting for people (listed at creation), newest first: game, rules, language,
        who sits where, seats free. POST .../sit takes a free seat."""
        return await service.open_tables()

    @app.post("/api/games/{game_id}/sit", dependencies=[WRITE])
    async def sit(game_id: str, body: SitBody, request: Request, lang: str = LANG) -> dict[str, Any]:
        """Sit at an open table (no link needed): its first free person's seat, joined under ``name``;
        the answer carries the seat's ``token`` (keep it: it is your link). 403: a private table,
        or a rated one without an account; 409: no free seat."""
        acc = await desk.current(request.cookies.get(COOKIE))
        await rated_sitter(game_id, acc)
        out = await service.sit(game_id, body.name, lang)
        if acc is not None:
            await desk.link(acc.id, game_id, out["seat"])
        return out

    @app.post("/api/games/{game_id}/rematch", dependencies=[WRITE])
    async def rematch(game_id: str, body: TokenBody) -> dict[str, Any]:
        """After the game: the same people and bots, the same rules, a new deal, everyone one seat on;
        made once whoever asks first, and running at once. Your ``game_id``, ``seat`` and ``token`` there."""
        live = await service.get(game_id)
        first = live.row.rematch is None
        out = await service.rematch(game_id, body.token)
        if first:
            await desk.carry(game_id, out["game_id"], live.row.players)
        return out

    @app.get("/api/games/{game_id}/rematch")
    async def rematch_seat(game_id: str, token: str = Query(..., min_length=1, max_length=100)) -> dict[str, Any]:
        """Your place in this game's rematch (404 until somebody made it; a spectator's token: its spectator's)."""
        return await service.rematch_seat(game_id, token)

    @app.get("/api/games/{game_id}/chat")
    async def chat_lines(game_id: str, token: str = Query(..., min_length=1, max_length=100)) -> dict[str, Any]:
        """The table's chat, oldest first (any seat or spectator); each line's ``revision`` is the
        moment of the game it was said at. New lines come over the WebSocket (``type: chat``)."""
        return await service.chat_lines(game_id, token)

    @app.post("/api/games/{game_id}/chat", status_code=201, dependencies=[WRITE])
    async def say(game_id: str, body: ChatBody) -> dict[str, Any]:
        """Say a line at the table (a seat; a spectator where the table allows it). Plain text of at
        most 500 characters and 6 lines; 5 lines every 10 s (429 past it)."""
        return views_chat_line(await service.say(game_id, body.token, body.text))

    @app.get("/api/games/{game_id}/hint", dependencies=[COACH])
    async def hint(game_id: str, token: str = Query(..., min_length=1, max_length=100),
                   lang: str = LANG) -> dict[str, Any]:
        """The coach's three best moves for your pending decision, each with its worth (your estimated
        final VP), judged from your view only. In a game against bots, or where the table allows
        hints (``hints`` at creation); 403 otherwise, 409 when it is not your turn."""
        return await service.hint(game_id, token, lang)

    @app.get("/api/games/{game_id}/review", dependencies=[COACH])
    async def review(game_id: str, token: str = Query(..., min_length=1, max_length=100),
                     lang: str = LANG) -> dict[str, Any]:
        """After the game: your decisions that lost the most against the coach's pick, with the replay
        step of each (the replay route shows the table there)."""
        return await service.review(game_id, token, lang)

    def check_game(game: str) -> None:
        if game not in game_names():
            raise NotFound(f"no game {game[:40]!r}: one of {', '.join(game_names())}")

    @app.get("/api/ratings")
    async def leaderboard(game: str = Query("grand-austria-hotel", max_length=40)) -> dict[str, Any]:
        """The leaderboard of ``game``: accounts with a rated game, best first by ``rating`` (``mu - 3
        sigma``: a rating the player is very likely above), each bot level at its fixed rating among them."""
        check_game(game)
        return {"game": game, "entries": await asyncio.to_thread(service.ratings.leaderboard, game)}

    @app.get("/api/players/{name}/ratings")
    async def player_ratings(name: str, game: str = Query("grand-austria-hotel", max_length=40)) -> dict[str, Any]:
        """One player's rating of ``game`` (``mu``, ``sigma``, the bot level they play like) and their
        rated games, newest first: place, rating before and after."""
        check_game(game)
        out = await asyncio.to_thread(service.ratings.player, name_key(name[:100]), game)
        if out is None:
            raise NotFound("no account of that name")
        return out

    @app.post("/api/my-games", dependencies=[WRITE])
    async def my_games(body: TokensBody) -> list[dict[str, Any]]:
        """Summaries of the games these tokens (kept by the browser) belong to."""
        return await service.my_games(body.tokens)

    # ---------------------------------------------------------------- accounts
    @app.post("/api/accounts", status_code=201, dependencies=[CREATE])
    async def sign_up(body: SignUpBody, request: Request, response: Response, lang: str = LANG) -> dict[str, Any]:
        """A new account (a name of 2-24 letters or digits, a password of 8-256 characters), logged
        in at once (an HTTP-only session cookie); ``tokens``: a guest's seats to keep; ``lang``: the
        language its notices speak (the page's). 409: the name is taken."""
        acc, token = await desk.create(body.name, body.password)
        acc.settings = await desk.set_settings(acc.id, {"lang": lang})
        set_session(response, request, token)
        claimed = await desk.claim(acc.id, body.tokens)
        return {**me_out(acc), "claimed": claimed}

    @app.post("/api/session", dependencies=[WRITE])
    async def log_in(body: LoginBody, request: Request, response: Response) -> dict[str, Any]:
        """Log in (a session cookie for this browser). 401: wrong name or password; 429: too many
        wrong passwords for this account lately (``Retry-After``)."""
        acc, token = await desk.login(body.name, body.password)
        set_session(response, request, token)
        return me_out(acc)

    @app.delete("/api/session", status_code=204)
    async def log_out(request: Request, response: Response) -> None:
        """End this browser's session."""
        token = request.cookies.get(COOKIE)
        if token:
            await desk.logout(token)
        response.delete_cookie(COOKIE, path="/")

    @app.post("/api/session/everywhere", status_code=204, dependencies=[WRITE])
    async def log_out_everywhere(request: Request, response: Response) -> None:
        """End every session of your account, on every device."""
        acc = await desk.required(request.cookies.get(COOKIE))
        await desk.logout_everywhere(acc.id)
        response.delete_cookie(COOKIE, path="/")

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        """Your account (401 without a session): name, settings."""
        return me_out(await desk.required(request.cookies.get(COOKIE)))

    @app.put("/api/me/settings", dependencies=[WRITE])
    async def my_settings(body: AccountSettingsBody, request: Request) -> dict[str, Any]:
        acc = await desk.required(request.cookies.get(COOKIE))
        changes = body.model_dump(exclude_unset=True)
        if changes.get("webhook"):
            check_webhook(changes["webhook"])
        if changes.get("email"):
            check_email(changes["email"])
        return {"settings": await desk.set_settings(acc.id, changes)}

    if test_clock:
        @app.post("/api/test/clock", include_in_schema=False)
        async def skip_time(body: SkipBody) -> dict[str, Any]:
            """A --test-clock server only: move the clocks on ``advance`` seconds (negative: back to
            the wall clock), then apply every clock whose time is up."""
            skipped = clocks.skip_time(body.advance)
            return {"skipped": skipped, "expired": await service.clocks_due()}

    @app.get("/api/unsubscribe")
    async def unsubscribe(token: str = Query(..., min_length=1, max_length=100)) -> dict[str, Any]:
        """The link in every turn e-mail: stops that account's turn e-mails (no login needed)."""
        if not await desk.unsubscribe(token):
            raise NotFound("this link stops no e-mails (it may be mistyped)")
        return {"email_notices": False}

    @app.get("/api/me/notices")
    async def my_notices(request: Request) -> list[dict[str, Any]]:
        """Your turn notices not sent yet (yours only): game, when due, tries, the last error."""
        acc = await desk.required(request.cookies.get(COOKIE))
        return await asyncio.to_thread(service.notices.outbox.pending, acc.id)

    @app.post("/api/me/seats", dependencies=[WRITE])
    async def claim_seats(body: TokensBody, request: Request) -> dict[str, Any]:
        """Keep a guest's seats (the tokens its browser kept) with your account."""
        acc = await desk.required(request.cookies.get(COOKIE))
        return {"claimed": await desk.claim(acc.id, body.tokens)}

    @app.get("/api/me/games")
    async def my_account_games(request: Request) -> list[dict[str, Any]]:
        """Your account's games, newest first, each with its seat's token (any device)."""
        acc = await desk.required(request.cookies.get(COOKIE))
        return await service.my_games(await desk.seat_tokens(acc.id))

    @app.exception_handler(DBAPIError)
    async def _db_error(_request: Request, exc: DBAPIError) -> JSONResponse:
        # e.g. text the database cannot store (a NUL character): the request is at fault
        return JSONResponse(status_code=400, content={"detail": "the database refused this input"})

    @app.websocket("/api/games/{game_id}/ws")
    async def updates(websocket: WebSocket, game_id: str, token: str = "", lang: str = "en") -> None:
        """Pushes the game (as the token's seat sees it) now and after every change."""
        await websocket.accept()
        try:
            lang = lang if lang in ("en", "de", "zh") else "en"
            sub_id, live, seat = await service.subscribe(game_id, token, websocket.send_text, lang)
        except ServiceError as exc:
            await websocket.send_json({"type": "error", "status": exc.status, "detail": exc.message})
            await websocket.close(code=4000 + exc.status)
            return
        try:
            await websocket.send_json({"type": "state", **service.payload(live, seat, lang)})
            while True:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                if msg.get("text") == "ping":  # binary frames and other text are ignored
                    await websocket.send_json({"type": "pong", "revision": live.revision})
        except WebSocketDisconnect:
            pass
        finally:
            service.unsubscribe(live, sub_id)

    if STATIC.exists():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

        @app.get("/", include_in_schema=False)
        async def index() -> FileResponse:
            return FileResponse(STATIC / "index.html")

        @app.get("/game/{game_id}", include_in_schema=False)
        async def game_page(game_id: str) -> FileResponse:
            return FileResponse(STATIC / "index.html")

    return app
