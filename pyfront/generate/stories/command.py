"""``mindgames generate --family stories``: options -> config -> stories -> files."""

from __future__ import annotations

import sys
from pathlib import Path

#: the files a story run writes (under qa/ and nli/)
OUTPUT_FILES = tuple(f"{form}/{name}" for form in ("qa", "nli")
                     for name in ("train.jsonl", "validation.jsonl", "test.jsonl", "README.md")
                     ) + ("README.md",)

#: options of the MindGames family that mean nothing for stories (name -> default)
_MINDGAMES_ONLY = {"setups": "forehead,forehead_mirror,internal,explicit",
                   "announcements": "0-N", "agent_weights": None, "order_weights": None,
                   "announcement_weights": None, "knowledge_rate": None,
                   "negate_knowledge": None, "negate_other": None, "atom_rate": None,
                   "announcement_atom_rate": None, "knows_that_rate": None,
                   "hypotheses_per_premise": 50, "pairs_per_premise": None,
                   "style": "mindgames", "workers": None}


def config_from_args(args):
    from ...errors import UserError
    from ..ranges import int_range
    from ..split import parse_ratios
    from .pipeline import StoriesConfig
    from .sampler import ACTIONS

    from ..calibration import PAIR_RATE

    for name, default in {**_MINDGAMES_ONLY, "pair_rate": PAIR_RATE}.items():
        if getattr(args, name, default) != default:
            raise UserError(f"--{name.replace('_', '-')} is an option of --family mindgames, "
                            "not of stories")
    balance = getattr(args, "balance", None) or "trackers"
    if balance == "hypothesis":
        raise UserError("--balance hypothesis is a mode of --family mindgames (stories: "
                        "trackers or none)")
    orders = int_range(args.order or "0-2", what="--order")
    agents = int_range(args.agents, what="--agents")
    events = int_range(args.events, what="--events")
    actions = ACTIONS if args.actions is None else tuple(
        a.strip() for a in args.actions.split(",") if a.strip())
    unknown = [a for a in actions if a not in ACTIONS]
    if unknown or not actions:
        raise UserError(f"unknown action {unknown[0]!r} (known: {', '.join(ACTIONS)})"
                        if unknown else "--actions is empty")
    if len(set(actions)) != len(actions):
        raise UserError("--actions lists an action twice")
    if events[0] < 0 or events[1] > 40:  # type: ignore[operator]
        raise UserError(f"--events must lie within 0-40: got {args.events}")
    try:
        return StoriesConfig(size=args.size, seed=args.seed, orders=orders,  # type: ignore[arg-type]
                             agents=agents, actions=tuple(a for a in ACTIONS if a in actions),  # type: ignore[arg-type]
                             events=events, ratios=parse_ratios(args.split),  # type: ignore[arg-type]
                             balance=balance,  # type: ignore[arg-type]
                             engine=getattr(args, "engine", "auto"))
    except ValueError as err:
        raise UserError(str(err).replace("orders", "--order").replace("agents", "--agents")
                        .replace("size", "--size")) from None


def _prepare(out_dir: Path, force: bool) -> None:
    from ...errors import UserError

    if out_dir.exists() and not out_dir.is_dir():
        raise UserError("output exists and is not a directory", file=str(out_dir))
    present = [n for n in OUTPUT_FILES if (out_dir / n).exists()]
    if present and not force:
        raise UserError(f"already holds a dataset ({', '.join(present[:3])}…): give --force to "
                        "replace it, or another directory", file=str(out_dir))


def run(args) -> int:
    from rich.console import Console
    from rich.table import Table

    from ...errors import UserError
    from ..split import SPLIT_NAMES
    from .card import write
    from .pipeline import DECOY_AGENTS, NotEnoughStories, generate

    cfg = config_from_args(args)
    out_dir = Path(args.output)
    _prepare(out_dir, getattr(args, "force", False))
    progress = task = None
    callback = None
    if sys.stderr.isatty() and not args.quiet:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        progress = Progress(TextColumn("stories"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=Console(stderr=True), transient=True)
        task = progress.add_task("stories", total=cfg.size)

        def callback(done: int, total: int) -> None:
            progress.update(task, completed=done)

        progress.start()
    try:
        result = generate(cfg, on_progress=callback)
    except NotEnoughStories as err:
        raise UserError(str(err)) from None
    finally:
        if progress is not None:
            progress.stop()
    from ..audited import audit_rows

    audits = {}
    for form, splits in (("qa", result.qa), ("nli", result.nli)):
        audits[form] = audit_rows([(form, [r for n in SPLIT_NAMES for r in splits[n]])],
                                  seed=cfg.seed)
    failed = [line for a in audits.values() for line in a["leaks"]]
    if failed and not getattr(args, "allow_leaks", False):
        import json

        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / "audit.json").write_text(json.dumps(audits, indent=2, ensure_ascii=False) + "\n",
                                            encoding="utf-8", newline="\n")
        raise UserError(f"the dataset's audit fails: {failed[0]}; nothing written but "
                        f"{out_dir / 'audit.json'}. Give --allow-leaks to write it anyway"
                        + (" (or leave out --balance none)" if cfg.balance == "none" else "")
                        + (f" ({result.without_decoy} of the stories have more than "
                           f"{DECOY_AGENTS} agents and no decoy)"
                           if cfg.balance == "trackers" and result.without_decoy else ""))
    write(result, out_dir, audits)
    if not args.quiet:
        console = Console() if sys.stdout.isatty() else Console(width=120)
        table = Table(title="mindgames generate --family stories", title_justify="left")
        for col in ("form", *SPLIT_NAMES, "total"):
            table.add_column(col, justify="left" if col == "form" else "right")
        for form, splits in (("qa", result.qa), ("nli", result.nli)):
            sizes = [len(splits[n]) for n in SPLIT_NAMES]
            table.add_row(form, *map(str, sizes), str(sum(sizes)))
        console.print(table)
        alone = (f" ({result.without_decoy} without a decoy)"
                 if cfg.balance == "trackers" and result.without_decoy else "")
        console.print(f"{result.stories} stories from {result.draws} draws{alone}; wrote "
                      f"{out_dir}/qa and {out_dir}/nli", markup=False)
    return 0
