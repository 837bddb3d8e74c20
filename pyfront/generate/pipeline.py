"""The generation pipeline: draw -> check -> select -> render -> split -> write.

1. **draw** (:mod:`.sampling`): chunks of random premises, each with candidate hypotheses.
   Chunk ``c`` of setup ``s`` is seeded from the master seed, ``s`` and ``c`` only.
2. **check** (:mod:`.labels`): is the premise contradictory (``[!a1]…[!an] ⊥`` valid)?
   If not, every candidate's label (``[!a1]…[!an] h`` valid).
3. **select**, in chunk order: contradictory premises are discarded; a remaining draw with
   D distinct hypotheses asks for ``pair_rate * D / 2`` pairs (rounded at random: the
   published pipeline kept all D, so its rows grew with D) and gets as many as it has
   entailed and non-entailed hypotheses not yet taken for that premise (a premise drawn
   twice is the same premise) — until every setup has its quota.  Pairs make every
   premise, hence every setup and every split, exactly 50/50; with ``balance="hypothesis"``
   a pair's two hypotheses also share their shape (:mod:`.balance`), so every hypothesis
   shape is 50/50 too.
4. **render**: names (a stream of the master seed per premise), English, the published
   SMCDEL forms and the DSL text of each row; a premise whose English is already another
   premise's gets other names (:func:`unique_premise_texts`), so splits made of premises
   are made of premise texts.
5. **split** (:mod:`.split`) by premise, shuffle each split, **write** JSONL and the card.

Steps 1-2 and 4 run in worker processes; each task is a pure function of its inputs and
results are consumed in task order, so the files are byte-identical whatever the number of
workers.  Tasks are handed out lazily and stop as soon as the quotas are met.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Callable, Iterator

from smcdel_bridge.values import field, value

from .balance import BALANCE_MODES
from .calibration import PAIR_RATE
from .check_stage import CHUNK_SIZE, CheckedDraw, CheckResult, CheckTask, run_check_task
from .output import dumps_row, label_counts, verify, write_splits
from .rendering import (
    COLUMNS, RENAME_ATTEMPTS, RenderTask, render_group, row_id, run_render_task,
    unique_premise_texts,
)
from .sampling import SamplingParams, paper_params
from .seeds import derive_seed, stream
from .selection import PATIENCE, PremiseGroup, SetupProgress
from .split import SPLIT_NAMES, assign

__all__ = [
    "CHUNK_SIZE", "COLUMNS", "PATIENCE", "RENAME_ATTEMPTS", "CheckTask", "CheckedDraw",
    "CheckResult", "GenerateConfig", "GenerationResult", "PremiseGroup", "RenderTask",
    "SetupProgress", "StageTiming", "dumps_row", "generate", "label_counts", "render_group",
    "row_id", "run_check_task", "run_render_task", "unique_premise_texts", "verify",
    "write_splits",
]

#: premise groups rendered per render task
RENDER_BATCH = 64


@value(frozen=True)
class GenerateConfig:
    """Everything that decides the output (the card records all of it)."""

    #: rows per setup (even: every premise gives one entailed and one non-entailed row)
    size: int
    seed: int = 0
    setups: tuple[str, ...] = ("forehead", "forehead_mirror", "internal", "explicit")
    sampling: SamplingParams = field(default_factory=paper_params)
    #: pairs a draw asks for per distinct hypothesis, over two (1: as many rows as the
    #: published pipeline's, which kept every distinct hypothesis; lower: more premises)
    pair_rate: float = PAIR_RATE
    #: most pairs one premise may give over all its draws (None: no limit)
    pairs_per_premise: int | None = None
    ratios: tuple[float, float, float] = (0.6, 0.2, 0.2)
    style: str = "mindgames"
    engine: str = "auto"
    #: "none": pairs of any hypotheses (the published-calibrated distribution);
    #: "hypothesis": pairs of the same hypothesis shape only (:mod:`.balance`)
    balance: str = "none"

    def __post_init__(self) -> None:
        if self.size < 2 or self.size % 2:
            raise ValueError(
                f"size must be an even number >= 2 (each premise gives one entailed and one "
                f"non-entailed row): got {self.size}"
            )
        if not self.setups:
            raise ValueError("no setup chosen")
        if self.pairs_per_premise is not None and self.pairs_per_premise < 1:
            raise ValueError("pairs_per_premise must be at least 1")
        if not 0.0 < self.pair_rate <= 1.0:
            raise ValueError(f"pair_rate must be in (0, 1]: got {self.pair_rate}")
        if self.balance not in BALANCE_MODES:
            raise ValueError(f"balance must be one of {', '.join(BALANCE_MODES)}: got {self.balance!r}")


# --- running tasks in order ------------------------------------------------------------------

class _Runner:
    """Runs tasks inline (1 worker) or in a process pool, yielding results in task order."""

    def __init__(self, workers: int):
        self.workers = max(1, workers)
        self.pool = None
        if self.workers > 1:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
            self.pool = ProcessPoolExecutor(self.workers, mp_context=ctx)

    def ordered(self, fn: Callable, tasks: Iterator) -> Iterator:
        """Results of ``fn`` over ``tasks`` in order; ``tasks`` is pulled lazily (it may
        look at results already yielded to decide whether to go on)."""
        if self.pool is None:
            for t in tasks:
                yield fn(t)
            return
        pending: deque = deque()
        depth = 2 * self.workers
        it = iter(tasks)
        exhausted = False
        while True:
            while not exhausted and len(pending) < depth:
                try:
                    pending.append(self.pool.submit(fn, next(it)))
                except StopIteration:
                    exhausted = True
            if not pending:
                return
            yield pending.popleft().result()

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


# --- the whole run ------------------------------------------------------------------------

@value
class StageTiming:
    name: str
    seconds: float
    items: int
    unit: str

    @property
    def rate(self) -> float:
        return self.items / self.seconds if self.seconds > 0 else float("inf")


@value
class GenerationResult:
    config: GenerateConfig
    #: split name -> rows (with ``id``), in file order
    splits: dict[str, list[dict]]
    progress: dict[str, SetupProgress]
    stages: list[StageTiming]
    wall_seconds: float
    workers: int

    @property
    def rows(self) -> list[dict]:
        return [r for name in SPLIT_NAMES for r in self.splits[name]]

    def shortfalls(self) -> dict[str, int]:
        """Setups that could not reach their size: setup -> rows produced."""
        return {
            s: 2 * p.pairs for s, p in self.progress.items() if p.pairs < p.quota_pairs
        }


def _check_tasks(config: GenerateConfig, progress: dict[str, SetupProgress]) -> Iterator[CheckTask]:
    from pyfront.problem.setups import get_setup

    rules = {s: get_setup(s).observability for s in config.setups}
    chunk = 0
    while True:
        live = [s for s in config.setups if not progress[s].done]
        if not live:
            return
        for s in live:
            yield CheckTask(
                setup=s,
                rule=rules[s],
                chunk=chunk,
                seed=derive_seed(config.seed, "draws", s, chunk),
                params=config.sampling,
                engine=config.engine,
                pair_rate=config.pair_rate,
            )
        chunk += 1


def generate(
    config: GenerateConfig,
    *,
    workers: int = 1,
    on_progress: Callable[[str, int, int], None] | None = None,
) -> GenerationResult:
    """Run the pipeline; ``on_progress(stage, done, total)`` is told how far it got."""
    from pyfront.problem.setups import get_setup

    for s in config.setups:
        get_setup(s)  # unknown setups fail before any work
    start = time.perf_counter()
    progress = {s: SetupProgress(s, config.size // 2) for s in config.setups}
    total_pairs = sum(p.quota_pairs for p in progress.values())
    runner = _Runner(workers)
    draw_s = check_s = render_cpu = 0.0
    jobs = draws = 0
    try:
        # stages 1-3 ---------------------------------------------------------------
        t_check = time.perf_counter()
        # every setup's chunks are consumed strictly in chunk order; a chunk computed after
        # its setup is done is ignored, so the selection never depends on scheduling
        for result in runner.ordered(run_check_task, _check_tasks(config, progress)):
            p = progress[result.setup]
            draw_s += result.draw_seconds
            check_s += result.check_seconds
            if p.done:
                continue
            jobs += result.jobs
            draws += len(result.checked)
            p.consume(result, config.pairs_per_premise, config.balance)
            if on_progress:
                on_progress("select", sum(min(q.pairs, q.quota_pairs) for q in progress.values()), total_pairs)
        t_checked = time.perf_counter()

        # stage 4 ---------------------------------------------------------------------
        groups = [g for s in config.setups for g in progress[s].groups.values()]
        batches = [tuple(groups[i:i + RENDER_BATCH]) for i in range(0, len(groups), RENDER_BATCH)]
        rendered: list[list[dict]] = []
        for k, (rows, seconds) in enumerate(
            runner.ordered(run_render_task, (RenderTask(b, config.seed, config.style) for b in batches))
        ):
            rendered.extend(rows)
            render_cpu += seconds
            if on_progress:
                on_progress("render", k + 1, len(batches))
    finally:
        runner.close()
    kept, rendered, renamed, dropped = unique_premise_texts(groups, rendered, config.seed, config.style)
    for g in renamed:
        progress[g.setup].renamed += 1
    for g in dropped:
        progress[g.setup].same_text += 1
        progress[g.setup].pairs -= len(g.rows) // 2
    groups = kept
    t_rendered = time.perf_counter()

    # stage 5 -------------------------------------------------------------------------------
    splits: dict[str, list[dict]] = {name: [] for name in SPLIT_NAMES}
    for s in config.setups:
        idx = [i for i, g in enumerate(groups) if g.setup == s]
        where = assign(idx, [len(rendered[i]) for i in idx], config.ratios)
        for i, k in zip(idx, where):
            for row in rendered[i]:
                splits[SPLIT_NAMES[k]].append(row)
    for name, rows in splits.items():
        stream(config.seed, "order", name).shuffle(rows)
    t_split = time.perf_counter()

    rows_total = sum(len(v) for v in splits.values())
    stages = [
        StageTiming("draw", draw_s, draws, "premises"),
        StageTiming("check", check_s, jobs, "jobs"),
        StageTiming("draw+check+select (wall)", t_checked - t_check, draws, "premises"),
        StageTiming("render", render_cpu, rows_total, "rows"),
        StageTiming("render (wall)", t_rendered - t_checked, rows_total, "rows"),
        StageTiming("split", t_split - t_rendered, rows_total, "rows"),
    ]
    return GenerationResult(config, splits, progress, stages, time.perf_counter() - start, runner.workers)
