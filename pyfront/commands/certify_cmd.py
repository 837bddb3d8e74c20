"""``mindgames certify FILE --format tomi|hitom|deltom|reasoning-core -o DIR``: a benchmark with certified labels,
written as a dataset ``datasets.load_dataset`` reads (:mod:`pyfront.integrations.certified_splits`)."""

from __future__ import annotations

import argparse

HELP = ("write ToMi, Hi-ToM, DEL-ToM or reasoning-core rows with certified labels beside the original ones, as a Hugging "
        "Face dataset folder with its card")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dataset", metavar="FILE", help="ToMi .txt (with its .trace), Hi-ToM .jsonl, a DEL-ToM folder or "
                             "reasoning-core rows .jsonl")
    parser.add_argument("--format", required=True, choices=("tomi", "hitom", "deltom", "reasoning-core"),
                        help="the benchmark the file belongs to")
    parser.add_argument("-o", "--output", required=True, metavar="DIR",
                        help="folder for test.jsonl and README.md (the dataset card)")
    parser.add_argument("--force", action="store_true",
                        help="write into a folder that already holds files (test.jsonl and "
                             "README.md are replaced)")


def run(args: argparse.Namespace) -> int:
    import sys

    from ..integrations.certified_splits import certify

    def report(message: str) -> None:  # a line that cannot be read: bad input, said at once
        print(f"mindgames: {message}", file=sys.stderr)

    result = certify(args.dataset, args.format, args.output, force=args.force, report=report)
    counts = ", ".join(f"{cls} {n}" for cls, n in sorted(result.counts.items(),
                                                       key=lambda kv: (-kv[1], kv[0])))
    bad = len(result.unreadable)
    unread = f"; {bad} {'item' if bad == 1 else 'items'} could not be read" if bad else ""
    print(f"certify: {result.rows} questions ({counts}){unread}; wrote {args.output}/",
          file=sys.stderr)
    return 1 if bad else 0
