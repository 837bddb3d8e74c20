"""How long ``mindgames trace`` takes: stories of 5 agents and 40 sentences (moves, exits and
entrances drawn with a fixed seed), traced to order 4 in this process (206 chains of
distinct agents after every sentence), on the engine ``auto`` picks and on each engine
asked for by name.  Prints wall and CPU seconds per story (the median over the stories;
the machine may be shared, CPU time is what the run itself costs).

With ``--deltom-src DIR`` (a checkout of DEL-ToM's ``Hi-ToM_dataset`` folder: github
joel-wu/DEL-ToM; its code is run from there, in a child process, never copied here), it also
times DEL-ToM's own generator-with-trace on as many stories: its longest stories (three
chapters, with tells: 5 agents, 37 to 46 sentences, its recorder's 206 chains after every
sentence), seeded, (1) ``Specify_Tasks.generate_story_qs_at_end`` alone (a story and its
trace in memory) and (2) ``generate_tasks.generate_story_with_specified_chapters`` (what its
``main`` runs: the same, then the ten prompt files and ``trace.jsonl`` of each story written
to a temporary folder), and prints the ratios.

    python benchmarks/bench_trace.py [--stories 5] [--order 4] [--engines auto,symbolic]
                                     [--deltom-src DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from pyfront.steps.trace import story_trace
from pyfront.story.compile import engine_name
from pyfront.story.dsl import parse_story

AGENTS = ("Ava", "Ben", "Cal", "Dan", "Eve")
PLACES = ("crate", "box", "basket", "drawer", "bag")


def story_text(seed: int, sentences: int = 40) -> str:
    """A story of 5 agents: the apple put in the crate, then moves, exits and entrances."""
    r = random.Random(seed)
    present, lines = set(AGENTS), ["Ava puts the apple in the crate"]
    while len(lines) < sentences:
        who = r.choice(AGENTS)
        if who not in present:
            lines.append(f"{who} enters")
            present.add(who)
        elif r.random() < 0.25:
            lines.append(f"{who} leaves")
            present.discard(who)
        else:
            lines.append(f"{who} moves the apple to the {r.choice(PLACES)}")
    return (f"story s{seed}\n  agents {', '.join(AGENTS)}\n  location(apple): {', '.join(PLACES)}\n"
            + "".join(f"  {x}\n" for x in lines))


#: run in DEL-ToM's folder (its modules import each other by bare name): its functions timed
DELTOM_DRIVER = r"""
import json, random, sys, tempfile, time
import numpy
n, seed = int(sys.argv[1]), int(sys.argv[2])
random.seed(seed); numpy.random.seed(seed)
import generate_tasks
from tasks import Specify_Tasks
from world import World
w = World(); w.load("world_xlarge.txt")
chapters = numpy.array([("A5", True), ("A3", False), ("A4", True)], dtype=object)
task, walls, cpus, lines, chains = Specify_Tasks(), [], [], [], 0
for _ in range(n):
    t0, c0 = time.perf_counter(), time.process_time()
    story, trace = task.generate_story_qs_at_end(w, 3, chapters, num_agents=5, num_locations=3,
                                                 statement_noise=0.1, order=0,
                                                 exist_tell_in_story=True)
    walls.append(time.perf_counter() - t0); cpus.append(time.process_time() - c0)
    lines.append(len(trace))
    last = trace[-1]
    chains = 1 + sum(len(last[k] or {}) for k in ("first", "second", "third", "fourth"))
with tempfile.TemporaryDirectory() as out:
    t0, c0 = time.perf_counter(), time.process_time()
    generate_tasks.generate_story_with_specified_chapters(
        ["world_xlarge.txt"], out, [n], noise=0.1, num_chapter=3, exist_tell_in_story=True)
    full = [(time.perf_counter() - t0) / n, (time.process_time() - c0) / n]
print(json.dumps({"walls": walls, "cpus": cpus, "lines": lines, "chains": chains, "full": full}))
"""


def time_deltom(src: Path, stories: int, seed: int = 1001) -> dict | str:
    """DEL-ToM's generator timed in its own folder; or why it could not be."""
    if not (src / "generate_tasks.py").is_file() or not (src / "world_xlarge.txt").is_file():
        return f"{src} is not DEL-ToM's Hi-ToM_dataset folder (no generate_tasks.py, world_xlarge.txt)"
    done = subprocess.run([sys.executable, "-c", DELTOM_DRIVER, str(stories), str(seed)], cwd=src,
                          capture_output=True, text=True)
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no message"])[-1]
        return f"DEL-ToM's generator failed: {tail}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def report_deltom(src: str | None, stories: int, ours: tuple[float, float]) -> None:
    if src is None:
        print("DEL-ToM's generator: not timed (the reference was not given: --deltom-src DIR, "
              "a checkout of DEL-ToM's Hi-ToM_dataset folder)")
        return
    got = time_deltom(Path(src), stories)
    if isinstance(got, str):
        print(f"DEL-ToM's generator: not timed ({got})")
        return
    wall, cpu = statistics.median(got["walls"]), statistics.median(got["cpus"])
    print(f"DEL-ToM's generator-with-trace, {stories} stories of 3 chapters with tells "
          f"({min(got['lines'])}-{max(got['lines'])} sentences, {got['chains']} chains)")
    print(f"{'what':<34} {'wall s/story':>13} {'cpu s/story':>12}")
    print(f"{'story and trace (in memory)':<34} {wall:>13.4f} {cpu:>12.4f}")
    print(f"{'its main: files written too':<34} {got['full'][0]:>13.4f} {got['full'][1]:>12.4f}")
    print(f"{'our trace (symbolic, 40 sentences)':<34} {ours[0]:>13.4f} {ours[1]:>12.4f}")
    print(f"ratio ours / theirs (cpu s/story): {ours[1] / cpu:.1f} against their story and "
          f"trace, {ours[1] / got['full'][1]:.1f} against their main; cpu ms/sentence: ours "
          f"{ours[1] / 40 * 1000:.2f}, theirs {cpu / statistics.mean(got['lines']) * 1000:.3f}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stories", type=int, default=5)
    ap.add_argument("--order", type=int, default=4)
    ap.add_argument("--engines", default="auto,symbolic")
    ap.add_argument("--deltom-src", metavar="DIR",
                    help="DEL-ToM's Hi-ToM_dataset folder: time its generator-with-trace too")
    args = ap.parse_args(argv)
    stories = [parse_story(story_text(seed)) for seed in range(1, args.stories + 1)]
    print(f"{args.stories} stories, {len(AGENTS)} agents, 40 sentences, order {args.order} "
          f"(auto picks {engine_name(stories[0])})")
    print(f"{'engine':<10} {'wall s/story':>13} {'cpu s/story':>12} {'chains':>8}")
    symbolic = None
    for engine in args.engines.split(","):
        walls, cpus, chains = [], [], 0
        for story in stories:
            w, c = time.perf_counter(), time.process_time()
            steps = story_trace(story, args.order, engine=engine)
            walls.append(time.perf_counter() - w)
            cpus.append(time.process_time() - c)
            chains = len(steps[-1]["chains"])
        print(f"{engine:<10} {statistics.median(walls):>13.2f} {statistics.median(cpus):>12.2f} "
              f"{chains:>8}")
        if engine == "symbolic" or (symbolic is None and engine == "auto"):
            symbolic = (statistics.median(walls), statistics.median(cpus))
    report_deltom(args.deltom_src, args.stories, symbolic or (0.0, 0.0))


if __name__ == "__main__":
    main()
