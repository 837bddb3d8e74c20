"""``mindgames generate --family functional``: options -> config -> items -> audit -> files."""

from __future__ import annotations

import sys
from pathlib import Path

#: the files a functional run writes
OUTPUT_FILES = ("train.jsonl", "validation.jsonl", "test.jsonl", "README.md")

#: options of other families that mean nothing here (name -> default)
_OTHERS = {"setups": "forehead,forehead_mirror,internal,explicit", "announcements": "0-N",
           "agent_weights": None, "order_weights": None, "announcement_weights": None,
           "knowledge_rate": None, "negate_knowledge": None, "negate_other": None,
           "atom_rate": None, "announcement_atom_rate": None, "knows_that_rate": None,
           "hypotheses_per_premise": 50, "pairs_per_premise": None, "style": "mindgames",
           "workers": None, "agents": "2-4", "order": None, "actions": None, "events": "3-8"}


def config_from_args(args):
    from ...errors import UserError
    from ..calibration import PAIR_RATE
    from ..split import parse_ratios
    from .pipeline import FunctionalConfig

    for name, default in {**_OTHERS, "pair_rate": PAIR_RATE}.items():
        if getattr(args, name, default) != default:
            raise UserError(f"--{name.replace('_', '-')} is not an option of --family functional")
    balance = getattr(args, "balance", None) or "trackers"
    if balance == "hypothesis":
        raise UserError("--balance hypothesis is a mode of --family mindgames (functional: "
                        "trackers or none)")
    try:
        return FunctionalConfig(size=args.size, seed=args.seed, ratios=parse_ratios(args.split),
                                balance=balance, engine=getattr(args, "engine", "auto"))
    except ValueError as err:
        raise UserError(str(err).replace("size", "--size")) from None


def run(args) -> int:
    from rich.console import Console
    from rich.table import Table

    from ..audited import audit_rows
    from ..family_run import progress_callback, refuse_existing, refuse_leaking
    from ..split import SPLIT_NAMES
    from .card import write
    from .items import FRAMINGS, KINDS
    from .pipeline import generate

    cfg = config_from_args(args)
    out_dir = Path(args.output)
    refuse_existing(out_dir, getattr(args, "force", False), OUTPUT_FILES)
    with progress_callback("items", cfg.size, args.quiet) as callback:
        result = generate(cfg, on_progress=callback)
    rows = [r for n in SPLIT_NAMES for r in result.splits[n]]
    audit = audit_rows([("functional", rows)], seed=cfg.seed)
    if audit["leaks"] and not getattr(args, "allow_leaks", False):
        refuse_leaking(out_dir, audit, audit["leaks"])
    write(result, out_dir, audit)
    if not args.quiet:
        console = Console() if sys.stdout.isatty() else Console(width=120)
        table = Table(title="mindgames generate --family functional", title_justify="left")
        for col in ("question type", *FRAMINGS, *SPLIT_NAMES):
            table.add_column(col, justify="left" if col == "question type" else "right")
        for kind in KINDS:
            table.add_row(kind, *(str(sum(r["question_type"] == kind and r["framing"] == f
                                          for r in rows)) for f in FRAMINGS),
                          *(str(sum(r["question_type"] == kind for r in result.splits[n]))
                            for n in SPLIT_NAMES))
        console.print(table)
        console.print(f"{result.items} items ({len(rows)} rows) from {result.draws} draws; "
                      f"wrote {out_dir}", markup=False)
    return 0
