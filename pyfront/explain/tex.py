"""``explain --to tex``: the models of an explanation as a LaTeX document with TikZ
pictures, for papers and slides (one page a picture; ``pdflatex`` compiles it as it is,
with nothing beyond Debian's ``texlive-latex-base`` and ``texlive-pictures``).

Python decides what is drawn; ``templates/models.tex.j2`` holds the markup.  A problem's
model after each announcement: its worlds with their valuations, each agent's
indistinguishability drawn by its equivalence classes (the worlds of a class joined in a
chain of undirected edges in the agent's colour and dash: the classes are the chains'
components).  A story's model after each event: its worlds with their facts and each
agent's belief arrows (KD45: directed, loops included), and each event model: its events
with their pre- and postconditions and each agent's arrows.  The actual worlds and events
are filled.

    >>> from pyfront.problem.dsl import parse_problems
    >>> from pyfront.explain import explain_problem
    >>> pb = parse_problems("problem p\\n agents A, B\\n setup forehead\\n announce someone\\n")[0]
    >>> text = tex_document([explain_problem(pb)], [])
    >>> text.count("\\\\begin{tikzpicture}"), text.count("\\\\node[world")
    (2, 7)
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from importlib.resources import files
from typing import Any

from .graph import agent_style

#: how a dash style of :func:`.graph.agent_style` reads in TikZ
_DASH = {"solid": "solid", "dashed": "dashed", "dotted": "dotted", "bold": "line width=1.2pt"}
#: characters TeX treats specially, and what prints them
_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "#": r"\#", "$": r"\$",
            "%": r"\%", "&": r"\&", "_": r"\_", "~": r"\textasciitilde{}",
            "^": r"\textasciicircum{}"}
#: the logic symbols of formulas, in math mode
_SYMBOLS = {"∨": r"\lor", "∧": r"\land", "¬": r"\neg", "→": r"\rightarrow",
            "↔": r"\leftrightarrow", "⊤": r"\top", "⊥": r"\bot", "≠": r"\neq", "≤": r"\leq",
            "≥": r"\geq", "⊕": r"\oplus", "…": r"\ldots", "⟨": r"\langle", "⟩": r"\rangle"}
_ESCAPE = re.compile("|".join(map(re.escape, [*_SPECIAL, *_SYMBOLS])))
#: centimetres between world centres
_STEP_X, _STEP_Y = 3.2, 2.0


def tex_escape(text: str) -> str:
    """``text`` as TeX prints it: special characters escaped, logic symbols in math."""
    def one(m: re.Match) -> str:
        c = m.group(0)
        return _SPECIAL.get(c) or "\\ensuremath{" + _SYMBOLS[c] + "}"

    return _ESCAPE.sub(one, text)


def _agents(names) -> list[dict[str, str]]:
    out = []
    for k, name in enumerate(names):
        colour, dash = agent_style(k)
        out.append({"name": name, "key": f"agent{k}", "colour": colour.lstrip("#").upper(),
                    "dash": _DASH[dash]})
    return out


def _place(entries: list[tuple[str, list[str], bool]]) -> dict[str, tuple[float, float]]:
    """A grid of about as many columns as rows, spaced by the widest and tallest label
    (about 0.19 cm a character and 0.42 cm a line of ``\\small`` text, measured on
    pdflatex's output)."""
    widest = max((len(x) for _, lines, _ in entries for x in lines), default=1)
    tallest = max((len(lines) for _, lines, _ in entries), default=1)
    step_x = max(_STEP_X, round(0.19 * widest + 1.4, 1))
    step_y = max(_STEP_Y, round(0.42 * tallest + 1.2, 1))
    cols = max(1, math.ceil(math.sqrt(len(entries))))
    return {n: (round((i % cols) * step_x, 2), round(-(i // cols) * step_y, 2))
            for i, (n, _, _) in enumerate(entries)}


def _nodes(entries: list[tuple[str, list[str], bool]]) -> tuple[list[dict], dict[str, str]]:
    """(nodes, id of each name): entries are (name, label lines, actual)."""
    where = _place(entries)
    ids = {n: f"n{i}" for i, (n, _, _) in enumerate(entries)}
    nodes = [{"id": ids[n], "x": where[n][0], "y": where[n][1], "actual": actual,
              "lines": [tex_escape(x) for x in lines]} for n, lines, actual in entries]
    return nodes, ids


#: where the loops of one world go, in turn (one direction each, so their labels stay apart)
_LOOPS = ("above", "below", "left", "right")


def _spread(loops: list[dict]) -> list[dict]:
    """Each world's loops in different directions."""
    seen: dict[str, int] = {}
    for e in loops:
        k = seen.get(e["source"], 0)
        seen[e["source"]] = k + 1
        e["where"] = _LOOPS[k % len(_LOOPS)]
    return loops


def _problem_pictures(p) -> list[dict[str, Any]]:
    out = []
    actual = p.actual.name if p.actual is not None else None
    for frame in p.frames:
        entries = [(s.name, [s.name, s.true_symbols or "nothing true"], s.name == actual)
                   for s in frame.states]
        nodes, ids = _nodes(entries)
        agents = _agents([a for a, _ in frame.partitions])
        edges = []
        for agent, (_, blocks) in zip(agents, frame.partitions):
            for block in blocks:  # a chain through the class: its component is the class
                for s, t in zip(block, block[1:]):
                    edges.append({"agent": agent["key"], "label": tex_escape(agent["name"]),
                                  "source": ids[s.name], "target": ids[t.name]})
        out.append({"title": tex_escape(f"{p.name}: {frame.title}"), "kind": "s5",
                    "nodes": nodes, "edges": edges, "agents": agents, "loops": []})
    return out


def _story_pictures(story) -> list[dict[str, Any]]:
    out = []
    agents = _agents(story.agents)
    for step in story.steps:
        if step.event is not None:
            out.append(_event_picture(story, step, agents))
        entries = [(w.name, [w.short, *w.facts], w.actual) for w in step.worlds]
        nodes, ids = _nodes(entries)
        edges, loops = [], []
        for agent, (_, rows) in zip(agents, step.belief):
            for w, targets in rows:
                for v in targets:
                    edge = {"agent": agent["key"], "label": tex_escape(agent["name"]),
                            "source": ids[w], "target": ids[v]}
                    (loops if v == w else edges).append(edge)
        when = "the start" if step.number == 0 else f"after event {step.number}"
        out.append({"title": tex_escape(f"{story.name}: {when}"), "kind": "kd45",
                    "nodes": nodes, "edges": edges, "loops": _spread(loops), "agents": agents})
    return out


def _event_picture(story, step, agents) -> dict[str, Any]:
    event = step.event
    entries = [(e.name, [e.name, f"pre: {e.pre}", *e.post], e.actual) for e in event.events]
    nodes, ids = _nodes(entries)
    edges, loops = [], []
    for agent, (_, rows) in zip(agents, event.arrows):
        for e, targets in rows:
            for f in targets:
                edge = {"agent": agent["key"], "label": tex_escape(agent["name"]),
                        "source": ids[e], "target": ids[f]}
                (loops if e == f else edges).append(edge)
    title = f"{story.name}: event {step.number}: {event.label}"
    return {"title": tex_escape(title), "kind": "event", "nodes": nodes, "edges": edges,
            "loops": _spread(loops), "agents": agents}


@lru_cache(maxsize=None)
def _template():
    import jinja2

    text = files(__package__).joinpath("templates", "models.tex.j2").read_text(encoding="utf-8")
    # TeX is full of braces and percent signs: the template marks its own code otherwise
    env = jinja2.Environment(block_start_string="<%", block_end_string="%>",
                             variable_start_string="<<", variable_end_string=">>",
                             comment_start_string="<#", comment_end_string="#>",
                             undefined=jinja2.StrictUndefined, autoescape=False,
                             trim_blocks=True, lstrip_blocks=True)
    return env.from_string(text)


def tex_document(problems, stories) -> str:
    """The document: ``problems`` (problem explanations) and ``stories`` (story
    explanations), one picture a page."""
    pictures = [pic for p in problems for pic in _problem_pictures(p)]
    pictures += [pic for s in stories for pic in _story_pictures(s)]
    agents: dict[str, dict[str, str]] = {}
    for pic in pictures:
        for a in pic["agents"]:
            agents.setdefault(a["key"], a)
    return _template().render(pictures=pictures, agents=list(agents.values()))
