"""Appending to the line-per-record files that long runs keep (ladder journals, simulation
results), so that a run can be killed and resumed.

Each call opens the file by its name: a file put in its place while a run goes on (a git
checkout, a copy) gets the records that finish afterwards, where a handle kept open would write
them into the replaced file, gone with the process. A torn last line (a run killed mid-write) is
ended first, so the records after it stay whole.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


def append_lines(path: Path, lines: Iterable[str]) -> None:
    """Append ``lines`` (without their newlines) to ``path``, each as one whole line."""
    data = b"".join(line.encode() + b"\n" for line in lines)
    if not data:
        return
    with path.open("ab") as out:
        if out.tell() > 0:
            with path.open("rb") as back:
                back.seek(-1, 2)
                if back.read(1) != b"\n":
                    data = b"\n" + data
        out.write(data)
