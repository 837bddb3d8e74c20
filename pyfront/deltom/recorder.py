"""What DEL-ToM's trace recorder writes, for explaining a trace line: its oracle's entry
after every sentence, and the snapshot the recorder actually keeps.

DEL-ToM's generator is Hi-ToM's (after its "fix permutation bug" commit) with a recorder
added (``tasks.py``: ``is_belief_changed`` and the snapshot code of
``generate_story_qs_at_end``).  Its oracle's entries are Hi-ToM's tables, so which sentence
writes a chain's entry is :func:`pyfront.hitom.bookkeeping.writes` (``post_fix``).  The
recorder, after each sentence, takes a new snapshot of the oracle only after the story's
first sentence, a move (not ``made no movements``) and anything said (a public claim or a
private tell, about any object); after every other sentence (entering, ``The O is in the
C``, leaving, staying, noise) it copies the previous line.  Lines before the first
placement sentence (``The O is in the C``) are set to null afterwards.

    >>> from pyfront.tomi.reader import Line
    >>> from pyfront.hitom.translate import sentences_of
    >>> s = sentences_of("f", [Line(1, 1, "Ann, Bob and Cy entered the hall."),
    ...                        Line(1, 2, "The peas is in the red_box."),
    ...                        Line(1, 3, "Ann moved the peas to the blue_box."),
    ...                        Line(1, 4, "Ann exited the hall."),
    ...                        Line(1, 5, "Bob moved the peas to the green_box."),
    ...                        Line(1, 6, "Bob exited the hall."),
    ...                        Line(1, 7, "Ann and Bob entered the hall.")])
    >>> r = Recorder(s, "peas")
    >>> [r.snapshot_line(t) for t in range(1, 8)]
    [1, 1, 3, 3, 5, 5, 5]
    >>> r.fresh(("Ann",), 7).container, r.recorded(("Ann",), 7)
    ('green_box', 'blue_box')
"""

from __future__ import annotations

from bisect import bisect_right

from ..hitom import bookkeeping as bk

__all__ = ["Recorder", "SNAPSHOT_KINDS"]

#: sentence kinds after which the recorder takes a new snapshot (besides the first sentence)
SNAPSHOT_KINDS = ("move", "assert", "assert_private")


class Recorder:
    """DEL-ToM's oracle and recorder over one story's typed sentences (all of them: words
    or a move about another object also make the recorder take a snapshot), for one
    object."""

    def __init__(self, sentences, obj: str):
        self.sentences = list(sentences)
        self.obj = obj
        self._writes: dict[tuple, list] = {}
        numbers = [s.number for s in self.sentences]
        firsts = [s.number for s in self.sentences if s.kind != "noise"]
        self.snapshots = sorted({*(firsts[:1]), *(s.number for s in self.sentences
                                                  if s.kind in SNAPSHOT_KINDS)})
        placed = [s.number for s in self.sentences if s.kind == "object" and s.obj == obj]
        #: the first placement sentence (lines before it are null); None: never placed
        self.placement = placed[0] if placed else None
        self.last = max(numbers) if numbers else 0

    def writes(self, chain) -> list:
        chain = tuple(chain)
        if chain not in self._writes:
            self._writes[chain] = bk.writes(self.sentences, chain, self.obj, "post_fix")
        return self._writes[chain]

    def fresh(self, chain, t: int):
        """The write that gives the oracle's entry of ``chain`` after sentence ``t`` (None:
        not written by then)."""
        ws = self.writes(chain)
        i = bisect_right([w.number for w in ws], t)
        return ws[i - 1] if i else None

    def snapshot_line(self, t: int) -> int | None:
        """The line whose snapshot the recorder keeps at line ``t`` (None: none yet)."""
        i = bisect_right(self.snapshots, t)
        return self.snapshots[i - 1] if i else None

    def nulled(self, t: int) -> bool:
        """Whether line ``t`` comes before the first placement (the recorder nulls it;
        nothing when there is none)."""
        return self.placement is not None and t < self.placement

    def recorded(self, chain, t: int) -> str | None:
        """The entry the recorder writes for ``chain`` at line ``t``."""
        if self.nulled(t):
            return None
        s = self.snapshot_line(t)
        w = self.fresh(chain, s) if s is not None else None
        return w.container if w else None

    def fresh_value(self, chain, t: int) -> str | None:
        """The oracle's entry of ``chain`` after sentence ``t`` (None: not written)."""
        w = self.fresh(chain, t)
        return w.container if w else None
