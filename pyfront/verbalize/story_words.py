"""The English words of a story: how its values, variables and formulas read (the
sentences of events, questions and answers are in :mod:`pyfront.verbalize.story`).

Python decides *what* is said (who is away when something happens, who only watches, which
verb of belief a clause takes, which conjunction is "everybody believes"); the words live in
``templates/story/`` (``words.json``: how a value reads; ``formula.j2``: how a formula
reads; ``story.j2``: one macro per kind of event, the set-up, questions and answers).

Formulas read with explicit scope (see ``formula.j2``): distinct formulas give distinct
sentences (``tests/test_story_english.py`` checks it on random formulas).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any, Sequence

from smcdel_bridge.language import Bot, Ck, Conj, Disj, Dk, Equi, Form, Impl, K, Kw, Neg, Prp, Top
from pyfront.words import capfirst, negate, plural_noun, squash

if TYPE_CHECKING:
    import jinja2

    from ..story.model import Question, Story

Node = dict[str, Any]

_APPLIED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\((.+)\)\Z")


@lru_cache(maxsize=None)
def words_environment() -> tuple["jinja2.Environment", dict[str, Any]]:
    import jinja2

    folder = files(__package__).joinpath("templates", "story")

    def load(name: str) -> str | None:
        entry = folder.joinpath(name)
        return entry.read_text(encoding="utf-8") if entry.is_file() else None

    env = jinja2.Environment(loader=jinja2.FunctionLoader(load), undefined=jinja2.StrictUndefined,
                             autoescape=False)
    env.filters["capfirst"] = capfirst
    words = json.loads(folder.joinpath("words.json").read_text(encoding="utf-8"))
    return env, words


def macro(name: str):
    env, _ = words_environment()
    template = "formula.j2" if name == "say" else "story.j2"
    return getattr(env.get_template(template).module, name)


def word(name: str) -> str:
    """A name as English words: underscores read as spaces."""
    return name.replace("_", " ")


class StoryWords:
    """The English of one story's vocabulary and formulas."""

    def __init__(self, story: "Story"):
        from ..story.model import split_agent

        self.story = story
        self.words = words_environment()[1]
        self.table = story.atom_table()
        self._split = split_agent

    # -- variables and values ----------------------------------------------------------
    def _kind(self, var) -> str:
        if var.boolean:
            return "boolean_phrase" if var.phrase else "boolean"
        if var.phrase:
            return "phrase"
        if var.function == "location":
            return "location"
        return "applied" if var.function else "plain"

    def subject(self, var) -> str:
        """How the variable's thing is named: ``the marble``, ``Ann's card``, ``the coin``."""
        kind = self._kind(var)
        if kind == "applied":
            return f"{self._named(var.subject)}'s {word(var.function)}"
        return self._named(var.subject if kind == "location" else var.name)

    def _named(self, name: str) -> str:
        """``the marble``, but ``Ann``: a proper name takes no article."""
        if name[:1].isupper():
            return word(name)
        return f"{self.words['article']} {word(name)}"

    def _fill(self, pattern: str, var, value: str) -> str:
        return pattern.format(subject=self.subject(var), owner=self._named(var.subject),
                              function=word(var.function or ""), value=word(value),
                              name=word(var.name), phrase=var.phrase or "", be=self.be(var))

    def be(self, var) -> str:  # "the peas are": the verb agrees with the thing named
        noun = {"applied": var.function, "location": var.subject}.get(self._kind(var), var.name)
        return self.words["be"]["plural" if plural_noun(noun or "") else "singular"]

    def value_text(self, var, value: str, positive: bool = True) -> str | None:
        """"the marble is in the box" (or its negation; None when only "it is not true that"
        can negate it).  A proposition's phrase is negated by its declared phrase for false
        or, without one, by :func:`pyfront.words.negate`."""
        kind = self._kind(var)
        if var.boolean:
            holds = (value == "true") == positive
            if kind == "boolean_phrase":
                return var.phrase if holds else (var.negative or negate(var.phrase))
            patterns = self.words["value"][kind]
            return self._fill(patterns["is" if holds else "is_not"], var, value)
        if kind == "phrase":
            if not positive:
                return None
            phrase = var.phrase
            return phrase.replace("{value}", word(value)) if "{value}" in phrase else phrase
        patterns = self.words["value"][kind]
        key = "is" if positive else "is_not"
        if key not in patterns:
            return None
        return self._fill(patterns[key], var, value)

    def fact(self, var, value: str) -> str:
        """"V has the value ``value``" as a clause, always: a phrase's own negation where it
        has one, else "it is not true that …"."""
        text = self.value_text(var, value)
        if text is not None:
            return text
        positive = var.phrase if var.boolean else self.value_text(var, value, True)
        return self.words["not"].format(fact=positive)

    def option_text(self, var, value: str) -> str:
        """A value as an answer reads: ``in the box``, ``red``."""
        if var.boolean:
            return self.fact(var, value)
        patterns = self.words["value"].get(self._kind(var), {})
        if "options" in patterns:
            return self._fill(patterns["options"], var, value)
        return self.value_text(var, value) or word(value)

    def where(self, var) -> str:
        """"where the marble is", "what Ann's card is", "whether the light is on"."""
        kind = self._kind(var)
        patterns = self.words["value"][kind]
        if kind == "phrase":
            options = " or ".join(self.value_text(var, x) for x in var.values)
            return patterns["where"].format(options=options)
        return self._fill(patterns["where"], var, "")

    def atom(self, n: int, positive: bool = True) -> str | None:
        var_name, value = self.table[n - 1]
        return self.value_text(self.story.variable(var_name), value, positive)

    # -- formulas ----------------------------------------------------------------------
    def _everyone(self, f: Form) -> tuple[str, Form] | None:
        """("knows" | "believes", body) when ``f`` is "everyone knows/believes that body"."""
        agents = self.story.agents
        if not isinstance(f, Conj) or len(f.fs) != len(agents) or len(agents) < 2:
            return None
        attitude = body = None
        for g, a in zip(f.fs, agents):
            if not isinstance(g, K):
                return None
            name, kind = self._split(g.agent)
            if name != a or (attitude is not None and kind != attitude):
                return None
            if body is not None and g.f != body:
                return None
            attitude, body = kind, g.f
        return attitude, body

    def describe(self, f: Form, depth: int = 0) -> Node:
        """The description tree of ``f``; ``depth``: how many attitudes it is inside."""
        if isinstance(f, Prp):
            return {"kind": "atom", "text": self.atom(f.n)}
        if isinstance(f, Neg) and isinstance(f.f, Prp):
            text = self.atom(f.f.n, False)
            if text is not None:
                return {"kind": "atom", "text": text}
        everyone = self._everyone(f)
        if everyone is not None:
            attitude, body = everyone
            return {"kind": "everyone", "attitude": attitude, "body": self.describe(body, depth + 1)}
        negated, g = False, f
        if isinstance(f, Neg) and isinstance(f.f, (K, Kw)):
            negated, g = True, f.f
        if isinstance(g, (K, Kw)):
            name, attitude = self._split(g.agent)
            whether = isinstance(g, Kw)
            verbs = self.words["verbs"][attitude]
            if whether:
                key = "whether_not" if negated else "whether"
            else:
                key = ("top" if depth == 0 else "nested") + ("_not" if negated else "")
            return {"kind": "attitude", "agent": name, "attitude": attitude, "whether": whether,
                    "negated": negated, "verb": verbs[key], "body": self.describe(g.f, depth + 1)}
        if isinstance(f, (Ck, Dk)):
            split = [self._split(a) for a in f.group]
            kinds = {k for _, k in split}
            names = [n for n, _ in split]
            attitude = kinds.pop() if len(kinds) == 1 else None
            if attitude is None:  # a group mixing belief and knowledge ids: say which is which
                names = [n if k == "knows" else f"{n} (as believed)" for n, k in split]
                attitude = "knows"
            node = {"kind": "common" if isinstance(f, Ck) else "distributed",
                    "attitude": attitude, "group": names,
                    "everybody": list(names) == list(self.story.agents) and len(names) > 1,
                    "body": self.describe(f.f, depth + 1)}
            return node
        if isinstance(f, Neg):
            return {"kind": "not", "body": self.describe(f.f, depth)}
        if isinstance(f, (Conj, Disj)):
            from .describe import flatten

            return {"kind": "and" if isinstance(f, Conj) else "or",
                    "parts": [self.describe(x, depth) for x in flatten(f).fs]}
        if isinstance(f, Impl):
            return {"kind": "implies", "a": self.describe(f.a, depth), "b": self.describe(f.b, depth)}
        if isinstance(f, Equi):
            return {"kind": "iff", "a": self.describe(f.a, depth), "b": self.describe(f.b, depth)}
        if isinstance(f, Top):
            return {"kind": "top"}
        if isinstance(f, Bot):
            return {"kind": "bot"}
        raise ValueError(f"a story formula cannot contain {type(f).__name__}")

    def clause(self, f: Form) -> str:
        """``f`` as a clause (no capital, no full stop)."""
        return squash(macro("say")(self.describe(f)))

    def sentence(self, f: Form) -> str:
        """``f`` as a sentence (said plainly: nothing follows it)."""
        return capfirst(squash(macro("say")(self.describe(f), True))) + "."
