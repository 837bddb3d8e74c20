"""``mindgames generate``: a balanced, leak-free MindGames-style dataset in seconds."""

from __future__ import annotations

import argparse
import os

from smcdel_bridge.engines import ENGINE_NAMES

from ..generate.calibration import PAIR_RATE, PAPER_RATES
from ..generate.ranges import int_range
from .options import output_path

HELP = "generate a MindGames-style NLI dataset (train/validation/test JSONL and a dataset card)"

_SETUPS_DEFAULT = "forehead,forehead_mirror,internal,explicit"

#: the highest hypothesis order --order takes
MAX_ORDER = 10
#: the most further announcements (twice the most agents) and hypotheses drawn per premise
#: (the published 50 twentyfold) a run takes: its time grows with both
MAX_ANNOUNCEMENTS, MAX_HYPOTHESES_PER_PREMISE = 32, 1000

#: the files a run writes into its directory
OUTPUT_FILES = ("train.jsonl", "validation.jsonl", "test.jsonl", "README.md")

#: rows a worker process is worth (below, starting processes costs more than it saves)
AUTO_ROWS_PER_WORKER = 20_000


def auto_workers(rows: int) -> int:
    """Default worker count for a run of ``rows`` rows."""
    return max(1, min(os.cpu_count() or 1, rows // AUTO_ROWS_PER_WORKER))


def _weights(text: str, what: str) -> tuple[float, ...] | None:
    """``"1,2,3"`` -> (1.0, 2.0, 3.0); ``"uniform"`` -> None."""
    from ..errors import UserError

    if text.strip().lower() == "uniform":
        return None
    try:
        return tuple(float(w) for w in text.split(","))
    except ValueError:
        raise UserError(f"{what} takes comma-separated numbers or 'uniform': got {text!r}") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", type=int, default=1000, metavar="N",
                        help="rows per setup, even (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument("-o", "--output", required=True, metavar="DIR", type=output_path,
                        help="directory for train/validation/test.jsonl and README.md")
    parser.add_argument("--setups", default=_SETUPS_DEFAULT, metavar="LIST",
                        help=f"comma-separated setups (default {_SETUPS_DEFAULT})")
    parser.add_argument("--agents", default="2-4", metavar="RANGE",
                        help="number of agents, e.g. 3 or 2-4 (default 2-4, the paper's)")
    parser.add_argument("--family", choices=("mindgames", "stories", "functional"),
                        default="mindgames",
                        help="mindgames (default: NLI problems of the published setups), "
                             "stories: ToMi/Hi-ToM-style stories with certified answers, "
                             "QA and NLI forms (see docs/tomi.md), or functional: what will "
                             "X do under a stated rule, which announcement works (context- "
                             "and state-driven framings; see docs/generate.md)")
    parser.add_argument("--actions", default=None, metavar="LIST",
                        help="stories: the actions drawn, from enter,exit,move,tell,"
                             "tell_private,claim,peek,lie,noise (default: all)")
    parser.add_argument("--events", default="3-8", metavar="RANGE",
                        help="stories: events after the opening (default 3-8)")
    parser.add_argument("--objects", type=int, default=None, metavar="K",
                        help="stories: objects in the room, the questioned one and K-1 others "
                             "placed, moved and spoken of (default: 2 with --balance trackers, "
                             "1 with none)")
    parser.add_argument("--rooms", type=int, default=2, metavar="R",
                        help="stories: rooms agents go to, the object's among them (default 2)")
    parser.add_argument("--order", "--hypothesis-order", dest="order", default=None,
                        metavar="RANGE",
                        help="hypothesis order K: nested knowledge operators, e.g. 1-2 "
                             "(default; depth = K-1); stories: question orders within 0-4 "
                             "(default 0-2)")
    parser.add_argument("--announcements", default="0-N", metavar="RANGE",
                        help="further announcements after the opening 'someone ...' one "
                             "(default 0-N: up to the number of agents)")
    parser.add_argument("--agent-weights", default=None, metavar="W,W,...",
                        help="relative weights of the agent counts of --agents, or 'uniform' "
                             "(default: calibrated to the published split at 2-4, else uniform)")
    parser.add_argument("--order-weights", default=None, metavar="W,W,...",
                        help="relative weights of the orders of --order, or 'uniform' "
                             "(default: calibrated at 1-2, else uniform)")
    parser.add_argument("--announcement-weights", default=None, metavar="W,W,...",
                        help="relative weights of the announcement counts LO, LO+1, ..., or "
                             "'uniform' (default: calibrated at 0-N with up to 4 agents, else uniform)")
    rate_help = {
        "knowledge_rate": "share of further announcements about knowledge",
        "negate_knowledge": "negation rate of knowledge announcements (paper: 0.8)",
        "negate_other": "negation rate of other announcements (paper: 0.5)",
        "atom_rate": "share of hypotheses' known statements about one person's predicate, "
                     "vs someone/everyone/nobody",
        "announcement_atom_rate": "the same share in further announcements",
        "knows_that_rate": "share of 'knows that' vs 'knows whether' in hypotheses",
    }
    for name, text in rate_help.items():
        parser.add_argument("--" + name.replace("_", "-"), type=float, default=None, metavar="P",
                            help=f"{text} (default {PAPER_RATES[name]:g}, calibrated)")
    parser.add_argument("--hypotheses-per-premise", type=int, default=50, metavar="H",
                        help="hypotheses drawn per premise, repeats dropped (default 50, the "
                             "published pipeline's)")
    parser.add_argument("--pair-rate", type=float, default=PAIR_RATE, metavar="R",
                        help="pairs a premise gives per two distinct hypotheses drawn, rounded "
                             f"at random (default {PAIR_RATE:g}; 1 keeps as many as the published "
                             "pipeline did)")
    parser.add_argument("--pairs-per-premise", type=int, default=None, metavar="P",
                        help="most (entailed, not entailed) pairs one premise may give "
                             "(default: no limit)")
    parser.add_argument("--balance", choices=("none", "hypothesis", "trackers"), default=None,
                        help="hypothesis (the default of --family mindgames): pair entailed and "
                             "non-entailed hypotheses of the same shape only, so every "
                             "hypothesis shape is 50/50 and a premise-blind model sits at "
                             "chance; trackers (the default of --family stories): a decoy "
                             "object per story, arranged so that shallow trackers (last place "
                             "seen, last or first place mentioned, the last speaker's place) "
                             "sit at chance; none: the published-calibrated selection, or the "
                             "stories alone, whose audit fails (give --allow-leaks)")
    parser.add_argument("--allow-leaks", action="store_true",
                        help="write the dataset even when its audit fails (a baseline that "
                             "never reads the premise more than 5 points above chance; see "
                             "mindgames audit)")
    parser.add_argument("--split", default="60/20/20", metavar="T/V/T",
                        help="train/validation/test ratios (default 60/20/20)")
    parser.add_argument("--style", default="mindgames",
                        help="English style of premises and hypotheses (default mindgames)")
    parser.add_argument("--workers", type=int, default=None,
                        help="worker processes; the output does not depend on it (default: "
                             f"1 up to {AUTO_ROWS_PER_WORKER:,} rows, then one more per "
                             f"{AUTO_ROWS_PER_WORKER:,} rows, at most one per CPU)")
    parser.add_argument("--engine", choices=ENGINE_NAMES, default="auto",
                        help="native engine (default auto: explicit for small vocabularies; "
                             "for stories, explicit for small stories)")
    parser.add_argument("--quiet", action="store_true", help="print no summary")
    parser.add_argument("--force", action="store_true",
                        help="replace the dataset files already in DIR (default: refuse)")


def config_from_args(args: argparse.Namespace):
    """Validate the options into a :class:`~pyfront.generate.pipeline.GenerateConfig`."""
    from ..errors import UserError
    from ..generate.pipeline import GenerateConfig
    from ..generate.sampling import SamplingParams, calibrated_weights
    from ..generate.split import parse_ratios
    from pyfront.problem.setups import setup_names
    from ..verbalize import styles

    setups = tuple(s.strip() for s in args.setups.split(",") if s.strip())
    unknown = [s for s in setups if s not in setup_names()]
    if unknown or not setups:
        raise UserError(
            f"unknown setup {unknown[0]!r} (known: {', '.join(setup_names())})" if unknown
            else "--setups is empty"
        )
    if len(set(setups)) != len(setups):
        raise UserError("--setups lists a setup twice")
    if args.style not in styles():
        raise UserError(f"unknown style {args.style!r} (known: {', '.join(styles())})")
    agents = int_range(args.agents, what="--agents")
    orders = int_range(args.order or "1-2", what="--order")
    if orders[0] < 1 or orders[1] > MAX_ORDER:  # type: ignore[operator]
        raise UserError(f"--order must lie within 1-{MAX_ORDER}: got {args.order} (deeper "
                        "hypotheses are all entailed or all not, so no balanced pair can be drawn)")
    anns = int_range(args.announcements, what="--announcements", upper_n=True)
    if anns[1] is not None and anns[1] > MAX_ANNOUNCEMENTS:
        raise UserError(f"--announcements must lie within 0-{MAX_ANNOUNCEMENTS} (or LO-N): "
                        f"got {args.announcements}")
    balance = args.balance or "hypothesis"
    if balance == "trackers":
        raise UserError("--balance trackers is a mode of --family stories (MindGames "
                        "datasets: hypothesis or none)")
    from .options import check_workers

    args.workers = check_workers(args.workers, quiet=args.quiet)
    if args.hypotheses_per_premise < 2:
        raise UserError("--hypotheses-per-premise must be at least 2 (a pair needs two)")
    if args.hypotheses_per_premise > MAX_HYPOTHESES_PER_PREMISE:
        raise UserError(f"--hypotheses-per-premise must be at most {MAX_HYPOTHESES_PER_PREMISE}: "
                        f"got {args.hypotheses_per_premise}")
    if agents[0] < 2 or agents[1] > 16:  # type: ignore[operator]
        raise UserError(f"--agents must lie within 2-16: got {args.agents}")
    if anns[1] is None and anns[0] > agents[0]:  # type: ignore[operator]
        raise UserError(f"--announcements {args.announcements}: N, the number of agents, can "
                        f"be {agents[0]}, below {anns[0]} (raise --agents or lower {anns[0]})")
    rates = {
        name: PAPER_RATES[name] if getattr(args, name) is None else getattr(args, name)
        for name in PAPER_RATES
    }
    weights = calibrated_weights(agents, orders, anns)  # type: ignore[arg-type]
    for name in weights:
        given = getattr(args, name)
        if given is not None:
            weights[name] = _weights(given, "--" + name.replace("_", "-"))
    try:
        sampling = SamplingParams(
            agents=agents,  # type: ignore[arg-type]
            orders=orders,  # type: ignore[arg-type]
            announcements=anns,
            hypotheses_per_premise=args.hypotheses_per_premise,
            **rates,
            **weights,
        )
        return GenerateConfig(
            size=args.size,
            seed=args.seed,
            setups=setups,
            sampling=sampling,
            pair_rate=args.pair_rate,
            pairs_per_premise=args.pairs_per_premise,
            balance=balance,
            ratios=parse_ratios(args.split),
            style=args.style,
            engine=args.engine,
        )
    except ValueError as err:
        message = str(err)
        for field_name in ("knowledge_rate", "negate_knowledge", "negate_other",
                           "announcement_atom_rate", "atom_rate", "knows_that_rate",
                           "pairs_per_premise", "pair_rate", "agent_weights", "order_weights",
                           "announcement_weights", "hypotheses_per_premise", "size"):
            message = message.replace(field_name, "--" + field_name.replace("_", "-"))
        raise UserError(message) from None


def _progress_callback(console):
    """A rich progress bar on stderr (only called when stderr is a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(
        TextColumn("{task.description:<22}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), console=console, transient=True,
        auto_refresh=False,  # no refresh thread: worker processes are forked meanwhile
    )
    tasks: dict[str, int] = {}
    labels = {"select": "checking premises (pairs)", "render": "rendering (batches)"}

    def update(stage: str, done: int, total: int) -> None:
        if stage not in tasks:
            tasks[stage] = progress.add_task(labels.get(stage, stage), total=total)
        progress.update(tasks[stage], completed=done, total=total, refresh=True)

    return progress, update


def summary_tables(result) -> list:
    """Rich tables: per setup and split, then stage timings."""
    from collections import Counter

    from rich.table import Table

    from ..generate.split import SPLIT_NAMES

    per_setup = Table(title="mindgames generate", title_justify="left")
    for col in ("setup", "rows", "entailment", "not_entailment", "premises",
                "drawn", "contradictory", *SPLIT_NAMES):
        per_setup.add_column(col, justify="left" if col == "setup" else "right")
    rows_by_split = {n: Counter(r["setup"] for r in result.splits[n]) for n in SPLIT_NAMES}
    for setup, p in result.progress.items():
        rows = [r for r in result.rows if r["setup"] == setup]
        labels = Counter(r["label"] for r in rows)
        per_setup.add_row(
            setup, str(len(rows)), str(labels["entailment"]), str(labels["not_entailment"]),
            str(len(p.groups)), str(p.draws), str(p.contradictory),
            *(str(rows_by_split[n][setup]) for n in SPLIT_NAMES),
        )
    stages = Table(title=f"stages ({result.workers} worker(s), {result.wall_seconds:.2f} s)",
                   title_justify="left")
    for col in ("stage", "seconds", "items", "per second"):
        stages.add_column(col, justify="left" if col == "stage" else "right")
    for st in result.stages:
        stages.add_row(st.name, f"{st.seconds:.3f}", f"{st.items} {st.unit}", f"{st.rate:,.0f}")
    return [per_setup, stages]


def prepare_output(out_dir, force: bool) -> bool:
    """Check, before any work, that ``out_dir`` can take the dataset: not a file, no dataset
    already there (unless ``force``), writable.  Creates it; returns whether it did."""
    import tempfile

    from ..errors import UserError
    from ..generate.family_run import refuse_existing

    refuse_existing(out_dir, force, OUTPUT_FILES)
    created = not out_dir.exists()
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out_dir):
            pass
    except OSError as err:
        if created and out_dir.is_dir():
            _remove_if_empty(out_dir)
        raise UserError(f"cannot write here: {err.strerror or err}", file=str(out_dir)) from None
    return created


def _remove_if_empty(path) -> None:
    try:
        path.rmdir()
    except OSError:
        pass


def audit_or_refuse(sources, out_dir, allow_leaks: bool, *, seed: int) -> dict:
    """Audit the rows (they get the shortcut columns); when the audit fails and leaks are
    not allowed, write ``audit.json`` alone and refuse with the reasons."""
    from ..generate.audited import audit_rows
    from ..generate.family_run import refuse_leaking

    audit = audit_rows(sources, seed=seed)
    if audit["passed"] or allow_leaks:
        return audit
    refuse_leaking(out_dir, audit, audit["leaks"], " (or use --balance hypothesis: a "
                   "premise-blind model could score well on this one)")


def run(args: argparse.Namespace) -> int:
    import sys
    from pathlib import Path

    from rich.console import Console

    from pyfront.data.card import verify_dataset
    from pyfront.words import count
    from ..errors import UserError
    from ..generate.card import write_generated
    from ..generate.pipeline import generate, verify

    from .options import check_size

    check_size(args.size, even=args.family == "mindgames")
    if args.family == "functional":
        from ..generate.functional.command import run as run_functional

        return run_functional(args)
    if args.family == "stories":
        from ..generate.stories.command import run as run_stories

        return run_stories(args)
    if (args.actions is not None or args.events != "3-8" or args.objects is not None
            or args.rooms != 2):
        from ..errors import UserError

        raise UserError("--actions, --events, --objects and --rooms are options of "
                        "--family stories")
    config = config_from_args(args)
    out_dir = Path(args.output)
    created = prepare_output(out_dir, args.force)
    err_console = Console(stderr=True)
    callback = None
    progress = None
    if sys.stderr.isatty() and not args.quiet:
        progress, callback = _progress_callback(err_console)
        progress.start()
    try:
        workers = args.workers or auto_workers(config.size * len(config.setups))
        result = generate(config, workers=workers, on_progress=callback)
    except BaseException:
        if created:
            _remove_if_empty(out_dir)
        raise
    finally:
        if progress is not None:
            progress.stop()
    if not result.rows:
        if created:
            _remove_if_empty(out_dir)
        raise UserError("no row could be made: the options allow no premise with both an "
                        "entailed and a non-entailed hypothesis (widen --agents, --order or "
                        "--announcements)")
    audit = audit_or_refuse([("dataset", result.rows)], out_dir, args.allow_leaks,
                            seed=config.seed)
    write_generated(result, out_dir, audit)
    broken = verify(result) + verify_dataset(out_dir)
    if not args.quiet:
        console = Console() if sys.stdout.isatty() else Console(width=120)
        for table in summary_tables(result):
            console.print(table)
        console.print(f"wrote {count(len(result.rows), 'row')} to {out_dir}/", markup=False)
    status = 0
    for message in broken:
        print(f"mindgames: {message}", file=sys.stderr)
        status = 1
    for setup, p in result.progress.items():
        if p.failed:
            print(f"mindgames: setup {setup}: the engine failed on {p.failed} drawn premises "
                  f"(skipped), first: {p.first_error}", file=sys.stderr)
    for setup, rows in result.shortfalls().items():
        print(
            f"mindgames: setup {setup}: only {rows} of {config.size} rows — the options allow "
            "too few distinct premises and hypotheses (widen --agents, --order or "
            "--announcements, or lower --size)",
            file=sys.stderr,
        )
        status = 1
    return status
