"""Story -> DSL text, the inverse of :mod:`pyfront.story.dsl`.

``parse_story(to_dsl(s)) == s`` for every story (the tests check it on random stories).
Formulas print with the fewest parentheses the grammar needs, "V is v" atoms as
``the marble is in the box`` for a ``location(…)`` variable and ``card(Ann) is red``
otherwise.  :func:`event_text` is also the label of a story event in the engine's
action models ("Anne moves the marble to the box").
"""

from __future__ import annotations

import re

from smcdel_bridge.language import Bot, Conj, Form, K, Kw, Neg, Prp, Top

from pyfront.problem.dsl_print import PREC_ATOM, IDENTIFIER, PREC_NOT, KEYWORDS, FormulaPrinter, quote
from . import model as M
from .model import Story, belief_id, knowledge_id, split_agent

#: words of the story grammar that cannot be bare names
STORY_KEYWORDS = KEYWORDS | frozenset(
    """story rooms actually it is common knowledge enters leaves moves puts sets turns to in
    says tells lies peeks looks shows at by unseen seen secretly event model end pre post
    becomes considers actual believes thinks believe think question where what will look for
    the proposition""".split()
)



def name_text(s: str) -> str:
    """A name as the story DSL writes it: bare when it can be, quoted otherwise."""
    ok = IDENTIFIER.match(s) and s not in STORY_KEYWORDS and not s.startswith("smcdel")
    return s if ok else quote(s)


def _applied(name: str) -> tuple[str, str] | None:
    m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)\((.+)\)\Z", name)
    return (m.group(1), m.group(2)) if m else None


def var_text(story: Story, var: M.Variable, article: bool = True) -> str:
    """How to refer to ``var``: ``the marble`` when its subject names it alone among the
    variables, else its full name (``card(Ann)``)."""
    app = _applied(var.name)
    if app is None:
        return name_text(var.name)
    fn, subj = app
    unique = sum(1 for v in story.variables if v.subject == subj or v.name == subj) == 1
    if fn == "location" and unique and IDENTIFIER.match(subj) and subj not in STORY_KEYWORDS:
        return ("the " if article else "") + subj
    return f"{fn}({name_text(subj)})"


def value_text(var: M.Variable, value: str, article: bool = True) -> str:
    if var.function == "location" and article:
        return "the " + name_text(value)
    return name_text(value)


class StoryFormulaPrinter(FormulaPrinter):
    def __init__(self, story: Story):
        self.story = story
        self.table = story.atom_table()

    def agent(self, ident: str) -> str:
        return name_text(split_agent(ident)[0])

    def atom(self, n: int, negated: bool = False) -> tuple[str, int]:
        var_name, value = self.table[n - 1]
        var = self.story.variable(var_name)
        if var.boolean:
            return ("not " if negated else "") + name_text(var.name), (PREC_NOT if negated else PREC_ATOM)
        is_ = "is not" if negated else "is"
        if var.function == "location":
            return f"{var_text(self.story, var)} {is_} in the {name_text(value)}", PREC_ATOM
        return f"{var_text(self.story, var)} {is_} {name_text(value)}", PREC_ATOM

    def render(self, f: Form) -> tuple[str, int]:
        if isinstance(f, Prp):
            return self.atom(f.n)
        if isinstance(f, Top):
            return "true", PREC_ATOM
        if isinstance(f, Bot):
            return "false", PREC_ATOM
        for kind, ident in (("knows", knowledge_id), ("believes", belief_id)):
            body = self.everyone_body(f, tuple(ident(a) for a in self.story.agents))
            if body is not None:
                return f"everyone {kind} that {self.show(body, PREC_NOT)}", PREC_NOT
        if isinstance(f, Neg):
            g = f.f
            if isinstance(g, Prp) and self.story.variable(self.table[g.n - 1][0]).boolean is False:
                return self.atom(g.n, negated=True)
            if isinstance(g, K) and split_agent(g.agent)[1] == "knows":
                return f"{self.agent(g.agent)} does not know that {self.show(g.f, PREC_NOT)}", PREC_NOT
            if isinstance(g, K):
                return f"{self.agent(g.agent)} does not believe that {self.show(g.f, PREC_NOT)}", PREC_NOT
            if isinstance(g, Kw):
                return f"{self.agent(g.agent)} does not know whether {self.show(g.f, PREC_NOT)}", PREC_NOT
            return "not " + self.show(g, PREC_NOT), PREC_NOT
        if isinstance(f, K):
            verb = "knows" if split_agent(f.agent)[1] == "knows" else "believes"
            return f"{self.agent(f.agent)} {verb} that {self.show(f.f, PREC_NOT)}", PREC_NOT
        if isinstance(f, Kw):
            return f"{self.agent(f.agent)} knows whether {self.show(f.f, PREC_NOT)}", PREC_NOT
        for kind, ident in (("knowledge", knowledge_id), ("belief", belief_id)):
            found = self.group_text(f, tuple(ident(a) for a in self.story.agents), kind)
            if found is not None:
                return found
        found = self.connective(f)
        if found is None:
            raise ValueError(f"a story formula cannot contain {type(f).__name__}")
        return found


def formula_text(story: Story, f: Form) -> str:
    """One story formula in DSL syntax."""
    return StoryFormulaPrinter(story).show(f)


def _names(xs) -> str:
    return ", ".join(name_text(x) for x in xs)


def _modifier(ev) -> str:
    if ev.seen_by is not None:
        return ", secretly" if not ev.seen_by else f", seen by {_names(ev.seen_by)}"
    if ev.unseen_by:
        return f", unseen by {_names(ev.unseen_by)}"
    return ""


def event_text(story: Story, ev) -> str:
    """One story event as a DSL line (without indentation)."""
    fp = StoryFormulaPrinter(story)
    k = ev.kind
    if k == "enter":
        return f"{name_text(ev.agent)} enters" + (f" the {name_text(ev.room)}" if ev.room else "")
    if k == "leave":
        return f"{name_text(ev.agent)} leaves"
    if k == "announce":
        return "announce " + fp.show(ev.formula)
    if k == "event_model":
        return f"event model {quote(ev.label)}"
    who = name_text(ev.agent)
    if k in ("move", "turn", "peek", "look", "show"):
        var = story.variable(ev.variable)
        ref = var_text(story, var)
    if k == "move":
        prep = "in" if ev.verb == "puts" else "to"
        return f"{who} {ev.verb} {ref} {prep} {value_text(var, ev.value)}" + _modifier(ev)
    if k == "turn":
        return f"{who} turns {ref}" + _modifier(ev)
    if k == "wait":
        return f"{who} waits" + _modifier(ev)
    if k == "tell":
        return f"{who} says that {fp.show(ev.formula)}" + _modifier(ev)
    if k == "tell_private":
        return f"{who} tells {_names(ev.listeners)} that {fp.show(ev.formula)}"
    if k == "tell_semi_private":
        return f"{who} tells {_names(ev.listeners)} whether {fp.show(ev.formula)}" + _modifier(ev)
    if k in ("lie", "claim"):
        verb = "lies" if k == "lie" else ("claims" if ev.stance == "sincere" else "asserts")
        to = f" to {_names(ev.listeners)}" if ev.listeners else ""
        return f"{who} {verb}{to} that {fp.show(ev.formula)}" + (_modifier(ev) if not ev.listeners else "")
    if k == "peek":
        return f"{who} peeks at {ref}"
    if k == "look":
        return f"{who} looks at {ref}" + _modifier(ev)
    if k == "show":
        return f"{who} shows {ref} to {_names(ev.listeners)}" + _modifier(ev)
    raise ValueError(f"unknown story event {k!r}")


def trust_text(t: M.Trust) -> str:
    """One statement of the trust policy as a DSL line."""
    if t.rule == "left_later":
        return "everyone trusts whoever left the room later than themselves"
    who = name_text(t.listener) if t.listener is not None else "everyone"
    whom = name_text(t.speaker) if t.speaker is not None else "everyone"
    if t.trusts:
        return f"{who} trusts {whom}"
    if t.listener is None:
        return f"nobody trusts {whom}"
    if t.speaker is None:
        return f"{who} trusts nobody"
    return f"{who} does not trust {whom}"


def _event_model_lines(story: Story, ev: M.EventModel, head: str = "") -> list[str]:
    """An event model's block; ``head``: what precedes it on its first line (``may``)."""
    fp = StoryFormulaPrinter(story)
    out = [f"  {head}event model {quote(ev.label)}"]
    if ev.when is not None:
        out.append(f"    only when {fp.show(ev.when)}")
    for e in ev.events:
        line = f"    event {e.name}: pre {fp.show(e.pre)}"
        posts = [f"{var_text(story, story.variable(v), False)} becomes {name_text(x)}"
                 for v, x in e.sets]
        posts += [f"{var_text(story, story.variable(v), False)} becomes {fp.show(f, PREC_NOT)}"
                  for v, f in e.becomes]
        posts += [f"{var_text(story, story.variable(v), False)} becomes {fp.show(f, PREC_NOT)}"
                  f" when {fp.show(c, PREC_NOT)}" for v, f, c in e.becomes_when]
        if posts:
            line += " post " + ", ".join(posts)
        out.append(line)
    for agent, rows in ev.considers:
        for e, seen in rows:
            if seen:
                out.append(f"    {name_text(agent)} considers {', '.join(seen)} at {e}")
    for agent, cond, rows in ev.considers_when:
        at = [e for e, _ in rows]
        seen = rows[0][1] if rows else ()
        if seen and all(v == seen for _, v in rows):
            out.append(f"    {name_text(agent)} considers {', '.join(seen)} at {', '.join(at)}"
                       f" when {fp.show(cond)}")
        else:
            out += [f"    {name_text(agent)} considers {', '.join(v)} at {e} when {fp.show(cond)}"
                    for e, v in rows if v]
    out.append(f"    actual {', '.join(ev.actual)}")
    out.append("  end")
    return out


def _initial_lines(story: Story, init: M.InitialModel) -> list[str]:
    out = ["  model"]
    for w, facts in init.worlds:
        shown = []
        for var_name, value in facts:
            var = story.variable(var_name)
            if var.boolean:
                if value == "true":
                    shown.append(name_text(var.name))
            else:
                shown.append(f"{var_text(story, var, False)} is {name_text(value)}")
        out.append(f"    world {w}" + (": " + ", ".join(shown) if shown else ""))
    for agent, rows in init.considers:
        for w, seen in rows:
            if seen:
                out.append(f"    {name_text(agent)} considers {', '.join(seen)} at {w}")
    out.append(f"    actual {', '.join(init.actual)}")
    out.append("  end")
    return out


def question_line(story: Story, q: M.Question) -> str:
    """A question's line (as :func:`to_dsl` prints it)."""
    var = story.variable(q.variable)
    ref = var_text(story, var)
    if not q.path:
        body = f"{'what' if q.form == 'what' else 'where'} is {ref}"
    elif q.form == "look":
        body = f"where will {name_text(q.path[0])} look for {ref}"
    else:
        chain = " ".join(f"{name_text(a)} thinks" for a in q.path[1:])
        word = "what" if q.form == "what" else "where"
        body = f"{word} does {name_text(q.path[0])} think {chain + ' ' if chain else ''}{ref} is"
    line = f"  question {name_text(q.name)}: {body}?"
    if q.expected is not None:
        line += " expect " + _names(q.expected)
    return line


def hypothesis_line(story: Story, h: M.Hypothesis, fp: "StoryFormulaPrinter | None" = None) -> str:
    """A hypothesis's line (as :func:`to_dsl` prints it)."""
    line = f"  hypothesis {name_text(h.name)}: {(fp or StoryFormulaPrinter(story)).show(h.formula)}"
    if h.expected is not None:
        line += " expect " + ("true" if h.expected else "false")
    return line


def plan_line(story: Story, item) -> str:
    """A plan item's line (as :func:`to_dsl` prints it)."""
    unit = "step" if item.max_steps == 1 else "steps"
    line = f"  plan {name_text(item.name)}: within {item.max_steps} {unit}"
    if item.expect == "length":
        line += f" expect length {item.expect_length}"
    elif item.expect == "plan":
        line += " expect plan " + "; ".join(event_text(story, ev) for ev in item.expect_plan)
    elif item.expect is not None:
        line += f" expect {item.expect}"
    return line


def to_dsl(story: Story) -> str:
    """One story as DSL text."""
    fp = StoryFormulaPrinter(story)
    out = [f"story {name_text(story.name)}", "  agents " + _names(story.agents)]
    if story.rooms:
        out.append("  rooms " + _names(story.rooms))
    for v in story.variables:
        phrase = f" {quote(v.phrase)}" if v.phrase is not None else ""
        room = f" in the {name_text(v.room)}" if v.room is not None else ""
        if v.boolean:
            negative = f" / {quote(v.negative)}" if v.negative is not None else ""
            out.append(f"  proposition {v.name}{room}{phrase}{negative}")
        else:
            app = _applied(v.name)
            vn = f"{app[0]}({name_text(app[1])})" if app else name_text(v.name)
            out.append(f"  {vn}{room}: {_names(v.values)}{phrase}")
    for f in story.common:
        out.append("  it is common knowledge that " + fp.show(f))
    for f in story.actually:
        out.append("  actually " + fp.show(f))
    for a, vs in story.observes:
        if vs:
            out.append(f"  {name_text(a)} observes " + ", ".join(
                var_text(story, story.variable(v), False) for v in vs))
    if story.initial is not None:
        out += _initial_lines(story, story.initial)
    for a, r in story.starts_in:
        out.append(f"  {name_text(a)} is in the {name_text(r)}")
    out += [f"  {trust_text(t)}" for t in story.trust]
    p = story.planning
    if p is not None:
        out.append("  goal " + fp.show(p.goal))
        out += ["  keep " + fp.show(f) for f in p.keep]
        for ev in p.actions:
            if ev.kind == "event_model":
                out += _event_model_lines(story, ev, "may ")
            else:
                out.append("  may " + event_text(story, ev))
    hyps, qs = list(story.hypotheses), list(story.questions)
    for step in range(len(story.events) + 1):
        for h in hyps:
            if h.step == step:
                out.append(hypothesis_line(story, h, fp))
        for q in qs:
            if q.step == step:
                out.append(question_line(story, q))
        out += [plan_line(story, item) for item in (p.plans if p is not None else ())
                if item.step == step]
        if step < len(story.events):
            ev = story.events[step]
            if ev.kind == "event_model":
                out += _event_model_lines(story, ev)
            else:
                out.append("  " + event_text(story, ev))
    return "\n".join(out) + "\n"
