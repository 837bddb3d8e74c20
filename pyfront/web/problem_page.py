"""A public-announcement problem as the page shows it: the explanation of
:func:`pyfront.explain.explain_problem`, one step per announcement, each with its picture
(the worlds removed so far greyed, every world in its place of the first step)."""

from __future__ import annotations

from ..explain.model import Frame, ProblemExplanation, Reason, State
from .fragments import agents_of, html, text
from .pictures import MAX_WORLDS, Picture, draw, partition_edges

#: most initial worlds offered as choices of the actual world
MAX_ACTUAL_CHOICES = 256


def _edges_of(frame: Frame, rank: dict[str, int]) -> tuple[tuple[int, str, str], ...]:
    """The frame's edges, each pair and the whole list in the order of the initial worlds
    (the engine reorders worlds after an announcement)."""
    edges = partition_edges(
        [[tuple(s.name for s in block) for block in blocks] for _, blocks in frame.partitions])
    pairs = {(k, *sorted((a, b), key=rank.__getitem__)) for k, a, b in edges}
    return tuple(sorted(pairs, key=lambda e: (e[0], rank[e[1]], rank[e[2]])))


def _picture_of(frame: Frame, p: ProblemExplanation) -> Picture:
    kept = set(frame.states)
    ghosts = len(p.initial) <= MAX_WORLDS  # else only what remains is drawn
    rank = {s.name: i for i, s in enumerate(p.initial)}

    def label(s: State) -> str:  # one true proposition a line keeps the boxes narrow
        true = [q.symbol for q, v in zip(p.propositions, s.values) if v]
        return "\n".join([s.name, *(true or ["nothing true"])])

    return Picture(
        title=frame.title,
        worlds=tuple((s.name, label(s)) for s in frame.states),
        agents=tuple(agent for agent, _ in frame.partitions),
        edges=_edges_of(frame, rank),
        actual=(p.actual.name,) if p.actual is not None and p.actual in frame.states else (),
        removed=tuple((s.name, label(s)) for s in p.initial if ghosts and s not in kept),
        layout_edges=_edges_of(p.frames[0], rank) if ghosts else (),
        order=tuple(s.name for s in p.initial) if ghosts else (),
    )


def _views(frame: Frame, p: ProblemExplanation) -> list[dict]:
    actual = p.actual if p.actual is not None and p.actual in frame.states else None
    out = []
    for agent, blocks in frame.partitions:
        considered = next((b for b in blocks if actual in b), None) if actual else None
        shared = [b for b in blocks if len(b) > 1]
        out.append({"agent": agent, "html": html("view", agent, considered, shared, actual)})
    return out


def _witnesses(reason: Reason | None) -> list[str]:
    """Worlds a reason points at, depth first, without repeats."""
    seen: list[str] = []

    def walk(r: Reason):
        for s in (r.state, *r.witnesses, *(s for _, s in r.path)):
            if s.name not in seen:
                seen.append(s.name)
        for c in r.children:
            walk(c)

    if reason is not None:
        walk(reason)
    return seen


def problem_page(problem, actual: str | None, use_dot: bool) -> dict:
    from pyfront.verbalize import premise as premise_text
    from ..explain import explain_problem

    p = explain_problem(problem, actual=actual or None)
    steps = []
    for frame in p.frames:
        caption = (html("initial_caption", p) if frame.step == 0 else
                   html("announcement_caption", p.steps[frame.step - 1], p))
        steps.append({
            "title": text("problem_step_title", frame.step),
            "caption": caption,
            "views": _views(frame, p),
            "worlds": [s.name for s in frame.states],
        })
    for step, picture in zip(steps, draw([_picture_of(f, p) for f in p.frames], use_dot)):
        step["picture"] = picture
    hypotheses = []
    for v in p.verdicts:
        hypotheses.append({
            "name": v.name or f"hypothesis {v.index + 1}",
            "english": v.english,
            "formula": v.formula,
            "holds": v.holds,
            "label": v.label,
            "expected": v.expected,
            "agrees": v.agrees,
            "verdict": text("problem_verdict", v.holds),
            "tone": "yes" if v.holds else "no",
            "step": len(steps) - 1 if v.step is None else v.step,
            "counterexample": v.counterexample.name if v.counterexample else None,
            "highlight": _witnesses(v.reason) if v.counterexample else _witnesses(v.example),
            "explanation": html("verdict", v, p),
        })
    try:
        english = premise_text(problem, style="natural")
    except Exception:  # noqa: BLE001 - a premise the natural style cannot say
        english = p.premise
    facts = [text("observes", agent, seen) for agent, seen in p.observes]
    if p.law:
        facts.append(text("law", p.law))
    return {
        "name": p.name,
        "kind": "problem",
        "line": problem.line,
        "english": english or p.premise,
        "facts": facts,
        "agents": agents_of(p.agents),
        "directed": False,
        "legend": "cannot tell apart",
        "actual": p.actual.name if p.actual is not None else None,
        "actual_choices": [{"name": s.name, "label": s.true_symbols} for s in p.initial]
        if len(p.initial) <= MAX_ACTUAL_CHOICES else [],
        "steps": steps,
        "hypotheses": hypotheses,
    }
