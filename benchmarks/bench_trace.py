"""How long ``mindgames trace`` takes: stories of 5 agents and 40 sentences (moves, exits and
entrances drawn with a fixed seed), traced to order 4 in this process (206 chains of
distinct agents after every sentence), on the engine ``auto`` picks and on each engine
asked for by name.  Prints wall and CPU seconds per story (the median over the stories;
the machine may be shared, CPU time is what the run itself costs).

    python benchmarks/bench_trace.py [--stories 5] [--order 4] [--engines auto,symbolic]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

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


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stories", type=int, default=5)
    ap.add_argument("--order", type=int, default=4)
    ap.add_argument("--engines", default="auto,symbolic")
    args = ap.parse_args(argv)
    stories = [parse_story(story_text(seed)) for seed in range(1, args.stories + 1)]
    print(f"{args.stories} stories, {len(AGENTS)} agents, 40 sentences, order {args.order} "
          f"(auto picks {engine_name(stories[0])})")
    print(f"{'engine':<10} {'wall s/story':>13} {'cpu s/story':>12} {'chains':>8}")
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


if __name__ == "__main__":
    main()
