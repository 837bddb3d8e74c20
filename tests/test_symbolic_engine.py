"""The symbolic engine's semantics, operator by operator, on hand-built structures."""

from __future__ import annotations

import subprocess
import sys

import pytest

from smcdel_bridge.errors import NotBooleanError, SanityError
from smcdel_bridge.language import (
    BOT, TOP, Announce, AnnounceW, Ck, Ckw, Conj, Disj, Dk, Dkw, Equi, Exists, Forall, Impl,
    K, Kw, Neg, Prp, PubAnnounce, PubAnnounceW, Xor,
)
from smcdel_bridge.native.bdd_manager import BddManager
from smcdel_bridge.native.bdd_structure import SymbolicStructure
from smcdel_bridge.native.symbolic import SymbolicBackend
from smcdel_bridge.program import (
    BoolAnswer, CheckInput, StatesAnswer, Structure, TrueQ, ValidQ, WhereQ,
)

p1, p2, p3 = Prp(1), Prp(2), Prp(3)


@pytest.fixture(params=["cudd", "autoref"])
def impl(request):
    return request.param


def kns(vocab, obs, law=TOP, impl="auto"):
    return SymbolicStructure.from_parts(vocab, law, obs, manager=BddManager(impl))


def test_knowledge_quantifies_unobserved_atoms(impl):
    s = kns((1, 2), (("a", (1,)),), impl=impl)
    assert s.valid(Kw("a", p1))
    assert not s.valid(Kw("a", p2))
    assert s.true_at((1,), K("a", p1))
    assert not s.true_at((1, 2), K("a", p2))
    assert s.valid(K("a", Disj((p2, Neg(p2)))))


def test_knowledge_under_the_law(impl):
    # the law ties 2 to 1, so observing 1 is observing 2
    s = kns((1, 2), (("a", (1,)),), law=Equi(p1, p2), impl=impl)
    assert s.valid(Kw("a", p2))
    assert s.where(K("a", p2)) == [(1, 2)]


def test_public_announcement_restricts_the_law(impl):
    s = kns((1, 2), (("a", (1,)),), impl=impl)
    assert s.valid(PubAnnounce(p2, K("a", p2)))
    assert not s.valid(PubAnnounce(Disj((p1, p2)), K("a", p2)))
    # false announcements make [! f] g vacuously true
    assert s.true_at((), PubAnnounce(p2, BOT))
    assert s.update(p2).states() == [(2,), (1, 2)]


def test_announce_whether(impl):
    s = kns((1, 2), (("a", (1,)),), impl=impl)
    assert s.valid(PubAnnounceW(p2, Kw("a", p2)))
    assert not s.valid(PubAnnounce(TOP, Kw("a", p2)))


def test_group_announcement_adds_a_fresh_atom_for_the_group(impl):
    s = kns((1, 2), (("a", (1,)), ("b", (1,))), impl=impl)
    after = s.announce(("a",), p2)
    assert after.props == (1, 2, 3)
    assert after.observed("a") == (1, 3) and after.observed("b") == (1,)
    f = Announce(("a",), p2, Conj((K("a", p2), Neg(K("b", p2)))))
    assert s.true_at((2,), f)
    assert s.valid(f)  # at states where 2 is false the announcement cannot be made
    assert s.valid(AnnounceW(("a",), p2, Kw("a", p2)))
    assert not s.valid(AnnounceW(("a",), p2, Kw("b", p2)))
    # answers only speak of the input's vocabulary
    assert s.where(Announce(("a",), p2, K("a", p2))) == [(), (2,), (1,), (1, 2)]


def test_nested_group_announcements_take_the_next_fresh_atom(impl):
    s = kns((1, 2), (("a", (1,)), ("b", (2,))), impl=impl)
    inner = s.announce(("a",), p2).announce(("b",), p1)
    assert inner.props == (1, 2, 3, 4)
    f = Announce(("a",), p2, Announce(("b",), p1, Conj((K("a", p2), K("b", p1)))))
    assert s.true_at((1, 2), f)


def test_common_knowledge_is_a_greatest_fixed_point(impl):
    s = kns((1, 2), (("a", (1,)), ("b", (1, 2)), ("c", (2,))), impl=impl)
    assert s.valid(Ckw(("a", "b"), p1))
    assert not s.true_at((1, 2), Ck(("a", "c"), p1))
    # after announcing 1, it is common knowledge even among those who cannot see it
    assert s.valid(PubAnnounce(p1, Ck(("a", "b", "c"), p1)))
    assert s.where(Ck(("b",), p2)) == [(2,), (1, 2)]


def test_common_knowledge_chain_of_reachability(impl):
    # a sees 1, b sees 2, law 1 <-> 2: a and b share all information, so Ck = K
    s = kns((1, 2), (("a", (1,)), ("b", (2,))), law=Equi(p1, p2), impl=impl)
    assert s.valid(Ckw(("a", "b"), p1))


def test_distributed_knowledge_pools_observations(impl):
    s = kns((1, 2, 3), (("a", (1,)), ("b", (2,))), impl=impl)
    both = Conj((p1, p2))
    assert s.true_at((1, 2), Dk(("a", "b"), both))
    assert not s.true_at((1, 2), K("a", both))
    assert s.valid(Dkw(("a", "b"), both))
    assert not s.valid(Dkw(("a", "b"), p3))


def test_boolean_quantifiers_act_on_the_formulas_bdd(impl):
    s = kns((1, 2), (("a", (1,)),), impl=impl)
    assert s.valid(Forall((1,), Disj((p1, Neg(p1)))))
    assert s.where(Exists((1,), Conj((p1, p2)))) == s.where(p2)
    assert s.where(Forall((2,), Impl(p2, p1))) == s.where(p1)


def test_xor_and_empty_connectives(impl):
    s = kns((1, 2), (("a", (1,)),), impl=impl)
    assert s.where(Xor((p1, p2, p1))) == s.where(p2)
    assert s.valid(Conj(())) and not s.valid(Disj(())) and not s.valid(Xor(()))


def test_where_order_is_the_references(impl):
    # paths through the BDD, then-branch first; skipped atoms completed false first
    s = kns((2, 3, 7, 10), (("a", (2,)),), impl=impl)
    assert s.where(Prp(7))[:5] == [(7,), (7, 10), (3, 7), (3, 7, 10), (2, 7)]
    s = kns((1, 2), (("a", (1,)),), impl=impl)
    assert s.where(Disj((p1, p2))) == [(1,), (1, 2), (2,)]


def test_where_completes_in_input_order_with_repeats():
    # the reference completes assignments over VARS as written, repeats included
    s = kns((3, 1), (("a", (1,)),))
    assert s.where(TOP) == [(), (1,), (3,), (1, 3)]
    s = kns((1, 1), (("a", (1,)),))
    assert s.where(Neg(Prp(5))) == [(), (1,), (1,), (1, 1)]


def test_true_at_does_not_check_the_law(impl):
    s = kns((1, 2), (("a", (1,)),), law=p1, impl=impl)
    assert s.true_at((), Neg(p1))
    assert not s.valid(Neg(p1))


def test_memo_shares_equal_subformulas():
    s = kns((1, 2), (("a", (1,)),))
    f1 = K("a", Disj((p1, p2)))
    f2 = K("a", Disj((Prp(1), Prp(2))))  # equal, not identical
    assert f1 is not f2
    assert s.bdd_of(f1) is s.bdd_of(f2)
    # the same announcement reached twice reuses the translations made after it
    a1 = s.update(p2)
    a1.bdd_of(K("a", p2))
    assert s.update(Prp(2))._current_memo() is a1._current_memo()


# --- the backend ----------------------------------------------------------------------


def program(law, jobs, vocab=(1, 2), obs=(("a", (1,)),)):
    return CheckInput(Structure(vocab, law, obs), tuple(jobs))


def test_backend_answers_every_job_kind(impl):
    prog = program(
        TOP, [ValidQ(Kw("a", p1)), TrueQ((2,), K("a", p2)), WhereQ(K("a", Neg(p1)))]
    )
    assert SymbolicBackend(bdd=impl).run(prog) == [
        BoolAnswer("VALID?", True),
        BoolAnswer("TRUE?", False),
        StatesAnswer(((), (2,))),
    ]


def test_non_boolean_law_fails_when_first_needed(impl):
    prog = program(
        K("a", p1),
        [TrueQ((1,), p1), TrueQ((1,), PubAnnounce(p2, p1)), ValidQ(p1), TrueQ((1,), p1)],
    )
    backend = SymbolicBackend(bdd=impl)
    with pytest.raises(NotBooleanError) as info:
        backend.run(prog)
    assert str(info.value) == "boolBddOf failed: Not a boolean formula."
    assert info.value.partial == (BoolAnswer("TRUE?", True), BoolAnswer("TRUE?", True))
    # a TRUE? that needs knowledge needs the law too
    with pytest.raises(NotBooleanError):
        backend.run(program(K("a", p1), [TrueQ((1,), K("a", p1))]))


def test_sanity_checks_come_first():
    with pytest.raises(SanityError):
        SymbolicBackend().run(program(TOP, [ValidQ(K("zed", p1))]))


def test_very_deep_formulas_are_answered():
    f = p1
    for _ in range(5000):
        f = Neg(f)
    assert SymbolicBackend().run(program(TOP, [ValidQ(Disj((f, Neg(f))))])) == [
        BoolAnswer("VALID?", True)
    ]


def test_backend_metadata():
    backend = SymbolicBackend()
    assert backend.name == "symbolic"
    assert backend.available()
    assert "dd" in backend.version()
    with pytest.raises(ValueError):
        SymbolicBackend(bdd="nonsense").available()


def test_falls_back_to_pure_python_bdds_without_cudd(monkeypatch):
    import smcdel_bridge.native.bdd_manager as bm

    real = bm._import_dd

    def without_cudd(impl):
        if impl == "cudd":
            raise ImportError("no CUDD here")
        return real(impl)

    monkeypatch.setattr(bm, "_import_dd", without_cudd)
    assert bm.BddManager().impl == "autoref"
    with pytest.raises(ImportError):
        bm.load_implementation("cudd")
    prog = program(TOP, [WhereQ(Disj((p1, p2)))])
    assert SymbolicBackend().run(prog) == [StatesAnswer(((1,), (1, 2), (2,)))]


def test_dd_loads_without_networkx_which_stays_importable():
    code = (
        "import sys\n"
        "from smcdel_bridge.native.bdd_manager import load_implementation\n"
        "load_implementation('auto')\n"
        "assert 'networkx' not in sys.modules, 'dd pulled in networkx'\n"
        "import importlib.util\n"
        "if importlib.util.find_spec('networkx'):\n"
        "    import networkx\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_atoms_declared_in_a_batch_sit_where_they_would_one_by_one(impl):
    # a batch is made in one step (CUDD grows its tables once); an atom placed next to a
    # BDD in between (an announcement's fresh atom) and batches after it keep their levels
    batched, single = BddManager(impl), BddManager(impl)
    steps = [[5, 3, 9, 1], [2, 7], [12, 11, 10], [4]]
    for i, atoms in enumerate(steps):
        batched.declare_in_order(atoms)
        for a in atoms:
            single.declare_in_order([a])
        if i == 1:
            for m in (batched, single):
                m.declare_fresh(20, m.var(3) & m.var(9))
    for m in (batched, single):
        m.declare([30, 25, 40])
    levels = [{a: m.bdd.level_of_var(f"p{a}") for a in m._vars} for m in (batched, single)]
    assert levels[0] == levels[1]
    if impl == "cudd":  # just below 9, the deepest atom of the BDD it was placed by
        assert levels[0][20] == levels[0][9] + 1
    law = batched.var(5) & ~batched.var(20) | batched.var(40) & batched.var(1)
    assert batched.exists((20,), law) == batched.var(5) | batched.var(40) & batched.var(1)
