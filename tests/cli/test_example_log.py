"""The example game log of docs/LOG.md (``docs/examples/log-all-modules-2p.*``) replays with
today's engine and reads exactly as committed, in English, German and Chinese.

The record is one ``tabletop simulate -n 2 -k 1 --bots greedy --seed 2026 -o modules=all``
game; its ``.txt`` files are ``tabletop replay RECORD --lang LANG``. When a rule or a sentence
changes, this test fails instead of the example going stale: make the four files again as
docs/LOG.md says and check its table against the new English log."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tabletop.cli.main import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
RECORD = EXAMPLES / "log-all-modules-2p.record.jsonl"


@pytest.mark.parametrize("lang", ["en", "de", "zh"])
def test_example_log_replays_as_committed(lang: str) -> None:
    # the same command as `tabletop replay RECORD --lang LANG`; it fails (exit code 1) when the
    # record's actions are no longer legal or its scores differ from the replay's
    result = CliRunner().invoke(cli, ["replay", str(RECORD), "--lang", lang], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    expected = (EXAMPLES / f"log-all-modules-2p.{lang}.txt").read_text(encoding="utf-8")
    assert result.output == expected
