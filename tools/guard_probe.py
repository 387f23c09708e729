"""Issue 60's probe, as figures: large hostile request bodies sent to a fresh ``tabletop serve``
(on loopback) while another client asks ``GET /api/meta`` every 20 ms; prints, per body, its
size, the answer's status, how long the answer took and the slowest /api/meta meanwhile.

    .venv/bin/python tools/guard_probe.py                      # SQLite, the default 64 KiB bound
    .venv/bin/python tools/guard_probe.py --max-body 2000000   # the bodies reach the validation
    .venv/bin/python tools/guard_probe.py --database postgresql://postgres@127.0.0.1:5432/test
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.reliability.helpers import post_while_watching  # noqa: E402  (the suite's own measure)

BODIES = {
    "modules x100,000": {"players": 2, "config": {"modules": ["more"] * 100_000}},
    "alternatives x60,000": {"players": 2, "config": {"alternatives": ["room_vp:alt"] * 60_000}},
    "module string x150,000": {"players": 2, "config": {"modules": ",".join(["more"] * 150_000)}},
    "seats x40,000": {"players": 2, "seats": [{"kind": "human"}] * 40_000},
    "config keys x60,000": {"players": 2, "config": {f"k{i}": i for i in range(60_000)}},
    "my-games token of 1 MB": {"tokens": ["t" * 1_000_000]},
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--database", default=None, help="default: a SQLite file in a temp folder")
    ap.add_argument("--max-body", type=int, default=None, help="the server's --max-body")
    ap.add_argument("--repeat", type=int, default=3, help="sends of each body")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or f"sqlite:///{tmp}/probe.db"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        cmd = [sys.executable, "-m", "tabletop.cli.main", "serve", "--port", str(port), "--database", database,
               "--limit", "create=off", "--limit", "write=off"]
        if args.max_body:
            cmd += ["--max-body", str(args.max_body)]
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(f"{base}/api/meta", timeout=2, trust_env=False).status_code == 200:
                        break
                time.sleep(0.1)
            print(f"server --max-body {args.max_body or 'default'}, {database.split(':')[0]}")
            print(f"{'body':26} {'bytes':>9} {'status':>6} {'answer s (max)':>15} {'/api/meta s (max)':>18}")
            for name, body in BODIES.items():
                raw = json.dumps(body).encode()
                path = "/api/my-games" if "tokens" in body else "/api/games"
                runs = [asyncio.run(post_while_watching(base, path, raw)) for _ in range(args.repeat)]
                statuses = sorted({r[0] for r in runs})
                print(f"{name:26} {len(raw):>9} {','.join(map(str, statuses)):>6} "
                      f"{max(r[1] for r in runs):>15.3f} {max(r[2] for r in runs):>18.3f}")
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
