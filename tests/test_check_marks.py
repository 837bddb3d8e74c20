"""How far a stopped item got (:mod:`pyfront.checking.marks`): the mark its code set
reaches the code that reports the stop, whether the item ran in a child process (killed
at its limit) or in this one (stopped by the timer signal), and never outlives its item."""

from __future__ import annotations

import time

from pyfront.checking import marks
from pyfront.checking.inline import InProcess
from pyfront.checking.limits import Limits, limited_map


def _marks_then_waits(item: int):
    """Marks ``item * 10``; item 2 then runs past any short limit; item 4 marks nothing
    and does the same."""
    if item != 4:
        marks.mark(item * 10)
    if item in (2, 4):
        end = time.monotonic() + 30
        while time.monotonic() < end:  # Python code: the timer signal can stop it here
            pass
    return item


def _stopped(item, why):
    return ("stopped", item, marks.reached(), "timed out" in why)


def test_a_child_stopped_at_its_limit_tells_its_mark():
    got = list(limited_map(_marks_then_waits, [1, 2, 3, 4, 5], limits=Limits(timeout=0.5),
                           on_limit=_stopped))
    # item 4 set no mark: the one item 2 left does not carry over to it
    assert got == [1, ("stopped", 2, 20, True), 3, ("stopped", 4, 0, True), 5]


def test_an_item_stopped_in_this_process_tells_its_mark():
    here = InProcess(_marks_then_waits, Limits(timeout=0.3), on_limit=_stopped,
                     light=lambda item: True)
    try:
        got = here.answer_run([1, 2, 3, 4])
    finally:
        here.close()
    assert got == [1, ("stopped", 2, 20, True), 3, ("stopped", 4, 0, True)]


def _marks_a_part_then_waits(item: int):
    """Item 1 marks 7 in part 12 (a story at line 12 with 6 events applied) and runs past
    any short limit."""
    marks.mark(item * 7, part=item * 12)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        pass
    return item


def test_a_mark_names_its_part_through_the_shared_word():
    got = list(limited_map(_marks_a_part_then_waits, [1], limits=Limits(timeout=0.5),
                           on_limit=lambda item, why: (marks.reached(), marks.part())))
    assert got == [(7, 12)]


def test_a_mark_is_a_number_and_a_part_that_fit_the_word():
    for value, part in ((-1, 0), (1 << 32, 0), (1, -1)):
        try:
            marks.mark(value, part=part)
        except ValueError:
            continue
        raise AssertionError(f"mark({value}, part={part}) was taken")
    marks.mark((1 << 32) - 1, part=(1 << 31) - 1)
    assert (marks.reached(), marks.part()) == ((1 << 32) - 1, (1 << 31) - 1)
    marks.clear()
    assert (marks.reached(), marks.part()) == (0, 0)
