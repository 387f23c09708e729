"""Building the compiled engine (see ``tabletop.fast``): ``python -m tabletop.fast.build``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from tabletop.fast import FAST, MANIFEST, PACKAGE, _abi, _digest, _manifest, hot_sources, module_name, status, usable


def build(force: bool = False) -> str:
    """Compile the hot modules whose build is missing or stale; a one-line report either way."""
    try:
        import Cython
        from Cython.Build import cythonize
        from setuptools import Distribution
        from setuptools.command.build_ext import build_ext
    except ImportError as exc:
        return f"the engine runs as plain Python (slower): Cython is not installed ({exc.name})"
    import shutil
    import tempfile

    old = {} if force else _manifest()
    sources = hot_sources()
    todo = [s for s in sources if force or module_name(s) not in usable()]
    keep = {module_name(s): old[module_name(s)] for s in sources if s not in todo and module_name(s) in old}
    if not todo:
        return f"compiled engine up to date ({len(keep)} modules, Cython {Cython.__version__})"
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
        cwd = Path.cwd()
        try:
            os.chdir(root)
            exts = cythonize([str(s.relative_to(PACKAGE.parent)) for s in todo], language_level=3, quiet=True,
                             nthreads=os.cpu_count() or 1, compiler_directives={"binding": False})
            dist = Distribution({"ext_modules": exts, "script_name": "build", "script_args": []})
            cmd = build_ext(dist)
            cmd.build_lib = str(Path(tmp) / "lib")
            cmd.build_temp = str(Path(tmp) / "obj")
            cmd.parallel = os.cpu_count() or 1
            cmd.ensure_finalized()
            cmd.run()
        except Exception as exc:  # no compiler, a Cython error: plain Python, said once
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            return f"the engine runs as plain Python (slower): the compiled build failed ({first})"
        finally:
            os.chdir(cwd)
        FAST.mkdir(exist_ok=True)
        (FAST / ".gitignore").write_text("*\n")
        mods = dict(keep)
        for s in todo:
            name = module_name(s)
            rel = Path(*name.split(".")[1:])
            built = Path(tmp) / "lib" / "tabletop" / f"{rel}{_abi()}"
            if not built.is_file():
                return f"the engine runs as plain Python (slower): no compiled file for {name}"
            dest = FAST / f"{name}{_abi()}"
            # a new file put in place, never the old one written over: a process that has the
            # old build loaded (a server, a ladder) keeps running on it
            part = dest.with_name(dest.name + ".part")
            shutil.copyfile(built, part)
            os.replace(part, dest)
            mods[name] = {"source": str(s.relative_to(PACKAGE)), "sha256": digests[s], "binary": dest.name}
    MANIFEST.write_text(json.dumps({"abi": _abi(), "cython": Cython.__version__, "modules": mods}, indent=1))
    return f"compiled engine: {len(todo)} modules built, {len(mods)} in all (Cython {Cython.__version__})"


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "build"
    if cmd == "build":
        print("==", build(force="--force" in argv))
        return 0
    if cmd == "status":
        print(json.dumps(status(), indent=1))
        return 0
    print("usage: python -m tabletop.fast.build [build [--force] | status]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
