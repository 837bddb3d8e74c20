"""Stories in plain English: the situation, the events, hypotheses and questions.

Python decides *what* is said (who is away when something happens, who only watches, which
verb of belief a clause takes, which conjunction is "everybody believes"); the words live in
``templates/story/`` (``words.json``: how a value reads; ``formula.j2``: how a formula
reads; ``story.j2``: one macro per kind of event, the set-up, questions and answers).

Formulas read with explicit scope (see ``formula.j2``): distinct formulas give distinct
sentences (``tests/test_story_english.py`` checks it on random formulas).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any, Sequence

from smcdel_bridge.language import Bot, Ck, Conj, Disj, Dk, Equi, Form, Impl, K, Kw, Neg, Prp, Top
from pyfront.words import plural_noun

if TYPE_CHECKING:
    import jinja2

    from ..story.model import Question, Story

Node = dict[str, Any]

_APPLIED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\((.+)\)\Z")


def _capfirst(s: str) -> str:
    return s[:1].upper() + s[1:]


def _squash(text: str) -> str:
    return " ".join(text.split())


@lru_cache(maxsize=None)
def _env() -> tuple["jinja2.Environment", dict[str, Any]]:
    import jinja2

    folder = files(__package__).joinpath("templates", "story")

    def load(name: str) -> str | None:
        entry = folder.joinpath(name)
        return entry.read_text(encoding="utf-8") if entry.is_file() else None

    env = jinja2.Environment(loader=jinja2.FunctionLoader(load), undefined=jinja2.StrictUndefined,
                             autoescape=False)
    env.filters["capfirst"] = _capfirst
    words = json.loads(folder.joinpath("words.json").read_text(encoding="utf-8"))
    return env, words


def _macro(name: str):
    env, _ = _env()
    template = "formula.j2" if name == "say" else "story.j2"
    return getattr(env.get_template(template).module, name)


def _words(name: str) -> str:
    """A name as English words: underscores read as spaces."""
    return name.replace("_", " ")


class StoryWords:
    """The English of one story's vocabulary and formulas."""

    def __init__(self, story: "Story"):
        from ..story.model import split_agent

        self.story = story
        self.words = _env()[1]
        self.table = story.atom_table()
        self._split = split_agent

    # -- variables and values ----------------------------------------------------------
    def _kind(self, var) -> str:
        if var.boolean:
            return "boolean_phrase" if var.phrase else "boolean"
        if var.phrase:
            return "phrase"
        if var.function == "location":
            return "location"
        return "applied" if var.function else "plain"

    def subject(self, var) -> str:
        """How the variable's thing is named: ``the marble``, ``Ann's card``, ``the coin``."""
        kind = self._kind(var)
        if kind == "applied":
            return f"{self._named(var.subject)}'s {_words(var.function)}"
        return self._named(var.subject if kind == "location" else var.name)

    def _named(self, name: str) -> str:
        """``the marble``, but ``Ann``: a proper name takes no article."""
        if name[:1].isupper():
            return _words(name)
        return f"{self.words['article']} {_words(name)}"

    def _fill(self, pattern: str, var, value: str) -> str:
        return pattern.format(subject=self.subject(var), owner=self._named(var.subject),
                              function=_words(var.function or ""), value=_words(value),
                              name=_words(var.name), phrase=var.phrase or "", be=self.be(var))

    def be(self, var) -> str:  # "the peas are": the verb agrees with the thing named
        noun = {"applied": var.function, "location": var.subject}.get(self._kind(var), var.name)
        return self.words["be"]["plural" if plural_noun(noun or "") else "singular"]

    def value_text(self, var, value: str, positive: bool = True) -> str | None:
        """"the marble is in the box" (or its negation; None when only "it is not true that"
        can negate it)."""
        kind = self._kind(var)
        if kind in ("phrase", "boolean_phrase"):
            if not positive:
                return None
            phrase = var.phrase
            return phrase.replace("{value}", _words(value)) if "{value}" in phrase else phrase
        patterns = self.words["value"][kind]
        key = "is" if positive else "is_not"
        if key not in patterns:
            return None
        return self._fill(patterns[key], var, value)

    def option_text(self, var, value: str) -> str:
        """A value as an answer reads: ``in the box``, ``red``."""
        patterns = self.words["value"].get(self._kind(var), {})
        if "options" in patterns:
            return self._fill(patterns["options"], var, value)
        return self.value_text(var, value) or _words(value)

    def where(self, var) -> str:
        """"where the marble is", "what Ann's card is", "whether the light is on"."""
        kind = self._kind(var)
        patterns = self.words["value"][kind]
        if kind == "phrase":
            options = " or ".join(self.value_text(var, x) for x in var.values)
            return patterns["where"].format(options=options)
        return self._fill(patterns["where"], var, "")

    def atom(self, n: int, positive: bool = True) -> str | None:
        var_name, value = self.table[n - 1]
        return self.value_text(self.story.variable(var_name), value, positive)

    # -- formulas ----------------------------------------------------------------------
    def _everyone(self, f: Form) -> tuple[str, Form] | None:
        """("knows" | "believes", body) when ``f`` is "everyone knows/believes that body"."""
        agents = self.story.agents
        if not isinstance(f, Conj) or len(f.fs) != len(agents) or len(agents) < 2:
            return None
        attitude = body = None
        for g, a in zip(f.fs, agents):
            if not isinstance(g, K):
                return None
            name, kind = self._split(g.agent)
            if name != a or (attitude is not None and kind != attitude):
                return None
            if body is not None and g.f != body:
                return None
            attitude, body = kind, g.f
        return attitude, body

    def describe(self, f: Form, depth: int = 0) -> Node:
        """The description tree of ``f``; ``depth``: how many attitudes it is inside."""
        if isinstance(f, Prp):
            return {"kind": "atom", "text": self.atom(f.n)}
        if isinstance(f, Neg) and isinstance(f.f, Prp):
            text = self.atom(f.f.n, False)
            if text is not None:
                return {"kind": "atom", "text": text}
        everyone = self._everyone(f)
        if everyone is not None:
            attitude, body = everyone
            return {"kind": "everyone", "attitude": attitude, "body": self.describe(body, depth + 1)}
        negated, g = False, f
        if isinstance(f, Neg) and isinstance(f.f, (K, Kw)):
            negated, g = True, f.f
        if isinstance(g, (K, Kw)):
            name, attitude = self._split(g.agent)
            whether = isinstance(g, Kw)
            verbs = self.words["verbs"][attitude]
            if whether:
                key = "whether_not" if negated else "whether"
            else:
                key = ("top" if depth == 0 else "nested") + ("_not" if negated else "")
            return {"kind": "attitude", "agent": name, "attitude": attitude, "whether": whether,
                    "negated": negated, "verb": verbs[key], "body": self.describe(g.f, depth + 1)}
        if isinstance(f, (Ck, Dk)):
            split = [self._split(a) for a in f.group]
            kinds = {k for _, k in split}
            names = [n for n, _ in split]
            attitude = kinds.pop() if len(kinds) == 1 else None
            if attitude is None:  # a group mixing belief and knowledge ids: say which is which
                names = [n if k == "knows" else f"{n} (as believed)" for n, k in split]
                attitude = "knows"
            node = {"kind": "common" if isinstance(f, Ck) else "distributed",
                    "attitude": attitude, "group": names,
                    "everybody": list(names) == list(self.story.agents) and len(names) > 1,
                    "body": self.describe(f.f, depth + 1)}
            return node
        if isinstance(f, Neg):
            return {"kind": "not", "body": self.describe(f.f, depth)}
        if isinstance(f, (Conj, Disj)):
            return {"kind": "and" if isinstance(f, Conj) else "or",
                    "parts": [self.describe(x, depth) for x in f.fs]}
        if isinstance(f, Impl):
            return {"kind": "implies", "a": self.describe(f.a, depth), "b": self.describe(f.b, depth)}
        if isinstance(f, Equi):
            return {"kind": "iff", "a": self.describe(f.a, depth), "b": self.describe(f.b, depth)}
        if isinstance(f, Top):
            return {"kind": "top"}
        if isinstance(f, Bot):
            return {"kind": "bot"}
        raise ValueError(f"a story formula cannot contain {type(f).__name__}")

    def clause(self, f: Form) -> str:
        """``f`` as a clause (no capital, no full stop)."""
        return _squash(_macro("say")(self.describe(f)))

    def sentence(self, f: Form) -> str:
        """``f`` as a sentence."""
        return _capfirst(self.clause(f)) + "."


# --- the story ------------------------------------------------------------------------

def _room_text(story: "Story", room: str | None) -> str:
    return "the room" if not room else f"the {_words(room)}"


def _knowers(story: "Story", var) -> list[str]:
    """The agents who know the value of ``var`` at every actual world at the start, read off
    the initial model (so the English says what the model says, whatever set it up)."""
    from ..story.compile import initial_state

    state = initial_state(story)
    model = state.model
    if var.boolean:
        atoms = {story.atom(var.name)}
    else:
        atoms = {story.atom(var.name, x) for x in var.values}

    def value(world: str) -> frozenset[int]:
        return model.valuation[world] & atoms

    return [a for a in story.agents
            if all(value(v) == value(w) for w in model.actual for v in state.known(a, w))]


def _setup_context(story: "Story", w: StoryWords) -> dict[str, Any]:
    where0 = story.presence_timeline()[0]
    variables = []
    for var in story.variables:
        knowers = _knowers(story, var)
        options = None
        if not var.boolean:
            if var.phrase:
                options = "either " + " or ".join(w.value_text(var, x) for x in var.values)
            else:
                options = f"{w.subject(var)} {w.be(var)} " + " or ".join(w.option_text(var, x) for x in var.values)
        variables.append({
            "options": options, "where": w.where(var), "knowers": knowers,
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
            ctx["value"] = (f"the {_words(ev.value)}" if var.function == "location"
                            else _words(ev.value))
    if hasattr(ev, "formula"):
        ctx["formula"] = w.describe(ev.formula)
    if isinstance(ev, M.EventModel):
        ctx["label"] = ev.label
        ctx["detail"] = ", ".join(
            f"{e.name} if {w.clause(e.pre)}" for e in ev.events) + f"; what happens is {', '.join(ev.actual)}"
    if isinstance(ev, M._Observed):
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
    return _squash(_macro("event")(event_context(story, index, w)))


def setup_text(story: "Story", w: StoryWords | None = None) -> str:
    """The situation at the start."""
    w = w or StoryWords(story)
    return _squash(_macro("setup")(_setup_context(story, w)))


def _question_context(story: "Story", q: "Question", w: StoryWords) -> dict[str, Any]:
    var = story.variable(q.variable)
    return {"form": q.form, "path": list(q.path), "var": w.subject(var), "be": w.be(var),
            "location": var.function == "location" and not var.boolean}


def question_text(story: "Story", q: "Question", w: StoryWords | None = None) -> str:
    """"Where will Sally look for the marble?", "Where does Anne think Sally believes the
    marble is?"."""
    w = w or StoryWords(story)
    return _squash(_macro("question")(_question_context(story, q, w)))


def answer_text(story: "Story", q: "Question", values: Sequence[str],
                w: StoryWords | None = None) -> str:
    """The answer to ``q`` as a sentence: "Sally will look in the basket."."""
    w = w or StoryWords(story)
    var = story.variable(q.variable)
    ctx = _question_context(story, q, w)
    ctx["answers"] = [w.option_text(var, x) for x in values]
    return _squash(_macro("answer")(ctx))


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
