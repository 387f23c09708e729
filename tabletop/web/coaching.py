"""The coach at the table: hints for a player's pending decision (judged from their view only,
in the coach's own worker) and the review of a finished game. Identical requests that arrive
while one is being worked out wait for that one."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from tabletop.bots import coach
from tabletop.i18n.catalog import catalog
from tabletop.web import views
from tabletop.web.botpool import BotPool
from tabletop.web.errors import Conflict, Forbidden
from tabletop.web.live import LiveGame


class CoachDesk:
    def __init__(self, bot_pool: BotPool) -> None:
        self.bot_pool = bot_pool
        # the coach's answers being worked out: identical requests in flight wait for one
        self._coaching: dict[tuple[Any, ...], asyncio.Future[Any]] = {}

    async def hint(self, live: LiveGame, seat: int | None, lang: str = "en", top: int = 3) -> dict[str, Any]:
        """The coach's best moves for ``seat``'s pending decision, judged from its view."""
        if seat is None:
            raise Forbidden("spectators get no hints")
        if live.row.rated and live.row.status != "finished":
            raise Forbidden("a rated game gives nobody hints or the coach while it runs", "rated.no_hints")
        if not live.hints_allowed(seat):
            raise Forbidden("this table does not allow hints between people (a game option at creation)")
        async with live.lock:
            if live.row.status != "active" or live.state.current_player != seat:
                raise Conflict("a hint is for your own pending decision: it is not your turn")
            revision = live.revision
            st = live.state
            legal = list(st.legal_actions())
            view = st.view(seat)
            texts = {x["action"]: x["text"] for x in views.legal_texts(live, lang)}
        key = (revision, seat)
        moves = live.hints.get(key)
        if moves is None:
            moves = await self._once(("hint", live.row.id, revision, seat, top),
                                     lambda: self.bot_pool.run(coach.hint, live.row.game, seat, legal, view, top))
            live.hints = {key: moves}  # the latest decision's only
        best = moves[0].worth
        cat = catalog(lang)
        return {"revision": revision, "seat": seat,
                "moves": [{"action": m.action, "text": texts.get(m.action, m.action), "worth": m.worth,
                           "behind": round(best - m.worth, 2), **views.reasons(cat, m.why)} for m in moves]}

    async def review(self, live: LiveGame, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """After the game: ``seat``'s decisions that lost the most against the coach's pick, each
        with the replay step to jump to."""
        if seat is None:
            raise Forbidden("a review is of your own moves: open it with your seat's link")
        if live.row.status != "finished":
            raise Conflict("the review comes once the game is over")
        found = live.reviews.get(seat)
        actions = [a.action for a in live.log]
        if found is None:
            row = live.row
            found = await self._once(("review", row.id, seat), lambda: self.bot_pool.run(
                coach.review_game, row.game, row.players, row.seed, row.config, actions, [seat]))
            live.reviews[seat] = found
        by_step = {m.step: m for m in found}
        said: dict[int, dict[str, Any]] = {}
        cat = catalog(lang)

        def move(advice: coach.Advice, say: Callable[[str], str]) -> dict[str, Any]:
            return {"action": advice.action, "text": say(advice.action), "worth": advice.worth,
                    **views.reasons(cat, advice.why)}

        for step, st in coach.walk(views.dealt(live), actions, by_step):  # the game played once, not per line
            m, say = by_step[step], views.sayer(live, st, lang)
            said[step] = {"step": step, "round": getattr(st, "round", None),
                          "played": move(m.played, say), "best": move(m.best, say), "loss": m.loss,
                          **views.reasons(cat, m.why, "review.reasons")}
        return {"seat": seat, "mistakes": [said[m.step] for m in found]}

    async def _once(self, key: tuple[Any, ...], work: Callable[[], Awaitable[Any]]) -> Any:
        """The coach's answer for ``key``, worked out once however many identical requests arrive
        while it is being worked out (each waits for the same result)."""
        running = self._coaching.get(key)
        if running is None:
            running = asyncio.get_running_loop().create_future()
            self._coaching[key] = running
            try:
                running.set_result(await work())
            except ValueError as exc:
                running.set_exception(Conflict(str(exc)))
            except BaseException:
                running.cancel()  # the first request was cancelled: the others ask again
                raise
            finally:
                del self._coaching[key]
        return await asyncio.shield(running)
