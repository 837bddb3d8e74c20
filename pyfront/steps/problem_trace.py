"""Belief traces of a problem: after every announcement, what every chain of distinct agents
knows of each proposition at an actual state.

A problem has no actual state of its own (its hypotheses are checked at every state), so the
trace is taken at one the caller names, as ``mindgames explain --actual`` does.  A chain's value
for a proposition is ``true`` when it holds at every state the chain reaches from the actual
one (``Nora->Omar``: every state Nora considers possible, then every state Omar considers
possible from there: the engine's ``K(Nora, K(Omar, p))``), ``false`` when its negation does,
and otherwise ``None`` with ``reason`` ``"several"`` (knowledge reaches the actual state, so it
is never empty).  The real state is order 0.  The steps are the announcements (``t`` from 1);
an announcement false at the actual state ends the trace there.

Use::

    from pyfront.problem.dsl import parse_problem
    from pyfront.steps.problem_trace import problem_trace
    p = parse_problem('''problem two
      agents Ann, Bob
      setup explicit
      Ann sees Bob's card
      announce red(Ann)
    ''')
    steps, failure = problem_trace(p, "11", order=1)
    {c["chain"]: c["value"] for c in steps[0]["chains"] if c["variable"] == "red(Bob)"}
    # {'real': 'true', 'Ann': 'true', 'Bob': None}
"""

from __future__ import annotations

from ..errors import UserError
from ..explain.build import StateNamer, announcement_texts, propositions_of, structure_of
from ..explain.kripke import KripkeStep
from ..explain.notation import Notation
from smcdel_bridge.language import K, Neg, Prp
from .trace import chain_name, chains, trace_job

__all__ = ["problem_trace", "proposition_names", "trace_item"]


def _knows(path: tuple[str, ...], form):
    for agent in reversed(path):
        form = K(agent, form)
    return form


def _entries(model: KripkeStep, at: int, problem, props, order: int) -> list[dict]:
    rows = []
    ids = {problem.agent_name(a): a for a in problem.agent_ids()}
    for prop in props:
        for path in chains(list(ids), order):
            ident = tuple(ids[a] for a in path)
            yes = model.true_at(_knows(ident, Prp(prop.atom)), at)
            no = model.true_at(_knows(ident, Neg(Prp(prop.atom))), at)
            value = "true" if yes else "false" if no else None
            allowed = [v for v, ruled_out in (("true", no), ("false", yes)) if not ruled_out]
            reason = None if value is not None else ("several" if allowed else "no belief")
            rows.append({"chain": chain_name(path), "order": len(path), "variable": prop.symbol,
                         "value": value, "reason": reason, "values": allowed})
    return rows


def problem_trace(problem, actual: str, order: int = 2) -> tuple[list[dict], UserError | None]:
    """One record per announcement (``t``, ``sentence``, ``chains``) at the state ``actual``
    (a row of 0/1 or the true propositions, as for ``explain --actual``), and why the trace
    stops early (None: it does not)."""
    if order < 0:
        raise UserError(f"--order must be 0 or more, not {order}")
    props = propositions_of(problem)
    state = StateNamer(props).parse(actual).atoms
    model = KripkeStep.initial(structure_of(problem))
    if state not in set(model.states):
        raise UserError(f"{actual!r} is not a state of problem {problem.name!r} (it breaks "
                        "the law)", line=problem.line)
    symbol = {p.atom: p.symbol for p in props}
    show = Notation(atom_name=lambda n: symbol.get(n, f"p{n}"), agent_name=problem.agent_name)
    steps = []
    for t, (ann, english) in enumerate(zip(problem.announcements, announcement_texts(problem)), 1):
        if not model.true_at(ann.formula, model.index(state)):
            return steps, UserError(f"announcement {t} is false at the actual state {actual}",
                                    line=ann.line)
        model = model.announce(ann.formula)
        steps.append({"t": t, "sentence": english or f"announce {show(ann.formula)}",
                      "chains": _entries(model, model.index(state), problem, props, order)})
    return steps, None


def trace_item(job: tuple):
    """A story's job (:func:`pyfront.steps.trace.trace_job`, its steps streamed) or a
    problem's, ``(problem, order, propositions, actual)``, in a form a child process sends
    back: the steps (only the chains of the propositions asked for), the failure's message
    and line."""
    from ..problem.model import Problem

    if not isinstance(job[0], Problem):
        return trace_job(job)
    return _problem_item(job)


def _problem_item(job: tuple) -> tuple[list[dict], str | None, int | None]:
    problem, order, wanted, actual = job
    try:
        steps, failure = problem_trace(problem, actual, order)
    except UserError as err:  # (an --actual the law rules out): the user's, not the checker's
        return [], err.message, err.line
    for step in steps:
        step["chains"] = [c for c in step["chains"] if c["variable"] in wanted]
    return steps, (failure.message if failure else None), (failure.line if failure else None)


def proposition_names(problem) -> list[str]:
    """The propositions a problem's trace names (its symbols)."""
    return [p.symbol for p in propositions_of(problem)]
