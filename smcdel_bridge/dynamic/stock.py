"""Ready-made action models for the usual kinds of communication and change.

Every function takes the agents of the model first; ``group`` is who observes the event.
Event names are short (``e0``, ``e1``, …) so product-update world names stay readable;
``e0`` is always the event that actually happens.  Pass ``label=`` to name the action in
messages (a default label is made from the formula).
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ..language import TOP, Agent, Form, Neg
from .action import ActionModel, Event


def _rel(agents, group, seen: dict[str, set[str]], unseen: dict[str, set[str]]):
    """Group members get ``seen``, the others ``unseen``."""
    group = set(group)
    return {a: (seen if a in group else unseen) for a in agents}


def _check_group(agents, group, label):
    from .errors import DelModelError

    for a in group:
        if a not in agents:
            raise DelModelError(f"{label}: unknown agent {a!r}")


def public_announcement(agents: Iterable[Agent], f: Form, label: str | None = None
                        ) -> ActionModel:
    """Everyone learns ``f`` (which must be true)."""
    agents = tuple(agents)
    return ActionModel(agents, (Event("e0", f),), {a: {"e0": {"e0"}} for a in agents},
                       ("e0",), label or f"public announcement of {f}")


def public_whether(agents: Iterable[Agent], f: Form, label: str | None = None
                   ) -> ActionModel:
    """Everyone learns whether ``f``: the event that happens is the true one (both actual)."""
    agents = tuple(agents)
    rel = {"e0": {"e0"}, "e1": {"e1"}}
    return ActionModel(agents, (Event("e0", f), Event("e1", Neg(f))),
                       {a: rel for a in agents}, ("e0", "e1"),
                       label or f"public announcement whether {f}")


def group_whether(agents: Iterable[Agent], group: Iterable[Agent], f: Form,
                  label: str | None = None) -> ActionModel:
    """The group learns whether ``f``; the others know that it does (both actual)."""
    group = tuple(group)
    label = label or f"{', '.join(group)} learn(s) whether {f}"
    return semi_private_announcement(agents, group, f, label).pointed(("e0", "e1"))


def private_announcement(agents: Iterable[Agent], group: Iterable[Agent], f: Form,
                         label: str | None = None) -> ActionModel:
    """The group learns ``f``; the others believe nothing happened."""
    agents, group = tuple(agents), tuple(group)
    label = label or f"private announcement of {f} to {', '.join(group)}"
    _check_group(agents, group, label)
    return ActionModel(agents, (Event("e0", f), Event("e1", TOP)),
                       _rel(agents, group, {"e0": {"e0"}, "e1": {"e1"}},
                            {"e0": {"e1"}, "e1": {"e1"}}), ("e0",), label)


def semi_private_announcement(agents: Iterable[Agent], group: Iterable[Agent], f: Form,
                              label: str | None = None) -> ActionModel:
    """The group learns ``f``; the others see that it learnt ``f`` or ``~f``, not which."""
    agents, group = tuple(agents), tuple(group)
    label = label or f"semi-private announcement of {f} to {', '.join(group)}"
    _check_group(agents, group, label)
    both = {"e0", "e1"}
    return ActionModel(agents, (Event("e0", f), Event("e1", Neg(f))),
                       _rel(agents, group, {"e0": {"e0"}, "e1": {"e1"}},
                            {"e0": both, "e1": both}), ("e0",), label)


def watched_announcement(agents: Iterable[Agent], group: Iterable[Agent],
                         watchers: Iterable[Agent], f: Form, whether: bool = False,
                         label: str | None = None) -> ActionModel:
    """The group learns ``f`` (``whether``: learns whether ``f``, both outcomes actual);
    the watchers see that it learns ``f`` or ``~f``, not which; everyone else believes
    nothing happened.  With every other agent a watcher and ``whether``, this is SMCDEL's
    ``[G ?! f]`` (S5); with no watcher and not ``whether``, :func:`private_announcement`.

    Events: ``e0`` (pre ``f``), ``e1`` (pre ``~f``, when someone can think it happened),
    ``e2`` ("nothing", pre ``true``, when someone is neither told nor watching)."""
    agents, group = tuple(agents), tuple(group)
    watchers = tuple(a for a in watchers if a not in group)
    label = label or (f"{', '.join(group)} told {'whether' if whether else 'that'} {f}"
                      f" seen by {', '.join(watchers) or 'nobody else'}")
    _check_group(agents, group + watchers, label)
    others = [a for a in agents if a not in group and a not in watchers]
    told = ("e0", "e1") if whether or watchers else ("e0",)
    events = [Event("e0", f)] + ([Event("e1", Neg(f))] if len(told) == 2 else [])
    if others:
        events.append(Event("e2", TOP))
    relations = {}
    for a in agents:
        if a in group:
            rel = {e.name: {e.name} for e in events}
        elif a in watchers:
            rel = {e: set(told) for e in told}
        else:
            rel = {e: {"e2"} for e in told}
        if others:
            rel["e2"] = {"e2"}
        relations[a] = rel
    return ActionModel(agents, tuple(events), relations, told if whether else ("e0",), label)


def lie(agents: Iterable[Agent], group: Iterable[Agent], f: Form,
        label: str | None = None) -> ActionModel:
    """The group is told ``f`` privately, true or not, and takes it as a truthful
    announcement; the others believe nothing happened.

    ``e0`` (the telling, precondition ``true``) is what happens; the group takes it for
    ``e1`` (a truthful private announcement, precondition ``f``); ``e2`` is "nothing".
    A listener who believed ``~f`` ends with no belief-alternative (the false-belief trap,
    see ``docs/event-models.md``; plausibility models revise instead)."""
    agents, group = tuple(agents), tuple(group)
    label = label or f"lie to {', '.join(group)} that {f}"
    _check_group(agents, group, label)
    return ActionModel(agents, (Event("e0", TOP), Event("e1", f), Event("e2", TOP)),
                       _rel(agents, group, {"e0": {"e1"}, "e1": {"e1"}, "e2": {"e2"}},
                            {"e0": {"e2"}, "e1": {"e2"}, "e2": {"e2"}}), ("e0",), label)


def public_change(agents: Iterable[Agent], post: Mapping[int, Form],
                  label: str | None = None) -> ActionModel:
    """Everyone sees the atoms change (``p := f`` for each entry of ``post``)."""
    agents = tuple(agents)
    label = label or "public change " + _assignments(post)
    return ActionModel(agents, (Event("e0", TOP, post),), {a: {"e0": {"e0"}} for a in agents},
                       ("e0",), label)


def private_change(agents: Iterable[Agent], group: Iterable[Agent], post: Mapping[int, Form],
                   label: str | None = None) -> ActionModel:
    """The group sees the atoms change; the others believe nothing changed."""
    agents, group = tuple(agents), tuple(group)
    label = label or f"change {_assignments(post)} seen by {', '.join(group) or 'nobody'}"
    _check_group(agents, group, label)
    return ActionModel(agents, (Event("e0", TOP, post), Event("e1", TOP)),
                       _rel(agents, group, {"e0": {"e0"}, "e1": {"e1"}},
                            {"e0": {"e1"}, "e1": {"e1"}}), ("e0",), label)


def _assignments(post: Mapping[int, Form]) -> str:
    return ", ".join(f"{p} := {f}" for p, f in sorted(post.items()))
