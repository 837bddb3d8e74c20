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

* ``step`` (in process, no server) — a problem of 200 worlds (eight atoms, three agents):
  the CPU time the server spends on a play step (the moves offered, then the text with
  one more announcement explained: steps, views, verdicts, every picture) and on one class
  picture alone; the median of ``--repeat`` runs, against the target of 200 ms.

    python benchmarks/bench_web.py [--example muddy_children_4] [--n 50] [--workers 2]
    python benchmarks/bench_web.py --step-only
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


#: 2^8 valuations, the law removes the 56 with p1 and p2 but not all of p3, p4, p5
TWO_HUNDRED = """problem two_hundred
  agents Ann, Bob, Cy
""" + "".join(f'  proposition p{i} "p{i} holds" / "p{i} fails"\n' for i in range(1, 9)) + """\
  law not (p1 and p2) or (p3 and p4 and p5)
  Ann observes p1, p2, p3
  Bob observes p4, p5, p6
  Cy observes p7, p8
  announce Ann does not know whether p4
  hypothesis h: Bob knows whether p1 expect false
"""


def cpu_ms(fn, repeat: int) -> float:
    """The median CPU time of ``fn()`` over ``repeat`` runs, in milliseconds."""
    times = []
    for _ in range(repeat):
        started = time.process_time()
        fn()
        times.append((time.process_time() - started) * 1000)
    return sorted(times)[len(times) // 2]


def step_figures(repeat: int) -> None:
    sys.path.insert(0, str(REPO))
    from pyfront.story.dsl import parse_document
    from pyfront.explain import explain_problem
    from pyfront.explain.class_svg import class_svg
    from pyfront.explain.problem_picture import problem_pictures
    from pyfront.web.compute import explain_source
    from pyfront.web.moves import moves

    explain_source(TWO_HUNDRED)  # warm: grammar, templates, engines
    (problem,) = parse_document(TWO_HUNDRED, "two_hundred.del")
    worlds = len(explain_problem(problem).initial)
    offered = moves(TWO_HUNDRED, 0)
    line = offered["moves"][0]["line"]
    lines = TWO_HUNDRED.split("\n")
    lines.insert(offered["after"], offered["indent"] + line)
    played = "\n".join(lines)

    def play() -> None:
        assert moves(TWO_HUNDRED, 0)["ok"]
        assert explain_source(played)["ok"]

    def picture() -> None:
        class_svg(problem_pictures(explain_problem(problem))[1])

    print(f"step:     a model of {worlds} worlds, the move {line!r}")
    print(f"step:     play step (moves offered + the longer text explained): "
          f"{cpu_ms(play, repeat):.0f} ms CPU (target < 200 ms)")
    print(f"step:     one class picture (layout and SVG): {cpu_ms(picture, repeat):.0f} ms CPU "
          "(target < 200 ms)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step-only", action="store_true",
                        help="only the in-process figures of a play step and a picture")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--example", default="muddy_children_4")
    parser.add_argument("--n", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=5.0)
    args = parser.parse_args()
    step_figures(args.repeat)
    if args.step_only:
        return 0
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
