"""Rows of reasoning-core's belief-tracking task, generated with a seed (the optional
``peers`` extra: ``pip install -e '.[peers]'``).

The task draws on Python's ``random`` and iterates over sets of names, whose order
depends on the string hash: rows are drawn in a child process with ``PYTHONHASHSEED=0``,
``random`` seeded before each row, so the same seed gives the same rows, byte for byte
(``metadata._time``, the generation time, is left out).  The library measures a prompt
with tiktoken's ``o200k_base`` tokenizer, which it would download; here it counts words
(its own fallback; ``max_tokens`` is 8,192 and no story comes near it), so nothing is
fetched.

``python -m pyfront.rcore.rows --per-level 50 --seed 1 -o rows.jsonl``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import warnings
from typing import Iterator

from ..errors import UserError

LEVELS = tuple(range(6))


class _Words:
    def encode(self, text):
        return str(text).split()


def available() -> bool:
    """Whether reasoning-core can be imported."""
    import importlib.util

    return importlib.util.find_spec("reasoning_core") is not None


def _task():
    try:
        import reasoning_core.template as template
        from reasoning_core.tasks.belief_tracking import BeliefTracking
    except ImportError:
        raise UserError("reasoning-core is not installed: pip install -e '.[peers]'") from None
    template._load_tokenizer = _Words
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return BeliefTracking()


def _draw(per_level: int, seed: int, levels, only=None) -> Iterator[dict]:
    task = _task()
    picks = only or [(level, k) for level in levels for k in range(per_level)]
    for level, k in picks:
        random.seed(f"{seed}:{level}:{k}")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            entry = task.generate_example(level=level)
        row = json.loads(json.dumps(entry.to_dict(), default=str))
        row["metadata"].pop("_time", None)
        row["level"] = level
        yield row


def generate_rows(per_level: int, seed: int, levels=LEVELS, only=None) -> list[dict]:
    """``per_level`` rows at each level, as ``Entry.to_dict()`` gives them, with ``level``
    added; row ``k`` of level ``L`` is drawn after ``random.seed(f"{seed}:{L}:{k}")``
    (``only``: just the rows ``(L, k)`` listed)."""
    if not available():
        raise UserError("reasoning-core is not installed: pip install -e '.[peers]'")
    env = dict(os.environ, PYTHONHASHSEED="0")
    cmd = [sys.executable, "-m", "pyfront.rcore.rows", "--per-level", str(per_level),
           "--seed", str(seed), "--levels", ",".join(map(str, levels))]
    if only:
        cmd += ["--only", ",".join(f"{lv}:{k}" for lv, k in only)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if out.returncode:
        raise UserError("reasoning-core could not generate rows: "
                        + (out.stderr.strip().splitlines() or ["?"])[-1])
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def dumps(row: dict) -> str:
    return json.dumps(row, ensure_ascii=False, sort_keys=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--per-level", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--levels", default=",".join(map(str, LEVELS)))
    p.add_argument("--only", help="just these rows, LEVEL:K,… (K: the row's place in its level)")
    p.add_argument("-o", "--output")
    args = p.parse_args(argv)
    levels = [int(x) for x in args.levels.split(",")]
    only = [tuple(map(int, x.split(":"))) for x in args.only.split(",")] if args.only else None
    if os.environ.get("PYTHONHASHSEED") != "0":
        rows = generate_rows(args.per_level, args.seed, levels, only)
    else:
        rows = _draw(args.per_level, args.seed, levels, only)
    fh = open(args.output, "w", encoding="utf-8", newline="\n") if args.output else sys.stdout
    try:
        for row in rows:
            fh.write(dumps(row) + "\n")
            fh.flush()
    finally:
        if fh is not sys.stdout:
            fh.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
