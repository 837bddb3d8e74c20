"""An SMCDEL program on the page: the answers ``mindgames smcdel`` gives (its very output
text, from :func:`pyfront.commands.smcdel_cmd.check_text`), the knowledge structure in
English (vocabulary, law, who observes what) with its class picture, and each job's
formula read operator by operator: what ``[! φ]``, ``<! φ>``, ``[?! φ]`` and ``[G ! φ]``
mean, and how many states the announcement keeps.

    >>> page = smcdel_page("VARS 1,2 LAW Top OBS alice:1 bob:2 VALID? [! 1] alice knows that 1")
    >>> page["kind"], page["hypotheses"][0]["verdict"]
    ('smcdel', '✔ valid')
"""

from __future__ import annotations

import io
import re

#: atoms a structure may have for its states to be listed and drawn
MAX_DRAWN_ATOMS = 12

_FIRST_WORD = re.compile(r"\A(?:\s|--[^\n]*\n?)*VARS\b")


def looks_like_smcdel(source: str) -> bool:
    """An SMCDEL program starts (after blanks and ``--`` comments) with ``VARS``."""
    return bool(_FIRST_WORD.match(source))


def _name(atoms, vocab) -> str:
    return "".join("1" if a in atoms else "0" for a in vocab)


def _steps(f, depth: int = 0) -> list[dict]:
    """The dynamic operators of a formula, outermost first, each with what it means."""
    from smcdel_bridge.language import Announce, AnnounceW, Neg, PubAnnounce, PubAnnounceW
    from smcdel_bridge.syntax.printer import pp_form

    out = []
    node = f
    if isinstance(node, Neg) and isinstance(node.f, PubAnnounce) and isinstance(node.f.f, Neg):
        out.append({"op": "diamond", "ann": pp_form(node.f.ann), "depth": depth})
        return out + _steps(node.f.ann, depth + 1) + _steps(node.f.f.f, depth + 1)
    if isinstance(node, PubAnnounce):
        out.append({"op": "box", "ann": pp_form(node.ann), "depth": depth})
    elif isinstance(node, PubAnnounceW):
        out.append({"op": "whether", "ann": pp_form(node.ann), "depth": depth})
    elif isinstance(node, (Announce, AnnounceW)):
        out.append({"op": "group" if isinstance(node, Announce) else "group_whether",
                    "ann": pp_form(node.ann), "group": ", ".join(node.group), "depth": depth})
    for child in node.children() if hasattr(node, "children") else ():
        out += _steps(child, depth + 1)
    return out


def _chain(f) -> list:
    """The announcements ``[! a1] [! a2] … g`` a formula starts with."""
    from smcdel_bridge.language import PubAnnounce

    out = []
    while isinstance(f, PubAnnounce):
        out.append(f.ann)
        f = f.f
    return out


def smcdel_page(source: str) -> dict:
    from pyfront.commands.smcdel_cmd import check_text

    from smcdel_bridge.errors import SmcdelError
    from smcdel_bridge.syntax.parser import parse_input

    out, err = io.StringIO(), io.StringIO()
    code = check_text(source, out, err)
    try:
        program = parse_input(source)
    except SmcdelError as exc:
        line, column = getattr(exc, "line", None), getattr(exc, "column", None)
        return {"error_in_text": {"message": str(exc), "line": line, "column": column,
                                  "text": err.getvalue().strip() or str(exc)}}
    return _page(program, out.getvalue(), err.getvalue().strip(), code)


def _page(program, output: str, error: str, code: int) -> dict:
    from smcdel_bridge.syntax.printer import pp_form

    from .fragments import agents_of, html

    st = program.structure
    from smcdel_bridge.backend import get_backend

    answers = get_backend("native").run(program) if code == 0 else []
    pictures, counts, model = _pictures(program)
    steps = [{"title": "The knowledge structure",
              "caption": html("smcdel_structure", st, pp_form(st.law), counts, output, error),
              "views": [], "eyes": [], "worlds": list(counts.get("names", [])),
              "picture": pictures[0]}]
    hypotheses = []
    for k, job in enumerate(program.jobs):
        answer = answers[k] if k < len(answers) else None
        chain = _chain(job.form) if model is not None else []
        step = 0
        if chain and len(pictures) > len(steps):
            step = len(steps)
            steps.append({"title": f"Job {k + 1}: {_kind(job)} after {len(chain)} announcement"
                                   f"{'s' if len(chain) > 1 else ''}",
                          "caption": html("smcdel_chain", [pp_form(a) for a in chain],
                                          counts["chains"][k]),
                          "views": [], "eyes": [], "worlds": counts["kept"][k],
                          "picture": pictures[step]})
        hypotheses.append(_job_entry(k, job, answer, step, st))
    return {"name": "SMCDEL program", "kind": "smcdel", "line": 1,
            "english": html("smcdel_english", st), "facts": [],
            "agents": agents_of(list(st.agents)), "directed": False,
            "picture_kind": "classes", "legend": "cannot tell apart", "actual": None,
            "actual_choices": [], "steps": steps, "hypotheses": hypotheses,
            "output": output, "output_error": error}


def _kind(job) -> str:
    return type(job).kind


def _job_entry(k: int, job, answer, step: int, st) -> dict:
    from smcdel_bridge.syntax.printer import pp_form

    from .fragments import html

    if answer is None:
        verdict, tone, worlds = "not answered", "no", []
    elif hasattr(answer, "states"):
        worlds = [_name(s, st.vocab) for s in answer.states]
        verdict, tone = f"{len(worlds)} state{'s' if len(worlds) != 1 else ''}", "answer"
    else:
        worlds = []
        word = "valid" if job.kind == "VALID?" else "true"
        verdict = ("✔ " if answer.value else "✘ not ") + word if job.kind == "VALID?" else \
            ("✔ true" if answer.value else "✘ false")
        tone = "yes" if answer.value else "no"
    return {"name": f"job {k + 1}: {job.kind}", "english": None, "formula": pp_form(job.form),
            "holds": getattr(answer, "value", None), "label": verdict, "verdict": verdict,
            "tone": tone, "step": step, "expected": None, "agrees": None,
            "counterexample": None, "highlight": worlds, "true_at": worlds,
            "explanation": html("smcdel_job", job, _steps(job.form), worlds,
                                _name(job.state, st.vocab) if job.kind == "TRUE?" else None)}


def _pictures(program):
    """The structure's class picture, and one per job that starts with announcements."""
    from ..explain.class_picture import ClassPicture, World, best_boolean_layout
    from ..explain.class_svg import class_svg
    from ..explain.kripke import KripkeStep, bits

    st = program.structure
    if len(st.vocab) > MAX_DRAWN_ATOMS:
        message = {"svg": None, "message": f"{len(st.vocab)} atoms: too many states to draw"}
        return [message], {}, None
    model = KripkeStep.initial(st)
    names = [_name(s, st.vocab) for s in model.states]
    symbols = [str(a) for a in st.vocab]
    valuations = {n: [c == "1" for c in n] for n in names}

    def classes(m: KripkeStep):
        return tuple((k, tuple(_name(m.states[j], st.vocab) for j in bits(block)))
                     for k, agent in enumerate(st.agents) for block in m.partition(agent)
                     if block & (block - 1))

    grid, cells = best_boolean_layout(symbols, valuations, [c for _, c in classes(model)])

    def picture(m: KripkeStep, title: str) -> dict:
        kept = {_name(s, st.vocab) for s in m.states}
        worlds = tuple(World(n, (n,), cells[n], n not in kept) for n in names)
        svg = class_svg(ClassPicture(title, tuple(st.agents), grid, worlds, classes(m)))
        return {"svg": svg, "engine": "classes", "worlds": len(kept)}

    pictures = [picture(model, "the structure")]
    counts = {"names": names, "total": len(names), "chains": {}, "kept": {}}
    for k, job in enumerate(program.jobs):
        chain = _chain(job.form)
        if not chain:
            continue
        m, left = model, []
        for ann in chain:
            m = m.announce(ann)
            left.append(len(m.states))
        counts["chains"][k] = left
        counts["kept"][k] = [_name(s, st.vocab) for s in m.states]
        pictures.append(picture(m, f"job {k + 1}"))
    return pictures, counts, model
