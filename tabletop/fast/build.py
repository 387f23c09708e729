"""Building the compiled engine (see ``tabletop.fast``): ``python -m tabletop.fast.build``.

One build at a time: a build holds an ``fcntl`` lock on ``tabletop/_fast/.build.lock`` while it
runs; a second one waits for it (and then finds little or nothing left to do). ``tabletop serve``
starts ``python -m tabletop.fast.build --background`` when the build is missing or stale
(``tabletop/fast/background.py``): at nice 19, once the server answers, its output in
``tabletop/_fast/build.log``."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tabletop import fast
from tabletop.fast import FAST, MANIFEST, PACKAGE, _abi, _digest, _manifest, hot_sources, module_name, status, usable

# the start of every answer of build() that means "no compiled engine from this build"
FAILED = "the engine runs as plain Python (slower): "


def _took(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 60} min {s % 60:02d} s" if s >= 60 else f"{s} s"


def _n(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "es" if word.endswith("s") else "s")


def build(force: bool = False, progress: Callable[[str], None] | None = None) -> str:
    """Compile the hot modules whose build is missing or stale; a one-line report either way.
    ``progress`` is told each step (translating to C, each module compiled)."""
    say = progress or (lambda line: None)
    try:
        import Cython
        from Cython.Build import cythonize
        from setuptools import Distribution
        from setuptools.command.build_ext import build_ext
    except ImportError as exc:
        what = "Cython" if (exc.name or "").startswith("Cython") else exc.name
        return f"{FAILED}{what} is not installed (bash scripts/bootstrap.sh installs it)"
    import shutil
    import tempfile

    t0 = time.monotonic()
    old = {} if force else _manifest()
    sources = hot_sources()
    todo = [s for s in sources if force or module_name(s) not in usable()]
    keep = {module_name(s): old[module_name(s)] for s in sources if s not in todo and module_name(s) in old}
    if not todo:
        return f"compiled engine up to date ({len(keep)} modules, Cython {Cython.__version__})"
    jobs = os.cpu_count() or 1
    digests: dict[Path, str] = {}
    with tempfile.TemporaryDirectory(prefix="tabletop-build-") as tmp:
        root = Path(tmp) / "src"
        for s in todo:  # build from a copy, so the C files and objects never land in the package
            dst = root / "tabletop" / s.relative_to(PACKAGE)
            dst.parent.mkdir(parents=True, exist_ok=True)
            # the digest of what is compiled, taken before the copy: a source edited during
            # the build is found stale by the next one, not taken for built
            digests[s] = _digest(s)
            shutil.copyfile(s, dst)
        for s in sources:  # every module's types (core/rng.pxd), also those a module cimports
            if s.with_suffix(".pxd").is_file():
                dst = root / "tabletop" / s.relative_to(PACKAGE)
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(s.with_suffix(".pxd"), dst.with_suffix(".pxd"))
        for init in root.rglob("*"):
            if init.is_dir() and not (init / "__init__.py").exists():
                (init / "__init__.py").write_text("")
        (root / "tabletop" / "__init__.py").write_text("")
        done = 0
        counting = threading.Lock()

        class _BuildExt(build_ext):  # type: ignore[misc,valid-type]
            """build_ext that says each module as its compiler finishes (the builds run in threads)."""

            def build_extension(self, ext: object) -> None:
                nonlocal done
                super().build_extension(ext)
                with counting:
                    done += 1
                    say(f"[{done:{len(str(len(todo)))}}/{len(todo)}] compiled {getattr(ext, 'name', ext)} "
                        f"({_took(time.monotonic() - t0)})")

        cwd = Path.cwd()
        try:
            os.chdir(root)
            say(f"Cython {Cython.__version__}: translating {_n(len(todo), 'module')} to C ({_n(jobs, 'process')})")
            exts = cythonize([str(s.relative_to(PACKAGE.parent)) for s in todo], language_level=3, quiet=True,
                             nthreads=jobs, compiler_directives={"binding": False})
            say(f"translated in {_took(time.monotonic() - t0)}; the C compiler builds {_n(len(todo), 'module')}, "
                f"{jobs} at a time")
            dist = Distribution({"ext_modules": exts, "script_name": "build", "script_args": []})
            cmd = _BuildExt(dist)
            cmd.build_lib = str(Path(tmp) / "lib")
            cmd.build_temp = str(Path(tmp) / "obj")
            cmd.parallel = jobs
            cmd.ensure_finalized()
            cmd.run()
        except Exception as exc:  # no compiler, a Cython error: plain Python, said once
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            return f"{FAILED}the compiled build failed ({first})"
        finally:
            os.chdir(cwd)
        fast.fast_dir()
        mods = dict(keep)
        for s in todo:
            name = module_name(s)
            rel = Path(*name.split(".")[1:])
            built = Path(tmp) / "lib" / "tabletop" / f"{rel}{_abi()}"
            if not built.is_file():
                return f"{FAILED}no compiled file for {name}"
            dest = FAST / f"{name}{_abi()}"
            # a new file put in place, never the old one written over: a process that has the
            # old build loaded (a server, a ladder) keeps running on it
            part = dest.with_name(dest.name + ".part")
            shutil.copyfile(built, part)
            os.replace(part, dest)
            mods[name] = {"source": str(s.relative_to(PACKAGE)), "sha256": digests[s], "binary": dest.name}
    MANIFEST.write_text(json.dumps({"abi": _abi(), "cython": Cython.__version__, "modules": mods}, indent=1))
    return (f"compiled engine: {len(todo)} modules built, {len(mods)} in all (Cython {Cython.__version__}) "
            f"in {_took(time.monotonic() - t0)}")


def _after_server(address: str, limit: float = 120.0) -> None:
    """Wait (at most ``limit`` seconds) until a server answers at HOST:PORT: the background
    build starts once the server it was started by is up."""
    import socket

    host, _, port = address.rpartition(":")
    host = host.strip("[]")
    host = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            with socket.create_connection((host, int(port)), timeout=1):
                return
        except OSError:
            time.sleep(0.25)


def run(force: bool = False, background: bool = False, after: str | None = None) -> int:
    """The command: build under the lock, print each step, record a failure (so that
    ``tabletop serve`` does not start the same failing build at each start)."""
    def say(line: str) -> None:
        print(f"   {line}", flush=True)

    if background:
        os.nice(19)  # low priority: only the time the server and everything else leave
    held = os.environ.pop(fast.LOCK_FD_ENV, None)  # a background build: tabletop serve took the lock for it
    if held is not None:
        try:
            os.set_inheritable(int(held), False)  # held by this process alone, not by the compilers
        except (OSError, ValueError):
            held = None
    lock = None
    if held is None:
        try:
            lock = fast.take_lock(wait=False)
            if lock is None:
                if background:
                    print("== another process is building the compiled engine: nothing to do here", flush=True)
                    return 0
                print(f"== waiting for the compiled engine's build that another process runs (log: "
                      f"{fast.shown(fast.log_file())})", flush=True)
                lock = fast.take_lock(wait=True)
        except OSError as exc:  # a read-only install (a container's user): the build that is there is used
            print(f"== {FAILED}cannot build here ({exc})", flush=True)
            return 0
    try:
        if after:
            print(f"== {time.strftime('%H:%M:%S')} waiting for the server at {after} to answer", flush=True)
            _after_server(after)
        if background:
            print(f"== {time.strftime('%H:%M:%S')} building the compiled engine at nice 19", flush=True)
        report = build(force=force, progress=say)
        fast.record_failure(report if report.startswith(FAILED) else None)
        if " modules built" in report:
            import resource

            cpu = sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                         resource.getrusage(resource.RUSAGE_CHILDREN)))
            report += f", {_took(cpu)} of CPU"
        print("==", report, flush=True)
        if background and not report.startswith(FAILED):
            print(f"== {time.strftime('%H:%M:%S')} the next `tabletop serve` runs it", flush=True)
        return 0
    finally:
        if lock is not None:
            lock.close()


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv and not argv[0].startswith("-") else "build"
    if cmd == "build":
        after = next((a.split("=", 1)[1] for a in argv if a.startswith("--after=")), None)
        return run(force="--force" in argv, background="--background" in argv, after=after)
    if cmd == "status":
        print(json.dumps(status(), indent=1))
        return 0
    print("usage: python -m tabletop.fast.build [build [--force] [--background] [--after=HOST:PORT] | status]",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
