"""The four published MindGames setups, kept as data (``pyfront/setups/*.json``).

A setup fixes what each agent's Boolean predicate says (its English phrasing, positive and
negated), who initially observes whose predicate (a rule), and the extra premise sentences
the published premises carry.  Adding a setup is adding a JSON file; nothing in the code
names a setup.

Phrasing templates use ``{x}`` for the subject: an agent's display name, or one of the
quantifier words ``someone`` / ``everyone`` / ``nobody`` / ``not everyone`` (the published
premises build "someone's forehead is muddy" and "nobody is thirsty" from the same
template).  ``observation_sentence`` (setups whose observability is ``given``) uses
``{owner}`` and ``{viewer}``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files
from typing import Literal

from pyfront.problem.record import Record, one_of
from smcdel_bridge.values import value

#: how a setup decides who observes whose predicate
ObservabilityRule = Literal["others", "all", "self", "given"]
RULES = ("others", "all", "self", "given")


@value(frozen=True, kw_only=True)
class Predicate(Record):
    """A Boolean predicate every agent has, with its English phrasing.

    ``keyword`` is the word the DSL uses for it (``muddy(Alice)``); ``positive`` and
    ``negative`` are templates over ``{x}``.
    """

    keyword: str
    positive: str
    negative: str

    def __post_init__(self):
        if "{x}" not in self.positive or "{x}" not in self.negative:
            raise ValueError("a predicate phrasing must contain {x} (the subject)")

    def say(self, subject: str, positive: bool = True) -> str:
        """The predicate said of ``subject`` (a name or a quantifier word)."""
        return (self.positive if positive else self.negative).replace("{x}", subject)


@value(frozen=True, kw_only=True)
class Setup(Record):
    """One published setup: predicate, observability rule, extra premise sentences."""

    name: str
    title: str
    description: str
    predicate: Predicate
    observability: ObservabilityRule
    #: sentences said after "There are N persons. Everyone is visible to others."
    sentences: tuple[str, ...] = ()
    #: one sentence per observation when the observability is ``given``
    observation_sentence: str | None = None

    _read = {"predicate": Predicate.model_validate, "sentences": tuple}

    def __post_init__(self):
        one_of(self.observability, RULES, "a setup's observability")
        object.__setattr__(self, "predicate", Predicate.model_validate(self.predicate))
        object.__setattr__(self, "sentences", tuple(self.sentences))

    def default_observations(self, n_agents: int) -> list[list[int]] | None:
        """Atoms each agent observes under the setup's rule (agent i owns atom i+1);
        None when the rule is ``given`` (each problem states its own)."""
        return rule_observations(self.observability, n_agents)


def rule_observations(rule: ObservabilityRule, n_agents: int) -> list[list[int]] | None:
    """Observations implied by a rule: ``others`` (ones minus identity), ``all`` (ones),
    ``self`` (identity); None for ``given``."""
    atoms = range(1, n_agents + 1)
    if rule == "others":
        return [[a for a in atoms if a != i + 1] for i in range(n_agents)]
    if rule == "all":
        return [list(atoms) for _ in range(n_agents)]
    if rule == "self":
        return [[i + 1] for i in range(n_agents)]
    return None


@lru_cache(maxsize=1)
def _load() -> dict[str, Setup]:
    out: dict[str, Setup] = {}
    folder = files("pyfront.problem").joinpath("setups")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            setup = Setup.model_validate(json.loads(entry.read_text(encoding="utf-8")))
            out[setup.name] = setup
    return out


#: the published order of the setups (as in the dataset card)
PUBLISHED = ("forehead", "forehead_mirror", "internal", "explicit")


def setup_names() -> list[str]:
    """Names of every known setup, published ones first."""
    known = _load()
    return [n for n in PUBLISHED if n in known] + sorted(set(known) - set(PUBLISHED))


def get_setup(name: str) -> Setup:
    """The setup called ``name``; KeyError with the known names otherwise."""
    known = _load()
    try:
        return known[name]
    except KeyError:
        raise KeyError(f"unknown setup {name!r} (known: {', '.join(setup_names())})") from None
