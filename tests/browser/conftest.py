"""Browser tests: a real ``tabletop serve`` (uvicorn, temp SQLite, no bot delay) in a subprocess,
driven by Playwright through Debian's Chromium.

No browser is downloaded: Playwright uses the system Chromium (``apt-get install chromium``),
found at ``$TABLETOP_CHROMIUM``, ``/usr/bin/chromium`` or on ``PATH``. If it (or the Playwright
package) is missing the tests FAIL with a message saying what to install, unless
``TABLETOP_SKIP_BROWSER=1`` is set: then they are skipped with that reason.
Screenshots go to ``artifacts/screenshots/`` (gitignored).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SKIP_ENV = "TABLETOP_SKIP_BROWSER"
# console errors the browser itself prints for refused requests the tests provoke on purpose
EXPECTED_CONSOLE = ("Failed to load resource", "WebSocket")


def find_chromium(env: dict[str, str] | None = None) -> str | None:
    """The Chromium executable to drive, or None."""
    env = dict(os.environ) if env is None else env
    explicit = env.get("TABLETOP_CHROMIUM")
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    for cand in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.access(cand, os.X_OK):
            return cand
    return shutil.which("chromium", path=env.get("PATH")) or shutil.which("chromium-browser", path=env.get("PATH"))


def browser_problem(env: dict[str, str] | None = None) -> str | None:
    """None when the tests can run, else what is missing (and how to get it)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return ("the Playwright Python package is not installed: `.venv/bin/pip install playwright` "
                "(the package only; no `playwright install`, the system Chromium is used)")
    if find_chromium(env) is None:
        return ("Chromium NOT FOUND (looked at $TABLETOP_CHROMIUM, /usr/bin/chromium, PATH): "
                "`apt-get install -y chromium`, or point TABLETOP_CHROMIUM at one")
    return None


def require_browser() -> None:
    """First line of every browser test: FAIL with what is missing (skip only with TABLETOP_SKIP_BROWSER=1)."""
    problem = browser_problem()
    if problem is None:
        return
    if os.environ.get(SKIP_ENV) == "1":
        pytest.skip(f"browser tests skipped on request ({SKIP_ENV}=1): {problem}")
    pytest.fail(f"BROWSER TESTS CANNOT RUN: {problem}. Set {SKIP_ENV}=1 to skip them instead.", pytrace=False)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, base: str, database: str, proc: subprocess.Popen[bytes]) -> None:
        self.base = base
        self.database = database
        self.proc = proc
        self.http = httpx.Client(base_url=base, timeout=10)

    def state(self, game_id: str, token: str) -> dict[str, Any]:
        r = self.http.get(f"/api/games/{game_id}", params={"token": token})
        r.raise_for_status()
        return r.json()  # type: ignore[no-any-return]

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        r = self.http.post(path, json=body)
        assert r.status_code < 300, r.text
        return r.json()  # type: ignore[no-any-return]

    def started_game(self, game: str = "grand-austria-hotel", names: tuple[str, ...] = ("Ann", "Ben"),
                     seed: int = 7, ask_every_decision: bool = False, **extra: Any) -> dict[str, Any]:
        """A game created, joined and started through the API (for tests about the board only).
        ``ask_every_decision``: decisions with one option are asked too (a scripted route of actions
        that an in-process replay planned, one option included)."""
        g = self.post("/api/games", {"game": game, "players": len(names), "seed": seed,
                                     "seats": [{"kind": "human", "name": n} for n in names], **extra})
        for s in g["seats"]:
            self.post(f"/api/games/{g['id']}/join", {"token": s["token"], "name": s["name"]})
            if ask_every_decision:
                self.ask_every_decision(g["id"], s["seat"], s["token"])
        self.post(f"/api/games/{g['id']}/start", {"token": g["seats"][0]["token"]})
        return g

    def ask_every_decision(self, game_id: str, seat: int, token: str) -> None:
        """Turn off the seat's "play my only choice by itself" setting."""
        self.post(f"/api/games/{game_id}/seats/{seat}/settings", {"token": token, "auto_single": False})

    def link(self, game_id: str, token: str) -> str:
        return f"{self.base}/game/{game_id}?token={token}"


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    """``tabletop serve`` on a free port over a temp SQLite file, bots without delay."""
    # one test client makes the games of many tables; the away countdown is watched run out
    with serving("--min-away-limit", "1") as srv:
        yield srv


@contextlib.contextmanager
def serving(*options: str) -> Iterator[Server]:
    """A ``tabletop serve`` of its own (temp SQLite, a free port, no bot delay, no per-client
    limits on creating and writing) with more ``options``; stopped at the end."""
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-browser-"))
    database = f"sqlite:///{tmp / 'games.db'}"
    port = _free_port()
    log = open(tmp / "server.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [sys.executable, "-c", "from tabletop.cli.main import main; main()", "serve",
         "--host", "127.0.0.1", "--port", str(port), "--database", database, "--bot-delay", "0",
         "--limit", "create=off", "--limit", "write=off", *options],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while True:
        if proc.poll() is not None:
            log.close()
            pytest.fail(f"the server exited ({proc.returncode}):\n{(tmp / 'server.log').read_text()}")
        try:
            if httpx.get(f"{base}/api/meta", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if time.time() > deadline:
            proc.terminate()
            log.close()
            pytest.fail(f"the server did not answer in 30 s:\n{(tmp / 'server.log').read_text()}")
        time.sleep(0.1)
    srv = Server(base, database, proc)
    try:
        yield srv
    finally:
        srv.http.close()
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """The Chromium browser, or None when it cannot run (each test then calls
    :func:`require_browser` first, which FAILS it with the reason, or skips on request)."""
    if browser_problem() is not None:
        yield None
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


class Pages:
    """Browser contexts (one per person) whose pages fail the test on any JavaScript error."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def new(self, width: int = 1360, height: int = 950, locale: str = "en-US") -> Any:
        ctx = self.browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        ctx.set_default_timeout(15000)
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("console", lambda msg: self.errors.append(f"console {msg.type}: {msg.text}")
                if msg.type == "error" and not any(x in msg.text for x in EXPECTED_CONSOLE) else None)
        page.on("dialog", lambda d: d.accept())
        return page

    def close(self) -> None:
        for c in self.contexts:
            c.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call":
        item.browser_failed = rep.failed


@pytest.fixture
def pages(browser: Any, request: Any) -> Iterator[Pages]:
    p = Pages(browser)
    for old in SHOTS.glob(f"FAILED-{request.node.name}-*.png"):  # from an earlier run
        old.unlink()
    try:
        yield p
        if getattr(request.node, "browser_failed", False):  # what each page showed when it failed
            for i, ctx in enumerate(p.contexts):
                for j, page in enumerate(ctx.pages):
                    with contextlib.suppress(Exception):  # best effort
                        shot(page, f"FAILED-{request.node.name}-{i}-{j}")
        assert not p.errors, "JavaScript errors in the page:\n" + "\n".join(p.errors)
    finally:
        p.close()


def shot(page: Any, name: str, full_page: bool = True) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
