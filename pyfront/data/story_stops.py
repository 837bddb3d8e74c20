"""Stories stopped on the way (at a time or memory limit): how a command marks the story
it is in (:func:`marking`, read by the parent from :mod:`pyfront.checking.marks` after the
kill), how a story item keeps the records it gave when it stops (:func:`story_item_stream`),
and how a stop is then told: the story's name and line, how many of its events were
applied, and the next one (``check``'s records, and the one line of ``explain``,
``render``, ``grade``, ``trace`` and the page)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Sequence

from smcdel_bridge.errors import SmcdelError

from pyfront.data.items import StoryItem
from pyfront.data.loading import iter_story_records, load_document
from pyfront.errors import UserError, shown
from pyfront.problem.model import Problem
from pyfront.streams import collected, kept


def story_item_records(item: StoryItem, engine: str = "auto") -> list[dict]:
    """The records of a story item (:func:`pyfront.data.loading.story_records`); a story
    that cannot be answered at all is one failed record naming it."""
    return collected(story_item_stream(item, engine))[1]


def story_item_stream(item: StoryItem, engine: str = "auto"):
    """:func:`story_item_records` one record at a time, each as soon as it is answered (a
    generator returning the list of them all): a story stopped at its limit keeps the
    records it gave (:func:`story_failure`)."""
    from pyfront.checking import marks

    done: list[dict] = []
    try:
        yield from kept(iter_story_records(item.story, item.source, item.row, engine,
                                           on_event=lambda _name, k, _n: marks.mark(k + 1)),
                        done)
    except (UserError, SmcdelError, ValueError) as err:
        return story_failure(item, str(err), done)
    return done


def story_failure(item: StoryItem, why: str, done: Sequence[dict] = (), reached: int = 0
                  ) -> list[dict]:
    """A story item stopped (at its time or memory limit, say) after the records ``done``:
    those, then one failed record for the rest, with the story's name and line, and how
    far it got when ``reached`` says (its mark: 1 + the events applied; 0: unknown); the
    file's other problems and stories go on."""
    from pyfront.checking.records import check_record

    rest = "" if not done else (f" (after {len(done)} of its {item.count} hypotheses and "
                                "questions were answered)")
    return [*done, check_record(item.source, item.row + len(done), name=item.name,
                                line=item.line,
                                error=f"{shown(item.source)}:{item.line}: story {item.name}: {why}"
                                      f"{rest}{how_far(item.story, reached - 1)}")]


def how_far(story, applied: int) -> str:
    """Where a stopped story was: how many of its events were applied, and the next one
    (the one in progress, or the one after the questions being answered)."""
    events = story.events
    if applied < 0 or applied > len(events):
        return ""
    if applied == len(events):
        return f", with all {len(events)} of its events applied"
    ev = events[applied]
    return (f", with {applied} of its {len(events)} events applied; the next, line "
            f"{ev.line}: {ev.source}")


@contextmanager
def marking(story):
    """The ``on_event`` of a command that goes through a file's stories (``explain``,
    ``render --to json``, ``grade``, the page), for the story it is about to answer: the
    story is marked at once, by its line (stopped before its start is made, it is named
    still), and then how far it has got (:mod:`pyfront.checking.marks`), for
    :func:`where_stopped`.  Cleared when the story is done or fails, so that a stop in what
    follows is not laid at its door; not when it is stopped (its report reads the mark)."""
    from pyfront.checking import marks
    from pyfront.checking.stops import LimitExceeded

    marks.mark(0, part=story.line)
    try:
        yield lambda _name, k, _n: marks.mark(k + 1, part=story.line)
    except LimitExceeded:
        raise
    except BaseException:
        marks.clear()
        raise
    marks.clear()


def where_stopped(path) -> tuple[int, str, str] | None:
    """After a command that marked with :func:`marking` was stopped at its limit: the line
    of the story it was in, what goes before the reason (``story NAME: ``) and what after
    (how far the story got, as :func:`story_failure` says it); None when no story was
    marked, or the file cannot be read again (standard input: only when it was read before
    the work, :func:`pyfront.data.loading.stdin_bytes`)."""
    from pyfront.checking import marks

    if not marks.part() or path is None:
        return None
    try:
        items = load_document(path)
    except (UserError, OSError, ValueError, AttributeError):  # (changed since; stdin closed)
        return None
    got = story_where(items, marks.part(), marks.reached())
    return None if got is None else (got[0].line, f"story {got[0].name}: ", got[1])


def story_where(items, line: int, mark: int) -> tuple[object, str, int | None] | None:
    """Of a document read already (its problems and stories): the story at ``line`` that
    marked ``mark``, how far it got in :func:`story_failure`'s words, and the line of its
    next event, when there is one; None when no story is there."""
    for story in items:
        if line and not isinstance(story, Problem) and story.line == line:
            applied = mark - 1
            after = story.events[applied].line if 0 <= applied < len(story.events) else None
            return story, how_far(story, applied), after
    return None
