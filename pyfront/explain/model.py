"""The explanation of a problem, as data.

Everything a reader is shown is computed once, here, from the engine's own states and
relations; the renderers (text, Markdown, rich, Graphviz) only lay it out.  Keeping the
explanation as plain data also lets the tests check every claim it makes: each
counterexample is re-evaluated by the engine, each "cannot tell apart" pair is looked up in
the engine's indistinguishability relation.
"""

from __future__ import annotations

from smcdel_bridge.language import Form

from smcdel_bridge.values import field, value


@value(frozen=True)
class Proposition:
    """A column of the state table: one atom, its short symbol and its English reading."""

    atom: int
    symbol: str
    english: str | None = None


@value(frozen=True)
class State:
    """A possible world: the set of true atoms, named by its row of 1s and 0s."""

    atoms: frozenset[int]
    #: one character per proposition, in column order: ``"101"``
    name: str
    #: truth value of each proposition, in column order
    values: tuple[bool, ...]
    #: the true propositions by symbol (``"m_Alice, m_Carol"``, or ``"none"``)
    true_symbols: str = ""

    def __str__(self) -> str:
        return self.name


@value(frozen=True)
class Frame:
    """The Kripke model at one step: its states and each agent's partition of them.

    The states are the engine's (in its reference order); a block of a partition holds
    the states the agent cannot tell apart, as the engine's relation says.
    """

    #: 0 for the initial model, k after the k-th announcement
    step: int
    title: str
    states: tuple[State, ...]
    #: (agent, blocks), in agent order
    partitions: tuple[tuple[str, tuple[tuple[State, ...], ...]], ...]
    #: at the actual state (when it survives to this step), per agent and proposition:
    #: True (the agent knows it true), False (knows it false), None (does not know
    #: whether), as the engine evaluates K and K-not
    knowledge: tuple[tuple[str, tuple[tuple[str, bool | None], ...]], ...] = ()


@value(frozen=True)
class ProblemStep:
    """One public announcement and what it does to the model."""

    number: int
    english: str | None
    formula: str
    form: Form
    removed: tuple[State, ...]
    remaining: tuple[State, ...]
    #: False when the announcement is false at the actual state (None: no actual state)
    true_at_actual: bool | None = None


@value(frozen=True)
class Reason:
    """Why ``formula`` has truth value ``value`` at ``state``: one node of a justification.

    ``kind`` names the rule used (``atom``, ``negation``, ``conjunct_fails``,
    ``knows``, ``knows_not`` …); the templates hold one sentence per kind.
    ``witnesses`` are the states the rule points at (for ``knows_not``: the state the
    agent cannot tell apart from ``state`` where the known fact fails; for ``knows``: every
    state the agent cannot tell apart from ``state``).
    """

    kind: str
    formula: str
    form: Form
    state: State
    value: bool
    agent: str | None = None
    group: tuple[str, ...] = ()
    #: the sub-formula the rule is about (the body of K, the announcement of [!a] …)
    subformula: str | None = None
    #: the sub-formula's truth value at ``state`` (knowing-whether rules)
    subvalue: bool | None = None
    witnesses: tuple[State, ...] = ()
    #: for common knowledge: the chain of (agent, state) steps that reaches ``witnesses``
    path: tuple[tuple[str, State], ...] = ()
    children: tuple["Reason", ...] = ()


@value(frozen=True)
class Cell:
    """One block of an agent's partition: states the agent cannot tell apart."""

    states: tuple[State, ...]
    #: truth value of the formula under study at each state of the block
    values: tuple[bool, ...]

    @property
    def uniform(self) -> bool:
        """The formula has one value throughout the block (the agent knows whether)."""
        return len(set(self.values)) <= 1

    @property
    def all_true(self) -> bool:
        """The formula is true throughout the block (the agent knows it)."""
        return all(self.values)


@value(frozen=True)
class AgentView:
    """An agent's partition of the remaining states, with the formula it is asked about."""

    agent: str
    #: ``"knows"`` (K) or ``"knows_whether"`` (Kw)
    operator: str
    #: whether the claim is the knowledge itself (True) or its negation (False)
    positive: bool
    formula: str
    cells: tuple[Cell, ...]


@value(frozen=True)
class Verdict:
    """A hypothesis, its answer and the justification of that answer."""

    index: int
    name: str | None
    english: str | None
    formula: str
    form: Form
    #: True: valid after the announcements (entailment); False: not entailed
    holds: bool
    expected: bool | None
    #: announcements made before it is asked (its step); None: after all of them
    step: int | None = None
    #: remaining states where the hypothesis is true / false
    true_at: tuple[State, ...] = ()
    false_at: tuple[State, ...] = ()
    #: a remaining state where the hypothesis is false (when it does not hold)
    counterexample: State | None = None
    #: why the hypothesis is false at the counterexample
    reason: Reason | None = None
    #: for a knowledge claim: the agent's partition that makes it hold or fail
    view: AgentView | None = None
    #: for an entailed implication: the remaining states where its condition is true ...
    condition_states: tuple[State, ...] | None = None
    #: ... and why the conclusion is true at the first of them
    example: Reason | None = None
    #: why the hypothesis has its value at the actual state (when that is not already
    #: the counterexample)
    actual_reason: Reason | None = None
    #: truth value at the actual state (None: no actual state, or it did not survive)
    at_actual: bool | None = None

    @property
    def label(self) -> str:
        return "entailment" if self.holds else "not_entailment"

    @property
    def agrees(self) -> bool | None:
        return None if self.expected is None else self.expected == self.holds


@value(frozen=True)
class ProblemExplanation:
    """The whole story of one problem: states, announcements, hypotheses."""

    name: str
    agents: tuple[str, ...]
    propositions: tuple[Proposition, ...]
    #: agent -> the propositions it observes (by symbol), in agent order
    observes: tuple[tuple[str, tuple[str, ...]], ...]
    law: str | None
    initial: tuple[State, ...]
    steps: tuple[ProblemStep, ...]
    verdicts: tuple[Verdict, ...]
    #: the model before any announcement, then after each one
    frames: tuple[Frame, ...] = ()
    actual: State | None = None
    premise: str | None = None

    @property
    def final(self) -> tuple[State, ...]:
        return self.steps[-1].remaining if self.steps else self.initial

    @property
    def ruled_out_by_law(self) -> int:
        """How many valuations of the propositions the law excludes from the start."""
        return 2 ** len(self.propositions) - len(self.initial)

    @property
    def contradictory(self) -> bool:
        """No state survives the announcements: the premise cannot be true."""
        return not self.final


@value(frozen=True)
class Explanation:
    """Explanations of the problems of one file."""

    source: str
    problems: tuple[ProblemExplanation, ...] = field(default=())
