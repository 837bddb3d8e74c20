"""The web page under load: ``mindgames serve`` on a free loopback port, hit by many
readers at once.

* ``shared`` — N concurrent requests of one example's text (readers of one link): one
  check, the others wait for it or read the cache.
* ``distinct`` — N concurrent requests of the same example, each with its own trailing
  comment (N different texts): N checks, ``--workers`` at a time.
* ``endless`` — a check past the time limit (twelve children, 800 announcements), with a
  health request sent while it runs: the time to the health answer, and to the
  time-limit error.

Printed: wall time per batch, and the slowest single request.

    python benchmarks/bench_web.py [--example muddy_children_4] [--n 50] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def post(url: str, source: str) -> tuple[float, dict]:
    started = time.perf_counter()
    request = urllib.request.Request(url + "api/explain", method="POST",
                                     data=json.dumps({"source": source}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=300) as response:
        answer = json.loads(response.read())
    return time.perf_counter() - started, answer


def batch(url: str, texts: list[str]) -> tuple[float, float, int]:
    started = time.perf_counter()
    with ThreadPoolExecutor(len(texts)) as pool:
        results = list(pool.map(lambda t: post(url, t), texts))
    wall = time.perf_counter() - started
    return wall, max(r[0] for r in results), sum(1 for _, a in results if a["ok"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--example", default="muddy_children_4")
    parser.add_argument("--n", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=5.0)
    args = parser.parse_args()
    source = next(p for p in [*(REPO / "examples").glob("*.del"),
                              *(REPO / "examples").glob("*/*.del")]
                  if p.stem == args.example).read_text(encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "pyfront.cli", "serve", "--port", "0",
                             "--workers", str(args.workers), "--time-limit", str(args.time_limit)],
                            cwd=REPO, stderr=subprocess.PIPE, text=True)
    try:
        url = None
        while url is None:
            line = proc.stderr.readline()
            if not line:
                raise SystemExit("the server did not start")
            match = re.search(r"serving on (http://\S+/)", line)
            url = match.group(1) if match else None
        print(f"server: {url} workers={args.workers} time limit={args.time_limit:g} s")
        wall, slowest, ok = batch(url, [source] * args.n)
        print(f"shared:   {args.n} concurrent requests of {args.example}: {wall:.2f} s wall, "
              f"slowest {slowest:.2f} s, {ok}/{args.n} answered")
        texts = [source + f"# reader {i}\n" for i in range(args.n)]
        wall, slowest, ok = batch(url, texts)
        print(f"distinct: {args.n} concurrent requests, {args.n} different texts: {wall:.2f} s "
              f"wall ({wall / args.n * 1000:.0f} ms per check), slowest {slowest:.2f} s, "
              f"{ok}/{args.n} answered")
        endless = ("problem endless\n  agents " + ", ".join(f"C{i}" for i in range(12))
                   + "\n  setup forehead\n" + "  announce someone\n" * 800)
        with ThreadPoolExecutor(2) as pool:
            started = time.perf_counter()
            slow = pool.submit(post, url, endless)
            time.sleep(0.2)
            with urllib.request.urlopen(url + "api/health", timeout=30) as response:
                response.read()
            health = time.perf_counter() - started
            spent, answer = slow.result()
        print(f"endless:  health answered after {health:.2f} s while the check ran; "
              f"the check stopped with an error after {spent:.2f} s: {answer['error']['message']}")
    finally:
        proc.terminate()
        proc.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
