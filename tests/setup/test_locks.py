"""The two lock files and the bootstrap's two sets: the server's set (requirements-server.lock,
what the README's first command installs) pins every package it shares with the full set
(requirements.lock, what scripts/test.sh installs) at the same version, so a venv made by the
first command is completed by the second without a package changing version."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _pins(name: str) -> dict[str, str]:
    pins = {}
    for line in (ROOT / name).read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9][A-Za-z0-9_.\-]*)==(\S+)", line)
        if m:
            pins[re.sub(r"[-_.]+", "-", m.group(1)).lower()] = m.group(2)
    return pins


def test_the_server_set_and_the_full_set_pin_the_same_versions() -> None:
    server, full = _pins("requirements-server.lock"), _pins("requirements.lock")
    assert "cython" in server, "the server's set must bring Cython: tabletop serve builds the compiled engine"
    assert {k: (v, full[k]) for k, v in server.items() if k in full and full[k] != v} == {}
    # what only the server's set has is there for an older Python (async-timeout: redis below 3.11.3)
    assert set(server) - set(full) <= {"async-timeout"}


def test_the_installer_is_pinned_with_hashes() -> None:
    text = (ROOT / "requirements-installer.lock").read_text()
    assert re.search(r"^uv==\S+ \\$", text, re.M) and "--hash=sha256:" in text
    assert "requirements-installer.lock" in (ROOT / "scripts" / "bootstrap.sh").read_text()
