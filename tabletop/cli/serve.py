"""``tabletop serve``: host games in the browser (FastAPI on uvicorn)."""

from __future__ import annotations

import click

from tabletop.cli.common import BOT_SECONDS_OPTION


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
def serve(host: str, port: int, database: str, bot_delay: float, bot_workers: int | None,
          bot_seconds: float) -> None:
    """Serve the lobby and the board at http://HOST:PORT/ ."""
    import uvicorn

    from tabletop.web.app import create_app

    click.echo(f"tabletop: serving on http://{host}:{port}/  (database {database})")
    app = create_app(database, bot_delay=bot_delay, bot_workers=bot_workers, start_bots=True,
                     bot_seconds=bot_seconds or None)
    uvicorn.run(app, host=host, port=port, log_level="warning")
