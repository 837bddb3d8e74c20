"""A canonical key of a symbolic belief state, for deduplicating a planner's states.

A symbolic state keeps its history: every event with more than one event point adds bits
saying which event happened, every postcondition a fresh copy of the atoms it changes, and
the old copies stay in the law.  Two event orders that end in the same situation (Bob
peeks, then Sally looks; or the other way round) therefore give laws and relations over
different history variables, tied to the facts in a different order: no renaming of the
variables alone makes them equal, and whether worlds that differ only in history bits are
told apart by some later belief is a bisimulation question, not a BDD identity.

So the key has two layers:

- :func:`bdd_form`, the state's law, actual worlds, cells and plausibility orders over a
  canonical renaming of its variables (the current atoms first, in atom order, then the
  history variables in the order they were made).  Equal forms are the same model, so the
  form is a sound but incomplete key; it memoises the exact one.
- :func:`state_key`, exact: the worlds reachable from the actual ones listed
  (:func:`explicit_model`), contracted by bisimulation
  (:func:`..contraction.contract`) and keyed by :func:`..canonical.canonical_key`, the
  explicit engine's own key.  Equal keys exactly when the states are bisimilar.

Its cost is the listing: the reachable worlds enumerated once; per agent (agents with the
same cells and order share the work) its relation cofactored at one world of each cell and
every world not yet placed tested against that cell; for an agent with plausibility
differences a cofactor and a count a world for its rank.  The symbolic state is never
contracted, so a plan of ``n`` events of ``k`` points each may list up to ``k**n`` copies
of the start; a form seen before costs one renaming.  :data:`MAX_KEY_WORLDS` bounds the
listing.

Usage::

    from smcdel_bridge.dynamic.belief.symbolic.canonical import state_key
    # state_key(state) == state_key(other)    # bisimilar symbolic belief states
"""

from __future__ import annotations

from typing import Hashable

from ....errors import TooLargeError
from ...plausibility import PlausibilityModel
from ..canonical import canonical_key
from ..contraction import contract
from .states import SymbolicBeliefState

__all__ = ["MAX_KEY_WORLDS", "bdd_form", "explicit_model", "state_key"]

#: the most reachable worlds :func:`state_key` lists
MAX_KEY_WORLDS = 1 << 16


def _variables(state: SymbolicBeliefState) -> list[int]:
    """The state's variables: the current atoms' in atom order, then every other variable
    its BDDs mention, oldest first."""
    bdd = state.space.bdd
    names: set[str] = set()
    for u in (state.law, state.actual, *state.cells.values(), *state.better.values()):
        names |= bdd.support(u)
    cur = [state.cur[p] for p in sorted(state.cur)]
    rest = sorted({int(n[1:]) for n in names} - set(cur))
    return cur + rest


def bdd_form(state: SymbolicBeliefState) -> Hashable:
    """The state's BDDs over the canonical renaming of :func:`_variables` (variable ``i``
    of that list becomes ``cx{i}``/``cy{i}``, declared in the manager when first needed):
    the atoms, the law, the actual worlds, and per agent its cells and order."""
    sp = state.space
    bdd = sp.bdd
    order = _variables(state)
    have = bdd.vars
    for i in range(len(order)):
        if f"cx{i}" not in have:
            bdd.declare(f"cx{i}", f"cy{i}")
    rename = {f"x{k}": f"cx{i}" for i, k in enumerate(order)}
    rename.update({f"y{k}": f"cy{i}" for i, k in enumerate(order)})

    def let(u):
        return u if u == sp.true or u == sp.false else bdd.let(rename, u)

    return (tuple(sorted(state.cur)), let(state.law), let(state.actual),
            tuple(let(state.cells[a]) for a in state.agents),
            tuple(let(state.better[a]) for a in state.agents))


def _reachable(state: SymbolicBeliefState):
    """The worlds some chain of cells reaches from an actual world."""
    sp = state.space
    cells = list({id(c): c for c in state.cells.values()}.values())
    reach = state.actual
    while True:
        more = reach
        for c in cells:
            more |= sp.unprime(sp.exists_x(reach, c)) & state.law
        if more == reach:
            return reach
        reach = more


def explicit_model(state: SymbolicBeliefState) -> PlausibilityModel:
    """The part of ``state`` reachable from its actual worlds as an explicit plausibility
    model (worlds ``w0``, ``w1``, … in the order of their bits; an agent's rank of a world
    is how many worlds of its cell it finds strictly more plausible).  Raises
    :class:`~smcdel_bridge.errors.TooLargeError` past :data:`MAX_KEY_WORLDS` worlds."""
    sp = state.space
    bdd = sp.bdd
    order = _variables(state)
    xs = [f"x{k}" for k in order]
    reach = _reachable(state)
    size = int(bdd.count(reach, nvars=len(order))) if order else int(reach != sp.false)
    if size > MAX_KEY_WORLDS:
        raise TooLargeError(
            f"a plan's state has {size:,} reachable worlds on the symbolic engine; keying "
            f"it lists them (at most {MAX_KEY_WORLDS:,}): try --engine explicit",
            size=size, limit=MAX_KEY_WORLDS, unit="worlds")
    bits = sorted(tuple(a[x] for x in xs) for a in bdd.pick_iter(reach, care_vars=xs))
    names = {b: f"w{i}" for i, b in enumerate(bits)}
    ys = [f"y{k}" for k in order]
    # a world as an assignment of the unprimed variables (a relation restricted to it is
    # the set of its successors over the primed ones) and as a primed cube
    point = {b: dict(zip(xs, b)) for b in bits}
    cube_y = {b: bdd.cube(dict(zip(ys, b))) for b in bits}
    at = {k: i for i, k in enumerate(order)}
    valuation = {names[b]: frozenset(p for p, k in state.cur.items() if b[at[k]])
                 for b in bits}
    reach_y = sp.prime(reach)
    nvars = len(order)
    cells, ranks = {}, {}
    made: dict = {}
    for a in state.agents:
        key = (state.cells[a], state.better[a])
        if key not in made:
            rel, better = key
            part, of = [], {}  # the cells; world -> its cell over the primed copies
            left = list(bits)
            while left:
                cell_y = bdd.let(point[left[0]], rel) & reach_y
                inside = [(cube_y[m] & cell_y) != sp.false for m in left]
                members = [m for m, yes in zip(left, inside) if yes]
                left = [m for m, yes in zip(left, inside) if not yes]
                part.append(frozenset(names[m] for m in members))
                of.update(dict.fromkeys(members, cell_y))
            if better == sp.false:
                rank = dict.fromkeys(names.values(), 0)
            else:
                # the worlds strictly more plausible than ``b``: ``better`` read backwards
                # (``b`` on the unprimed side), counted within ``b``'s cell
                worse = bdd.let(dict(zip(xs + ys, ys + xs)), better)
                rank = {names[b]: int(bdd.count(bdd.let(point[b], worse) & of[b],
                                                nvars=nvars)) for b in bits}
            made[key] = (tuple(part), rank)
        cells[a], ranks[a] = made[key]
    actual = tuple(names[b] for b in bits
                   if bdd.let(point[b], state.actual) == sp.true)
    return PlausibilityModel(state.agents, tuple(names[b] for b in bits), valuation, cells,
                             ranks, actual, tuple(sorted(state.cur)))


def state_key(state: SymbolicBeliefState) -> Hashable:
    """The exact key (see the module docstring), memoised by :func:`bdd_form` in the
    state's variable space."""
    memo = state.space.memo.setdefault("belief_state_key", {})
    form = bdd_form(state)
    got = memo.get(form)
    if got is None:
        got = memo[form] = canonical_key(contract(explicit_model(state)))
    return got
