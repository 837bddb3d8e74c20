"""Stories in plain English: the situation, the events, hypotheses and questions.

Python decides *what* is said (who is away when something happens, who only watches, which
verb of belief a clause takes); the words live in ``templates/story/`` (``words.json``: how
a value reads; ``formula.j2``: how a formula reads; ``story.j2``: one macro per kind of
event, the set-up, questions and answers).  The words of formulas are in
:mod:`pyfront.verbalize.story_words`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from smcdel_bridge.language import Form

from .story_words import StoryWords, macro, squash, word

if TYPE_CHECKING:
    from ..story.model import Question, Story

# --- the story ------------------------------------------------------------------------

def _room_text(story: "Story", room: str | None) -> str:
    return "the room" if not room else f"the {word(room)}"


def _knowers(story: "Story", var, engine, state) -> list[str]:
    """The agents who know the value of ``var`` at every actual world at the start, read off
    the initial ``state`` (so the English says what the model says, whatever set it up)."""
    from smcdel_bridge.language import Disj, K

    from ..story.model import knowledge_id

    return [a for a in story.agents if engine.holds(state, Disj(tuple(
        K(knowledge_id(a), story.value_form(var.name, x)) for x in var.values)))]


def _setup_context(story: "Story", w: StoryWords) -> dict[str, Any]:
    from ..story.compile import answer_engine, initial_state

    where0 = story.presence_timeline()[0]
    variables = []
    engine = answer_engine(story)
    state = initial_state(story, engine)
    for var in story.variables:
        knowers = _knowers(story, var, engine, state)
        options = None
        if not var.boolean:
            if var.phrase:
                options = "either " + " or ".join(w.value_text(var, x) for x in var.values)
            else:
                options = f"{w.subject(var)} {w.be(var)} " + " or ".join(w.option_text(var, x) for x in var.values)
        variables.append({
            "options": options, "where": w.where(var), "knowers": knowers,
            "room": _room_text(story, var.room) if var.room is not None else None,
            "others": [a for a in story.agents if a not in knowers],
        })
    explicit = None
    if story.initial is not None:
        worlds = [name for name, _ in story.initial.worlds]
        explicit = f"{len(worlds)} situation{'s' if len(worlds) != 1 else ''} ({', '.join(worlds)})"
    return {
        "agents": list(story.agents),
        "rooms": bool(story.rooms),
        "presence": [
            {"agents": [a for a in story.agents if where0[a] == room],
             "room": _room_text(story, room) if room is not None else None}
            for room in dict.fromkeys(where0[a] for a in story.agents)
        ],
        "variables": variables,
        "common": [w.describe(f) for f in story.common],
        "actually": [w.describe(f) for f in story.actually],
        "explicit": explicit,
        "trust": [{"listener": t.listener, "speaker": t.speaker, "trusts": t.trusts,
                   "rule": t.rule} for t in story.trust],
    }


def event_context(story: "Story", index: int, w: StoryWords | None = None) -> dict[str, Any]:
    """What the sentence of event ``index`` needs: actor, listeners, who is away, who only
    watches, the formula's description tree …"""
    from ..story import model as M

    w = w or StoryWords(story)
    ev = story.events[index]
    where = story.presence_timeline()[index]
    observers = story.observers(index)
    ctx: dict[str, Any] = {"kind": ev.kind, "away": [], "unseen": [], "afar": [], "onlookers": [],
                           "listeners": list(getattr(ev, "listeners", ()))}
    actor = getattr(ev, "agent", None)
    ctx["actor"] = actor
    if isinstance(ev, M.Enter):
        room = ev.room if ev.room is not None else ("" if not story.rooms else None)
        ctx["room"] = _room_text(story, ev.room if story.rooms else None)
        ctx["back"] = any(earlier.get(ev.agent) == room
                          for earlier in story.presence_timeline()[:index])
    elif isinstance(ev, M.Leave):
        ctx["room"] = _room_text(story, where.get(ev.agent) if story.rooms else None)
    if hasattr(ev, "variable"):
        var = story.variable(ev.variable)
        ctx["var"] = w.subject(var)
        if isinstance(ev, M.Move):
            ctx["verb"] = ev.verb
            ctx["value"] = (f"the {word(ev.value)}" if var.function == "location"
                            else word(ev.value))
    if hasattr(ev, "formula"):
        ctx["formula"] = w.describe(ev.formula)
    if isinstance(ev, (M.Lie, M.Claim)):
        ctx["public"] = ev.public
        ctx["stance"] = getattr(ev, "stance", "lie")
    if isinstance(ev, M.EventModel):
        ctx["label"] = ev.label
        ctx["detail"] = ", ".join(
            f"{e.name} if {w.clause(e.pre)}" for e in ev.events) + f"; what happens is {', '.join(ev.actual)}"
        if ev.when is not None:
            ctx["detail"] += f"; it can happen only when {w.clause(ev.when)}"
        for agent, cond, rows in ev.considers_when:
            seen = sorted({x for _, v in rows for x in v})
            ctx["detail"] += (f"; when {w.clause(cond)}, if {' or '.join(e for e, _ in rows)} "
                              f"happens, {agent} thinks {' or '.join(seen)} happened")
        for e in ev.events:
            for var, _value, cond in e.becomes_when:
                ctx["detail"] += f"; {e.name} changes {var} only when {w.clause(cond)}"
    if isinstance(ev, M.ObservedEvent):
        core = {actor, *ctx["listeners"]}
        here = where.get(actor)
        same_room = {a for a in story.agents if here is not None and where.get(a) == here} | {actor}
        ctx["away"] = [a for a in story.agents if a not in observers and a not in same_room]
        ctx["unseen"] = [a for a in story.agents if a not in observers and a in same_room]
        ctx["afar"] = [a for a in story.agents if a in observers and a not in same_room and a not in core]
        ctx["onlookers"] = [a for a in story.agents if a in observers and a not in core]
    return ctx


def event_sentence(story: "Story", index: int, w: StoryWords | None = None) -> str:
    """Event ``index`` as one English sentence."""
    return squash(macro("event")(event_context(story, index, w)))


def setup_text(story: "Story", w: StoryWords | None = None) -> str:
    """The situation at the start."""
    w = w or StoryWords(story)
    return squash(macro("setup")(_setup_context(story, w)))


def _question_context(story: "Story", q: "Question", w: StoryWords) -> dict[str, Any]:
    var = story.variable(q.variable)
    return {"form": q.form, "path": list(q.path), "var": w.subject(var), "be": w.be(var),
            "location": var.function == "location" and not var.boolean,
            "whether": w.where(var) if var.boolean else None,
            "fact": w.value_text(var, "true") if var.boolean else None}


def question_text(story: "Story", q: "Question", w: StoryWords | None = None) -> str:
    """"Where will Sally look for the marble?", "Where does Anne think Sally believes the
    marble is?"."""
    w = w or StoryWords(story)
    return squash(macro("question")(_question_context(story, q, w)))


def answer_text(story: "Story", q: "Question", values: Sequence[str],
                w: StoryWords | None = None) -> str:
    """The answer to ``q`` as a sentence: "Sally will look in the basket."."""
    w = w or StoryWords(story)
    var = story.variable(q.variable)
    ctx = _question_context(story, q, w)
    ctx["answers"] = [w.option_text(var, x) for x in values]
    return squash(macro("answer")(ctx))


def hypothesis_text(story: "Story", form: Form, w: StoryWords | None = None) -> str:
    """A hypothesis as a sentence: "Anne thinks that Sally believes that the marble is in the
    basket."."""
    return (w or StoryWords(story)).sentence(form)


def story_text(story: "Story", annotate=None) -> str:
    """The whole story: the start and the events as paragraphs, each hypothesis and question
    on its own indented line where it is asked.  ``annotate(query)`` may add a suffix to
    those lines (an expected answer, say)."""
    from ..story import model as M

    w = StoryWords(story)
    out: list[str] = []
    paragraph = [setup_text(story, w)]
    queries = story.queries()
    for step in range(len(story.events) + 1):
        asked = [q for q in queries if q.step == step]
        if asked:
            if paragraph:
                out.append(" ".join(p for p in paragraph if p))
                paragraph = []
            for q in asked:
                text = (hypothesis_text(story, q.formula, w) if isinstance(q, M.Hypothesis)
                        else question_text(story, q, w))
                out.append(f"  {q.name}: {text}{annotate(q) if annotate else ''}")
        if step < len(story.events):
            paragraph.append(event_sentence(story, step, w))
    if paragraph:
        out.append(" ".join(p for p in paragraph if p))
    return "\n".join(out)


def story_english_json(story: "Story") -> dict[str, Any]:
    """The English of a story, piece by piece (for ``render --to json``)."""
    from ..story import model as M

    w = StoryWords(story)
    return {
        "setup": setup_text(story, w),
        "events": [event_sentence(story, i, w) for i in range(len(story.events))],
        "queries": {q.name: (hypothesis_text(story, q.formula, w) if isinstance(q, M.Hypothesis)
                             else question_text(story, q, w)) for q in story.queries()},
    }
