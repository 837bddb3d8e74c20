"""Stories on the event-model engine: time and model size.

1. Reading DSL files with many hypotheses (issue: reading was quadratic in their number):
   seconds to read 5,000, 10,000 and 20,000 hypotheses, and seconds per 1,000.
2. A 6-agent story of 20 events with private messages, moves some agents miss, peeks and
   lies (seeded): seconds to compile and answer, and the number of worlds after each event,
   with and without bisimulation contraction.
3. The story examples (``examples/stories``): seconds to check them all.
4. Story plans on both belief engines: the plan items of ``examples/stories/plan_*.del``
   and a story of nine candidate events within three steps, each item's shortest plan and
   every plan up to its bound, seconds per engine (the plans must be equal).

    python benchmarks/bench_story.py [--seed 0] [--repeat 3] [--part all|reading|big|examples|plans]
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


#: a planning story with every kind of candidate the marble allows (secret and public,
#: true and false, moves some miss): 9 candidates, plans of up to 3 steps
NINE_CANDIDATES = """story nine
  agents Ann, Bob, Cid
  location(marble): basket, box
  actually the marble is in the box
  goal Ann believes that Bob believes that the marble is in the basket
  keep Cid does not believe that the marble is in the box
  may announce the marble is in the box
  may Ann looks at the marble
  may Bob peeks at the marble
  may Ann tells Bob that the marble is in the box
  may Cid moves the marble to the box
  may Bob moves the marble to the basket, unseen by Ann
  may Cid tells Ann that the marble is in the basket
  may Ann lies to Bob that the marble is in the basket
  may Cid peeks at the marble
  plan p: within 3 steps expect length 2
"""


def story_plans(repeat: int) -> None:
    from pyfront.planning.stories import story_domain
    from smcdel_bridge.planning import all_plans, shortest_plan

    stories = [(p.name, s) for p in sorted((REPO / "examples" / "stories").glob("plan_*.del"))
               for s in load_document(p)]
    stories.append(("nine candidates", parse_story(NINE_CANDIDATES)))
    print("4. story plans: every item's shortest plan and all plans up to its bound "
          f"(best of {repeat})")
    print(f"   {'story':28} {'items':>5} {'plans':>5} {'explicit':>9} {'symbolic':>9} "
          f"{'sym/exp':>7}")
    for name, story in stories:
        took, answers = {}, {}
        for engine in ("explicit", "symbolic"):
            def run():
                out = []
                for item in story.planning.plans:
                    domain, task, _, _ = story_domain(story, item, (), engine)
                    found = shortest_plan(domain, task).plan
                    every = all_plans(domain, task)
                    out.append((None if found is None else [domain.action_name(a) for a in found],
                                [[domain.action_name(a) for a in p] for p in every]))
                answers[engine] = out
            took[engine] = best(run, repeat)
        if answers["explicit"] != answers["symbolic"]:
            raise SystemExit(f"bench_story: {name}: the engines' plans differ")
        plans = sum(len(every) for _, every in answers["explicit"])
        print(f"   {name:28} {len(story.planning.plans):5d} {plans:5d} "
              f"{took['explicit']:7.3f} s {took['symbolic']:7.3f} s "
              f"{took['symbolic'] / took['explicit']:7.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--part", choices=("all", "reading", "big", "examples", "plans"),
                    default="all")
    args = ap.parse_args()
    if args.part in ("all", "reading"):
        reading(args.repeat)
    if args.part in ("all", "big"):
        big_story(args.seed, args.repeat)
    if args.part in ("all", "examples"):
        examples(args.repeat)
    if args.part in ("all", "plans"):
        story_plans(args.repeat)


if __name__ == "__main__":
    main()
