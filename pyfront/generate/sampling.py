"""Random problem models, drawn the way MindGames draws them.

One draw is a *premise* — a setup, N agents, who observes whose predicate, the opening
"someone …" announcement and 0..N further public announcements — plus a handful of
candidate hypotheses of one order.  The kinds of statements and their rates follow the paper
and the published data (``docs/generate.md`` sets the measured distributions side by side):

* a further announcement is about knowledge with probability ``knowledge_rate``
  (``A knows whether X``, negated with probability ``negate_knowledge``, 80 % in the paper),
  otherwise it is a plain statement: an agent's predicate or a quantifier over everyone's
  (``someone`` / ``everyone``), negated with probability ``negate_other`` (50 %), which gives
  "X's forehead is not muddy", "nobody …", "not everyone …";
* what someone knows (in announcements and hypotheses) is about one agent's predicate with
  probability ``atom_rate``, otherwise about "someone", "everyone" or "nobody";
* a hypothesis of order K is a chain of K knowledge operators (``knows that`` or
  ``knows whether``, even odds) of agents each different from the next, ending in such a
  statement.

Everything random goes through a :class:`random.Random` the caller seeds, so a draw is a
pure function of its seed.  Statements are drawn as small tuples (:data:`Recipe`: cheap to
hash and to send between processes) and become formulas through :func:`to_form`, with
agents under their SMCDEL ids (``Agenta`` …) and agent i owning atom i + 1, as in
:mod:`pyfront.problem`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from smcdel_bridge.language import Conj, Disj, Form, K, Kw, Neg, Prp

from ..problem import agent_id

@dataclass(frozen=True, slots=True)
class SamplingParams:
    """What a draw may contain.  Defaults are the paper's settings."""

    #: smallest and largest number of agents (inclusive)
    agents: tuple[int, int] = (2, 4)
    #: smallest and largest hypothesis order K (1 = first order: "A knows that p")
    orders: tuple[int, int] = (1, 2)
    #: smallest and largest number of further announcements; ``None`` as the upper bound
    #: means "as many as there are agents" (the paper's 0..N)
    announcements: tuple[int, int | None] = (0, None)
    #: share of further announcements that are about knowledge
    knowledge_rate: float = 0.8
    #: negation rate of knowledge announcements
    negate_knowledge: float = 0.8
    #: negation rate of plain announcements
    negate_other: float = 0.5
    #: share of known statements about one agent's predicate (vs someone/everyone/nobody)
    atom_rate: float = 0.5
    #: share of ``knows that`` (vs ``knows whether``) in hypotheses
    knows_that_rate: float = 0.5
    #: candidate hypotheses drawn per premise
    hypotheses_per_premise: int = 12

    def __post_init__(self) -> None:
        lo, hi = self.agents
        if not 2 <= lo <= hi:
            raise ValueError(f"agents must be a range within 2..: got {lo}-{hi}")
        klo, khi = self.orders
        if not 1 <= klo <= khi:
            raise ValueError(f"hypothesis orders must be a range of K >= 1: got {klo}-{khi}")
        alo, ahi = self.announcements
        if alo < 0 or (ahi is not None and ahi < alo):
            raise ValueError(f"bad announcement range {alo}-{ahi}")
        for name in ("knowledge_rate", "negate_knowledge", "negate_other", "atom_rate",
                     "knows_that_rate"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1: got {value}")
        if self.hypotheses_per_premise < 2:
            raise ValueError("at least 2 hypotheses per premise are needed to form a pair")

    def announcement_range(self, n_agents: int) -> tuple[int, int]:
        lo, hi = self.announcements
        return lo, (n_agents if hi is None else hi)


#: A statement as the sampler builds it: nested tuples of str and int, cheap to build,
#: hash and send between processes; :func:`to_form` turns it into the formula AST.
#: ``("p", i)`` atom i; ``("some", n)`` / ``("every", n)`` the disjunction / conjunction of
#: atoms 1..n; ``("not", s)``; ``("k", a, s)`` / ``("kw", a, s)`` agent number a (0-based)
#: knows that / whether s.
Recipe = tuple


@lru_cache(maxsize=65536)
def to_form(recipe: Recipe) -> Form:
    """The formula a recipe stands for (agents as SMCDEL ids, agent i owns atom i + 1)."""
    tag = recipe[0]
    if tag == "p":
        return Prp(recipe[1])
    if tag == "some":
        return Disj(tuple(Prp(i) for i in range(1, recipe[1] + 1)))
    if tag == "every":
        return Conj(tuple(Prp(i) for i in range(1, recipe[1] + 1)))
    if tag == "not":
        return Neg(to_form(recipe[1]))
    if tag == "k":
        return K(agent_id(recipe[1]), to_form(recipe[2]))
    if tag == "kw":
        return Kw(agent_id(recipe[1]), to_form(recipe[2]))
    raise ValueError(f"unknown statement recipe {recipe!r}")


@dataclass(frozen=True, slots=True)
class PremiseDraft:
    """A premise before it has names: everything that decides its meaning.

    Equal drafts are the same premise up to the agents' names; the pipeline uses the draft
    as the premise's identity (deduplication, splits)."""

    setup: str
    n_agents: int
    #: observations[i]: atoms agent i observes, sorted
    observations: tuple[tuple[int, ...], ...]
    #: every announcement, the opening "someone …" included
    announcements: tuple[Recipe, ...]

    def announcement_forms(self) -> tuple[Form, ...]:
        return tuple(to_form(a) for a in self.announcements)


@dataclass(frozen=True, slots=True)
class Draw:
    """One premise and its candidate hypotheses (distinct, all of one order)."""

    premise: PremiseDraft
    #: hypothesis depth as published: order K minus one (0 = first order)
    depth: int
    hypotheses: tuple[Recipe, ...] = field(default=())


# --- statements ------------------------------------------------------------------------

def known_statement(rng: random.Random, n: int, params: SamplingParams) -> Recipe:
    """What a knowledge operator is about: one agent's predicate, or someone / everyone /
    nobody (the published hypotheses and knowledge announcements use exactly these)."""
    if rng.random() < params.atom_rate:
        return ("p", rng.randint(1, n))
    kind = rng.randrange(3)
    if kind == 0:
        return ("some", n)
    if kind == 1:
        return ("every", n)
    return ("not", ("some", n))


def plain_statement(rng: random.Random, n: int, params: SamplingParams) -> Recipe:
    """A plain announcement: a predicate or a quantifier, negated at ``negate_other``."""
    if rng.random() < params.atom_rate:
        core: Recipe = ("p", rng.randint(1, n))
    else:
        core = ("some", n) if rng.random() < 0.5 else ("every", n)
    return ("not", core) if rng.random() < params.negate_other else core


def knowledge_statement(rng: random.Random, n: int, params: SamplingParams) -> Recipe:
    """``A knows whether X``, negated at ``negate_knowledge``."""
    core: Recipe = ("kw", rng.randrange(n), known_statement(rng, n, params))
    return ("not", core) if rng.random() < params.negate_knowledge else core


def further_announcement(rng: random.Random, n: int, params: SamplingParams) -> Recipe:
    if rng.random() < params.knowledge_rate:
        return knowledge_statement(rng, n, params)
    return plain_statement(rng, n, params)


def hypothesis(rng: random.Random, n: int, order: int, params: SamplingParams) -> Recipe:
    """A chain of ``order`` knowledge operators over distinct consecutive agents."""
    agents: list[int] = []
    for _ in range(order):
        if agents:
            other = rng.randrange(n - 1)  # any agent but the previous one
            agents.append(other + (other >= agents[-1]))
        else:
            agents.append(rng.randrange(n))
    recipe = known_statement(rng, n, params)
    for i in reversed(agents):
        recipe = ("k" if rng.random() < params.knows_that_rate else "kw", i, recipe)
    return recipe


# --- premises ------------------------------------------------------------------------

def observations(rng: random.Random, rule: str, n: int) -> tuple[tuple[int, ...], ...]:
    """Observations under a setup's rule; ``given`` draws each cell with probability 1/N
    (N ones expected, as in the published ``explicit`` setup), again while nobody observes
    anything (SMCDEL input cannot state such a structure: the published data has none)."""
    from ..setups import rule_observations

    fixed = rule_observations(rule, n)  # type: ignore[arg-type]
    if fixed is not None:
        return tuple(tuple(row) for row in fixed)
    while True:
        rows = tuple(
            tuple(a for a in range(1, n + 1) if rng.random() < 1.0 / n) for _ in range(n)
        )
        if any(rows):
            return rows


def draw_premise(rng: random.Random, setup: str, rule: str, params: SamplingParams) -> PremiseDraft:
    lo, hi = params.agents
    n = rng.randint(lo, hi)
    obs = observations(rng, rule, n)
    alo, ahi = params.announcement_range(n)
    count = rng.randint(alo, ahi)
    anns = [("some", n)] + [further_announcement(rng, n, params) for _ in range(count)]
    return PremiseDraft(setup, n, obs, tuple(anns))


def draw_hypotheses(
    rng: random.Random, premise: PremiseDraft, params: SamplingParams
) -> tuple[int, tuple[Recipe, ...]]:
    """(depth, up to ``hypotheses_per_premise`` distinct hypotheses of one order K)."""
    order = rng.randint(*params.orders)
    seen: dict[Recipe, None] = {}
    for _ in range(4 * params.hypotheses_per_premise):
        if len(seen) == params.hypotheses_per_premise:
            break
        seen.setdefault(hypothesis(rng, premise.n_agents, order, params), None)
    return order - 1, tuple(seen)


def draw(rng: random.Random, setup: str, rule: str, params: SamplingParams) -> Draw:
    """A premise and its candidate hypotheses."""
    premise = draw_premise(rng, setup, rule, params)
    depth, hypotheses = draw_hypotheses(rng, premise, params)
    return Draw(premise, depth, hypotheses)
