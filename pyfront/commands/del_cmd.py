"""``mindgames del FILE``: check Kripke models and action (event) models written directly.

The input is the JSON case format of ``docs/event-models.md``: a ``.json`` file holding
one case (or a list of cases), or JSON lines (``.jsonl``, or ``-`` for stdin), one case a
line.  Each case gives one output line, in input order and as soon as it is answered:
``{"id", "answers": [{"at_actual", "valid"}, ...], "agrees"}`` (``agrees`` compares with
the answers recorded in the case, ``null`` when it records none) or ``{"id", "error"}``.
A bad line or case is reported on stderr as ``FILE:LINE: …`` and the rest goes on; the
exit code is 1 when any case failed or disagreed.
"""

from __future__ import annotations

import argparse

from smcdel_bridge.engines import ENGINE_NAMES

HELP = "answer queries on Kripke models after action (event) models, from JSON cases"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE",
                        help="cases: FILE.jsonl (one a line), FILE.json (one case) or - (stdin)")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="write the result lines here (as they are computed) "
                             "instead of stdout")
    parser.add_argument("--backend", default="native", metavar="NAME",
                        help="native: the embedded engine chosen by --engine (default; or an "
                             "embedded engine by name: explicit, symbolic); smcdel: the "
                             "reference library SMCDEL.Explicit.K through its driver; both: "
                             "each case by the embedded engine and the reference, compared")
    parser.add_argument("--engine", choices=ENGINE_NAMES, default="auto",
                        help="embedded engine: explicit (worlds listed), symbolic (BDDs) or "
                             "auto (default: by the size of each case)")
    parser.add_argument("--smcdel-home", metavar="DIR",
                        help="the reference's build folder (default: $MINDGAMES_SMCDEL_HOME)")
    from .options import add_limit_arguments

    add_limit_arguments(parser, what="the run (and the reference on one case)")
    parser.add_argument("--to", choices=("answers", "dsl"), default="answers",
                        help="answers (default), or each case as a DSL story with an explicit "
                             "model and event models, where the story language can say it")


def run(args: argparse.Namespace) -> int:
    from .options import within_limits

    # the reference runs in processes of its own, which this process ends at a limit or a
    # signal: waited for here, within the same limits (a child killed at its limit could
    # not end them)
    return within_limits(args, lambda: _run(args),
                         light=args.backend in ("smcdel", "both") and args.to == "answers")


def _run(args: argparse.Namespace) -> int:
    import sys
    import time

    from smcdel_bridge.dynamic.backend import event_backend_names, get_event_backend

    from ..errors import UserError
    from pyfront.data.del_cases import check_cases, read_cases

    if not args.timeout > 0:  # also refuses nan
        raise UserError("--timeout must be positive")
    from ..data.guard import guarded

    # no case, or none readable: one line, before the output is opened
    items = guarded(read_cases(args.file), "<stdin>" if args.file == "-" else args.file,
                    "case")
    # the embedded engine: --engine, unless --backend names one
    name = args.engine if args.backend in ("native", "both") else args.backend
    reference = None
    if args.backend in ("smcdel", "both") and args.to == "answers":
        from pyfront.data.del_cases import reference_backend

        reference = reference_backend(args.smcdel_home, args.timeout)
    if name != "smcdel" and name not in event_backend_names():
        raise UserError(f"unknown event backend {name!r}; choose one of native, "
                        f"{', '.join(event_backend_names())}, smcdel, both")
    backend = reference if name == "smcdel" else get_event_backend(name)
    out = sys.stdout
    if args.output:
        try:
            out = open(args.output, "w", encoding="utf-8")
        except OSError as err:
            raise UserError(err.strerror or str(err), file=args.output) from None
    if args.to == "dsl":
        from ..story.from_case import write_stories

        try:
            return write_stories(items, out, sys.stderr)
        finally:
            if out is not sys.stdout:
                out.close()
    start = time.perf_counter()
    try:
        summary = check_cases(items, backend, out, sys.stderr,
                              reference=reference if args.backend == "both" else None,
                              engine_name="smcdel" if name == "smcdel" else "engine")
    finally:
        if reference is not None:
            reference.close()
        if out is not sys.stdout:
            out.close()
    wall = time.perf_counter() - start
    print(summary.text(wall), file=sys.stderr)
    return 0 if summary.ok else 1
