"""A public-announcement problem as the page shows it: the explanation of
:func:`pyfront.explain.explain_problem`, one step per announcement, each with its class
picture (:mod:`pyfront.explain.class_picture`: the worlds removed so far greyed, every
world in its place of the first step) and, at a chosen actual world, each agent's view."""

from __future__ import annotations

from ..explain.model import Frame, ProblemExplanation, Reason, State
from .fragments import agents_of, html, text

#: most initial worlds offered as choices of the actual world
MAX_ACTUAL_CHOICES = 256
#: most groups of worlds an agent cannot tell apart listed in words (the picture has all)
MAX_LISTED_BLOCKS = 8


def class_pictures(pictures) -> list[dict]:
    """The picture part of each step: ``{"svg", "engine": "classes", "worlds"}``, or a
    message when the model is too large to draw."""
    from ..explain.class_svg import class_svg

    out = []
    for picture in pictures:
        if picture is None:
            out.append({"svg": None, "message": "too many worlds to draw; the text describes "
                        "this step", "worlds": None})
        else:
            out.append({"svg": class_svg(picture), "engine": "classes",
                        "worlds": len(picture.live), "compact": picture.compact,
                        "note": picture.note})
    return out


def _eyes(frame: Frame, p: ProblemExplanation) -> list[dict]:
    """Each agent's view of the actual world: the worlds she considers possible (the
    engine's class) and what she knows of each proposition (the engine's K)."""
    if p.actual is None or p.actual not in frame.states:
        return []
    knowledge = dict(frame.knowledge)
    out = []
    for agent, blocks in frame.partitions:
        considered = next(b for b in blocks if p.actual in b)
        facts = knowledge.get(agent, ())
        out.append({"agent": agent, "worlds": [s.name for s in considered],
                    "html": html("eyes", agent, p.actual, considered, facts)})
    return out


def _views(frame: Frame, p: ProblemExplanation) -> list[dict]:
    actual = p.actual if p.actual is not None and p.actual in frame.states else None
    out = []
    for agent, blocks in frame.partitions:
        considered = next((b for b in blocks if actual in b), None) if actual else None
        shared = [b for b in blocks if len(b) > 1]
        out.append({"agent": agent, "html": html("view", agent, considered,
                                                 shared[:MAX_LISTED_BLOCKS], actual, len(shared))})
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
    from ..explain.problem_picture import problem_pictures

    p = explain_problem(problem, actual=actual or None)
    steps = []
    for frame in p.frames:
        caption = (html("initial_caption", p) if frame.step == 0 else
                   html("announcement_caption", p.steps[frame.step - 1], p))
        steps.append({
            "title": text("problem_step_title", frame.step),
            "caption": caption,
            "views": _views(frame, p),
            "eyes": _eyes(frame, p),
            "worlds": [s.name for s in frame.states],
        })
    for step, picture in zip(steps, class_pictures(problem_pictures(p))):
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
            "true_at": [s.name for s in v.true_at],
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
        "picture_kind": "classes",
        "legend": "cannot tell apart",
        "actual": p.actual.name if p.actual is not None else None,
        "actual_choices": [{"name": s.name, "label": s.true_symbols} for s in p.initial]
        if len(p.initial) <= MAX_ACTUAL_CHOICES else [],
        "steps": steps,
        "hypotheses": hypotheses,
    }
