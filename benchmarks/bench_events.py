"""The event-model engine: the DEL conformance corpus end to end, and a story of private
messages among six agents.

* ``corpus`` — every case of ``tests/data/del-corpus.jsonl`` (2,000 cases, 7,028
  queries) read, built, updated and answered as ``mindgames del`` does; ``engine`` is the
  time spent in product updates and query evaluation (target: under 1 s), ``wall`` the
  whole run including JSON reading and writing.
* ``story`` — six agents, six facts, twenty events drawn with a fixed seed from the stock
  actions: private messages (``X tells Y`` a true fact, the others believe nothing
  happened), semi-private messages (the others see that something was said) and changes
  seen by two agents only.  Printed: the time of the twenty product updates, the number
  of worlds after each, and the same story with the model minimized after every event
  (the part reachable from the actual world, bisimulation-contracted).

Both are also run through the reference (SMCDEL's ``SMCDEL.Explicit.K`` via the driver of
``smcdel_bridge/official``, when ``$MINDGAMES_SMCDEL_HOME`` holds a build) in the same run:
its answers must equal ours, and ``ratio`` is its time over ours on the same work: for the
corpus the same cases and queries through the same reader; for the story the same call on
both sides (the twenty updates and the same six queries), the reference's time being the
wait for its answers over the pipe with the driver already started.  The story's
update-only times above (``story:``) are ours alone, not compared.

Every figure is the best of ``--repeat`` runs.

    python benchmarks/bench_events.py [--repeat 3] [--corpus PATH] [--seed 0]
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pyfront.data.del_cases import check_cases, read_cases  # noqa: E402
from smcdel_bridge.dynamic import (  # noqa: E402
    KripkeModel, get_event_backend, holds_at_actual, private_announcement, private_change,
    product_update, semi_private_announcement,
)
from smcdel_bridge.dynamic.minimize import minimize  # noqa: E402
from smcdel_bridge.language import K, Neg, Prp  # noqa: E402

ENGINE_TARGET = 1.0  # seconds of engine time for the whole corpus
AGENTS = ("ann", "bob", "cat", "dan", "eve", "fay")


def bench_corpus(path: Path, repeat: int, backend=None) -> tuple[float, float, int]:
    best_engine = best_wall = float("inf")
    answers = 0
    for _ in range(repeat):
        start = time.perf_counter()
        summary = check_cases(read_cases(str(path)), backend or get_event_backend("explicit"),
                              io.StringIO(), io.StringIO())
        wall = time.perf_counter() - start
        if not summary.ok:
            raise SystemExit(f"corpus: {summary.text(wall)}")
        best_engine = min(best_engine, summary.engine_seconds)
        best_wall = min(best_wall, wall)
        answers = summary.answers
    return best_engine, best_wall, answers


def story(seed: int):
    """The initial model (one world: everyone saw the initial situation) and the twenty
    action models of the story.  A speaker only says what it believes and what is true,
    and never to a listener who believes the opposite (such a listener would be left with
    no belief at all: see docs/event-models.md), so beliefs stay consistent."""
    rng = random.Random(seed)
    facts = tuple(range(1, 7))
    model = story_start()
    actions = []
    for i in range(20):
        kind = ("tell", "semi", "change")[i % 3]
        truth = model.valuation[model.actual[0]]
        while True:
            speaker, listener = rng.sample(AGENTS, 2)
            atom = rng.choice(facts)
            fact = Prp(atom) if atom in truth else Neg(Prp(atom))
            if kind == "change" or (holds_at_actual(model, K(speaker, fact))
                                    and not holds_at_actual(model, K(listener, Neg(fact)))):
                break
        if kind == "tell":
            act = private_announcement(AGENTS, (speaker, listener), fact,
                                       f"{speaker} tells {listener} that {fact}")
        elif kind == "semi":
            act = semi_private_announcement(AGENTS, (speaker, listener), fact,
                                            f"{speaker} tells {listener} whether {atom}")
        else:
            act = private_change(AGENTS, (speaker, listener), {atom: Neg(Prp(atom))},
                                 f"{speaker} flips {atom}, {listener} watching")
        actions.append(act)
        model = product_update(model, act)
    return story_start(), actions


def story_start() -> KripkeModel:
    return KripkeModel(AGENTS, ("w0",), {"w0": {1, 3, 5}},
                       {a: {"w0": {"w0"}} for a in AGENTS}, "w0", tuple(range(1, 7)))


def run_story(model, actions, shrink: bool) -> tuple[float, list[int], KripkeModel]:
    sizes = []
    start = time.perf_counter()
    for act in actions:
        model = product_update(model, act)
        if shrink:
            model = minimize(model)
        sizes.append(len(model.worlds))
    return time.perf_counter() - start, sizes, model


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--corpus", type=Path, default=REPO / "tests" / "data" / "del-corpus.jsonl")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    from reference_timing import event_reference, ratio

    reference, why = event_reference()
    engine, wall, answers = bench_corpus(args.corpus, args.repeat)
    verdict = "ok" if engine < ENGINE_TARGET else "TOO SLOW"
    print(f"corpus: {answers} answers, engine {engine:.3f} s, wall {wall:.3f} s "
          f"(target: engine < {ENGINE_TARGET:.0f} s: {verdict})")
    if reference is None:
        print(f"corpus, reference: not built ({why})")
    else:  # bench_corpus stops on any answer that differs from the recorded ones
        ref_engine, ref_wall, _ = bench_corpus(args.corpus, args.repeat, reference)
        print(f"corpus, reference (SMCDEL.Explicit.K): {answers} answers equal, "
              f"{ref_engine:.3f} s, wall {ref_wall:.3f} s; ratio {ratio(engine, ref_engine)}")

    model, actions = story(args.seed)
    for shrink in (False, True):
        best = float("inf")
        for _ in range(args.repeat):
            seconds, sizes, final = run_story(model, actions, shrink)
            best = min(best, seconds)
        consistent = all(final.successors(a, w) for a in AGENTS for w in final.actual)
        name = "story, minimized after each event" if shrink else "story"
        print(f"{name}: 6 agents, 20 events, {best:.3f} s, {sizes[-1]} worlds at the end "
              f"(after each event: {' '.join(map(str, sizes))}); every belief consistent at the "
              f"actual world: {consistent}")
        if shrink:
            continue
        if reference is None:
            print("story, reference: not built")
            continue
        # the same call on both sides: the twenty updates and the same queries
        probe = [K(a, Prp(1)) for a in AGENTS]
        engine_backend = get_event_backend("explicit")
        own_best = ref_best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            ours = engine_backend.run(model, actions, probe)
            own_best = min(own_best, time.perf_counter() - start)
            start = time.perf_counter()
            theirs = reference.run(model, actions, probe)
            ref_best = min(ref_best, time.perf_counter() - start)
        same = theirs == ours
        print(f"story, updates and {len(probe)} queries, ours {own_best:.3f} s; reference "
              f"(SMCDEL.Explicit.K) {theirs.final_worlds} worlds at the end, answers "
              f"{'equal' if same else 'DIFFER'}, {ref_best:.3f} s; ratio "
              f"{ratio(own_best, ref_best)}")
        verdict = verdict if same else "DIFFER"
    if reference is not None:
        reference.close()
    return 0 if verdict == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
