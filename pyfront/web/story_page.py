"""A story as the page shows it: the explanation of
:func:`pyfront.explain.story.explain_story`, one step per event, each with its picture
(belief arrows) and the agents' beliefs, the hypotheses and questions at their step."""

from __future__ import annotations

from .fragments import agents_of, html, text
from .pictures import Picture, draw


def _reason_worlds(reasons) -> list[str]:
    """Worlds the reasons point at, depth first, without repeats."""
    seen: list[str] = []

    def walk(r):
        for w in (r.world, *r.worlds, r.witness):
            if w and w.startswith("w") and w not in seen:
                seen.append(w)
        for c in r.children:
            walk(c)

    for r in reasons:
        walk(r)
    return seen


def _event_picture(event, agents, position) -> Picture:
    """The event model of a step: events with their pre- and postconditions, an arrow from
    an event to each event an agent believes happens there, the events that happen
    marked."""
    return Picture(
        title=event.label,
        worlds=tuple((e.name, "\n".join([e.name, f"pre: {e.pre}", *e.post]))
                     for e in event.events),
        agents=tuple(agents),
        edges=tuple((position[agent], e, f) for agent, rows in event.arrows
                    for e, targets in rows for f in targets),
        directed=True,
        actual=tuple(e.name for e in event.events if e.actual),
    )


def story_page(story, use_dot: bool, engine: str = "auto") -> dict:
    """``engine``: ``auto`` draws small stories world by world and answers large ones with
    the symbolic engine (no pictures of their models), or ``explicit`` / ``symbolic``."""
    from ..explain.story import explain_story
    from ..explain.story_symbolic import explain_engine, explain_story_symbolic

    symbolic = explain_engine(story, engine) == "symbolic"
    ex = explain_story_symbolic(story) if symbolic else explain_story(story)
    position = {a: i for i, a in enumerate(ex.agents)}
    steps, pictures, hypotheses = [], [], []
    event_pictures: list[Picture] = []  # one per step after the start
    for index, step in enumerate(ex.steps):
        short = step.short
        pictures.append(Picture(
            title=text("story_step_title", step.number),
            worlds=tuple((w.short, w.short + "\n" + w.label) for w in step.worlds),
            agents=ex.agents,
            edges=tuple((position[agent], short[w], short[v])
                        for agent, rows in step.belief for w, vs in rows for v in vs),
            directed=True,
            actual=tuple(w.short for w in step.worlds if w.actual),
        ))
        if step.event is not None:
            event_pictures.append(_event_picture(step.event, ex.agents, position))
        several = len({b.world for b in step.beliefs}) > 1
        steps.append({
            "title": text("story_step_title", step.number),
            "caption": html("story_caption", step,
                            len(step.worlds) if step.size is None else step.size),
            "views": [{"agent": b.agent, "html": html("story_view", b, several)}
                      for b in step.beliefs],
            "worlds": [w.short for w in step.worlds],
        })
        for q in step.queries:
            holds = None if q.kind == "question" else q.answer == "true"
            hypotheses.append({
                "name": q.name,
                "english": q.english,
                "formula": q.formula or "",
                "holds": holds,
                "label": q.answer,
                "verdict": text("story_verdict", q),
                "tone": "answer" if holds is None else "yes" if holds else "no",
                "step": index,
                "expected": q.expected,
                "agrees": q.agrees,
                "counterexample": q.counterexample,
                "highlight": (_reason_worlds(q.reasons) if q.reasons
                              else [w for _, ws in q.chain for w in ws]),
                "explanation": html("story_answer", q),
            })
    for step, picture in zip(steps, draw(pictures, use_dot) if not symbolic else
                             [{"svg": None, "worlds": e.size, "message":
                               f"{e.size} world{'s' if e.size != 1 else ''}, kept as BDDs "
                               "by the symbolic engine: not drawn"} for e in ex.steps]):
        step["picture"] = picture
    events = iter(draw(event_pictures, use_dot))
    for step, explained in zip(steps, ex.steps):
        step["event_picture"] = next(events) if explained.event is not None else None
    return {
        "name": ex.name,
        "kind": "story",
        "line": story.line,
        "english": ex.setup,
        "facts": [],
        "agents": agents_of(ex.agents),
        "directed": True,
        # the legend's words are the text's: arrows are beliefs ("believes possible")
        "legend": "believes possible",
        "actual": None,
        "actual_choices": [],
        "steps": steps,
        "hypotheses": hypotheses,
    }
