"""Why the model's answer differs from Hi-ToM's (placeholder, filled below)."""

from __future__ import annotations


def explain(tr, answers, q, expected: str, answer: list[str]) -> tuple[str, str]:
    return (f"Hi-ToM says the {expected}; the model says {', '.join(answer) or 'nothing'}.", "other")
