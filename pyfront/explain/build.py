"""Build the explanation of a problem from the native engine's models.

The engine gives the states, the truth sets and the agents' relations at each step; this
module names the states after the problem's propositions, follows the announcements one
by one, and asks :mod:`.justify` why each hypothesis is or is not entailed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable

from smcdel_bridge.language import Form, Impl, K, Kw, Neg, Prp, Top
from smcdel_bridge.program import Structure

from smcdel_bridge.values import replace

from ..verbalize import announcement, sayable
from .justify import Context, justify
from .kripke import KripkeStep, bits
from .model import (
    AgentView,
    Cell,
    Frame,
    ProblemExplanation,
    Proposition,
    State,
    ProblemStep,
    Verdict,
)
from .notation import Notation
from ..errors import UserError

if TYPE_CHECKING:
    from pyfront.problem.model import Problem


def structure_of(problem: "Problem") -> Structure:
    """The knowledge structure of a problem with every agent in it (an agent who observes
    nothing simply has an empty list: the engine needs no stand-in atom for it).  The S5
    steps built on it follow public announcements: a problem with one told to a group
    (an event model) is refused in one line."""
    if problem.has_told:
        from pyfront.errors import UserError

        raise UserError(f"problem {problem.name!r} tells an announcement to a group (an event "
                        "model): explain, trace and the web page follow public announcements; "
                        "'mindgames check' answers it on the event-model engines")
    return Structure(
        vocab=tuple(problem.vocabulary),
        law=problem.law,
        obs=tuple(
            (ident, tuple(row)) for ident, row in zip(problem.agent_ids(), problem.observations)
        ),
    )


def propositions_of(problem: "Problem") -> tuple[Proposition, ...]:
    """The columns of the state table, in the problem's atom order."""
    out = []
    for atom in problem.vocabulary:
        owner = problem.atom_owner(atom)
        if owner is not None and problem.predicate is not None:
            name = problem.agents[owner].name
            out.append(Proposition(atom, f"{problem.predicate.keyword}({name})",
                                   problem.predicate.say(name)))
            continue
        prop = problem.proposition_of(atom)
        if prop is not None:
            out.append(Proposition(atom, prop.name, prop.positive))
        else:
            out.append(Proposition(atom, f"p{atom}"))
    return tuple(out)


class StateError(UserError, ValueError):
    """A state written by the user (``--actual``) that the problem does not have."""


class StateNamer:
    """Turns the engine's states (sets of true atoms) into named :class:`State` rows."""

    def __init__(self, propositions: Iterable[Proposition]):
        self.propositions = tuple(propositions)
        self._cache: dict[frozenset[int], State] = {}

    def __call__(self, atoms: frozenset[int]) -> State:
        state = self._cache.get(atoms)
        if state is None:
            values = tuple(p.atom in atoms for p in self.propositions)
            true = [p.symbol for p in self.propositions if p.atom in atoms]
            state = self._cache[atoms] = State(
                atoms=frozenset(atoms),
                name="".join("1" if v else "0" for v in values),
                values=values,
                true_symbols=", ".join(true) if true else "nothing true",
            )
        return state

    def parse(self, text: str) -> State:
        """A state written as a row of 0/1 (``"101"``), or as the comma-separated symbols or
        atom numbers that are true (``"muddy(Alice),muddy(Carol)"``, ``"1,3"``; ``"{}"`` or
        ``"none"`` for the state where nothing is true).  :class:`StateError` otherwise."""
        raw = text.strip()
        n = len(self.propositions)
        if raw and len(raw) == n and set(raw) <= {"0", "1"}:
            return self(frozenset(p.atom for p, c in zip(self.propositions, raw) if c == "1"))
        atoms_known = {p.atom for p in self.propositions}
        if len(raw) > 1 and set(raw) <= {"0", "1"} and (raw[0] == "0" or int(raw) not in atoms_known):
            # a row of the wrong length, not an atom number ("01" for three propositions)
            known = ", ".join(p.symbol for p in self.propositions)
            raise StateError(f"{text!r} is a row of {len(raw)} 0/1 digits, but there "
                             f"{'is' if n == 1 else 'are'} {n} proposition{'s' * (n != 1)} ({known})")
        inner = raw[1:-1] if raw.startswith("{") and raw.endswith("}") else raw
        if inner.strip().lower() in ("", "none"):
            return self(frozenset())
        by_symbol = {p.symbol.lower(): p.atom for p in self.propositions}
        atoms = set()
        for item in _split_top(inner):
            key = item.strip()
            if key.lower() in by_symbol:
                atoms.add(by_symbol[key.lower()])
            elif key.isdigit() and int(key) in {p.atom for p in self.propositions}:
                atoms.add(int(key))
            else:
                known = ", ".join(p.symbol for p in self.propositions)
                raise StateError(
                    f"unknown proposition {key!r} in state {text!r} (write a row of {n} 0/1 "
                    f"digits, or the true propositions among: {known})"
                )
        return self(frozenset(atoms))


def _split_top(text: str) -> list[str]:
    """Split on commas outside parentheses (``muddy(A),muddy(B)``)."""
    parts, depth, current = [], 0, []
    for ch in text:
        if ch == "," and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        depth += (ch == "(") - (ch == ")")
        current.append(ch)
    parts.append("".join(current))
    return [p for p in parts if p.strip()]


#: what the English renderer raises for a formula it cannot say
_UNSAYABLE = (ValueError, LookupError)

#: most atoms a problem may have to be explained: every state is listed, shown and kept
#: (2^16 states already take gigabytes)
MAX_EXPLAINED_ATOMS = 12


def _said(render: Callable[[], str], form: Form | None = None) -> str | None:
    """``render()``, the English of something; None when the renderer cannot say it, or
    when ``form`` has an operator it would write as SMCDEL text rather than words."""
    if form is not None and not sayable(form):
        return None
    try:
        return render()
    except _UNSAYABLE:
        return None


def announcement_texts(problem: "Problem") -> list[str | None]:
    """English for each announcement, as the problem's published premise says it (None for
    one that cannot be said in words)."""
    return [
        _said(lambda k=k: announcement(problem, k), ann.formula)
        for k, ann in enumerate(problem.announcements)
    ]


def _knowledge_claim(form: Form) -> tuple[Form, bool] | None:
    """(K/Kw node, positive?) when ``form`` is a knowledge claim under negations."""
    positive = True
    while isinstance(form, Neg):
        form, positive = form.f, not positive
    if isinstance(form, (K, Kw)):
        return form, positive
    return None


def explain_problem(
    problem: "Problem", *, actual: str | None = None, depth: int = 4
) -> ProblemExplanation:
    """Everything ``mindgames explain`` shows about one problem.

    ``actual``: the actual state, in the syntax of :meth:`StateNamer.parse`.
    """
    from pyfront.verbalize import premise as premise_text

    n_atoms = len(problem.vocabulary)
    if n_atoms > MAX_EXPLAINED_ATOMS:
        from smcdel_bridge.errors import TooLargeError

        raise TooLargeError(f"{n_atoms} atoms, and at most {MAX_EXPLAINED_ATOMS} "
                            f"({2 ** MAX_EXPLAINED_ATOMS} states) can be listed",
                            size=n_atoms, limit=MAX_EXPLAINED_ATOMS, unit="atoms")
    props = propositions_of(problem)
    name_state = StateNamer(props)
    symbol = {p.atom: p.symbol for p in props}
    show = Notation(atom_name=lambda n: symbol.get(n, f"p{n}"), agent_name=problem.agent_name)
    ctx = Context(show=show, state=name_state, agent=problem.agent_name, depth=depth)
    agents = tuple(a.name for a in problem.agents)

    model = KripkeStep.initial(structure_of(problem))
    actual_state = name_state.parse(actual) if actual is not None else None
    if actual_state is not None and actual_state.atoms not in set(model.states):
        raise StateError(f"{actual!r} is not a state of problem {problem.name!r} "
                         "(it breaks the law)")

    frames = [_frame(model, 0, "Initial model", ctx, problem, actual_state)]
    steps = []
    actual_alive = actual_state is not None
    models, alive = [model], [actual_alive]  # after 0, 1, … announcements
    for k, (ann, english) in enumerate(zip(problem.announcements, announcement_texts(problem)), 1):
        after = model.announce(ann.formula)
        kept = set(after.states)
        formula = show(ann.formula)
        at_actual = None
        if actual_alive:
            at_actual = model.true_at(ann.formula, model.index(actual_state.atoms))
            actual_alive = at_actual
        steps.append(ProblemStep(
            number=k,
            english=english,
            formula=formula,
            form=ann.formula,
            removed=tuple(name_state(s) for s in model.states if s not in kept),
            remaining=tuple(name_state(s) for s in after.states),
            true_at_actual=at_actual,
        ))
        model = after
        models.append(model)
        alive.append(actual_alive)
        frames.append(_frame(model, k, f"After announcement {k}: {formula}", ctx, problem,
                             actual_state if actual_alive else None))

    # each hypothesis is answered after the announcements written above it
    asked = [h.announcements_before(len(problem.announcements)) for h in problem.hypotheses]
    verdicts = tuple(
        replace(_verdict(models[k], i, h, problem, ctx, actual_state if alive[k] else None),
                step=k)
        for i, (h, k) in enumerate(zip(problem.hypotheses, asked))
    )
    law = None if isinstance(problem.law, Top) else show(problem.law)
    return ProblemExplanation(
        name=problem.name,
        agents=agents,
        propositions=props,
        observes=tuple(
            (a.name, tuple(symbol.get(n, f"p{n}") for n in row))
            for a, row in zip(problem.agents, problem.observations)
        ),
        law=law,
        initial=frames[0].states,
        steps=tuple(steps),
        verdicts=verdicts,
        frames=tuple(frames),
        actual=actual_state,
        premise=_said(lambda: premise_text(problem)),
    )


def _knowledge(model: KripkeStep, problem, ctx: Context, actual: State | None):
    """What each agent knows of each proposition at the actual state (the engine's K)."""
    if actual is None:
        return ()
    at = model.index(actual.atoms)
    out = []
    for agent in problem.agent_ids():
        row = []
        for atom in problem.vocabulary:
            if model.true_at(K(agent, Prp(atom)), at):
                row.append((ctx.show(Prp(atom)), True))
            elif model.true_at(K(agent, Neg(Prp(atom))), at):
                row.append((ctx.show(Prp(atom)), False))
            else:
                row.append((ctx.show(Prp(atom)), None))
        out.append((ctx.agent(agent), tuple(row)))
    return tuple(out)


def _frame(model: KripkeStep, step: int, title: str, ctx: Context, problem,
           actual: State | None = None) -> Frame:
    states = tuple(ctx.state(s) for s in model.states)
    partitions = tuple(
        (ctx.agent(agent), tuple(
            tuple(states[j] for j in bits(block)) for block in model.partition(agent)
        ))
        for agent in problem.agent_ids()
    )
    return Frame(step=step, title=title, states=states, partitions=partitions,
                 knowledge=_knowledge(model, problem, ctx, actual))


def _verdict(model: KripkeStep, index: int, hyp, problem, ctx: Context,
             actual: State | None) -> Verdict:
    from pyfront.verbalize import hypothesis as hypothesis_text
    form = hyp.formula
    mask = model.holds(form)
    states = [ctx.state(s) for s in model.states]
    true_at = tuple(states[j] for j in bits(mask))
    false_at = tuple(states[j] for j in bits(model.all & ~mask))
    holds = not false_at
    counterexample = reason = None
    if false_at:
        counterexample = chosen = _first_state(false_at, actual)
        reason = justify(model, form, model.index(chosen.atoms), ctx)
    view = None
    claim = _knowledge_claim(form)
    if claim is not None and model.states:
        node, positive = claim
        body = model.holds(node.f)
        cells = tuple(
            Cell(states=tuple(states[j] for j in bits(block)),
                 values=tuple(bool(body >> j & 1) for j in bits(block)))
            for block in model.partition(node.agent)
        )
        view = AgentView(
            agent=ctx.agent(node.agent),
            operator="knows" if isinstance(node, K) else "knows_whether",
            positive=positive,
            formula=ctx.show(node.f),
            cells=cells,
        )
    condition_states = example = None
    if holds and isinstance(form, Impl) and model.states:
        condition = model.holds(form.a)
        condition_states = tuple(states[j] for j in bits(condition))
        if condition_states and (actual is None or actual not in condition_states):
            # (at the actual state, the reason given for it says the same)
            first = condition_states[0]
            example = justify(model, form.b, model.index(first.atoms), ctx)
    at_actual = actual_reason = None
    if actual is not None:
        at_actual = model.true_at(form, model.index(actual.atoms))
        if counterexample != actual:
            actual_reason = justify(model, form, model.index(actual.atoms), ctx)
    return Verdict(
        index=index,
        name=hyp.name,
        english=_said(lambda: hypothesis_text(problem, index), form),
        formula=ctx.show(form),
        form=form,
        holds=holds,
        expected=hyp.expected,
        true_at=true_at,
        false_at=false_at,
        counterexample=counterexample,
        reason=reason,
        view=view,
        condition_states=condition_states,
        example=example,
        at_actual=at_actual,
        actual_reason=actual_reason,
    )


def _first_state(states: tuple[State, ...], preferred: State | None) -> State:
    return preferred if preferred is not None and preferred in states else states[0]
