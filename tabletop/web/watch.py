"""Watching a running server: Prometheus metrics (through the standard client library), one
structured JSON log line per request with its request id, and the health answers a container
or a load balancer asks for (``/healthz``: the process answers; ``/readyz``: it can serve,
its store answers and, with several processes, it hears their changes)."""

from __future__ import annotations

import contextvars
import json
import logging
import os
import re
import time
import traceback
import uuid
from collections.abc import Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from tabletop.web.guard import ASGIApp, Message, Receive, Scope, Send

REQUEST_ID = contextvars.ContextVar("request_id", default="-")
_GOOD_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
access = logging.getLogger("tabletop.access")


class Metrics:
    """The server's metrics in a registry of its own (one per app: tests make many apps)."""

    def __init__(self, service: Any) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter("tabletop_http_requests", "HTTP requests answered", ["method", "route", "status"],
                                registry=self.registry)
        self.latency = Histogram("tabletop_http_request_seconds", "time to answer an HTTP request",
                                 ["method", "route"], registry=self.registry,
                                 buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10))
        self.decisions = Histogram("tabletop_bot_decision_seconds", "a bot's decision, asked to answered",
                                   registry=self.registry, buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32))
        self.registry.register(_ServiceCollector(service))
        service.duties.observe = self.decisions.observe


class _ServiceCollector(Collector):
    """What the service knows at the moment of the scrape: games, actions, sockets, queues."""

    def __init__(self, service: Any) -> None:
        self.service = service

    def collect(self) -> Iterator[Any]:
        svc = self.service
        lives = list(svc.live.values())
        yield GaugeMetricFamily("tabletop_games_live", "games this process holds in memory, running ones",
                                value=sum(1 for g in lives if g.row.status == "active"))
        yield CounterMetricFamily("tabletop_actions", "actions this process committed (chance outcomes too)",
                                  value=svc.authority.committed)
        yield GaugeMetricFamily("tabletop_websockets", "WebSocket connections open on this process",
                                value=sum(len(g.subscribers) for g in lives))
        yield GaugeMetricFamily("tabletop_bot_queue", "bot decisions asked and not yet answered",
                                value=svc.duties.thinking)
        yield GaugeMetricFamily("tabletop_coach_queue", "hints and reviews being worked out",
                                value=len(svc.coach._coaching))


class RequestLog:
    """ASGI middleware: each HTTP request gets an id (the client's ``X-Request-ID`` when it is a
    plain token, else a new one), sent back in ``X-Request-ID`` and set for every log line made
    while it is served; one access line per request, and its count and latency in the metrics."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers", ())).get(b"x-request-id", b"").decode("latin-1")
        rid = given if _GOOD_ID.match(given) else uuid.uuid4().hex[:16]
        token = REQUEST_ID.set(rid)
        status = 500
        started = time.perf_counter()

        async def tagged(msg: Message) -> None:
            nonlocal status
            if msg["type"] == "http.response.start":
                status = msg["status"]
                msg["headers"] = [*msg.get("headers", ()), (b"x-request-id", rid.encode())]
            await send(msg)

        try:
            await self.app(scope, receive, tagged)
        finally:
            took = time.perf_counter() - started
            route = scope.get("route")
            path = getattr(route, "path", None) or ("/static" if scope["path"].startswith("/static/") else "other")
            method = scope["method"]
            self.metrics.requests.labels(method, path, str(status)).inc()
            self.metrics.latency.labels(method, path).observe(took)
            access.info("request", extra={"fields": {
                "method": method, "route": path, "status": status, "ms": round(took * 1000, 1),
                "client": (scope.get("client") or ("-",))[0]}})
            REQUEST_ID.reset(token)


class JsonLines(logging.Formatter):
    """A log record as one line of JSON: time, level, logger, message, the request id, the
    record's ``fields`` and, for an exception, its traceback."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {"time": round(record.created, 3), "level": record.levelname, "logger": record.name,
                               "message": record.getMessage(), "request_id": REQUEST_ID.get()}
        out.update(getattr(record, "fields", {}))
        if record.exc_info:
            out["exception"] = "".join(traceback.format_exception(*record.exc_info))
        return json.dumps(out, ensure_ascii=False, default=str)


def configure_logging(fmt: str = "auto", level: int | None = None) -> None:
    """The server's log on standard error: one JSON object a line (``json``; ``auto`` when standard
    error is not a terminal: a service, a container) or plain text (``text``; ``auto`` in a
    terminal, where a request's line is not shown unless asked for). The level from
    ``TABLETOP_LOG_LEVEL`` (INFO by default; DEBUG shows each cross-process catch-up)."""
    import sys

    asked = os.environ.get("TABLETOP_LOG_LEVEL")
    if level is None:
        level = logging.getLevelName((asked or "INFO").upper())
        level = level if isinstance(level, int) else logging.INFO
    if fmt == "auto":
        fmt = "text" if sys.stderr.isatty() else "json"
        if fmt == "text" and asked is None:
            logging.getLogger("tabletop.access").setLevel(logging.WARNING)  # a person at the terminal
    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonLines())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    for name in ("tabletop", "uvicorn.error"):
        logging.getLogger(name).setLevel(level)
