"""Replies to open-answer items for the tests: every step right, or with planted errors,
written from the item's certified trace (what a model would write), and the hand-written
stories whose answers the tests know by hand."""

from __future__ import annotations

SALLY_ANNE = """story sally_anne
  agents Sally, Anne
  location(marble): basket, box
  Sally puts the marble in the basket
  Sally leaves
  Anne moves the marble to the box
"""

#: Anne sees everything; Bob sees the first move only; Carl comes back and looks
THREE = """story three
  agents Anne, Bob, Carl
  location(ball): tin, bag, crate
  Anne puts the ball in the tin
  Carl leaves
  Anne moves the ball to the bag
  Bob leaves
  Anne moves the ball to the crate
  Carl enters
  Carl looks at the ball
"""


def step_reply(item: dict, wrong_at: int | None = None, quote_off: int | None = None,
               answer: str | None = None) -> str:
    """``## Step n ##`` blocks, one per sentence, each quoting it and ending in its
    certified value (``unknown`` where none), then ``Answer:``.  ``wrong_at`` (1-based):
    that step says another place; ``quote_off``: that step quotes a sentence that is not in
    the story."""
    meta = item["metadata"]
    blocks = []
    for n, step in enumerate(meta["trace"], start=1):
        value = step["chains"][0]["value"] or "unknown"
        quote = step["sentence"]
        if n == wrong_at:
            value = next(c for c in meta["choices"] if c != value)
        if n == quote_off:
            quote = "The moon rises over the harbour"
        blocks.append(f"## Step {n} ##\n\"{quote}.\" So: [{value}]\n")
    return "".join(blocks) + f"Answer: {item['answer'] if answer is None else answer}\n"
