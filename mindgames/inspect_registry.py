"""What Inspect loads through the ``inspect_ai`` entry point named ``mindgames``: the tasks
``mindgames/nli``, ``mindgames/mcq``, ``mindgames/stories``, ``mindgames/functional``,
``mindgames/tomi``, ``mindgames/hitom`` (:mod:`pyfront.integrations.inspect_tasks`) and the baseline providers
``mindgames/random``, ``mindgames/majority``, ``mindgames/hypothesis-only`` (:mod:`pyfront.integrations.inspect_models`).

Inspect names a task after the top-level package of the module that defines it: each
task is therefore wrapped here, with its parameters (its signature) unchanged.

Usage (pyproject.toml declares it)::

    [project.entry-points.inspect_ai]
    mindgames = "mindgames.inspect_registry"
"""

from __future__ import annotations

import functools

from inspect_ai import task

from pyfront.integrations.inspect_models import mindgames_baselines
from pyfront.integrations.inspect_tasks import TASKS

__all__ = ["mindgames_baselines", "nli", "mcq", "stories", "functional", "tomi", "hitom"]


def _registered(make):
    @functools.wraps(make)
    def wrapper(*args, **kwargs):
        return make(*args, **kwargs)

    wrapper.__module__ = __name__
    return task(name=make.__name__)(wrapper)


nli, mcq, stories, functional, tomi, hitom = (_registered(t) for t in TASKS)
