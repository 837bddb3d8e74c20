"""A problem's jobs travel to a checking child together and share one engine there.

Children (:mod:`pyfront.checking.children`) receive a batch of items in one pickle; the
jobs of one problem must arrive sharing their problem, so that the value engine is built
once per problem, not once per hypothesis or question, and without the engine's compiled
code, which does not travel.
"""

from __future__ import annotations

import pickle

from conftest import REPO
from pyfront.checking.evaluate import native_item
from pyfront.data.loading import dsl_check_items

PUZZLE = REPO / "examples" / "puzzles" / "russian_cards.del"


def _jobs():
    items = [i for i in dsl_check_items(PUZZLE) if getattr(i, "puzzle", None) is not None]
    assert len(items) >= 2
    return items


def test_jobs_of_one_problem_arrive_sharing_it():
    items = _jobs()
    items[0].puzzle.shared.value_answers()  # built here: it must not travel
    batch = pickle.loads(pickle.dumps(list(enumerate(items)), pickle.HIGHEST_PROTOCOL))
    shared = {id(item.puzzle.shared) for _, item in batch}
    assert len(shared) == 1
    assert batch[0][1].puzzle.shared.answers is None


def test_the_engine_is_built_once_and_answers_as_here():
    here = [native_item(item, "explicit")[1] for item in _jobs()]
    batch = pickle.loads(pickle.dumps(_jobs(), pickle.HIGHEST_PROTOCOL))
    first = native_item(batch[0], "explicit")[1]
    built = batch[0].puzzle.shared.answers
    there = [first] + [native_item(item, "explicit")[1] for item in batch[1:]]
    assert built is not None and batch[-1].puzzle.shared.answers is built
    assert there == here
