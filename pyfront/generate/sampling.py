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
  ``knows whether``, at ``knows_that_rate``) of agents each different from the next,
  ending in such a statement;
* agent counts, orders and announcement counts are drawn with optional weights; the
  defaults of :func:`paper_params` come from :mod:`.calibration`.

Everything random goes through a :class:`random.Random` the caller seeds, so a draw is a
pure function of its seed.  Statements are drawn as small tuples (:data:`Recipe`: cheap to
hash and to send between processes) and become formulas through :func:`to_form`, with
agents under their SMCDEL ids (``Agenta`` …) and agent i owning atom i + 1, as in
:mod:`pyfront.problem`.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from smcdel_bridge.language import Conj, Disj, Form, K, Kw, Neg, Prp
from smcdel_bridge.values import field, fields, value

from pyfront.problem.model import agent_id
from .calibration import (
    PAPER_AGENT_WEIGHTS, PAPER_ANNOUNCEMENT_WEIGHTS, PAPER_ORDER_WEIGHTS, PAPER_RATES,
)

@value(frozen=True, slots=True)
class SamplingParams:
    """What a draw may contain.  Defaults are the paper's nominal settings with uniform
    weights; the generator's default is :func:`paper_params` (calibrated weights and rates)."""

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
    #: the same share in further announcements (None: ``atom_rate``)
    announcement_atom_rate: float | None = None
    #: share of ``knows that`` (vs ``knows whether``) in hypotheses
    knows_that_rate: float = 0.5
    #: hypotheses drawn per premise, repeats dropped (the published pipeline drew 50)
    hypotheses_per_premise: int = 50
    #: relative weights of the agent counts ``agents[0]..agents[1]`` (None: uniform)
    agent_weights: tuple[float, ...] | None = None
    #: relative weights of the orders ``orders[0]..orders[1]`` (None: uniform)
    order_weights: tuple[float, ...] | None = None
    #: relative weights of the further-announcement counts ``lo, lo+1, …`` (None: uniform);
    #: a problem draws among the counts its range allows, renormalised
    announcement_weights: tuple[float, ...] | None = None

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
                     "announcement_atom_rate", "knows_that_rate"):
            value = getattr(self, name)
            if value is not None and not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1: got {value}")
        if self.hypotheses_per_premise < 2:
            raise ValueError("at least 2 hypotheses per premise are needed to form a pair")
        _check_weights("agent_weights", self.agent_weights, hi - lo + 1)
        _check_weights("order_weights", self.order_weights, khi - klo + 1)
        needed = (hi if ahi is None else ahi) - alo + 1
        _check_weights("announcement_weights", self.announcement_weights, needed, at_least=True)

    def announcement_range(self, n_agents: int) -> tuple[int, int]:
        lo, hi = self.announcements
        return lo, (n_agents if hi is None else hi)


def _check_weights(name: str, weights, size: int, at_least: bool = False) -> None:
    if weights is None:
        return
    if len(weights) < size if at_least else len(weights) != size:
        raise ValueError(
            f"{name} needs {'at least ' if at_least else ''}{size} weights (one per value of "
            f"its range): got {len(weights)}"
        )
    if not math.isfinite(sum(weights)):  # nan and inf read as floats; so may a sum overflow
        raise ValueError(f"{name} must be finite numbers, and so must their sum: got {weights}")
    if any(w < 0 for w in weights) or not any(w > 0 for w in weights):
        raise ValueError(f"{name} must be non-negative and not all zero: got {weights}")


def weighted_pick(rng: random.Random, lo: int, hi: int, weights: tuple[float, ...] | None) -> int:
    """A value of ``lo..hi``; ``weights[k]`` is the weight of ``lo + k`` (None, or no
    positive weight within the range: uniform).  A weighted pick uses one ``rng.random()``."""
    if weights is None:
        return rng.randint(lo, hi)
    cut = weights[: hi - lo + 1]
    total = sum(cut)
    if total <= 0:
        return rng.randint(lo, hi)
    x = rng.random() * total
    for k, w in enumerate(cut):
        x -= w
        if x < 0:
            return lo + k
    return lo + max(k for k, w in enumerate(cut) if w > 0)


def calibrated_weights(
    agents: tuple[int, int], orders: tuple[int, int], announcements: tuple[int, int | None]
) -> dict[str, tuple[float, ...] | None]:
    """The calibrated weights of the ranges that are the paper's; None (uniform) for others
    (the announcement weights also serve 0–N with fewer agents: they cover counts 0–4)."""
    fits = announcements == (0, None) and agents[1] < len(PAPER_ANNOUNCEMENT_WEIGHTS)
    return {
        "agent_weights": PAPER_AGENT_WEIGHTS if tuple(agents) == (2, 4) else None,
        "order_weights": PAPER_ORDER_WEIGHTS if tuple(orders) == (1, 2) else None,
        "announcement_weights": PAPER_ANNOUNCEMENT_WEIGHTS if fits else None,
    }


def paper_params(**overrides) -> SamplingParams:
    """The generator's default: the calibrated rates, and the calibrated weights wherever
    the ranges (also when given in ``overrides``) are the paper's."""
    base: dict = dict(PAPER_RATES)
    base.update(overrides)
    defaults = {f.name: f.default for f in fields(SamplingParams)}
    ranges = {k: base.get(k, defaults[k]) for k in ("agents", "orders", "announcements")}
    for name, weights in calibrated_weights(**ranges).items():
        base.setdefault(name, weights)
    return SamplingParams(**base)


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


@value(frozen=True, slots=True)
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


@value(frozen=True, slots=True)
class Draw:
    """One premise and its candidate hypotheses (distinct, all of one order)."""

    premise: PremiseDraft
    #: hypothesis depth as published: order K minus one (0 = first order)
    depth: int
    hypotheses: tuple[Recipe, ...] = field(default=())


# --- statements ------------------------------------------------------------------------

def known_statement(
    rng: random.Random, n: int, params: SamplingParams, atom_rate: float | None = None
) -> Recipe:
    """What a knowledge operator is about: one agent's predicate, or someone / everyone /
    nobody (the published hypotheses and knowledge announcements use exactly these)."""
    if rng.random() < (params.atom_rate if atom_rate is None else atom_rate):
        return ("p", rng.randint(1, n))
    kind = rng.randrange(3)
    if kind == 0:
        return ("some", n)
    if kind == 1:
        return ("every", n)
    return ("not", ("some", n))


def plain_statement(rng: random.Random, n: int, params: SamplingParams) -> Recipe:
    """A plain announcement: a predicate or a quantifier, negated at ``negate_other``."""
    if rng.random() < _announcement_atom_rate(params):
        core: Recipe = ("p", rng.randint(1, n))
    else:
        core = ("some", n) if rng.random() < 0.5 else ("every", n)
    return ("not", core) if rng.random() < params.negate_other else core


def knowledge_statement(rng: random.Random, n: int, params: SamplingParams) -> Recipe:
    """``A knows whether X``, negated at ``negate_knowledge``."""
    known = known_statement(rng, n, params, _announcement_atom_rate(params))
    core: Recipe = ("kw", rng.randrange(n), known)
    return ("not", core) if rng.random() < params.negate_knowledge else core


def _announcement_atom_rate(params: SamplingParams) -> float:
    rate = params.announcement_atom_rate
    return params.atom_rate if rate is None else rate


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
    from pyfront.problem.setups import rule_observations

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
    n = weighted_pick(rng, lo, hi, params.agent_weights)
    obs = observations(rng, rule, n)
    alo, ahi = params.announcement_range(n)
    count = weighted_pick(rng, alo, ahi, params.announcement_weights)
    anns = [("some", n)] + [further_announcement(rng, n, params) for _ in range(count)]
    return PremiseDraft(setup, n, obs, tuple(anns))


def draw_hypotheses(
    rng: random.Random, premise: PremiseDraft, params: SamplingParams
) -> tuple[int, tuple[Recipe, ...]]:
    """(depth, the distinct ones of ``hypotheses_per_premise`` hypotheses of one order K).

    Drawn with repetition like the published pipeline's variations of a premise, so the
    number of distinct hypotheses grows with the space there is (more agents, higher order)."""
    order = weighted_pick(rng, *params.orders, params.order_weights)
    seen: dict[Recipe, None] = {}
    for _ in range(params.hypotheses_per_premise):
        seen.setdefault(hypothesis(rng, premise.n_agents, order, params), None)
    return order - 1, tuple(seen)


def draw(rng: random.Random, setup: str, rule: str, params: SamplingParams) -> Draw:
    """A premise and its candidate hypotheses."""
    premise = draw_premise(rng, setup, rule, params)
    depth, hypotheses = draw_hypotheses(rng, premise, params)
    return Draw(premise, depth, hypotheses)
