"""``explain --to tex``: a LaTeX document that compiles as it is, with a TikZ picture per
model and event model (issue 42).

No TeX system is needed: an independent reader of the produced TeX (below) checks the
document's structure (balanced braces and environments, the article class with TikZ and no other package,
one node per world) and reads each picture's edges back.  A problem's relations are
compared with classes worked out here from the problem's observations (an S5 relation is
drawn by its classes: per agent, the components of its edges are its classes); a story's
belief arrows with the belief relation of the explanation, pair by pair.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys

from conftest import REPO

FOREHEAD = """problem two
  agents Alice, Bob
  setup forehead
  announce someone
"""


def _tex(path, *extra) -> str:
    done = subprocess.run([sys.executable, "-m", "pyfront", "explain", str(path), "--to", "tex",
                           *extra], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _balanced(text: str) -> None:
    depth = 0
    for m in re.finditer(r"\\[{}]|[{}]", text):
        if m.group(0) in ("\\{", "\\}"):
            continue
        depth += 1 if m.group(0) == "{" else -1
        assert depth >= 0, text[max(0, m.start() - 80):m.start()]
    assert depth == 0
    stack = []
    for m in re.finditer(r"\\(begin|end)\{([^}]*)\}", text):
        if m.group(1) == "begin":
            stack.append(m.group(2))
        else:
            assert stack and stack.pop() == m.group(2)
    assert not stack


_NODE = re.compile(r"\\node\[world(, actual)?\] \((\w+)\) at \(([-\d.]+), ([-\d.]+)\) \{(.*)\};")
_EDGE = re.compile(r"\\draw\[(\w+)(?:[^\[\]]|\[[^\]]*\])*\] \((\w+)\) (?:--|to|edge\[[^\]]*\]) node\[[^\]]*\] "
                   r"\{([^}]*)\} \((\w+)\);")


_UNESCAPE = {r"\textasciitilde{}": "~", r"\textasciicircum{}": "^", r"\textbackslash{}": "\\",
             r"\_": "_", r"\{": "{", r"\}": "}", r"\#": "#", r"\$": "$", r"\%": "%",
             r"\&": "&", r"\ensuremath{\lor}": "∨", r"\ensuremath{\land}": "∧",
             r"\ensuremath{\neg}": "¬", r"\ensuremath{\top}": "⊤", r"\ensuremath{\bot}": "⊥",
             r"\ensuremath{\rightarrow}": "→", r"\ensuremath{\leftrightarrow}": "↔"}


def _plain(tex: str) -> str:
    """What a TeX text prints, for the escapes the document uses."""
    for code, char in _UNESCAPE.items():
        tex = tex.replace(code, char)
    assert "\\" not in tex, tex
    return tex


def _pictures(text: str) -> list[dict]:
    out = []
    for body in re.findall(r"\\begin\{tikzpicture\}(.*?)\\end\{tikzpicture\}", text, re.S):
        nodes = {m.group(2): [_plain(x) for x in m.group(5).split(" \\\\ ")]
                 for m in _NODE.finditer(body)}
        places = [(m.group(3), m.group(4)) for m in _NODE.finditer(body)]
        assert len(set(places)) == len(places)  # no two worlds in one place
        edges = [(m.group(3), nodes[m.group(2)][0], nodes[m.group(4)][0])
                 for m in _EDGE.finditer(body)]
        assert len(edges) == body.count("\\draw[")
        out.append({"worlds": [lines[0] for lines in nodes.values()], "edges": edges,
                    "lines": list(nodes.values())})
    return out


def _components(worlds, pairs) -> set[frozenset]:
    parent = {w: w for w in worlds}

    def find(w):
        while parent[w] != w:
            w = parent[w]
        return w
    for a, b in pairs:
        parent[find(a)] = find(b)
    groups: dict = {}
    for w in worlds:
        groups.setdefault(find(w), set()).add(w)
    return {frozenset(g) for g in groups.values()}


def test_a_problem_is_drawn_by_its_classes(tmp_path):
    path = tmp_path / "two.del"
    path.write_text(FOREHEAD, encoding="utf-8")
    text = _tex(path)
    _balanced(text)
    assert "\\documentclass{article}" in text and "\\usepackage{tikz}" in text
    # nothing beyond texlive-latex-base and texlive-pictures
    assert set(re.findall(r"\\usepackage(?:\[[^\]]*\])?\{([^}]*)\}", text)) <= {"inputenc", "geometry", "tikz"}
    pictures = _pictures(text)
    # the oracle: worlds are bit strings Alice Bob; Alice sees Bob's bit, Bob sees Alice's
    everything = ["".join(b) for b in itertools.product("01", repeat=2)]
    frames = [everything, [w for w in everything if "1" in w]]  # "someone" removes 00
    assert len(pictures) == len(frames)
    for pic, worlds in zip(pictures, frames):
        assert sorted(pic["worlds"]) == sorted(worlds)
        for agent, seen in (("Alice", 1), ("Bob", 0)):
            classes = {frozenset(w for w in worlds if w[seen] == v) for v in "01"} - {frozenset()}
            pairs = [(a, b) for who, a, b in pic["edges"] if who == agent]
            assert _components(worlds, pairs) == classes, (agent, pic)


def test_a_story_draws_belief_arrows_and_event_models():
    from pyfront.data.loading import load_document
    from pyfront.explain.story import explain_story

    path = REPO / "examples" / "stories" / "sally_anne.del"
    text = _tex(path)
    _balanced(text)
    pictures = _pictures(text)
    told = explain_story(load_document(str(path))[0])
    expected = []
    for step in told.steps:
        short = {w.name: w.short for w in step.worlds}
        if step.event is not None:
            arrows = {(a, e, f) for a, rows in step.event.arrows for e, fs in rows for f in fs}
            expected.append(("event", [e.name for e in step.event.events], arrows, step.event))
        beliefs = {(a, short[w], short[v]) for a, rows in step.belief for w, vs in rows for v in vs}
        expected.append(("model", [w.short for w in step.worlds], beliefs, None))
    assert len(pictures) == len(expected)
    for pic, (kind, worlds, pairs, event) in zip(pictures, expected):
        assert pic["worlds"] == worlds
        assert set(pic["edges"]) == pairs and len(pic["edges"]) == len(pairs)
        if event is not None:  # pre- and postconditions written in the event's node
            for lines, e in zip(pic["lines"], event.events):
                assert lines[1] == "pre: " + e.pre and lines[2:] == list(e.post)
                assert len(lines) == 2 + len(e.post)
