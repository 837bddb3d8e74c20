"""The English of functional items: every sentence is a macro of
``templates/english.j2``; this module only loads it and joins sentences."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def macros():
    """The template module (one attribute per macro)."""
    import jinja2

    text = (resources.files("pyfront.generate.functional").joinpath("templates/english.j2")
            .read_text("utf-8"))
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
    env.filters["add_s"] = lambda name: f"{name}'s"
    return env.from_string(text).module


def say(macro: str, *args) -> str:
    """One macro's text, spaces collapsed."""
    return " ".join(str(getattr(macros(), macro)(*args)).split())


def join(sentences) -> str:
    return " ".join(s for s in sentences if s)
