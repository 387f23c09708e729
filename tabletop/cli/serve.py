"""``tabletop serve``: host games in the browser (FastAPI on uvicorn)."""

from __future__ import annotations

import click

from tabletop.cli.common import BOT_SECONDS_OPTION
from tabletop.web.guard import DEFAULT_LIMITS, MAX_BODY, RateLimits, parse_limit_options


@click.command()
@click.option("--host", envvar="TABLETOP_HOST", show_envvar=True,
              default="127.0.0.1", show_default=True)
@click.option("--port", envvar="TABLETOP_PORT", show_envvar=True,
              type=int, default=8000, show_default=True)
@click.option("--database", envvar="TABLETOP_DATABASE", show_envvar=True,
              default="sqlite:///tabletop.db", show_default=True,
              help="sqlite:///FILE (embedded, default) or postgresql://user@host/db")
@click.option("--bot-delay", envvar="TABLETOP_BOT_DELAY", show_envvar=True,
              type=float, default=0.4, show_default=True,
              help="seconds a bot waits after its move, so people can follow")
@click.option("--bot-workers", envvar="TABLETOP_BOT_WORKERS", show_envvar=True,
              type=click.IntRange(min=0), default=None,
              help="processes the bots think in  [default: one per core but one; 0: threads of the "
                   "server process, where a thinking bot slows every game]")
@BOT_SECONDS_OPTION
@click.option("--max-body", envvar="TABLETOP_MAX_BODY", show_envvar=True,
              type=click.IntRange(min=1024), default=MAX_BODY, show_default=True,
              help="the largest request body in bytes (413 past it)")
@click.option("--limit", "limit_options", envvar="TABLETOP_LIMITS", show_envvar=True,
              multiple=True, metavar="KIND=RATE",
              help="a per-client request limit, e.g. create=30/10minutes or action=off; KIND is one of "
                   + ", ".join(f"{k} (default {v})" for k, v in DEFAULT_LIMITS.items()) + "; 429 past it")
@click.option("--limits-storage", envvar="TABLETOP_LIMITS_STORAGE", show_envvar=True,
              default="memory://", show_default=True,
              help="where the limits are counted: memory:// (this process) or redis://HOST:PORT "
                   "(shared by several server processes)")
@click.option("--min-away-limit", envvar="TABLETOP_MIN_AWAY_LIMIT", show_envvar=True,
              type=click.IntRange(min=1), default=60, show_default=True,
              help="the shortest away limit (seconds) a table may set")
@click.option("--database-wait", envvar="TABLETOP_DATABASE_WAIT", show_envvar=True,
              type=click.FloatRange(min=0), default=0.0, show_default=True,
              help="seconds to keep trying a database that does not answer yet (a container started beside it)")
@click.option("--log-format", envvar="TABLETOP_LOG_FORMAT", show_envvar=True,
              type=click.Choice(["auto", "json", "text"]), default="auto", show_default=True,
              help="the log on standard error: one JSON object a line (with each request's id) or plain text; "
                   "auto: text in a terminal (requests not shown), JSON otherwise (a service, a container)")
@click.option("--duty-lease", envvar="TABLETOP_DUTY_LEASE", show_envvar=True,
              type=click.FloatRange(min=1), default=30.0, show_default=True,
              help="with several processes on one PostgreSQL: seconds a process holds a game's bot turns "
                   "without renewing; a dead process's bots are taken over within it")
@click.option("--public-url", envvar="TABLETOP_PUBLIC_URL", show_envvar=True, default=None,
              help="the address people open the server at (e.g. https://games.example.org), for the links in "
                   "turn notices; default: http://HOST:PORT")
@click.option("--smtp", envvar="TABLETOP_SMTP", show_envvar=True, default=None, metavar="HOST:PORT",
              help="send turn e-mails through this SMTP server (TABLETOP_SMTP_USER and TABLETOP_SMTP_PASSWORD "
                   "log in, if given); default: no e-mail")
@click.option("--smtp-from", envvar="TABLETOP_SMTP_FROM", show_envvar=True, default="tabletop@localhost",
              show_default=True, help="the turn e-mails' sender")
@click.option("--smtp-starttls/--no-smtp-starttls", envvar="TABLETOP_SMTP_STARTTLS", show_envvar=True, default=False,
              show_default=True, help="STARTTLS before logging in")
@click.option("--test-clock", is_flag=True, hidden=True,
              help="tests only: POST /api/test/clock moves the game clocks on")
def serve(host: str, port: int, database: str, bot_delay: float, bot_workers: int | None,
          bot_seconds: float, max_body: int, limit_options: tuple[str, ...], limits_storage: str,
          min_away_limit: int, duty_lease: float, database_wait: float, log_format: str,
          public_url: str | None, smtp: str | None, smtp_from: str, smtp_starttls: bool, test_clock: bool) -> None:
    """Serve the lobby and the board at http://HOST:PORT/ .

    Every option can also be set by its environment variable (a container's configuration);
    TABLETOP_LIMITS takes several KIND=RATE separated by spaces."""
    import uvicorn

    from tabletop.web.app import create_app
    from tabletop.web.watch import configure_logging

    try:
        limits = RateLimits(parse_limit_options(limit_options), limits_storage)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--limit / --limits-storage") from None
    mailer = None
    if smtp:
        import os

        from tabletop.web.notices import Mailer

        smtp_host, _, smtp_port = smtp.rpartition(":")
        if not smtp_host or not smtp_port.isdigit():
            raise click.BadParameter("HOST:PORT, e.g. mail.example.org:587", param_hint="--smtp")
        mailer = Mailer(smtp_host, int(smtp_port), smtp_from, smtp_starttls, os.environ.get("TABLETOP_SMTP_USER"),
                        os.environ.get("TABLETOP_SMTP_PASSWORD"))
    click.echo(f"tabletop: serving on http://{host}:{port}/  (database {database}; limits per client: "
               f"{limits.describe()}, counted in {limits_storage})")
    # which build of the engine this process runs; a missing or stale compiled build is started
    # in the background (nice 19, once this server answers) for the next start
    from tabletop.fast.background import at_start

    click.echo(at_start(host, port))
    app = create_app(database, bot_delay=bot_delay, bot_workers=bot_workers, start_bots=True,
                     bot_seconds=bot_seconds or None, max_body=max_body, limits=limits,
                     min_away_limit=min_away_limit, duty_lease=duty_lease, database_wait=database_wait,
                     public_url=public_url or f"http://{host}:{port}", mailer=mailer, test_clock=test_clock)
    configure_logging(log_format)
    # on SIGTERM uvicorn stops accepting, lets the requests in flight finish (their commits with
    # them, at most 10 s) and closes each WebSocket with 1012 "service restart": pages reconnect
    uvicorn.run(app, host=host, port=port, log_config=None, access_log=False, timeout_graceful_shutdown=10)
