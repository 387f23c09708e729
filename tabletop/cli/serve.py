"""``tabletop serve``: host games in the browser (FastAPI on uvicorn)."""

from __future__ import annotations

import click

from tabletop.cli.common import BOT_SECONDS_OPTION
from tabletop.web.guard import DEFAULT_LIMITS, MAX_BODY, RateLimits, parse_limit_options


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--database", default="sqlite:///tabletop.db", show_default=True,
              help="sqlite:///FILE (embedded, default) or postgresql://user@host/db")
@click.option("--bot-delay", type=float, default=0.4, show_default=True,
              help="seconds a bot waits after its move, so people can follow")
@click.option("--bot-workers", type=click.IntRange(min=0), default=None,
              help="processes the bots think in  [default: one per core but one; 0: threads of the "
                   "server process, where a thinking bot slows every game]")
@BOT_SECONDS_OPTION
@click.option("--max-body", type=click.IntRange(min=1024), default=MAX_BODY, show_default=True,
              help="the largest request body in bytes (413 past it)")
@click.option("--limit", "limit_options", multiple=True, metavar="KIND=RATE",
              help="a per-client request limit, e.g. create=30/10minutes or action=off; KIND is one of "
                   + ", ".join(f"{k} (default {v})" for k, v in DEFAULT_LIMITS.items()) + "; 429 past it")
@click.option("--limits-storage", default="memory://", show_default=True,
              help="where the limits are counted: memory:// (this process) or redis://HOST:PORT "
                   "(shared by several server processes)")
@click.option("--min-away-limit", type=click.IntRange(min=1), default=60, show_default=True,
              help="the shortest away limit (seconds) a table may set")
def serve(host: str, port: int, database: str, bot_delay: float, bot_workers: int | None,
          bot_seconds: float, max_body: int, limit_options: tuple[str, ...], limits_storage: str,
          min_away_limit: int) -> None:
    """Serve the lobby and the board at http://HOST:PORT/ ."""
    import uvicorn

    from tabletop.web.app import create_app

    try:
        limits = RateLimits(parse_limit_options(limit_options), limits_storage)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--limit / --limits-storage") from None
    click.echo(f"tabletop: serving on http://{host}:{port}/  (database {database}; limits per client: "
               f"{limits.describe()}, counted in {limits_storage})")
    app = create_app(database, bot_delay=bot_delay, bot_workers=bot_workers, start_bots=True,
                     bot_seconds=bot_seconds or None, max_body=max_body, limits=limits,
                     min_away_limit=min_away_limit)
    uvicorn.run(app, host=host, port=port, log_level="warning")
