"""Appending records to the files long runs keep (tabletop/core/files.py)."""

from __future__ import annotations

from tabletop.core.files import append_lines


def test_lines_go_to_the_file_the_name_holds_and_a_torn_line_is_ended(tmp_path) -> None:
    path = tmp_path / "results.jsonl"
    append_lines(path, ["a", "b"])
    assert path.read_text() == "a\nb\n"
    path.unlink()  # replaced under the same name, as a checkout does; a killed run left a torn line
    path.write_text("a\nb\n{\"tor")
    append_lines(path, ["c"])
    append_lines(path, [])
    assert path.read_text().splitlines() == ["a", "b", '{"tor', "c"]
