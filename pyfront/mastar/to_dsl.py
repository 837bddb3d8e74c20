"""An mA* domain written as a DSL story with planning lines (``mindgames plan FILE.txt
--format mastar --to dsl``): the same initial state, one ``may event model`` per action,
the goal, and a plan item, so that ``mindgames plan`` on the printed text plans over the
same states as the mA* planner (:mod:`smcdel_bridge.dynamic.mastar`).

- fluents are propositions, agents the story's agents;
- the initial state is deep's finitary S5: the fluent formulas given as common belief are
  ``it is common knowledge that …``, the actual world (the one the mA* planner starts
  from) is ``actually …`` with every fluent, and ``C([…], B(i, f) | B(i, -f))`` is
  ``i observes f`` (for a formula that is not a fluent, the initial model is written out
  as a ``model … end`` block);
- an action is an event model whose ``only when`` line is its executability condition
  (checked at the actual world, as mA* does); an ontic action has an event ``done``
  (no precondition, its effects as postconditions, ``… when G`` for ``causes … if G``)
  and ``skip`` (nothing happens); sensing and announcing F have events ``yes`` (pre F),
  ``no`` (pre not F) and ``skip``.  A fully observant agent tells the events apart, a
  partially observant one considers ``yes`` and ``no`` at both, an oblivious one considers
  ``skip`` at the real events; an ``observes``/``aware_of`` condition becomes a ``when``
  on those arrows, decided at the actual world as mA* decides it;
- ``B(i, F)`` is "i believes that F", ``C([…], F)`` common belief among the group; the
  goal is the conjunction of the goals; the plan item's bound is generous (mA* sets none:
  the search ends when the states run out).

A conditional sensing or announcing effect (``determines f if G``) cannot be said (its
events' preconditions would depend on the actual world): one line
``FILE:LINE:COL: mA*: …``, as is any input the mA* reader refuses.

Usage::

    from pyfront.mastar.to_dsl import mastar_dsl
    print(mastar_dsl("fluent f; action a; agent i; executable a; a determines f; "
                     "i observes a; initially f; goal B(i, f);", "x.txt"))
"""

from __future__ import annotations

import re
from pathlib import Path

from smcdel_bridge.language import BOT, TOP, Conj, Disj, Form, Neg, Prp

from ..errors import UserError

__all__ = ["mastar_dsl", "mastar_story"]

#: the plan item's bound (mA* plans have none; the breadth-first search ends earlier)
BOUND = 100


def mastar_dsl(text: str, path: str = "<text>") -> str:
    """The DSL text of the mA* domain in ``text`` (``path`` names it in messages)."""
    from pyfront.story.dsl_print import to_dsl

    story = mastar_story(text, path)
    return (f"# {path}: the mA* domain as a DSL story (mindgames plan FILE.txt --format "
            "mastar --to dsl)\n# each 'may event model' is one mA* action: 'only when' its "
            "executability, 'when' the conditions of its observability and effects\n"
            + to_dsl(story))


def mastar_story(text: str, path: str = "<text>"):
    """The :class:`pyfront.story.model.Story` of the mA* domain in ``text``."""
    from smcdel_bridge.official.packing import relabel

    from pyfront.story.model import Story, Variable
    from pyfront.story.planning import StoryPlanItem, StoryPlanning

    from .dsl import read_text
    from .syntax import parse

    problem = read_text(text, path)
    tree = parse(text, path)
    fluents = list(problem.fluents)
    variables = [Variable(name=f, values=("true", "false"), boolean=True) for f in fluents]
    skeleton = Story(name="s", agents=list(problem.agents), variables=variables)
    atoms = {k: skeleton.atom(f) for k, f in enumerate(fluents)}
    agents = {a: a for a in problem.agents}

    def ours(f: Form) -> Form:
        return relabel(f, atoms, agents)

    parts: dict = {"name": _name(path), "agents": list(problem.agents),
                   "variables": variables}
    parts.update(_start(problem, ours))
    actions = [_event_model(problem, a, ours, tree, path) for a in problem.actions]
    goal = problem.goal[0] if len(problem.goal) == 1 else Conj(problem.goal)
    parts["planning"] = StoryPlanning(
        goal=ours(goal), actions=actions,
        plans=[StoryPlanItem(name="shortest", max_steps=BOUND)])
    return Story(**parts)


def _start(problem, ours) -> dict:
    """The set-up statements of deep's initial state (or a ``model`` block)."""
    from smcdel_bridge.dynamic.errors import DelModelError
    from smcdel_bridge.dynamic.mastar import initial_model

    try:
        start = initial_model(len(problem.fluents), problem.agents, problem.pointed,
                              fixed=problem.fixed, laws=problem.laws,
                              knows_whether=problem.knows_whether)
    except DelModelError as err:
        raise UserError(f"mA*: {err}", file=problem.path) from None
    actual = start.vals[start.point]
    if all(isinstance(f, Prp) for _, f in problem.knows_whether):
        observes: dict[str, list[str]] = {}
        for agent, f in problem.knows_whether:
            seen = observes.setdefault(agent, [])
            if problem.fluents[f.n] not in seen:
                seen.append(problem.fluents[f.n])
        return {"common": [ours(f) for f in problem.laws],
                "actually": [ours(_conj([Prp(k) if actual >> k & 1 else Neg(Prp(k))
                                         for k in range(len(problem.fluents))]))],
                "observes": [(a, tuple(v)) for a, v in observes.items()]}
    return {"initial": _model_block(problem, start)}


def _model_block(problem, start):
    """The initial model written out: one world per assignment, each agent's cells."""
    from pyfront.story.model import InitialModel

    names = [f"w{k}" for k in range(len(start.vals))]
    worlds = tuple((names[k], tuple((f, "true") for j, f in enumerate(problem.fluents)
                                    if val >> j & 1)) for k, val in enumerate(start.vals))
    considers = []
    for i, agent in enumerate(problem.agents):
        rows = tuple((names[w], tuple(names[v] for v in range(len(names))
                                      if start.rel[i][w] >> v & 1))
                     for w in range(len(names)))
        considers.append((agent, rows))
    return InitialModel(worlds=worlds, considers=tuple(considers),
                        actual=(names[start.point],))


def _event_model(problem, action, ours, tree, path: str):
    """One mA* action as a story event model (see the module's docstring)."""
    from pyfront.story.events import EventModel, RawEvent

    guard = ours(_conj(list(action.pre))) if action.pre else None
    if action.kind == "ontic":
        becomes, becomes_when = [], []
        for literals, cond in action.effects:
            for k, positive in literals:
                value = TOP if positive else BOT
                if cond == TOP:
                    becomes.append((problem.fluents[k], value))
                else:
                    becomes_when.append((problem.fluents[k], value, ours(cond)))
        events = (RawEvent(name="done", pre=TOP, becomes=tuple(becomes),
                           becomes_when=tuple(becomes_when)),
                  RawEvent(name="skip", pre=TOP))
        real = ("done",)
    else:
        literals = []
        for lits, cond in action.effects:
            if cond != TOP:
                raise _refuse(path, _statement(tree, action.name),
                              f"the {action.kind} of {action.name!r} under a condition")
            literals += [Prp(k) if positive else Neg(Prp(k)) for k, positive in lits]
        fact = ours(_conj(literals))
        events = (RawEvent(name="yes", pre=fact), RawEvent(name="no", pre=Neg(fact)),
                  RawEvent(name="skip", pre=TOP))
        real = ("yes", "no")
    considers, considers_when = [], []
    for agent in problem.agents:
        full = _any(c for a, c in action.full if a == agent)
        partial = _any(c for a, c in action.partial if a == agent)
        if full == TOP:
            continue  # tells every event apart (no arrows: the identity)
        views = [(full, tuple((e, (e,)) for e in real))]
        if len(real) > 1:
            views.append((_and(Neg(full), partial) if full != BOT else partial,
                          tuple((e, real) for e in real)))
        blind = _and(Neg(full) if full != BOT else TOP,
                     Neg(partial) if partial != BOT else TOP) if len(real) > 1 else (
            Neg(full) if full != BOT else TOP)
        views.append((blind, tuple((e, ("skip",)) for e in real)))
        rows = [("skip", ("skip",))]
        for cond, view in views:
            if cond == TOP:
                rows += view
            elif cond != BOT:
                considers_when.append((agent, ours(cond), view))
        considers.append((agent, tuple(rows)))
    return EventModel(label=action.name, events=events, actual=real, when=guard,
                      considers=tuple(considers), considers_when=tuple(considers_when))


def _any(conds) -> Form:
    """The disjunction of ``conds`` (BOT when none; TOP when one is TOP)."""
    got = list(dict.fromkeys(conds))
    if not got:
        return BOT
    if TOP in got:
        return TOP
    return got[0] if len(got) == 1 else Disj(tuple(got))


def _and(a: Form, b: Form) -> Form:
    if a == TOP:
        return b
    if b == TOP:
        return a
    if BOT in (a, b):
        return BOT
    return Conj((a, b))


def _conj(parts: list) -> Form:
    return parts[0] if len(parts) == 1 else Conj(tuple(parts))


def _refuse(path: str, node, what: str) -> UserError:
    meta = getattr(node, "meta", None)
    line = getattr(meta, "line", None) if meta is not None else getattr(node, "line", None)
    col = getattr(meta, "column", None) if meta is not None else getattr(node, "column", None)
    return UserError(f"mA*: {what} cannot be said in the DSL (a story's events have "
                     "preconditions that do not depend on the actual world)",
                     file=path, line=line, column=col)


def _statement(tree, action: str):
    """The first sensing or announcing statement about ``action`` with a condition."""
    return next((st for st in tree.children
                 if st.data in ("determines", "announces") and str(st.children[0]) == action
                 and len(st.children) > 2 and st.children[2] is not None), None)


def _name(path: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9_]", "_", Path(path).stem) or "mastar"
    return stem if stem[0].isalpha() else "d_" + stem
