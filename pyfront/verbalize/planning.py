"""The planning part of a problem in English: the actual state, the announcements one may
make, and each plan item as a question ("Which announcements, at most 3, make Ben know
whether Ben's forehead is muddy, while Cat still does not know whether Cat's forehead is
muddy?").  The sentences are the style's own (:func:`pyfront.verbalize.formula_text`);
this module only joins them.

Usage::

    from pyfront.verbalize.planning import planning_lines
    from pyfront.problem.dsl import parse_problem
    pb = parse_problem('''problem p
      agents Ann, Ben
      setup forehead
      actually muddy(Ann)
      goal Ann knows whether muddy(Ann)
      may announce someone
      plan within 2 steps expect length 1
    ''')
    print("\\n".join(planning_lines(pb)))
"""

from __future__ import annotations

from smcdel_bridge.language import Conj, Neg, Prp

from . import DEFAULT_STYLE

__all__ = ["plan_question", "planning_lines"]


def _clause(pb, form, style: str) -> str:
    """A formula as a clause: the style's sentence without its full stop, a first word that
    is not an agent's name in lower case."""
    from . import formula_text

    text = formula_text(pb, form, style).rstrip(".")
    names = [a.name for a in pb.agents]
    if not any(text.startswith(n + " ") or text.startswith(n + "'") for n in names):
        text = text[:1].lower() + text[1:]
    return text


def _agent_clause(pb, text: str, verb: str) -> tuple[str, str] | None:
    """(agent, rest) when ``text`` is "<agent> <verb> rest"."""
    for a in pb.agents:
        if text.startswith(f"{a.name} {verb} "):
            return a.name, text[len(a.name) + len(verb) + 2:]
    return None


def plan_question(pb, index: int, style: str = DEFAULT_STYLE) -> str:
    """Plan item ``index`` of ``pb`` as a question."""
    p = pb.planning
    item = p.plans[index]
    goal = _clause(pb, p.goal, style)
    split = _agent_clause(pb, goal, "knows")
    goal = f"make {split[0]} know {split[1]}" if split else f"make it true that {goal}"
    kept = []
    for f in p.keep:
        text = _clause(pb, f, style)
        split = _agent_clause(pb, text, "does not know")
        kept.append(f"{split[0]} still does not know {split[1]}" if split
                    else f"it stays true that {text}")
    steps = "one" if item.max_steps == 1 else str(item.max_steps)
    question = f"Which announcements, at most {steps}, {goal}"
    if kept:
        question += ", while " + " and ".join(kept)
    return question + "?"


def planning_lines(pb, style: str = DEFAULT_STYLE) -> list[str]:
    """The actual state, the candidate announcements and every plan question."""
    from . import formula_text

    p = pb.planning
    if p is None:
        return []
    literals = tuple(Prp(a) if a in p.actual else Neg(Prp(a)) for a in pb.vocabulary)
    state = _clause(pb, Conj(literals) if len(literals) > 1 else literals[0], style)
    lines = [f"Actually, {state}.", "The announcements that may be made, each only when it "
             "is true, in this order:"]
    lines += [f"  ({k}) {formula_text(pb, f, style)}" for k, f in enumerate(p.actions, 1)]
    for i, item in enumerate(p.plans):
        exp = f"  [expected: {item.expected_text}]" if item.expect is not None else ""
        lines.append(f"  {item.name}: {plan_question(pb, i, style)}{exp}")
    return lines
