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


#: the most events a story may ask for (``--events``)
MAX_EVENTS = 400


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
    if events[0] < 0 or events[1] > MAX_EVENTS:  # type: ignore[operator]
        raise UserError(f"--events must lie within 0-{MAX_EVENTS}: got {args.events}")
    objects = getattr(args, "objects", None)  # None: the decoy of the balance, or none
    try:
        return StoriesConfig(size=args.size, seed=args.seed, orders=orders,  # type: ignore[arg-type]
                             agents=agents, actions=tuple(a for a in ACTIONS if a in actions),  # type: ignore[arg-type]
                             events=events, ratios=parse_ratios(args.split),  # type: ignore[arg-type]
                             balance=balance,  # type: ignore[arg-type]
                             engine=getattr(args, "engine", "auto"), objects=objects,
                             rooms=getattr(args, "rooms", 2))
    except ValueError as err:
        raise UserError(str(err).replace("orders", "--order").replace("agents", "--agents")
                        .replace("size", "--size").replace("objects", "--objects")
                        .replace("rooms", "--rooms")) from None


def run(args) -> int:
    from rich.console import Console
    from rich.table import Table

    from ...errors import UserError
    from ..family_run import progress_callback, refuse_existing, refuse_leaking
    from ..split import SPLIT_NAMES
    from .card import write
    from .pipeline import NotEnoughStories, generate

    cfg = config_from_args(args)
    out_dir = Path(args.output)
    refuse_existing(out_dir, getattr(args, "force", False), OUTPUT_FILES)
    with progress_callback("stories", cfg.size, args.quiet) as callback:
        try:
            result = generate(cfg, on_progress=callback)
        except NotEnoughStories as err:
            raise UserError(str(err)) from None
    from ..audited import audit_rows

    audits = {}
    for form, splits in (("qa", result.qa), ("nli", result.nli)):
        audits[form] = audit_rows([(form, [r for n in SPLIT_NAMES for r in splits[n]])],
                                  seed=cfg.seed)
    failed = [line for a in audits.values() for line in a["leaks"]]
    if failed and not getattr(args, "allow_leaks", False):
        refuse_leaking(out_dir, audits, failed,
                       (" (or leave out --balance none)" if cfg.balance == "none" else "")
                       + (f" ({result.without_decoy} of the stories have no decoy: the "
                          "checker answered every arrangement tried otherwise)"
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
