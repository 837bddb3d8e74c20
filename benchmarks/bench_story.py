"""Stories on the event-model engine: time and model size.

1. Reading DSL files with many hypotheses (issue: reading was quadratic in their number):
   seconds to read 5,000, 10,000 and 20,000 hypotheses, and seconds per 1,000.
2. A 6-agent story of 20 events with private messages, moves some agents miss, peeks and
   lies (seeded): seconds to compile and answer, and the number of worlds after each event,
   with and without bisimulation contraction.
3. The story examples (``examples/stories``): seconds to check them all.

    python benchmarks/bench_story.py [--seed 0] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pyfront.problem.dsl import parse_problems  # noqa: E402
from pyfront.data.loading import load_document  # noqa: E402
from pyfront.story import compile as C  # noqa: E402
from pyfront.story.dsl import parse_story  # noqa: E402
from pyfront.story.dsl_print import to_dsl  # noqa: E402


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def reading(repeat: int) -> None:
    print("1. reading hypotheses")
    for n in (5000, 10000, 20000):
        text = "problem p\n agents A, B\n setup forehead\n" + "".join(
            f" hypothesis h{i}: A knows that muddy(B) expect true\n" for i in range(n))
        s = best(lambda: parse_problems(text), repeat)
        print(f"   {n:6d} hypotheses: {s:6.2f} s  ({s / n * 1000:.3f} s per 1,000)")


AGENTS = ["Ann", "Bob", "Cy", "Dee", "Eva", "Fay"]


def six_agent_story(seed: int) -> str:
    rng = random.Random(seed)
    lines = ["story six", "  agents " + ", ".join(AGENTS), "  rooms hall, yard",
             "  location(key): drawer, mat, shelf", "  location(ring): box, bag",
             "  it is common knowledge that the key is in the drawer and the ring is in the box"]
    lines += [f"  {a} is in the hall" for a in AGENTS]
    where = {a: "hall" for a in AGENTS}
    for i in range(20):
        a = rng.choice(AGENTS)
        kind = ["move", "tell", "peek", "leave", "lie", "move", "tell"][i % 7]
        others = [b for b in AGENTS if b != a]
        if kind == "leave":
            if where[a] is None:
                room = rng.choice(["hall", "yard"])
                lines.append(f"  {a} enters the {room}")
                where[a] = room
            else:
                lines.append(f"  {a} leaves")
                where[a] = None
        elif kind == "move":
            obj, vals = rng.choice([("key", ["drawer", "mat", "shelf"]), ("ring", ["box", "bag"])])
            lines.append(f"  {a} moves the {obj} to the {rng.choice(vals)}")
        elif kind == "tell":
            b = rng.choice(others)
            # a message needs no knowledge of the speaker's (a ``tells … whether`` would:
            # after a move the speaker missed it cannot happen)
            lines.append(f"  {a} asserts to {b} that the ring is in the bag")
        elif kind == "peek":
            lines.append(f"  {a} peeks at the key")
        else:
            b = rng.choice(others)
            lines.append(f"  {a} looks at the ring")
    lines.append("  question q: where does Ann think Bob thinks the key is?")
    lines.append("  hypothesis h: Cy believes that Dee believes that the ring is in the box")
    return "\n".join(lines) + "\n"


def big_story(seed: int, repeat: int) -> None:
    text = six_agent_story(seed)
    story = parse_story(text)
    assert parse_story(to_dsl(story)) == story
    print(f"2. a 6-agent story of {len(story.events)} events (seed {seed})")

    def run():
        c = C.compile_story(story)
        C.evaluate(story, c)
        return c

    s = best(run, repeat)
    sizes = [len(st.model.worlds) for st in run().states]
    print(f"   compile and answer: {s:.3f} s; worlds after each event: {sizes}")
    short = story.model_copy(update={"events": story.events[:14], "hypotheses": [], "questions": []})
    from smcdel_bridge.dynamic.belief import explicit as engine

    for label, fn in (("with", engine.contract), ("without", lambda pm: pm)):
        original = engine.contract
        engine.contract = fn
        try:
            t = time.perf_counter()
            sizes = [len(st.model.worlds) for st in C.compile_story(short).states]
            took = time.perf_counter() - t
        finally:
            engine.contract = original
        print(f"   first 14 events {label} contraction: {took:.3f} s; worlds: {sizes}")


def examples(repeat: int) -> None:
    paths = sorted((REPO / "examples" / "stories").glob("*.del"))

    def run():
        for p in paths:
            for s in load_document(p):
                C.evaluate(s)

    print(f"3. the {len(paths)} story examples: {best(run, repeat):.3f} s to read, compile and answer")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    reading(args.repeat)
    big_story(args.seed, args.repeat)
    examples(args.repeat)


if __name__ == "__main__":
    main()
