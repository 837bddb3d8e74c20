"""Premise-disjoint splits: every row of one premise goes to the same split.

Rows come in groups (all the rows of one premise, an equal number of entailed and
non-entailed ones), so any split made of whole groups keeps each setup exactly balanced.
Groups are dealt per setup, largest first, each to the split furthest below its target.
"""

from __future__ import annotations

import math
from typing import Sequence, TypeVar

from ..errors import UserError

SPLIT_NAMES = ("train", "validation", "test")

G = TypeVar("G")


def parse_ratios(text: str) -> tuple[float, float, float]:
    """``"60/20/20"`` -> (0.6, 0.2, 0.2); parts are weights, normalised to sum 1."""
    parts = text.replace(",", "/").split("/")
    if len(parts) != 3:
        raise UserError(f"--split takes three parts train/validation/test, e.g. 60/20/20: got {text!r}")
    try:
        weights = [float(p) for p in parts]
    except ValueError:
        raise UserError(f"--split parts must be numbers: got {text!r}") from None
    if not math.isfinite(sum(weights)):  # nan and inf read as floats; so may a sum overflow
        raise UserError(f"--split parts must be finite numbers, and so must their sum: "
                        f"got {text!r}")
    if any(w < 0 for w in weights) or sum(weights) <= 0:
        raise UserError(f"--split parts must be non-negative and not all zero: got {text!r}")
    total = sum(weights)
    return tuple(w / total for w in weights)  # type: ignore[return-value]


def assign(groups: Sequence[G], sizes: Sequence[int], ratios: Sequence[float]) -> list[int]:
    """Split index (0, 1, 2) of each group, so that row counts follow ``ratios``.

    ``sizes[i]`` is the number of rows of ``groups[i]``.  Deterministic: ties go to the
    larger group first, then to the earlier group, then to the earlier split.
    """
    total = sum(sizes)
    targets = [r * total for r in ratios]
    filled = [0.0] * len(ratios)
    order = sorted(range(len(groups)), key=lambda i: (-sizes[i], i))
    out = [0] * len(groups)
    for i in order:
        deficits = [
            (targets[k] - filled[k], -k) for k in range(len(ratios)) if ratios[k] > 0
        ]
        _, neg_k = max(deficits)
        out[i] = -neg_k
        filled[-neg_k] += sizes[i]
    return out
