"""How stories scale on the two belief engines, whole process (``mindgames`` in a fresh
process per row, as a user runs it): wall seconds, CPU seconds (user + system: the
machine may be shared, CPU time is what the run itself costs) and maximum resident
memory.  The explicit engine runs where it finishes within ``--explicit-limit`` seconds
(default 60); beyond, the row says so, and for a story stopped at its limit, at which
event (from ``check``'s own message: "with 61 of its 92 events applied" is "stopped at
event 62 of 92").

Rows:

1. 3 agents, 12 independent propositions, ``Ann peeks at p0``, one belief hypothesis;
2. 8 agents, a 4-valued variable, 6 propositions, 8 events (peeks and ``tells … whether``);
3. 10 agents, 40 events over 20 propositions and a 5-valued variable: private (private
   messages, peeks, lies, changes some miss), semi-private (``tells … whether``) and
   public (announcements) events, drawn with a fixed seed;
4. generating 1,000 stories with 5 agents (``generate --family stories``);
5. ToMi's validation split (``check FILE --format tomi``; skipped when the shared data is
   not there);
6. the symbolic engine as agents grow (2…12, 20 events) and as events grow (10…80,
   6 agents), stories drawn as in row 3;
7. the seeded room stories of ``tests/data/scale_stories`` (8 agents and 80 events, 10
   agents and 150 events; 4 objects, 2 rooms, questions to order 4), each engine
   stopped after ``--story-limit`` CPU seconds (default 60, ``check``'s own default);
8. growth on those stories (``make_stories.py``): events 10, 20, 40, … at 8 agents and
   agents 4 … 16 at 20 events, each run stopped after ``--story-limit`` CPU seconds, with the
   exponent ``b`` of ``seconds ~ a * events**b`` fitted (least squares on logarithms) to
   the runs that finished;
9. mixed stories as in row 3 with 16 agents and 120 events, seeds 0, 1 and 2, and the
   same story of seed 2 over the first 12 agents only (before there were 16 names, a
   "16-agent" story had 12), each stopped after ``--story-limit`` CPU seconds;
10. the seeded room stories of row 7 with their assertion lines taken out (moves, peeks
    and looks kept): ``check`` on both engines, the answers compared where both finish,
    and ``explain`` on the symbolic engine; then growth with events (20 … 320, 8 agents)
    on such stories, with the fitted exponent.

    python benchmarks/bench_story_scale.py [--explicit-limit 60] [--story-limit 60] [--quick]
    python benchmarks/bench_story_scale.py --only-seeded     # rows 7 to 10 only
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reference_timing import Measured  # (this directory is on the path when run as a script)

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("MINDGAMES_SHARED", REPO.parent / "shared"))
TOMI = SHARED / "tomi" / "fb_all_val.txt"
SEEDED = REPO / "tests" / "data" / "scale_stories"
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eva", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou",
         "Max", "Ned", "Oli", "Pam"]
VALUES = ["red", "blue", "green", "white", "black"]


def _cpu_limit(seconds: float):
    """A ``preexec_fn`` that stops the child after ``seconds`` of CPU time (on a shared
    machine a wall-clock limit stops runs that other processes slowed down)."""
    def limit() -> None:
        import resource

        n = math.ceil(seconds)
        resource.setrlimit(resource.RLIMIT_CPU, (n, n + 1))
    return limit


def run(args: list[str], limit: float | None = None, allowed=(0,), cpu: bool = False
        ) -> tuple[float | None, float, float | None, str | None]:
    """(wall seconds or None past ``limit``, CPU seconds, max RSS in MB, where a story
    stopped: ``check``'s own words, or None) of one process; with ``cpu``, ``limit`` bounds
    the CPU seconds instead of the wall seconds.  A run that fails (an exit code not in
    ``allowed``) stops the benchmark: its figures would mean nothing."""
    start = time.perf_counter()
    out = tempfile.TemporaryFile()
    # (the CPU limit holds for the command: a limit is inherited through fork and exec)
    measured = Measured([sys.executable, "-m", "pyfront.cli", *args], cwd=REPO,
                        stdout=out, stderr=subprocess.DEVNULL,
                        preexec_fn=_cpu_limit(limit) if cpu and limit else None)
    cpu_limit = limit if cpu else None
    code, cpu_seconds, peak_mb, timed_out = measured.wait(None if cpu else limit)
    wall = time.perf_counter() - start
    out.seek(0)
    text = out.read()
    out.close()
    if "-o" in args:  # the records went to a file
        written = Path(args[args.index("-o") + 1])
        text += written.read_bytes() if written.is_file() else b""
    failed = b'"error"' in text
    # ``check`` answers a story in a forked child: a child stopped at the CPU limit
    # becomes a record with an error (exit 1), and its CPU time may not reach the
    # parent's figures
    if code in (-signal.SIGXCPU, -signal.SIGKILL) or (cpu_limit is not None and failed):
        timed_out = True
    if not timed_out and code not in allowed:
        raise SystemExit(f"bench_story_scale: mindgames {' '.join(args)} failed (exit {code})")
    # stopped on the wall clock, ``check`` had no time to wait for the child answering
    # the story: the memory would be its own alone, so none is given
    return (None if timed_out else wall), cpu_seconds, (
        None if timed_out and cpu_limit is None else peak_mb), stopped_at(text)


def stopped_at(records: bytes) -> str | None:
    """Where ``check`` says a story stopped ("with 61 of its 92 events applied"), as
    "at event 62 of 92"; None when no record says."""
    m = re.search(rb"with (\d+) of its (\d+) events applied", records)
    if m is not None:
        return f"at event {int(m[1]) + 1} of {int(m[2])}"
    m = re.search(rb"with all (\d+) of its events applied", records)
    return None if m is None else f"on its questions, after its {int(m[1])} events"


def props_story(n: int) -> str:
    return "\n".join(["story props", "  agents Ann, Bob, Cy"]
                     + [f"  proposition p{i}" for i in range(n)]
                     + ["  actually p0", "  Ann peeks at p0",
                        "  hypothesis h: Bob believes that Ann does not know whether p0 "
                        "expect true"]) + "\n"


def eight_agent_story() -> str:
    """Four peeks, each followed by the peeker telling another agent whether what she saw
    holds (a speaker must know what she tells)."""
    agents = NAMES[:8]
    lines = ["story eight", "  agents " + ", ".join(agents),
             "  colour(car): red, blue, green, white"]
    lines += [f"  proposition p{i}" for i in range(6)]
    lines += ["  actually colour(car) is green", "  actually p0", "  actually not p1"]
    for i in range(4):
        a, b = agents[2 * i], agents[2 * i + 1]
        if i % 2 == 0:
            lines += [f"  {a} peeks at colour(car)",
                      f"  {a} tells {b} whether colour(car) is {VALUES[i]}"]
        else:
            lines += [f"  {a} peeks at p{i}", f"  {a} tells {b} whether p{i}"]
    lines.append("  hypothesis h: Bob believes that Eva does not know whether p0")
    return "\n".join(lines) + "\n"


def mixed_story(n_agents: int, n_events: int, n_props: int = 20, seed: int = 0) -> str:
    """Private, semi-private and public events, drawn with ``seed``, each one that can
    happen: the actual world is fixed (even propositions true, the car black); a speaker
    tells only what she knows (she peeked at it or was told it), a liar says the opposite
    of what she knows, an announcement is true."""
    rng = random.Random(seed)
    agents = NAMES[:n_agents]
    lines = [f"story mixed{n_agents}x{n_events}", "  agents " + ", ".join(agents),
             "  colour(car): " + ", ".join(VALUES)]
    lines += [f"  proposition p{i}" for i in range(n_props)]
    truth = {i: i % 2 == 0 for i in range(n_props)}
    lines += [f"  actually {'' if t else 'not '}p{i}" for i, t in truth.items()]
    lines.append("  actually colour(car) is black")
    car = "black"
    known: dict[str, set[int]] = {a: set() for a in agents}

    def fact(i: int, true: bool = True) -> str:
        return f"{'' if truth[i] == true else 'not '}p{i}"

    for _ in range(n_events):
        a = rng.choice(agents)
        b = rng.choice([x for x in agents if x != a] or agents)
        kind = rng.choice(["peek", "tell", "whether", "announce", "lie", "set", "look"])
        if kind in ("tell", "whether", "lie") and (not known[a] or a == b):
            kind = "peek"
        if kind == "peek":
            i = rng.randrange(n_props)
            known[a].add(i)
            lines.append(f"  {a} peeks at p{i}")
        elif kind == "tell":
            i = rng.choice(sorted(known[a]))
            known[b].add(i)
            lines.append(f"  {a} tells {b} that {fact(i)}")
        elif kind == "whether":
            i = rng.choice(sorted(known[a]))
            known[b].add(i)
            lines.append(f"  {a} tells {b} whether p{i}")
        elif kind == "announce":
            i = rng.randrange(n_props)
            for x in agents:
                known[x].add(i)
            lines.append(f"  announce {fact(i)}")
        elif kind == "lie":
            lines.append(f"  {a} lies to {b} that {fact(rng.choice(sorted(known[a])), False)}")
        elif kind == "set":
            car = rng.choice(VALUES)
            missed = ", ".join(rng.sample([x for x in agents if x != a],
                                          min(3, len(agents) - 1)))
            lines.append(f"  {a} sets colour(car) to {car}"
                         + (f", unseen by {missed}" if missed else ""))
        else:
            lines.append(f"  {a} looks at colour(car)")
    lines.append(f"  hypothesis h1: {agents[0]} believes that {agents[-1]} believes that "
                 f"colour(car) is {car}")
    lines.append(f"  hypothesis h2: {agents[1 % n_agents]} knows whether p0")
    lines.append(f"  question q: what does {agents[0]} think colour(car) is?")
    return "\n".join(lines) + "\n"


def fmt(wall: float | None, cpu: float, rss: float | None, limit: float,
        where: str | None = None) -> str:
    if wall is None:
        return (f"> {limit:g} s (stopped{'' if where is None else ' ' + where})"
                + ("" if rss is None else f"  {rss:6.0f} MB at the stop"))
    return f"{wall:6.2f} s wall {cpu:6.2f} s CPU {rss:6.0f} MB"


def row(title: str, args_for, limit: float, engines=("symbolic", "explicit"), allowed=(0,)
        ) -> None:
    print(f"- {title}", flush=True)
    for engine in engines:
        wall, cpu, rss, where = run(args_for(engine), limit if engine == "explicit" else None,
                                    allowed)
        print(f"    {engine:9s} {fmt(wall, cpu, rss, limit, where)}", flush=True)


def make_story(agents: int, events: int, path: Path) -> None:
    """A room story of ``tests/data/scale_stories/make_stories.py`` (seed 0)."""
    out = subprocess.run([sys.executable, str(SEEDED / "make_stories.py"), str(agents),
                          str(events)], check=True, capture_output=True, text=True).stdout
    path.write_text(out, encoding="utf-8")


def fitted_exponent(points: list[tuple[int, float]]) -> float | None:
    """``b`` in ``seconds ~ a * n**b`` (least squares on logarithms); None for fewer
    than two points."""
    if len(points) < 2:
        return None
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(max(t, 1e-3)) for _, t in points]
    return statistics.linear_regression(xs, ys).slope


def checked(path: Path, engine: str, limit: float, *extra: str):
    """``run`` of ``check`` on one seeded story, stopped after ``limit`` CPU seconds."""
    return run(["check", str(path), "--engine", engine, "-q", "--timeout", str(limit * 10),
                *extra], limit, (0, 1), cpu=True)


def growth(sizes: list[tuple[int, int]], by_events: bool, limit: float, tmp: Path,
           name: str = "grow", edit=None) -> None:
    """One growth table on room stories of ``sizes`` (agents, events), each ``edit``-ed
    when given, and the exponent fitted to the runs that finished."""
    points = []
    for agents, events in sizes:
        path = tmp / f"{name}{agents}x{events}.del"
        make_story(agents, events, path)
        if edit is not None:
            path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
        wall, cpu, rss, where = checked(path, "symbolic", limit)
        print(f"    {agents:3d} agents {events:4d} events  {fmt(wall, cpu, rss, limit, where)}",
              flush=True)
        if wall is None:
            break  # the larger sizes would be stopped too
        points.append((events if by_events else agents, cpu))
    b = fitted_exponent(points)
    print(f"    fitted exponent (CPU seconds): {'-' if b is None else f'{b:.2f}'}"
          f" over {len(points)} finished runs")


def seeded_rows(limit: float, tmp: Path) -> None:
    """Rows 7 and 8 (see the module docstring)."""
    print("7. seeded room stories (tests/data/scale_stories; 4 objects, 2 rooms, order 4)")
    for name in ("scale_8x80.del", "scale_10x150.del"):
        print(f"   {name}")
        for engine in ("symbolic", "explicit"):
            wall, cpu, rss, where = checked(SEEDED / name, engine, limit)
            print(f"    {engine:9s} {fmt(wall, cpu, rss, limit, where)}", flush=True)
    print("8. growth on the seeded room stories (symbolic engine)")
    print("   events (8 agents):")
    growth([(8, e) for e in (10, 20, 40, 80, 160, 320)], True, limit, tmp)
    print("   agents (20 events):")
    growth([(n, 20) for n in (4, 8, 12, 16)], False, limit, tmp)


def mixed_rows(limit: float, tmp: Path) -> None:
    """Row 9 (see the module docstring)."""
    print("9. mixed stories, 120 events (symbolic engine)")
    for agents, seed in ((16, 0), (16, 1), (16, 2), (12, 2)):
        path = tmp / f"mixed{agents}x120s{seed}.del"
        path.write_text(mixed_story(agents, 120, seed=seed), encoding="utf-8")
        wall, cpu, rss, where = checked(path, "symbolic", limit)
        print(f"    {agents:3d} agents  seed {seed}  {fmt(wall, cpu, rss, limit, where)}",
              flush=True)


def without_assertions(text: str) -> str:
    """A room story without its assertion lines."""
    return "".join(ln for ln in text.splitlines(keepends=True) if " asserts " not in ln)


def answers_of(path: Path) -> list[tuple[str, object]]:
    """(name, answer) of every record ``check -o`` wrote."""
    with path.open(encoding="utf-8") as f:
        return [(r.get("name"), r.get("answer", r.get("error"))) for r in map(json.loads, f)]


def unasserted_rows(limit: float, tmp: Path) -> None:
    """Row 10 (see the module docstring)."""
    print("10. seeded room stories without their assertions (moves, peeks, looks)")
    for name in ("scale_8x80.del", "scale_10x150.del"):
        path = tmp / f"unasserted-{name}"
        path.write_text(without_assertions((SEEDED / name).read_text(encoding="utf-8")),
                        encoding="utf-8")
        print(f"   {name} without its assertions")
        found = {}
        for engine in ("symbolic", "explicit"):
            out = tmp / f"unasserted-{engine}-{name}.jsonl"
            wall, cpu, rss, where = checked(path, engine, limit, "-o", str(out), "--force")
            print(f"    {engine:9s} {fmt(wall, cpu, rss, limit, where)}", flush=True)
            if wall is not None:
                found[engine] = answers_of(out)
        if len(found) == 2:
            same = found["symbolic"] == found["explicit"]
            print(f"    answers: {'the same' if same else 'DIFFERENT'} "
                  f"({len(found['symbolic'])} questions)")
        wall, cpu, rss, where = run(["explain", str(path), "--engine", "symbolic"], limit,
                                    (0, 1), cpu=True)
        print(f"    explain   {fmt(wall, cpu, rss, limit, where)}", flush=True)
    print("   events (8 agents), without assertions:")
    growth([(8, e) for e in (20, 40, 80, 160, 320)], True, limit, tmp, "unasserted",
           without_assertions)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--explicit-limit", type=float, default=60.0,
                    help="seconds the explicit engine may take per row (default 60)")
    ap.add_argument("--story-limit", type=float, default=60.0,
                    help="CPU seconds either engine may take per seeded story (default 60)")
    ap.add_argument("--quick", action="store_true", help="rows 1-3 only")
    ap.add_argument("--only-seeded", action="store_true", help="rows 7 to 10 only")
    args = ap.parse_args()
    limit = args.explicit_limit
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if args.only_seeded:
            seeded_rows(args.story_limit, tmp)
            mixed_rows(args.story_limit, tmp)
            unasserted_rows(args.story_limit, tmp)
            return 0

        def story_row(title: str, text: str, name: str) -> None:
            path = tmp / name
            path.write_text(text, encoding="utf-8")
            row(title, lambda e: ["check", str(path), "--engine", e, "-q", "--timeout",
                                  str(limit * 10)], limit)

        print("story scale (whole process; wall, CPU = user + system, max RSS)")
        story_row("1. 3 agents, 12 propositions, a peek, one belief hypothesis",
                  props_story(12), "props.del")
        story_row("2. 8 agents, a 4-valued variable, 6 propositions, 8 events",
                  eight_agent_story(), "eight.del")
        story_row("3. 10 agents, 40 events, 20 propositions, a 5-valued variable",
                  mixed_story(10, 40), "mixed.del")
        if args.quick:
            return 0
        row("4. generate --family stories: 1,000 stories, 5 agents",
            lambda e: ["generate", "--family", "stories", "--size", "1000", "--agents", "5",
                       "--balance", "none", "--allow-leaks", "--seed", "0", "-o", str(tmp / f"gen-{e}"), "--engine", e, "--quiet",
                       "--force"], limit)
        if TOMI.is_file():
            row(f"5. ToMi validation split ({TOMI.name}, 5,994 questions)",
                lambda e: ["check", str(TOMI), "--format", "tomi", "--engine", e, "-q",
                           "-o", str(tmp / f"tomi-{e}.jsonl"), "--force"], limit,
                engines=("symbolic", "explicit", "auto"),
                allowed=(0, 1))  # exit 1: the 384 questions where the model and ToMi differ
        else:
            print(f"- 5. ToMi: skipped ({TOMI} not found; set MINDGAMES_SHARED)")
        print("6. symbolic engine, growth (stories as in row 3)")
        print("   agents (20 events, 20 propositions):")
        for n in range(2, 13, 2):
            path = tmp / f"agents{n}.del"
            path.write_text(mixed_story(n, 20), encoding="utf-8")
            wall, cpu, rss, where = run(["check", str(path), "--engine", "symbolic", "-q"])
            print(f"    {n:3d} agents  {fmt(wall, cpu, rss, limit, where)}")
        print("   events (6 agents, 20 propositions):")
        for n in range(10, 81, 10):
            path = tmp / f"events{n}.del"
            path.write_text(mixed_story(6, n), encoding="utf-8")
            wall, cpu, rss, where = run(["check", str(path), "--engine", "symbolic", "-q"])
            print(f"    {n:3d} events  {fmt(wall, cpu, rss, limit, where)}")
        seeded_rows(args.story_limit, tmp)
        mixed_rows(args.story_limit, tmp)
        unasserted_rows(args.story_limit, tmp)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
