"""The compiled engine: the hot modules (the rules engines, the core state, the evaluation and the
bots' loops) built with Cython into ``tabletop/_fast/``, and loaded instead of their sources only
while they match those sources byte for byte.

Why a separate folder and a manifest, instead of ``.so`` files beside the ``.py`` files: Python
would load a compiled file beside its source even after the source was edited. Here each compiled
module is tied to the SHA-256 of the source it was built from; an edited source (or a build for
another Python) is simply not used, and that module runs as plain Python until the next build.

    python -m tabletop.fast.build          # compile what changed (scripts/bootstrap.sh --all runs it)
    python -m tabletop.fast.build status   # which modules run compiled now
    TABLETOP_PURE=1 ...                   # run everything as plain Python (A/B comparisons)

``tabletop serve`` starts the build in the background when it is missing or stale (nice 19, once
the server answers; ``fast/background.py``), and the next start uses it: a running process keeps
the modules it imported. One build runs at a time (an ``fcntl`` lock on ``_fast/.build.lock``).
Without a C compiler or Cython the build says so once and the project runs as plain Python:
the same games, slower. The compiled code is the same source, so games, digests, positions and
views are identical either way (the test suite runs against the compiled build in CI).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import IO

PACKAGE = Path(__file__).resolve().parents[1]  # the tabletop package
FAST = PACKAGE / "_fast"
MANIFEST = FAST / "manifest.json"

# The modules compiled, as globs relative to the package. Package __init__ files stay plain.
HOT = (
    "core/state.py",
    "core/rng.py",
    "games/grand_austria_hotel/engine/*.py",
    "games/grand_austria_hotel/modules/*.py",
    "games/grand_austria_hotel/modules/ballrooms/*.py",
    "games/grand_austria_hotel/evaluation*.py",
    "games/grand_austria_hotel/notation.py",
    "games/burger_joint/state.py",
    "bots/*.py",
)
# Files the globs catch that stay plain Python: the decision declarations' machinery, whose
# default methods must bind like Python functions (compiled functions here do not) and which
# runs at import, not in play.
COLD = ("games/grand_austria_hotel/engine/declare.py",)


def hot_sources() -> list[Path]:
    out: set[Path] = set()
    for pattern in HOT:
        out.update(p for p in PACKAGE.glob(pattern) if p.name != "__init__.py")
    return sorted(out - {PACKAGE / c for c in COLD})


def module_name(src: Path) -> str:
    return "tabletop." + ".".join(src.relative_to(PACKAGE).with_suffix("").parts)


def _source(name: str) -> Path:
    """The source file of a tabletop module (the inverse of ``module_name``)."""
    return PACKAGE.joinpath(*name.split(".")[1:]).with_suffix(".py")


def cimports(path: Path) -> list[str]:
    """The tabletop modules whose types the compiled build of ``path`` uses: those its ``.pxd``
    cimports (engine/base.pxd cimports core/state), directly or through theirs. Their compiled
    modules must be loaded with it: a compiled module checks at import that the extension
    types it was built against are the ones it finds."""
    out: list[str] = []
    todo = [path]
    while todo:
        pxd = todo.pop().with_suffix(".pxd")
        if not pxd.is_file():
            continue
        for line in pxd.read_text().splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("from", "cimport") and words[1].startswith("tabletop."):
                name = words[1]
                if name not in out:
                    out.append(name)
                    todo.append(_source(name))
    return out


def _digest(path: Path) -> str:
    """The source's SHA-256, with its ``.pxd``'s (the types the build used) where it has one and
    the ``.pxd`` files of the modules it cimports (a changed layout there needs a new build)."""
    data = path.read_bytes()
    pxd = path.with_suffix(".pxd")
    if pxd.is_file():
        data += b"\0pxd\0" + pxd.read_bytes()
    for name in cimports(path):
        dep = _source(name).with_suffix(".pxd")
        if dep.is_file():
            data += b"\0" + name.encode() + b"\0" + dep.read_bytes()
    return hashlib.sha256(data).hexdigest()


def _abi() -> str:
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def _manifest() -> dict[str, dict[str, str]]:
    try:
        data = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return {}
    if data.get("abi") != _abi():
        return {}
    mods = data.get("modules")
    return mods if isinstance(mods, dict) else {}


def usable() -> dict[str, Path]:
    """Compiled modules whose source is unchanged since the build and that are still on the
    hot list (a module taken off it runs as Python, whatever an older build left): name ->
    compiled file."""
    out: dict[str, Path] = {}
    hot = {module_name(s) for s in hot_sources()}
    for name, rec in _manifest().items():
        if name not in hot:
            continue
        src = PACKAGE / rec["source"]
        so = FAST / rec["binary"]
        try:
            if so.is_file() and _digest(src) == rec["sha256"]:
                out[name] = so
        except OSError:
            continue
    # a module whose cimported types run as Python (an edited source) cannot load compiled
    deps = {name: cimports(_source(name)) for name in out}
    changed = True
    while changed:
        changed = False
        for name in list(out):
            if any(d not in out for d in deps[name]):
                del out[name]
                changed = True
    return out


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled file of a module that has one (and an unchanged source)."""

    def __init__(self, table: dict[str, Path]) -> None:
        self.table = table

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        so = self.table.get(fullname)
        if so is None:
            return None
        return importlib.util.spec_from_file_location(fullname, so)


_installed: _CompiledFinder | None = None


def install() -> int:
    """Put the finder first on ``sys.meta_path`` (once); returns how many modules it serves."""
    global _installed
    if _installed is not None:
        return len(_installed.table)
    if os.environ.get("TABLETOP_PURE"):
        return 0
    table = usable()
    if not table:
        return 0
    _installed = _CompiledFinder(table)
    sys.meta_path.insert(0, _installed)
    return len(table)


def status() -> dict[str, object]:
    """What runs compiled in this process, and what could."""
    loaded = sorted(n for n, m in sys.modules.items()
                    if n.startswith("tabletop.") and (getattr(m, "__file__", "") or "").endswith(_abi()))
    return {"pure_forced": bool(os.environ.get("TABLETOP_PURE")), "hot": len(hot_sources()),
            "built": len(_manifest()), "usable": len(usable()), "loaded": loaded}


# --- the build's lock, log and last failure (tabletop/fast/build.py, tabletop/fast/background.py) ---

# the background build's environment names the descriptor of the lock its starter took for it
LOCK_FD_ENV = "TABLETOP_BUILD_LOCK_FD"


def fast_dir() -> Path:
    """``_fast/``, made if missing (git ignores everything in it)."""
    FAST.mkdir(exist_ok=True)
    ignore = FAST / ".gitignore"
    if not ignore.is_file():
        ignore.write_text("*\n")
    return FAST


def lock_file() -> Path:
    return FAST / ".build.lock"


def log_file() -> Path:
    """The background build's output (tabletop serve starts it)."""
    return FAST / "build.log"


def take_lock(wait: bool) -> IO[str] | None:
    """The build lock (an exclusive ``flock`` on ``_fast/.build.lock``), held while the returned
    file stays open (also by a child process it is passed to); None if another process holds it
    and ``wait`` is false. OSError where ``_fast/`` cannot be written (a read-only install)."""
    import fcntl

    fast_dir()
    f = open(lock_file(), "a+")  # noqa: SIM115 - the open file is the lock
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        f.close()
        return None
    return f


def cython_version() -> str | None:
    """The installed Cython's version, without importing it (None: not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("Cython")
    except PackageNotFoundError:
        return None


def built_with() -> str:
    """The Cython version the build on disk was made with."""
    try:
        return str(json.loads(MANIFEST.read_text()).get("cython", "?"))
    except (OSError, ValueError):
        return "?"


def cannot_build() -> str | None:
    """Why the compiled engine cannot be built here (None: it can): no Cython, no setuptools,
    no C compiler, no Python headers."""
    import shutil
    import sysconfig

    if cython_version() is None:
        return "Cython is not installed (bash scripts/bootstrap.sh installs it)"
    if importlib.util.find_spec("setuptools") is None:
        return "setuptools is not installed (the build uses it: pip install setuptools)"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    if not cc or not shutil.which(cc[0]):
        return f"there is no C compiler ({cc[0] if cc else 'cc'}; e.g. apt-get install gcc)"
    include = sysconfig.get_paths().get("include")
    if not include or not Path(include, "Python.h").is_file():
        return "the Python headers (Python.h) are missing (e.g. apt-get install python3-dev)"
    return None


def fingerprint() -> str:
    """What a build would compile: the Python, the Cython and every hot source with its types."""
    h = hashlib.sha256(f"{_abi()}\0{cython_version()}".encode())
    for src in hot_sources():
        h.update(f"\0{module_name(src)}\0{_digest(src)}".encode())
    return h.hexdigest()


def _failure_file() -> Path:
    return FAST / "build.failed"


def record_failure(message: str | None) -> None:
    """Remember a failed build of these sources (None: the build worked): tabletop serve does not
    start the same failing build again at each start; ``python -m tabletop.fast.build`` always tries."""
    try:
        if message is None:
            _failure_file().unlink(missing_ok=True)
        else:
            fast_dir()
            _failure_file().write_text(json.dumps({"fingerprint": fingerprint(), "message": message}))
    except OSError:
        pass


def last_failure() -> str | None:
    """The message of the last build's failure, if it failed on these very sources."""
    try:
        data = json.loads(_failure_file().read_text())
    except (OSError, ValueError):
        return None
    if data.get("fingerprint") != fingerprint():
        return None
    return str(data.get("message", "the compiled build failed"))


def shown(path: Path) -> str:
    """A path as a person would type it here: relative to the working directory when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
