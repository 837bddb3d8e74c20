"""The cached parse tables are the ones the grammar gives, with the expected conflicts."""

from __future__ import annotations

from smcdel_bridge.syntax import lr_tables, grammar
from smcdel_bridge.syntax.lalr import build_tables, grammar_tables, render_module
from smcdel_bridge.syntax.parser import ACCEPT, REDUCE, SHIFT, decode_rows


def test_cached_tables_match_the_grammar():
    tables = grammar_tables()
    expected = render_module(tables)
    cached = open(lr_tables.__file__, encoding="utf-8").read()
    assert cached == expected, "run: python -m smcdel_bridge.syntax.lalr"
    assert decode_rows(lr_tables.ACTION, actions=True) == tables.action
    assert decode_rows(lr_tables.GOTO, actions=False) == tables.goto


def test_only_the_reference_default_shifts_remain():
    """Prefix K/Kw and the quantifiers have no precedence (shift: they extend to the
    right), and `knows whether (f)` reads `(f)` as a formula, not a one-element list."""
    conflicts = grammar_tables().conflicts
    assert len(conflicts) == 17
    assert all("shift/reduce" in c and c.endswith("-> shift") for c in conflicts)
    on = sorted({c.split(" on ")[1].split(" ")[0] for c in conflicts})
    assert on == ["AND", "IFF", "IMPL", "OR", "RPAREN"]


def _table(rules, precedence):
    return build_tables(("NUM", "PLUS", "TIMES"), rules, precedence, (("E", "E"),))


def _parse(tables, kinds):
    """Tiny driver: returns the reduction sequence, or None on error."""
    states, out, toks = [tables.starts["E"]], [], list(kinds) + ["$eof"]
    i = 0
    while True:
        act = tables.action[states[-1]].get(toks[i])
        if act is None or act[0] not in (SHIFT, REDUCE, ACCEPT):
            return None
        if act[0] == SHIFT:
            states.append(act[1])
            i += 1
        elif act[0] == REDUCE:
            lhs, n, name = tables.rules[act[1]]
            del states[len(states) - n:]
            out.append(name)
            states.append(tables.goto[states[-1]][lhs])
        else:
            return out


def test_builder_applies_yacc_precedence_rules():
    rules = (
        grammar.Rule("E", ("E", "PLUS", "E"), "plus"),
        grammar.Rule("E", ("E", "TIMES", "E"), "times"),
        grammar.Rule("E", ("NUM",), "num"),
    )
    left = _table(rules, (("left", ("PLUS",)), ("left", ("TIMES",))))
    assert not left.conflicts
    # 1 + 2 * 3: times binds tighter, so it is reduced first
    assert _parse(left, ["NUM", "PLUS", "NUM", "TIMES", "NUM"]) == [
        "num", "num", "num", "times", "plus"]
    # 1 + 2 + 3: left associative
    assert _parse(left, ["NUM", "PLUS", "NUM", "PLUS", "NUM"]) == [
        "num", "num", "plus", "num", "plus"]
    nonassoc = _table(rules, (("nonassoc", ("PLUS",)), ("left", ("TIMES",))))
    assert _parse(nonassoc, ["NUM", "PLUS", "NUM", "PLUS", "NUM"]) is None
    # the first declaration of a terminal wins, as in the reference's generator
    first_wins = _table(rules, (("left", ("PLUS",)), ("nonassoc", ("PLUS",)),
                                ("left", ("TIMES",))))
    assert _parse(first_wins, ["NUM", "PLUS", "NUM", "PLUS", "NUM"]) is not None
    none = _table(rules, ())
    assert len(none.conflicts) == 4  # every conflict resolved as shift
    assert _parse(none, ["NUM", "PLUS", "NUM", "PLUS", "NUM"]) == [
        "num", "num", "num", "plus", "plus"]
