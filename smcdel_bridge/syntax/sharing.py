"""Equal subformulas as one object: the parser's hash-consing.

Generated inputs repeat large subformulas (each muddy-children round spells out "nobody
knows" again; Sum and Product names every pair seven times).  The parser hands every node
it builds to :func:`shared`, which returns the first node built with the same constructor
and the same children; since children are already shared, the key holds their ids, so
looking a node up costs the same however deep it is.  Everything after parsing walks
distinct nodes once (the sanity checks, the printer, the engines' formula keys), so the
work follows the size of the formula as a graph, not as a tree.
"""

from __future__ import annotations

from ..language import (
    Announce, AnnounceW, Ck, Ckw, Conj, Disj, Dk, Dkw, Equi, Exists, Forall, Impl, K, Kw,
    Neg, Prp, PubAnnounce, PubAnnounceW, Xor,
)


def _children(f):
    return tuple(map(id, f.fs))


#: per constructor: the key of a node whose children are shared already
KEYS = {
    Prp: lambda f: f.n,
    Neg: lambda f: id(f.f),
    Conj: _children,
    Disj: _children,
    Xor: _children,
    Impl: lambda f: (id(f.a), id(f.b)),
    Equi: lambda f: (id(f.a), id(f.b)),
    K: lambda f: (f.agent, id(f.f)),
    Kw: lambda f: (f.agent, id(f.f)),
    PubAnnounce: lambda f: (id(f.ann), id(f.f)),
    PubAnnounceW: lambda f: (id(f.ann), id(f.f)),
    Ck: lambda f: (f.group, id(f.f)),
    Ckw: lambda f: (f.group, id(f.f)),
    Dk: lambda f: (f.group, id(f.f)),
    Dkw: lambda f: (f.group, id(f.f)),
    Forall: lambda f: (f.props, id(f.f)),
    Exists: lambda f: (f.props, id(f.f)),
    Announce: lambda f: (f.group, id(f.ann), id(f.f)),
    AnnounceW: lambda f: (f.group, id(f.ann), id(f.f)),
}


def shared(table: dict, value):
    """The node of ``table`` equal to ``value`` (``value`` itself, recorded, when it is the
    first); values that are not formula nodes come back unchanged."""
    t = type(value)
    key = KEYS.get(t)
    if key is None:
        return value
    return table.setdefault((t, key(value)), value)
