"""A number puzzle as the page shows it: one step per announcement with the possibilities
that remain (a table, not a picture: they are many), and the hypotheses and questions
answered where they are asked (:func:`pyfront.explain.puzzle.explain_puzzle`)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _macros():
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("pyfront.web", "templates"),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    return env.get_template("puzzle.html.j2").module


def _html(name: str, *args) -> str:
    return str(getattr(_macros(), name)(*args)).strip()


def puzzle_page(problem) -> dict:
    from ..explain.puzzle import explain_puzzle
    from .fragments import agents_of

    p = explain_puzzle(problem)

    def step(title, caption, total):
        return {"title": title, "caption": caption, "views": [], "worlds": [],
                "picture": {"svg": None, "worlds": total,
                            "message": f"{total} possibilities: the table above lists them"}}

    steps = [step("At the start", _html("start_caption", p), p.initial.total)]
    steps += [step(f"Announcement {s.number}", _html("step_caption", s), s.after) for s in p.steps]
    asked = [(0, a) for a in p.asked_first] + [(s.number, a) for s in p.steps for a in s.asked]
    hypotheses = []
    for number, a in asked:
        good = a.agrees if a.agrees is not None else a.kind == "question" or a.counterexample is None
        hypotheses.append({
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
    return {"name": p.name, "kind": "problem", "line": problem.line, "english": p.premise,
            "facts": list(p.told), "agents": agents_of([a.name for a in problem.agents]),
            "directed": False, "actual": None, "actual_choices": [], "steps": steps,
            "hypotheses": hypotheses}
