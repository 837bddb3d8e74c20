"""An event-model case (``mindgames del`` JSON) -> a story with an explicit model and
explicit event models, where the story language can say it (``mindgames del --to dsl``).

A case's relations become the agents' *belief* arrows, read the soft way (see
``docs/stories.md``); a story updates by action priority where the case uses the plain
product update.  The two agree whenever no agent's beliefs are contradicted, which this
module checks: a case is written only when every relation is a belief relation (serial,
transitive, Euclidean), every query is a story formula (``K`` as belief, Boolean
connectives), and the story's answers at the actual worlds equal the plain product
update's.  Otherwise :class:`NotAStory` says why.
"""

from __future__ import annotations

import re

from smcdel_bridge import language as L
from smcdel_bridge.dynamic import KripkeModel
from smcdel_bridge.dynamic.jsonio import Case
from smcdel_bridge.language import Form

from . import model as M
from ..errors import UserError

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class NotAStory(UserError, ValueError):
    """Why a case cannot be written as a story."""


def _kd45(relations, nodes, who: str) -> None:
    for a, rel in relations.items():
        for x in nodes:
            succ = rel.get(x, frozenset())
            if not succ:
                raise NotAStory(f"{a} considers nothing possible at {who} {x!r} (not a belief relation)")
            for y in succ:
                if rel.get(y, frozenset()) != succ:
                    raise NotAStory(f"{a}'s relation is not transitive and Euclidean at {who} {x!r}")


def _renumber(f: Form, atoms: dict[int, int]) -> Form:
    if isinstance(f, (L.Top, L.Bot)):
        return f
    if isinstance(f, L.Prp):
        return L.Prp(atoms[f.n])
    if isinstance(f, L.Neg):
        return L.Neg(_renumber(f.f, atoms))
    if isinstance(f, (L.Conj, L.Disj)):
        return type(f)(tuple(_renumber(g, atoms) for g in f.fs))
    if isinstance(f, (L.Impl, L.Equi)):
        return type(f)(_renumber(f.a, atoms), _renumber(f.b, atoms))
    if isinstance(f, L.K):
        return L.K(M.belief_id(f.agent), _renumber(f.f, atoms))
    raise NotAStory(f"the story language has no words for {type(f).__name__} on beliefs")


def case_to_story(case: Case) -> M.Story:
    """The story that says what ``case`` says (NotAStory when it cannot)."""
    model = case.model
    for a in model.agents:
        if not _NAME.match(a) or a in ("the", "it", "everyone"):
            raise NotAStory(f"agent name {a!r} cannot be written bare")
    atoms = sorted(model.atoms | {p for act in case.actions for e in act.events for p in e.post})
    number = {n: i + 1 for i, n in enumerate(atoms)}
    variables = [M.Variable(name=f"p{n}", values=("true", "false"), boolean=True) for n in atoms]
    _kd45(model.relations, model.worlds, "world")
    worlds = tuple((w, tuple((f"p{n}", "true") for n in atoms if n in model.valuation[w]))
                   for w in model.worlds)
    init = M.InitialModel(
        worlds=worlds, actual=tuple(model.actual),
        considers=tuple((a, tuple((w, tuple(sorted(model.relations[a].get(w, ()),
                                                   key=model.worlds.index)))
                                  for w in model.worlds)) for a in model.agents))
    events = []
    for i, act in enumerate(case.actions, 1):
        names = [e.name for e in act.events]
        bad = [n for n in names if not _NAME.match(n) or n in ("the", "end")]
        if bad:
            raise NotAStory(f"event name {bad[0]!r} cannot be written bare")
        _kd45(act.relations, names, "event")
        raw = tuple(M.RawEvent(name=e.name, pre=_renumber(e.pre, number),
                               becomes=tuple((f"p{n}", _renumber(f, number)) for n, f in e.post.items()))
                    for e in act.events)
        events.append(M.EventModel(
            label=act.label if act.label and act.label != "action" else f"action {i}",
            events=raw, actual=tuple(act.actual),
            considers=tuple((a, tuple((e, tuple(sorted(act.relations[a].get(e, ()), key=names.index)))
                                      for e in names)) for a in act.agents)))
    n = len(events)
    hyps = [M.Hypothesis(name=f"query{k}", formula=_renumber(q.formula, number), expected=q.at_actual,
                         step=n) for k, q in enumerate(case.queries, 1)]
    story = M.Story(name=_story_name(case.id), agents=list(model.agents), variables=variables,
                    initial=init, events=events, hypotheses=hyps)
    _same_answers(case, story)
    return story


def _story_name(cid: str) -> str:
    name = re.sub(r"[^A-Za-z0-9_]", "_", cid) or "case"
    return name if not name[0].isdigit() else "case_" + name


def _same_answers(case: Case, story: M.Story) -> None:
    """The story must answer as the plain product update does (no belief contradicted)."""
    from smcdel_bridge.dynamic import product_update
    from smcdel_bridge.dynamic.semantics import truth_set

    from .compile import evaluate

    model: KripkeModel = case.model
    for act in case.actions:
        model = product_update(model, act)
    for (q, r) in zip(case.queries, evaluate(story)):
        plain = frozenset(model.actual) <= truth_set(model, q.formula)
        if plain != r.answer:
            raise NotAStory("an agent's beliefs are contradicted: the story revises them where "
                            "the plain product update leaves them empty, and the answers differ")


def write_stories(items, out, err) -> int:
    """``mindgames del --to dsl``: each case that can be a story, as DSL text on ``out``;
    for every other one a line ``FILE:LINE: case ID: reason`` on ``err``.  Exit code 1
    when some case could not be written."""
    from smcdel_bridge.dynamic.jsonio import case_from_json
    from smcdel_bridge.errors import SmcdelError

    from .dsl_print import to_dsl

    failed = written = 0
    for item in items:
        if item.error is not None:
            print(item.error, file=err)
            failed += 1
            continue
        cid = item.obj.get("id", "?") if isinstance(item.obj, dict) else "?"
        try:
            story = case_to_story(case_from_json(item.obj))
        except (NotAStory, SmcdelError) as reason:
            print(f"{item.where}: case {cid}: not written as a story: {reason}", file=err)
            failed += 1
            continue
        out.write(("\n" if written else "") + f"# case {cid} ({item.where})\n" + to_dsl(story))
        out.flush()
        written += 1
    print(f"{written} case(s) written as stories, {failed} not", file=err)
    return 1 if failed else 0
