"""Dining cryptographers: the puzzle's input, its answers on both engines, the command."""

from __future__ import annotations

import json

import pytest

from pyfront.cli import main
from smcdel_bridge import language as L
from smcdel_bridge.native.explicit import ExplicitBackend
from smcdel_bridge.native.symbolic import SymbolicBackend
from smcdel_bridge.program import CheckInput, ValidQ, WhereQ
from pyfront.puzzles.programs import dining_cryptographers, dining_cryptographers_text
from smcdel_bridge.syntax import parse_input
from conftest import shared_file


def _rename(f: L.Form, atoms: dict[int, int], agents: dict[str, str]) -> L.Form:
    """``f`` with atoms and agents renamed, XOR arguments in a canonical order."""
    t = type(f)
    if t is L.Prp:
        return L.Prp(atoms.get(f.n, f.n))
    if t in (L.Top, L.Bot):
        return f
    if t in (L.Conj, L.Disj):
        return t(tuple(_rename(g, atoms, agents) for g in f.fs))
    if t is L.Xor:
        return L.Xor(tuple(sorted((_rename(g, atoms, agents) for g in f.fs), key=repr)))
    if t is L.Neg:
        return L.Neg(_rename(f.f, atoms, agents))
    if t is L.Impl:
        return L.Impl(_rename(f.a, atoms, agents), _rename(f.b, atoms, agents))
    if t is L.K:
        return L.K(agents[f.agent], _rename(f.f, atoms, agents))
    if t is L.Ck:
        return L.Ck(tuple(agents[a] for a in f.group), _rename(f.f, atoms, agents))
    if t is L.PubAnnounceW:
        return L.PubAnnounceW(_rename(f.ann, atoms, agents), _rename(f.f, atoms, agents))
    raise TypeError(t)


def test_three_cryptographers_are_smcdels_example():
    """n = 3 is SMCDEL's DiningCryptographers.smcdel.txt up to names: its agents alice,
    bob, carol are c1, c2, c3, and its coins 4, 5, 6 are our 4, 6, 5 (coin k lies between
    c_k and c_k+1)."""
    path = shared_file("smcdel-conformance", "smcdel-examples.jsonl")
    with open(path, encoding="utf-8") as fh:
        (case,) = [c for c in map(json.loads, fh) if c["id"] == "examples-DiningCryptographers"]
    theirs = parse_input(case["input"])
    ours = dining_cryptographers(3)
    atoms = {5: 6, 6: 5}
    agents = {"alice": "c1", "bob": "c2", "carol": "c3"}
    s, o = theirs.structure, ours.structure
    assert tuple(sorted(s.vocab)) == o.vocab
    assert [(agents[a], sorted(atoms.get(p, p) for p in ps)) for a, ps in s.obs] == [
        (a, list(ps)) for a, ps in o.obs]
    assert SymbolicBackend().run(CheckInput(s, (ValidQ(L.Equi(s.law, o.law)),)))[0].value
    (job,) = ours.jobs
    assert _rename(theirs.jobs[2].form, atoms, agents) == _rename(job.form, {}, {a: a for a in agents.values()})
    assert "True" in case["stdout"].split("valid on F?")[3]
    # and our text parses back to our program
    assert parse_input(dining_cryptographers_text(3)) == ours


@pytest.mark.parametrize("n", [3, 4, 5])
def test_both_engines_find_the_protocol_safe(n):
    program = dining_cryptographers(n)
    assert [a.value for a in ExplicitBackend().run(program)] == [True]
    assert [a.value for a in SymbolicBackend().run(program)] == [True]


def test_larger_tables_on_the_symbolic_engine():
    for n in (8, 12):
        assert [a.value for a in SymbolicBackend().run(dining_cryptographers(n))] == [True]


@pytest.mark.parametrize("n", [3, 6, 10])
def test_a_payer_is_not_found_out_but_a_false_claim_fails(n):
    text = dining_cryptographers_text(n).replace(
        "(1 -> AND(~(c2 knows that 1)", "(1 -> AND((c2 knows that 1)")
    program = parse_input(text)
    assert [a.value for a in SymbolicBackend().run(program)] == [False]
    if n <= 6:
        assert [a.value for a in ExplicitBackend().run(program)] == [False]


def test_where_lists_states_in_the_reference_order_whatever_the_variable_order():
    """The symbolic engine orders BDD variables by who observes what (not by number): a
    ``WHERE?`` answer is still listed as in the numeric order, as the explicit engine does."""
    base = dining_cryptographers(3)
    forms = [L.Xor((L.Prp(1), L.Prp(4), L.Prp(6))), L.K("c2", L.Neg(L.Prp(1))),
             L.PubAnnounceW(L.Xor((L.Prp(2), L.Prp(4), L.Prp(5))), L.K("c1", L.Neg(L.Prp(0)))),
             L.Announce(("c1",), L.Prp(5), L.K("c1", L.Prp(5)))]
    program = CheckInput(base.structure, tuple(WhereQ(f) for f in forms))
    assert SymbolicBackend().run(program) == ExplicitBackend().run(program)


def test_command_writes_the_input(capsys, tmp_path):
    assert main(["puzzle", "dining", "5", "--to", "smcdel"]) == 0
    assert capsys.readouterr().out == dining_cryptographers_text(5)
    path = tmp_path / "dc.del"
    assert main(["puzzle", "dining", "4", "-o", str(path)]) == 0
    assert main(["check", "--json", str(path)]) == 0
    rows = [json.loads(l) for l in capsys.readouterr().out.splitlines() if l.startswith("{")]
    assert [(r["valid"], r["agrees"]) for r in rows] == [(True, True)]


@pytest.mark.parametrize("args", [["dining", "2"], ["dining", "4", "2"], ["dining", "-1", "--to", "smcdel"]])
def test_bad_sizes_are_one_line_errors(capsys, args):
    assert main(["puzzle", *args]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
