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

import json
import os
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .sampling import (
    Draw, PremiseDraft, Recipe, SamplingParams, draw_hypotheses, draw_premise, paper_params,
    to_form,
)
from .balance import BALANCE_MODES, same_shape_pairs
from .calibration import PAIR_RATE
from .seeds import derive_seed, stream
from .split import SPLIT_NAMES, assign

#: premises drawn per check task
CHUNK_SIZE = 48
#: premise groups rendered per render task
RENDER_BATCH = 64
#: a setup whose last this-many chunks gave no new pair is exhausted
PATIENCE = 25

#: published columns, then ours
COLUMNS = (
    "id",
    "premise",
    "smcdel_problem",
    "n_announcements",
    "pbcheck",
    "hypothesis",
    "setup",
    "hypothesis_depth",
    "n_agents",
    "label",
    "names",
    "problem",
)


@dataclass(frozen=True)
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


# --- stage 1-2: draw and check (worker side) -----------------------------------------

@dataclass(frozen=True)
class CheckTask:
    setup: str
    rule: str
    chunk: int
    seed: int
    params: SamplingParams
    engine: str
    pair_rate: float = PAIR_RATE
    count: int = CHUNK_SIZE


@dataclass
class CheckedDraw:
    draw: Draw
    contradictory: bool
    #: one per hypothesis; None when the backend failed on the premise
    labels: tuple[bool, ...] | None
    error: str | None = None
    #: pairs the draw asks for (0: thinned out, its hypotheses were not labelled)
    want: int = 0


@dataclass
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


# --- stage 3: selection (main process) --------------------------------------------------

@dataclass
class PremiseGroup:
    """The selected rows of one premise: (hypothesis, depth, label) in selection order."""

    setup: str
    ordinal: int
    premise: PremiseDraft
    rows: list[tuple[Recipe, int, bool]] = field(default_factory=list)


@dataclass
class SetupProgress:
    setup: str
    quota_pairs: int
    groups: dict[PremiseDraft, PremiseGroup] = field(default_factory=dict)
    taken: set[tuple[PremiseDraft, Recipe]] = field(default_factory=set)
    pairs: int = 0
    chunks: int = 0
    draws: int = 0
    contradictory: int = 0
    one_sided: int = 0
    thinned: int = 0
    repeated: int = 0
    capped: int = 0
    failed: int = 0
    #: premises given other names because their English was another premise's
    renamed: int = 0
    #: premises dropped because no names made their English differ from another's
    same_text: int = 0
    #: the first engine error met, if any
    first_error: str | None = None
    idle_chunks: int = 0
    exhausted: bool = False

    @property
    def done(self) -> bool:
        return self.pairs >= self.quota_pairs or self.exhausted

    def consume(self, result: CheckResult, pairs_per_premise: int | None,
                balance: str = "none") -> int:
        """Take pairs from one checked chunk; returns the number of new pairs."""
        before = self.pairs
        self.chunks += 1
        for c in result.checked:
            if self.pairs >= self.quota_pairs:
                break
            self.draws += 1
            if c.labels is None:
                self.failed += 1
                self.first_error = self.first_error or c.error
                continue
            if c.contradictory:
                self.contradictory += 1
                continue
            if c.want == 0:
                self.thinned += 1
                continue
            key = c.draw.premise
            group = self.groups.get(key)
            want = min(c.want, self.quota_pairs - self.pairs)
            if pairs_per_premise is not None:
                want = min(want, pairs_per_premise - (len(group.rows) // 2 if group else 0))
                if want <= 0:
                    self.capped += 1
                    continue
            yes: list[Recipe] = []
            no: list[Recipe] = []
            for h, label in zip(c.draw.hypotheses, c.labels):
                if (key, h) not in self.taken:
                    (yes if label else no).append(h)
            if balance == "hypothesis":
                pairs = same_shape_pairs(yes, no, want)
            else:
                pairs = list(zip(yes, no))[:want]
            k = len(pairs)
            if k == 0:
                self.one_sided += 1
                continue
            if group is None:
                group = self.groups[key] = PremiseGroup(self.setup, len(self.groups), key)
            else:
                self.repeated += 1
            for y, n in pairs:
                group.rows += [(y, c.draw.depth, True), (n, c.draw.depth, False)]
                self.taken.update({(key, y), (key, n)})
            self.pairs += k
        gained = self.pairs - before
        self.idle_chunks = 0 if gained else self.idle_chunks + 1
        if self.idle_chunks >= PATIENCE and self.pairs < self.quota_pairs:
            self.exhausted = True
        return gained


# --- stage 4: rendering (worker side) ------------------------------------------------------

@dataclass(frozen=True)
class RenderTask:
    groups: tuple[PremiseGroup, ...]
    seed: int
    style: str


def _label_text(value: bool) -> str:
    return "entailment" if value else "not_entailment"


def row_id(setup: str, premise: str, hypothesis: str) -> str:
    """Stable identifier: the setup and a hash of the premise and hypothesis texts."""
    import hashlib

    digest = hashlib.sha256(f"{setup}\x1f{premise}\x1f{hypothesis}".encode("utf-8")).hexdigest()
    return f"{setup}_{digest[:12]}"


def render_group(group: PremiseGroup, seed: int, style: str, attempt: int = 0) -> list[dict]:
    """The rows of one premise, in :data:`COLUMNS` order; ``attempt`` > 0 draws other
    names (see :func:`unique_premise_texts`)."""
    from pyfront.verbalize import hypothesis as hypothesis_text
    from pyfront.verbalize import premise as premise_text
    from pyfront.problem.compile import render as smcdel_text
    from pyfront.problem.dsl_print import to_dsl
    from pyfront.problem.model import Announcement, Hypothesis, Problem
    from .names import draw_names

    p = group.premise
    again = (attempt,) if attempt else ()
    names = draw_names(stream(seed, "names", group.setup, group.ordinal, *again), p.n_agents)
    pb = Problem.from_setup(p.setup, names, observations=[list(r) for r in p.observations])
    pb.announcements = [Announcement(formula=a) for a in p.announcement_forms()]
    pb.hypotheses = [
        Hypothesis(name="h", formula=to_form(h), expected=label) for h, _, label in group.rows
    ]
    premise = premise_text(pb, style=style)
    pbcheck = smcdel_text(pb, 0, pbcheck=True)
    out = []
    for k, (h, depth, label) in enumerate(group.rows):
        hypothesis = hypothesis_text(pb, k, style=style)
        ident = row_id(group.setup, premise, hypothesis)
        single = pb.model_copy(update={"hypotheses": [pb.hypotheses[k]], "name": ident})
        out.append(
            {
                "id": ident,
                "premise": premise,
                "smcdel_problem": smcdel_text(pb, k),
                "n_announcements": len(p.announcements) - 1,
                "pbcheck": pbcheck,
                "hypothesis": hypothesis,
                "setup": group.setup,
                "hypothesis_depth": depth,
                "n_agents": p.n_agents,
                "label": _label_text(label),
                "names": list(names),
                "problem": to_dsl(single, comments=False),
            }
        )
    return out


def run_render_task(task: RenderTask) -> tuple[list[list[dict]], float]:
    t0 = time.perf_counter()
    rows = [render_group(g, task.seed, task.style) for g in task.groups]
    return rows, time.perf_counter() - t0


#: other name draws tried for a premise whose English is already another premise's
RENAME_ATTEMPTS = 50


def unique_premise_texts(
    groups: list[PremiseGroup], rendered: list[list[dict]], seed: int, style: str
) -> tuple[list[PremiseGroup], list[list[dict]], list[PremiseGroup], list[PremiseGroup]]:
    """Make every premise *text* belong to one premise group (returns the groups kept,
    their rows, the groups renamed and the groups dropped).

    Premises differ logically but their English need not: a premise names only the agents
    its announcements mention, so two premises alike up to who is who read the same when
    the names fall the same way.  A model sees the text, so such a group gets other names
    (drawn from its own seed stream, in group order: deterministic); a group whose text
    no names can change is dropped."""
    owner: dict[str, int] = {}
    out_groups: list[PremiseGroup] = []
    out_rows: list[list[dict]] = []
    renamed: list[PremiseGroup] = []
    dropped: list[PremiseGroup] = []
    for group, rows in zip(groups, rendered):
        attempt = 0
        while rows and rows[0]["premise"] in owner and attempt < RENAME_ATTEMPTS:
            attempt += 1
            rows = render_group(group, seed, style, attempt)
        if rows and rows[0]["premise"] in owner:
            dropped.append(group)
            continue
        if attempt:
            renamed.append(group)
        if rows:
            owner[rows[0]["premise"]] = len(out_groups)
        out_groups.append(group)
        out_rows.append(rows)
    return out_groups, out_rows, renamed, dropped


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

@dataclass
class StageTiming:
    name: str
    seconds: float
    items: int
    unit: str

    @property
    def rate(self) -> float:
        return self.items / self.seconds if self.seconds > 0 else float("inf")


@dataclass
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


# --- writing -----------------------------------------------------------------------------------

def dumps_row(row: dict) -> str:
    return json.dumps({k: row[k] for k in COLUMNS}, ensure_ascii=False)


def write_splits(result: GenerationResult, out_dir: Path) -> list[Path]:
    """Write ``<split>.jsonl`` files (atomically, each through a temporary file)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in SPLIT_NAMES:
        path = out_dir / f"{name}.jsonl"
        tmp = path.with_suffix(".jsonl.tmp")
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            for row in result.splits[name]:
                fh.write(dumps_row(row) + "\n")
        try:
            os.replace(tmp, path)
        except OSError as err:  # a directory in the way, say: name it, leave no temporary
            tmp.unlink(missing_ok=True)
            raise OSError(err.errno, err.strerror, str(path)) from None
        paths.append(path)
    return paths


def label_counts(rows: Iterable[dict], key: str) -> dict[str, Counter]:
    out: dict[str, Counter] = {}
    for r in rows:
        out.setdefault(str(r[key]), Counter())[r["label"]] += 1
    return dict(sorted(out.items()))


def verify(result: GenerationResult) -> list[str]:
    """The dataset's guarantees, re-checked on the rows; returns the broken ones."""
    problems: list[str] = []
    seen_pairs: set[tuple[str, str]] = set()
    seen_ids: set[str] = set()
    premise_split: dict[str, str] = {}
    for name in SPLIT_NAMES:
        for r in result.splits[name]:
            if r["id"] in seen_ids:
                problems.append(f"id {r['id']} is used twice")
            seen_ids.add(r["id"])
            pair = (r["premise"], r["hypothesis"])
            if pair in seen_pairs:
                problems.append(f"duplicate (premise, hypothesis) in {name}: {r['id']}")
            seen_pairs.add(pair)
            other = premise_split.setdefault(r["premise"], name)
            if other != name:
                problems.append(f"premise of {r['id']} is in both {other} and {name}")
    for setup, counts in label_counts(result.rows, "setup").items():
        if counts["entailment"] != counts["not_entailment"]:
            problems.append(f"setup {setup} is not balanced: {dict(counts)}")
    return problems
