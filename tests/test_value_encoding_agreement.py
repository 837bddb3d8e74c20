"""The value engine against the Boolean encoding (run on the BDD engine): random number
problems with common knowledge, "knows whether", "knows the value" and announcements in
sequence get the same answers on both (``check --engine explicit`` answers problems with
variables on the value engine, ``--engine symbolic`` checks their Boolean encoding)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyfront.cli import main

AGENTS = ("Ann", "Bob")


@st.composite
def atoms(draw):
    var = draw(st.sampled_from(["x", "y"]))
    op = draw(st.sampled_from(["=", "!=", "<=", ">"]))
    return f"{var} {op} {draw(st.integers(0, 2))}" if draw(st.booleans()) else \
        f"x + y {op} {draw(st.integers(0, 4))}"


@st.composite
def formulas(draw, depth=2):
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(atoms())
    kind = draw(st.sampled_from(["knows", "whether", "value", "ck", "ck_among", "not",
                                 "and", "or"]))
    who = draw(st.sampled_from(AGENTS))
    inner = draw(formulas(depth - 1))
    if kind == "knows":
        return f"{who} knows that ({inner})"
    if kind == "whether":
        return f"{who} knows whether ({inner})"
    if kind == "value":
        return f"{who} knows what {draw(st.sampled_from(['x', 'y']))} is"
    if kind == "ck":
        return f"it is common knowledge that ({inner})"
    if kind == "ck_among":
        return f"it is common knowledge among Ann and Bob that ({inner})"
    if kind == "not":
        return f"not ({inner})"
    return f"({inner}) {kind} ({draw(formulas(depth - 1))})"


@st.composite
def problems(draw):
    lines = ["problem p", "  agents Ann, Bob", "  x: 0..2", "  y: 0..2"]
    lines.append(f"  Ann observes {draw(st.sampled_from(['x', 'x + y', 'y']))}")
    lines.append(f"  Bob observes {draw(st.sampled_from(['y', 'x + y', 'x * y']))}")
    for k in range(draw(st.integers(0, 3))):
        lines.append(f"  announce {draw(formulas(1))}")
        if draw(st.booleans()):
            lines.append(f"  hypothesis h{k}: {draw(formulas())}")
    lines.append(f"  hypothesis last: {draw(formulas())}")
    return "\n".join(lines) + "\n"


def _answers(capsys, path, engine):
    main(["check", str(path), "--json", "-q", "--engine", engine])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return [(r["name"], r.get("valid"), r.get("contradictory"), r.get("error")) for r in records]


@pytest.mark.slow  # 200 problems, each checked twice: about 20 s
@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(problems())
def test_value_engine_and_boolean_encoding_agree(tmp_path, capsys, text):
    path = tmp_path / "p.del"
    path.write_text(text)
    values, encoded = _answers(capsys, path, "explicit"), _answers(capsys, path, "symbolic")
    assert values == encoded, text
    assert not any(error for *_, error in values), text
