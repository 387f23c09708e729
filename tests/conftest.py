"""Suite-wide hooks: the conformance run's total in the terminal summary.

Each cell of ``tests/gah/test_conformance.py::test_conformance_run`` records what it ran
(``record_property``); the totals are printed at the end of the session (also under xdist:
the workers' reports carry the properties to the controller)."""

from __future__ import annotations

from typing import Any

_CELLS: dict[str, list[float]] = {}


def pytest_runtest_logreport(report: Any) -> None:
    if report.when == "call" and report.passed:
        for name, value in report.user_properties:
            if name == "conformance":
                _CELLS[report.nodeid] = value


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _CELLS:
        return
    games, decisions, chance, seconds = (sum(v[i] for v in _CELLS.values()) for i in range(4))
    terminalreporter.write_sep("-", "conformance run")
    terminalreporter.write_line(
        f"{len(_CELLS)} cells passed: {int(games):,} games, {int(decisions):,} decisions, "
        f"{int(chance):,} chance steps, {seconds:,.0f} CPU s in the cells "
        f"({decisions / seconds if seconds else 0:,.0f} decisions per CPU second)")
