"""Range options of ``mindgames generate`` (``--agents 2-4``, ``--order 0-N``), read once
for both families."""

from __future__ import annotations


def int_range(text: str, *, what: str, upper_n: bool = False) -> tuple[int, int | None]:
    """``"2-4"`` -> (2, 4); ``"3"`` -> (3, 3); with ``upper_n``, ``"0-N"`` -> (0, None)."""
    from ..errors import UserError

    lo_text, sep, hi_text = text.partition("-")
    try:
        lo = int(lo_text)
        if not sep:
            return lo, lo
        if upper_n and hi_text.strip().upper() == "N":
            return lo, None
        hi = int(hi_text)
    except ValueError:
        hint = " (or LO-N: up to the number of agents)" if upper_n else ""
        raise UserError(f"{what} takes a number or a range LO-HI{hint}: got {text!r}") from None
    if hi < lo:
        raise UserError(f"{what} range {text!r} runs backwards: write LO-HI with LO <= HI")
    return lo, hi
