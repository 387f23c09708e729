"""Small helpers for driving the board in the browser tests."""

from __future__ import annotations

from typing import Any


def revision(page: Any) -> int:
    return int(page.get_attribute(".game", "data-revision"))


def wait_revision_change(page: Any, before: int, timeout: float = 15000) -> int:
    page.wait_for_function(
        "b => { const g = document.querySelector('.game'); return g && Number(g.dataset.revision) !== b; }",
        arg=before, timeout=timeout)
    return revision(page)


def wait_revision_at_least(page: Any, rev: int, timeout: float = 15000) -> None:
    page.wait_for_function(
        "r => { const g = document.querySelector('.game'); return g && Number(g.dataset.revision) >= r; }",
        arg=rev, timeout=timeout)


def click_and_wait(page: Any, selector: str) -> int:
    """Click the first element matching ``selector`` (an action) and wait for the new revision."""
    before = revision(page)
    page.locator(selector).first.click()
    return wait_revision_change(page, before)


def wait_my_turn(page: Any, timeout: float = 15000) -> None:
    page.wait_for_selector("#prompt[data-mine='1']", timeout=timeout)


def is_my_turn(page: Any) -> bool:
    return page.locator("#prompt[data-mine='1']").count() > 0


def legal(page: Any) -> list[str]:
    return list(page.evaluate("tabletop.state().legal.map(l => l.action)"))


def exists(page: Any, selector: str) -> bool:
    return page.locator(selector).count() > 0
