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


#: most nested-belief questions asked of the engine for one story (agents x agents x
#: variables x steps at order 2, more at order 3)
MAX_NESTED = 600


def _nested(story, ex, k: int, order: int) -> dict[str, list[str]]:
    """agent -> sentences "A thinks that B thinks that …", chains of ``order`` agents (each
    different from the one before), answered by the engine (``answer_where``)."""
    from ..story.compile import answer_where
    from ..verbalize.story import StoryWords

    words = StoryWords(story)
    variables = [v for v in story.variables if not v.boolean]
    chains: list[list[str]] = [[a] for a in story.agents]
    for _ in range(order - 1):
        chains = [c + [b] for c in chains for b in story.agents if b != c[-1]]
    out: dict[str, list[str]] = {a: [] for a in story.agents}
    for chain in chains:
        for var in variables:
            values = answer_where(story, chain, var.name, k, ex.compiled)
            lead = " that ".join(f"{a} thinks" for a in chain)
            if not values or len(values) == len(var.values):
                said = f"{lead} that anything is possible about {words.where(var)}"
            else:
                said = f"{lead} that " + " or ".join(words.value_text(var, x, True) for x in values)
            out[chain[0]].append(said + ".")
    return out


def _eyes(story, ex, step, index: int) -> list[dict]:
    """Each agent at the actual world: what she believes possible and cannot rule out, in
    English, and what she thinks the others think (order 2, and 3 when the story is small
    enough), the engine's answers all."""
    if step.size is not None or ex.compiled is None:
        return []
    short = step.short
    known = {a: cells for a, cells in step.knowledge}
    n_vars = sum(1 for v in story.variables if not v.boolean) or 1
    orders = [2] if len(story.agents) > 1 else []
    if len(story.agents) ** 2 * (len(story.agents) - 1) * n_vars <= MAX_NESTED // max(1, len(ex.steps)):
        orders.append(3)
    nested = {o: _nested(story, ex, index, o) for o in orders}
    out = []
    for b in step.beliefs:
        world = next(w.name for w in step.worlds if w.short == b.world)
        cell = next((c for c in known.get(b.agent, ()) if world in c), ())
        out.append({"agent": b.agent, "world": b.world, "believed": list(b.believed),
                    "worlds": [short[w] for w in cell],
                    "html": html("story_eyes", b, [short[w] for w in cell],
                                 {o: nested[o][b.agent] for o in orders})})
    return out


def story_page(story, use_dot: bool, engine: str = "auto") -> dict:
    """``engine``: ``auto`` draws small stories world by world and answers large ones with
    the symbolic engine (no pictures of their models), or ``explicit`` / ``symbolic``."""
    from ..explain.story import explain_story
    from ..explain.story_symbolic import explain_engine, explain_story_symbolic
    from ..story.compiled import again

    from ..data.story_stops import marking

    symbolic = explain_engine(story, engine) == "symbolic"
    # (marked: a story stopped at the page's time limit says how far it got)
    with marking(story) as on_event:
        ex = (explain_story_symbolic if symbolic else explain_story)(story, on_event=on_event)
    if ex.reason is not None:  # an event that cannot happen: a mistake in the text, marked
        raise again(ex.reason)
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
            "eyes": _eyes(story, ex, step, index),
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
                "true_at": list(q.true_at),
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
        "picture_kind": "arrows",
        # the legend's words are the text's: arrows are beliefs ("believes possible")
        "legend": "believes possible",
        "actual": None,
        "actual_choices": [],
        "steps": steps,
        "hypotheses": hypotheses,
    }
