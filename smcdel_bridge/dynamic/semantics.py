"""Truth in Kripke models (SMCDEL's ``SMCDEL.Explicit.K`` semantics), on bitsets.

* ``K a f``: ``f`` at every ``a``-successor (knowledge on S5 relations, belief on KD45);
  ``Kw a f``: all ``a``-successors agree on ``f``;
* ``Ck G f``: ``f`` at every world reachable in *one or more* steps of the members'
  relations (not reflexive: on belief models ``Ck G f`` does not imply ``f``);
  ``Ckw G f``: all those worlds agree;
* ``Dk G f``: ``f`` at every world of the intersection of the members' relations;
* an empty set of successors makes ``K``, ``Kw``, ``Ck`` and ``Dk`` true;
* ``[! f] g``: ``f -> g`` after removing the ``~f`` worlds; ``[?! f] g``: ``g`` after
  announcing whichever of ``f``/``~f`` holds; ``[G ! f] g`` and ``[G ?! f] g``: the group
  learns whether ``f`` (the others do not), as in SMCDEL's knowledge structures;
* ``Dynamic(A, g)`` (``[A] g``): ``g`` after every actual event of ``A`` executable here.

The product update itself (:func:`product`, described in :mod:`.update`) lives here too:
the dynamic operators need it, and it needs truth sets.

Atoms the model does not know are false everywhere.  Boolean quantifiers (``Forall``,
``Exists``) act on the truth table of a knowledge structure and have no meaning on a
Kripke model: they raise :class:`UnsupportedFormula`.
"""

from __future__ import annotations

from typing import Callable

from .. import language as L
from ..language import Agent, Form
from .action import ActionModel
from .errors import DelModelError, InexecutableAction, UnsupportedFormula
from .indexed import IndexedModel, bits


def table(m: IndexedModel, form: Form) -> int:
    """The truth set of ``form`` as a bitset over world positions."""
    try:
        fn = _TABLE[form.__class__]
    except KeyError:
        raise UnsupportedFormula.node(form, "the Kripke-model engine") from None
    return fn(m, form)


def _box(rel, body: int) -> int:
    """Worlds whose successors all lie in ``body``."""
    out = 0
    miss = ~body
    for w, s in enumerate(rel):
        if not s & miss:
            out |= 1 << w
    return out


def _agree(rel, body: int, full: int) -> int:
    out = 0
    miss = full ^ body
    for w, s in enumerate(rel):
        if not s & miss or not s & body:
            out |= 1 << w
    return out


def _conj(m, f):
    acc = m.full
    for g in f.fs:
        acc &= table(m, g)
    return acc


def _disj(m, f):
    acc = 0
    for g in f.fs:
        acc |= table(m, g)
    return acc


def _xor(m, f):
    acc = 0
    for g in f.fs:
        acc ^= table(m, g)
    return acc


def _after(m: IndexedModel, action, f: Form, events: frozenset[int] | None = None) -> int:
    """Worlds where ``f`` holds at every copy the product with ``action`` makes by one of
    ``events`` (all events when None); true where no such copy survives."""
    after, origin = product(m, action, pointed=False)
    fail = 0
    for j in bits(after.full ^ table(after, f)):
        w, e = origin[j]
        if events is None or e in events:
            fail |= 1 << w
    return m.full ^ fail


_FIRST = frozenset((0,))


def _announce(m, f):
    from .stock import public_announcement, public_whether

    if isinstance(f, L.PubAnnounceW):
        return _after(m, public_whether(m.agents, f.ann), f.f)
    return _after(m, public_announcement(m.agents, f.ann), f.f)


def _announce_to(m, f):
    """``e0`` is the copy where ``f.ann`` was true: ``[G ! f] g`` looks only there."""
    from .stock import group_whether

    action = group_whether(m.agents, f.group, f.ann)
    return _after(m, action, f.f, None if isinstance(f, L.AnnounceW) else _FIRST)


def _dynamic(m, f):
    action = f.action
    actual = frozenset(action.events.index(action.event(e)) for e in action.actual)
    return _after(m, action, f.f, actual)


_TABLE: dict[type, Callable[[IndexedModel, Form], int]] = {
    L.Top: lambda m, f: m.full,
    L.Bot: lambda m, f: 0,
    L.Prp: lambda m, f: m.atom_mask(f.n),
    L.Neg: lambda m, f: m.full ^ table(m, f.f),
    L.Conj: _conj,
    L.Disj: _disj,
    L.Xor: _xor,
    L.Impl: lambda m, f: (m.full ^ table(m, f.a)) | table(m, f.b),
    L.Equi: lambda m, f: m.full ^ table(m, f.a) ^ table(m, f.b),
    L.K: lambda m, f: _box(m.relation(f.agent), table(m, f.f)),
    L.Kw: lambda m, f: _agree(m.relation(f.agent), table(m, f.f), m.full),
    L.Ck: lambda m, f: _box(m.closure(f.group), table(m, f.f)),
    L.Ckw: lambda m, f: _agree(m.closure(f.group), table(m, f.f), m.full),
    L.Dk: lambda m, f: _box(m.meet(f.group), table(m, f.f)),
    L.Dkw: lambda m, f: _agree(m.meet(f.group), table(m, f.f), m.full),
    L.PubAnnounce: _announce,
    L.PubAnnounceW: _announce,
    L.Announce: _announce_to,
    L.AnnounceW: _announce_to,
    L.Dynamic: _dynamic,
}


# --- product update (here because dynamic operators need it and it needs truth sets) ----

def _event_rows(action: ActionModel, agent: Agent) -> list[int]:
    pos = {e.name: i for i, e in enumerate(action.events)}
    rel = action.relations[agent]
    return [sum(1 << pos[f] for f in rel.get(e.name, ())) for e in action.events]


def product(model: IndexedModel, action: ActionModel, pointed: bool = True
            ) -> tuple[IndexedModel, list[tuple[int, int]]]:
    """The updated model and, for each new world, its ``(old world, event)`` positions.

    With ``pointed=False`` the actual worlds are not computed (used by the dynamic
    operators inside formulas, which look at every world)."""
    action.check_agents(model.agents)
    events = action.events
    pres = [table(model, e.pre) for e in events]
    posts = [[(p, table(model, f)) for p, f in e.post.items()] for e in events]
    origin: list[tuple[int, int]] = []
    vals: list[frozenset[int]] = []
    where: list[list[int]] = [[-1] * model.n for _ in events]  # event -> old world -> new
    for w in range(model.n):
        bit = 1 << w
        val = model.vals[w]
        for ei, pre in enumerate(pres):
            if pre & bit:
                where[ei][w] = len(origin)
                origin.append((w, ei))
                if posts[ei]:
                    new = set(val)
                    for p, m in posts[ei]:
                        if m & bit:
                            new.add(p)
                        else:
                            new.discard(p)
                    vals.append(frozenset(new))
                else:
                    vals.append(val)
    succ = {}
    for a in model.agents:
        old = model.succ[a]
        erow = _event_rows(action, a)
        proj_cache: dict[tuple[int, int], int] = {}
        row = []
        for w, ei in origin:
            s = 0
            for fi in bits(erow[ei]):
                key = (w, fi)
                p = proj_cache.get(key)
                if p is None:
                    p = 0
                    wf = where[fi]
                    for v in bits(old[w]):
                        j = wf[v]
                        if j >= 0:
                            p |= 1 << j
                    proj_cache[key] = p
                s |= p
            row.append(s)
        succ[a] = row
    actual: tuple[int, ...] = ()
    if pointed:
        act_events = [events.index(action.event(e)) for e in action.actual]
        actual = tuple(where[ei][w] for w in model.actual for ei in act_events
                       if where[ei][w] >= 0)
        if not actual:
            raise InexecutableAction(action.label, action.actual,
                                     tuple(model.names[w] for w in model.actual))
        actual = tuple(sorted(actual))
    vocab = model.vocabulary | {p for e in events for p in e.post}
    names = pair_names(model.names, [e.name for e in events], origin)
    return IndexedModel(model.agents, names, vals, succ, actual, frozenset(vocab)), origin


def pair_names(worlds, events, origin) -> tuple[str, ...]:
    """``"{w}.{e}"`` for each ``(world, event)`` position pair, made distinct with ``'``."""
    seen: set[str] = set()
    out = []
    for w, ei in origin:
        name = f"{worlds[w]}.{events[ei]}"
        while name in seen:
            name += "'"
        seen.add(name)
        out.append(name)
    return tuple(out)


# --- on KripkeModel ----------------------------------------------------------------------

def truth_set(model, form: Form) -> frozenset[str]:
    """The worlds of ``model`` where ``form`` holds."""
    im = model.indexed
    return frozenset(im.names[i] for i in bits(table(im, form)))


def holds(model, world: str, form: Form) -> bool:
    """Whether ``form`` holds at ``world``."""
    im = model.indexed
    try:
        pos = im.names.index(world)
    except ValueError:
        raise DelModelError(f"{world!r} is not a world of the model") from None
    return bool((table(im, form) >> pos) & 1)


def valid(model, form: Form) -> bool:
    """Whether ``form`` holds at every world of ``model``."""
    im = model.indexed
    return table(im, form) == im.full


def holds_at_actual(model, form: Form) -> bool:
    """Whether ``form`` holds at every actual world."""
    im = model.indexed
    t = table(im, form)
    return all((t >> i) & 1 for i in im.actual)
