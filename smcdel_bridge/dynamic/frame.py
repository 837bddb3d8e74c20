"""Checks shared by models of worlds and models of events: distinct names, relations
that name only existing nodes, actual nodes that exist.  Each failure is one line."""

from __future__ import annotations

from types import MappingProxyType
from typing import Iterable, Mapping

from .errors import DelModelError


def _prefix(owner: str) -> str:
    return f"{owner}: " if owner else ""


def distinct(names: Iterable[str], what: str, owner: str = "") -> tuple[str, ...]:
    names = tuple(names)
    if len(set(names)) != len(names):
        raise DelModelError(f"{_prefix(owner)}{what} names must be distinct")
    return names


def freeze_relations(relations: Mapping, agents: tuple[str, ...], nodes: Iterable[str],
                     kind: str, owner: str = "") -> Mapping[str, Mapping[str, frozenset]]:
    """Agent -> node -> frozenset of nodes, read-only; every agent present (a node
    without an entry has no successor)."""
    known = set(nodes)
    pre = _prefix(owner)
    out: dict[str, Mapping[str, frozenset]] = {}
    # models made from cells share one successor set among the worlds of a cell: each set
    # is checked once (checking every successor of every world was most of an update's
    # time for 8 agents and a thousand worlds)
    checked: dict[int, frozenset] = {}
    for agent, rel in relations.items():
        if agent not in agents:
            raise DelModelError(f"{pre}relation given for unknown agent {agent!r}")
        frozen = {}
        for x, succ in rel.items():
            if x not in known:
                raise DelModelError(f"{pre}relation of {agent} names missing {kind} {x!r}")
            succ = frozenset(succ)
            if checked.get(id(succ)) is not succ:
                if not succ <= known:
                    y = next(y for y in succ if y not in known)
                    raise DelModelError(
                        f"{pre}relation of {agent} at {x} names missing {kind} {y!r}")
                checked[id(succ)] = succ
            frozen[x] = succ
        out[agent] = MappingProxyType(frozen)
    for agent in agents:
        out.setdefault(agent, MappingProxyType({}))
    return MappingProxyType(out)


def pointed_at(actual, nodes: Iterable[str], kind: str, owner: str = "",
               required: bool = True) -> tuple[str, ...]:
    """The actual node(s) as a tuple (a single name is accepted), all existing."""
    actual = (actual,) if isinstance(actual, str) else tuple(actual)
    if required and not actual:
        raise DelModelError(f"{_prefix(owner)}no actual {kind}")
    known = set(nodes)
    for x in actual:
        if x not in known:
            raise DelModelError(f"{_prefix(owner)}actual {kind} {x!r} does not exist")
    return actual
