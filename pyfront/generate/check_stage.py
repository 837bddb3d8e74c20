"""Stages 1-2 of generation (worker side): draw a chunk of premises and label their
hypotheses; each task is a pure function of its inputs."""

from __future__ import annotations

import time

from smcdel_bridge.values import value

from .calibration import PAIR_RATE
from .sampling import Draw, SamplingParams, draw_hypotheses, draw_premise
from .seeds import stream

#: premises drawn per check task
CHUNK_SIZE = 48

@value(frozen=True)
class CheckTask:
    setup: str
    rule: str
    chunk: int
    seed: int
    params: SamplingParams
    engine: str
    pair_rate: float = PAIR_RATE
    count: int = CHUNK_SIZE


@value
class CheckedDraw:
    draw: Draw
    contradictory: bool
    #: one per hypothesis; None when the backend failed on the premise
    labels: tuple[bool, ...] | None
    error: str | None = None
    #: pairs the draw asks for (0: thinned out, its hypotheses were not labelled)
    want: int = 0


@value
class CheckResult:
    setup: str
    chunk: int
    checked: list[CheckedDraw]
    draw_seconds: float
    check_seconds: float
    jobs: int


_LABELLERS: dict[str, object] = {}


def _labeller(engine: str):
    """One labeller per engine and process (its engine caches compiled structures)."""
    if engine not in _LABELLERS:
        from .labels import Labeller

        _LABELLERS[engine] = Labeller(engine)
    return _LABELLERS[engine]


def run_check_task(task: CheckTask) -> CheckResult:
    """Draw a chunk of premises and label them (pure function of ``task``).

    A premise is settled before its hypotheses are drawn: contradictory ones get none."""
    from smcdel_bridge.errors import SmcdelError

    rng = stream(task.seed)
    labeller = _labeller(task.engine)
    jobs_before = labeller.jobs
    checked: list[CheckedDraw] = []
    draw_s = check_s = 0.0
    for _ in range(task.count):
        t0 = time.perf_counter()
        premise = draw_premise(rng, task.setup, task.rule, task.params)
        t1 = time.perf_counter()
        try:
            state = labeller.after(premise)
        except SmcdelError as err:
            checked.append(CheckedDraw(Draw(premise, 0), False, None, str(err)))
            continue
        finally:
            check_s += time.perf_counter() - t1
        draw_s += t1 - t0
        if state is None:
            checked.append(CheckedDraw(Draw(premise, 0), True, ()))
            continue
        t2 = time.perf_counter()
        depth, drawn = draw_hypotheses(rng, premise, task.params)
        # the original pipeline kept every distinct hypothesis alike: take them in random
        # order, not in order of first appearance (which favours the likelier ones)
        order = list(drawn)
        rng.shuffle(order)
        hypotheses = tuple(order)
        want = int(task.pair_rate * len(hypotheses) / 2 + rng.random())
        t3 = time.perf_counter()
        draw_s += t3 - t2
        if want == 0:
            checked.append(CheckedDraw(Draw(premise, depth), False, ()))
            continue
        try:
            labels = labeller.labels(state, hypotheses)
        except SmcdelError as err:
            checked.append(CheckedDraw(Draw(premise, depth, hypotheses), False, None, str(err)))
            continue
        finally:
            check_s += time.perf_counter() - t3
        checked.append(CheckedDraw(Draw(premise, depth, hypotheses), False, labels, want=want))
    return CheckResult(task.setup, task.chunk, checked, draw_s, check_s, labeller.jobs - jobs_before)
