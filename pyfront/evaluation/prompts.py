"""Prompt texts (the words are in ``templates/prompts.j2``)."""

from __future__ import annotations

import string
from functools import lru_cache
from importlib import resources
from typing import Sequence

LETTERS = string.ascii_uppercase

#: the two options of an NLI item, in gold-index order (0: entailed)
NLI_OPTIONS = ("True", "False")


@lru_cache(maxsize=1)
def _macros():
    import jinja2

    text = resources.files("pyfront.evaluation").joinpath("templates/prompts.j2").read_text("utf-8")
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
    return env.from_string(text).module


def nli(premise: str, hypothesis: str) -> str:
    return str(_macros().nli(premise.strip(), hypothesis.strip()))


def prospective_statement(clause: str, statement: str) -> str:
    return str(_macros().prospective_statement(clause, statement))


def mcq_question(kind: str, clause: str = "") -> str:
    return str(_macros().mcq_question(kind, clause))


def mcq(premise: str, question: str, options: Sequence[str]) -> str:
    return str(_macros().mcq(premise.strip(), question.strip(), list(options), LETTERS))


def open_question(story: str, question: str) -> str:
    """A question answered in words (a container), no options shown: ToMi, Hi-ToM."""
    return str(_macros().open_question(story.strip(), question.strip()))


def options_question(story: str, question: str, options: Sequence[str]) -> str:
    """A question answered in words, one of the options shown (reasoning-gym's
    functional items)."""
    return str(_macros().options_question(story.strip(), question.strip(), list(options)))
