"""The mA* reader: every instance of ../shared/planning-mastar/ read, its declarations
counted independently of the reader; precedence; errors with file, line and column."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import shared_file

from pyfront.errors import UserError
from pyfront.mastar.dsl import read_text
from smcdel_bridge.language import Ck, Conj, Disj, K, Neg, Prp


def _instances():
    return sorted(shared_file("planning-mastar").rglob("*.txt"))


def _declared(text: str, word: str) -> list[str]:
    """The names of the ``word`` declarations, by a regular expression."""
    text = re.sub(r"%[^\n]*", "", text)
    names = []
    for body in re.findall(rf"(?<![\w]){word}\s+([^;]*);", text):
        names += [n.strip() for n in body.split(",")]
    return names


def test_every_instance_is_read_with_its_declarations():
    files = _instances()
    assert len(files) == 41
    for path in files:
        text = path.read_text()
        problem = read_text(text, str(path))
        assert list(problem.fluents) == _declared(text, "fluent"), path
        assert list(problem.agents) == _declared(text, "agent"), path
        assert [a.name for a in problem.actions] == _declared(text, "action"), path
        goals = len(re.findall(r"^\s*goal\b", text, flags=re.M))
        assert len(problem.goal) == goals, path


SMALL = """fluent p, q;
action look, tell, flip;
agent a, b;
executable look if -B(a, p), -B(a, -p);
look determines p;
a observes look;
b aware_of look if q;
executable tell if B(a, p);
tell announces p;
a observes tell;
b observes tell;
flip causes -q if p;
a observes flip;
initially p, q;
initially C([a, b], q);
initially C([a, b], B(b, p) | B(b, -p));
goal B(b, p) | q, p;
goal C([a,b], p);
"""


def test_a_small_domain_reads_as_written():
    problem = read_text(SMALL, "small.txt")
    look, tell, flip = problem.actions
    assert (look.kind, tell.kind, flip.kind) == ("sensing", "announcement", "ontic")
    p, q = Prp(0), Prp(1)
    assert look.pre == (Conj((Neg(K("a", p)), Neg(K("a", Neg(p))))),)
    assert look.partial == (("b", q),)
    assert flip.effects == ((((1, False),), p),)
    # `,` binds tighter than `|`, as in deep's parser
    assert problem.goal[0] == Disj((K("b", p), Conj((q, p))))
    assert problem.goal[1] == Ck(("a", "b"), p)
    assert problem.pointed == Conj((p, q))
    assert problem.laws == (q,) and problem.fixed == ((1, True),)
    assert problem.knows_whether == (("b", p),)


@pytest.mark.parametrize("text, where, words", [
    ("fluent p;\naction a;\nagent i;\na causes r;\n", (4, 10), "undeclared fluent 'r'"),
    ("fluent p;\naction a;\nagent i;\nj observes a;\n", (4, 1), "undeclared agent 'j'"),
    ("fluent p;\naction a\nagent i;\n", (3, 1), "unexpected"),
    ("fluent p;\nagent i;\ninitially p;\ninitially B(i, p);\ngoal p;\n", (4, 1),
     "initial belief formula"),
    ("fluent p;\naction a;\nagent i;\na causes p;\na determines p;\n", (5, 1),
     "mixes ontic and sensing"),
])
def test_bad_input_is_one_line_with_its_position(text, where, words):
    with pytest.raises(UserError) as err:
        read_text(text, "bad.txt")
    assert (err.value.file, err.value.line, err.value.column) == ("bad.txt", *where)
    assert words in err.value.message
    assert str(err.value).startswith(f"bad.txt:{where[0]}:{where[1]}: mA*: ")


def _shape(node):
    """A tree as nested tuples (rule names, token texts), for lark's trees and ours."""
    if hasattr(node, "data"):
        return (str(node.data), tuple(_shape(c) for c in node.children))
    return str(node)


def test_the_parser_builds_the_trees_lark_builds_from_the_grammar():
    import lark

    from pyfront.mastar.syntax import parse

    grammar = (Path(__file__).resolve().parents[1] / "grammars" / "mastar.lark").read_text()
    reference = lark.Lark(grammar, parser="lalr", maybe_placeholders=False)
    texts = [p.read_text() for p in _instances()] + [SMALL, "goal -(p), (-q) | r;"]
    for text in texts:
        assert _shape(parse(text)) == _shape(reference.parse(text))
