"""Truth-table primitives of the explicit engine against brute force."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from smcdel_bridge.native.bitspace import Space, space, widen
from smcdel_bridge.native.order import bdd_paths, reference_states


def table(n, fn):
    """Truth table of a Python predicate on assignment tuples (bit j = variable j)."""
    bits = 0
    for i in range(1 << n):
        if fn(tuple((i >> j) & 1 for j in range(n))):
            bits |= 1 << i
    return bits


functions = st.integers(min_value=1, max_value=4).flatmap(
    lambda n: st.tuples(st.just(n), st.integers(min_value=0, max_value=(1 << (1 << n)) - 1))
)


def test_masks_are_variables():
    sp = space(3)
    assert sp.full == 0xFF
    for j in range(3):
        assert sp.var[j] == table(3, lambda a, j=j: a[j])
        assert sp.low[j] == table(3, lambda a, j=j: not a[j])


def test_zero_variables():
    sp = Space(0)
    assert sp.full == 1 and sp.var == ()


@settings(deadline=None, max_examples=150)
@given(functions, st.data())
def test_quantifiers_match_brute_force(nf, data):
    n, bits = nf
    sp = space(n)
    positions = data.draw(st.lists(st.integers(0, n - 1), max_size=n))
    value = lambda a: (bits >> sum(v << j for j, v in enumerate(a))) & 1

    def over(a, pick):
        results = []
        for vals in product((0, 1), repeat=len(set(positions))):
            b = list(a)
            for j, v in zip(sorted(set(positions)), vals):
                b[j] = v
            results.append(value(b))
        return pick(results)

    assert sp.forall(bits, positions) == table(n, lambda a: over(a, all))
    assert sp.exists(bits, positions) == table(n, lambda a: over(a, any))


@settings(deadline=None, max_examples=100)
@given(functions, st.data())
def test_cofactor_and_dependence(nf, data):
    n, bits = nf
    sp = space(n)
    j = data.draw(st.integers(0, n - 1))
    for value in (False, True):
        cof = sp.cofactor(bits, j, value)
        assert not sp.depends_on(cof, j)
        # agrees with bits wherever variable j already has that value
        mask = sp.var[j] if value else sp.low[j]
        assert cof & mask == bits & mask
    assert sp.depends_on(bits, j) == (sp.cofactor(bits, j, False) != sp.cofactor(bits, j, True))


def test_widen_adds_an_irrelevant_variable():
    sp2 = space(2)
    bits = sp2.var[0] ^ sp2.var[1]
    wide = widen(bits, 2)
    sp3 = space(3)
    assert not sp3.depends_on(wide, 2)
    assert wide & sp3.low[2] == bits


@settings(deadline=None, max_examples=100)
@given(functions)
def test_bdd_paths_partition_the_set(nf):
    n, bits = nf
    sp = space(n)
    covered = 0
    for path in bdd_paths(sp, bits):
        cube = sp.full
        for j, value in path:
            cube &= sp.var[j] if value else sp.low[j]
        assert cube & ~bits == 0, "a path leaves the set"
        assert cube & covered == 0, "two paths overlap"
        covered |= cube
    assert covered == bits


@settings(deadline=None, max_examples=100)
@given(functions)
def test_reference_states_list_each_member_once(nf):
    n, bits = nf
    sp = space(n)
    atoms = tuple(range(1, n + 1))
    states = reference_states(sp, atoms, atoms, bits)
    members = {tuple(a for j, a in enumerate(atoms) if (i >> j) & 1) for i in sp.members(bits)}
    assert len(states) == len(members) and set(states) == members
