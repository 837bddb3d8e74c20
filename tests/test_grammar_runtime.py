"""The run-time parser reads every text as lark does, from tables exported from lark.

lark itself, building its parser from ``grammars/problem.lark``, is the reference here: for
each example and test file, and for random edits of them (most of which no longer parse),
both accept or both reject, and where they accept the trees are equal down to every token's
type, text and position and every node's ``meta``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO
from pyfront.grammar import export, runtime
from pyfront.problem import dsl_syntax

CORPUS = sorted(p for folder in ("examples", "tests/data", "docs")
                for p in (REPO / folder).rglob("*.del"))
TEXTS = {p.relative_to(REPO).as_posix(): p.read_text(encoding="utf-8") for p in CORPUS}


def _shape(node, out: list) -> list:
    """Everything a tree says: names, children, tokens with positions, ``meta``."""
    if node is None:
        out.append(None)
    elif hasattr(node, "children"):
        out.append((str(node.data), dict(vars(node.meta))))
        out.append(len(node.children))
        for c in node.children:
            _shape(c, out)
    else:
        out.append((node.type, str(node), node.start_pos, node.line, node.column,
                    node.end_line, node.end_column, node.end_pos))
    return out


def _lark(text: str):
    from lark.exceptions import UnexpectedInput

    try:
        return runtime.from_lark(dsl_syntax.lark_parser().parse(text))
    except UnexpectedInput:
        return None


def _ours(text: str):
    try:
        return runtime.parse(text)
    except runtime.NoParse:
        return None


def _agree(text: str) -> bool | None:
    """True: both parse, to the same tree; False: both reject (None: they differ)."""
    if not text.endswith("\n"):
        text += "\n"
    theirs, ours = _lark(text), _ours(text)
    if theirs is None and ours is None:
        return False
    if theirs is not None and ours is not None and _shape(theirs, []) == _shape(ours, []):
        return True
    return None


def test_the_tables_are_those_of_the_grammar():
    assert not export.stale(), "run python -m pyfront.grammar.export"


def test_the_corpus_is_there():
    assert len(CORPUS) >= 20 and any("stories" in str(p) for p in CORPUS)


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_every_file_parses_as_lark_parses_it(name):
    assert _agree(TEXTS[name]) is True


_WORDS = sorted({w for t in TEXTS.values() for w in re.findall(r"[A-Za-z_]+|[^\sA-Za-z_0-9]", t)})
_BITS = ["\n", "(", ")", '"', ",", ":", "#", "'s", "..", "  ", "\\", "smcdel\"", "1"]


@st.composite
def _edited(draw) -> str:
    text = TEXTS[draw(st.sampled_from(sorted(TEXTS)))]
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, max(0, len(text) - 1)))
        j = min(len(text), i + draw(st.integers(0, 12)))
        how = draw(st.sampled_from(["cut", "word", "bit", "flip"]))
        if how == "cut":
            text = text[:i] + text[j:]
        elif how == "word":
            text = text[:i] + " " + draw(st.sampled_from(_WORDS)) + " " + text[i:]
        elif how == "bit":
            text = text[:i] + draw(st.sampled_from(_BITS)) + text[i:]
        else:
            text = text[:i] + text[i:j][::-1] + text[j:]
    return text


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_edited())
def test_edited_files_are_read_as_lark_reads_them(text):
    assert _agree(text) is not None


def test_a_text_that_does_not_parse_gets_larks_wording(tmp_path):
    from pyfront.errors import UserError

    with pytest.raises(UserError) as err:
        dsl_syntax.parse_tree("problem p\n  agents Ann\n  anounce someone\n", "p.del")
    assert "unknown keyword 'anounce'" in str(err.value) and err.value.line == 3


def test_positions_count_from_one_and_cover_the_node():
    tree = runtime.parse("problem p\n  agents Ann, Bob\n")
    problem = tree.children[0]
    agents = next(c for c in problem.children if getattr(c, "data", None) == "agents")
    assert (agents.meta.line, agents.meta.column) == (2, 3)
    assert (agents.meta.end_line, agents.meta.end_column) == (2, 18)


def test_the_written_tables_are_what_export_writes_now():
    import lark

    from pyfront.grammar import problem_tables

    if lark.__version__ != problem_tables.LARK:
        pytest.skip(f"tables exported with lark {problem_tables.LARK}, lark {lark.__version__} "
                    "installed: the tests above compare what the two parsers do")
    assert export.build() == Path(export.OUT).read_text(encoding="utf-8")


def test_lark_is_pinned_to_the_minor_version_the_tables_come_from():
    import re

    from pyfront.grammar import problem_tables

    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    low, high = re.search(r'"lark>=([\d.]+),<([\d.]+)"', text).groups()
    version = tuple(map(int, problem_tables.LARK.split(".")))
    assert tuple(map(int, low.split("."))) <= version < tuple(map(int, high.split(".")))
    assert tuple(map(int, high.split("."))) == (version[0], version[1] + 1)
