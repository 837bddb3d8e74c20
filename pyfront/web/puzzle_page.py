"""A number puzzle as the page shows it: one step per announcement with the possibilities
that remain drawn on the table of the variables' values (each agent's classes outlined,
:mod:`pyfront.explain.puzzle_picture`), a table of them, the hypotheses and questions
answered where they are asked (:func:`pyfront.explain.puzzle.explain_puzzle`), and, at a
chosen actual possibility, what each agent knows of each variable (the value engine's
"knows the value")."""

from __future__ import annotations

from functools import lru_cache

#: most possibilities offered as choices of the actual one
MAX_ACTUAL_CHOICES = 400


@lru_cache(maxsize=1)
def _macros():
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("pyfront.web", "templates"),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    env.filters["plural"] = plural
    return env.get_template("puzzle.html.j2").module


def plural(n: int, word: str = "possibility") -> str:
    """``1 possibility``, ``3 possibilities``."""
    if n == 1:
        return f"1 {word}"
    return f"{n} {word[:-1] + 'ies' if word.endswith('y') else word + 's'}"


def _html(name: str, *args) -> str:
    return str(getattr(_macros(), name)(*args)).strip()


def _eyes(pb, answers, live: int, actual: int | None) -> list[dict]:
    """At the actual possibility (when it is left): each agent's class and, per variable,
    the value she knows (the engine's Kv) or the values she cannot rule out."""
    from smcdel_bridge.terms import Kv, Var

    from ..explain.kripke import bits

    vs = answers.vs
    if actual is None or not live >> actual & 1:
        return []
    out = []
    for agent, ident in zip(pb.agents, pb.agent_ids()):
        cell = next((m for m in vs.partition(ident) if m >> actual & 1), 1 << actual) & live
        facts = []
        for var in pb.variables:
            known = vs.holds(Kv(ident, (Var(var.name),)), live) >> actual & 1
            k = vs.names.index(var.name)
            values = list(dict.fromkeys(vs.states[i][k] for i in bits(cell)))
            facts.append((var.name, bool(known), ", ".join(map(str, values))))
        out.append({"agent": agent.name, "worlds": [f"s{i}" for i in bits(cell)],
                    "html": _html("eyes", agent.name, bin(cell).count("1"), facts)})
    return out


def puzzle_page(problem, actual: str | None = None) -> dict:
    from ..explain.puzzle import explain_puzzle
    from ..explain.puzzle_picture import puzzle_pictures
    from ..problem.puzzle_structure import PuzzleAnswers
    from .fragments import agents_of
    from .problem_page import class_pictures

    answers = PuzzleAnswers(problem)
    p = explain_puzzle(problem, answers=answers)
    vs = answers.vs
    index = None
    if actual and actual.startswith("s") and actual[1:].isdigit() and int(actual[1:]) < len(vs.states):
        index = int(actual[1:])
    pictures = class_pictures(puzzle_pictures(problem, answers, actual if index is not None else None))
    captions = [_html("start_caption", p)] + [_html("step_caption", s) for s in p.steps]
    titles = ["At the start"] + [f"Announcement {s.number}" for s in p.steps]
    steps = []
    for k, (title, caption, picture) in enumerate(zip(titles, captions, pictures)):
        live = answers.live(k)
        if picture["svg"] is None:
            picture["message"] = plural(bin(live).count("1")) + ": too many to draw"
        steps.append({"title": title, "caption": caption, "views": [],
                      "eyes": _eyes(problem, answers, live, index),
                      "worlds": [f"s{i}" for i in range(len(vs.states)) if live >> i & 1],
                      "picture": picture})
    return {"name": p.name, "kind": "problem", "line": problem.line, "english": p.premise,
            "facts": list(p.told), "agents": agents_of([a.name for a in problem.agents]),
            "directed": False, "picture_kind": "classes", "legend": "cannot tell apart",
            "actual": actual if index is not None else None,
            "actual_choices": _choices(problem, vs), "steps": steps,
            "hypotheses": _hypotheses(p)}


def _choices(pb, vs) -> list[dict]:
    if len(vs.states) > MAX_ACTUAL_CHOICES:
        return []
    names = [v.name for v in pb.variables]
    idx = [vs.names.index(n) for n in names]
    return [{"name": f"s{i}", "label": ", ".join(f"{n} = {s[k]}" for n, k in zip(names, idx))}
            for i, s in enumerate(vs.states)]


def _hypotheses(p) -> list[dict]:
    asked = [(0, a) for a in p.asked_first] + [(s.number, a) for s in p.steps for a in s.asked]
    out = []
    for number, a in asked:
        good = a.agrees if a.agrees is not None else a.kind == "question" or a.counterexample is None
        out.append({
            "name": a.name, "english": a.english, "formula": None,
            "holds": a.counterexample is None if a.kind == "hypothesis" else None,
            "label": a.answer if a.kind == "question" else
            ("entailment" if a.counterexample is None else "not_entailment"),
            "question": a.kind == "question", "expected": a.expected, "agrees": a.agrees,
            "verdict": (("✔ " if a.counterexample is None else "✘ ") + a.answer
                        if a.kind == "hypothesis" else "answer: " + a.answer),
            "tone": "yes" if good else "no", "step": number, "counterexample": None,
            "highlight": [], "explanation": _html("answer", a),
        })
    return out
