"""Product update of a Kripke model with an action model.

The new worlds are the pairs ``(w, e)`` with ``pre(e)`` true at ``w``, in the order "for
each old world, for each event"; the pair is named ``"{w}.{e}"`` (so a world's name
reads as its history: ``w0.e1.e0``; a ``'`` is appended in the rare case two pairs would
get the same name).  ``(w, e) R_a (v, f)`` iff ``w R_a v`` and ``e R_a f``.  An atom with a
postcondition takes the value the postcondition had at ``w`` (in the old model); other
atoms keep their value.  The actual worlds are the pairs of an actual world and an
actual event that survive; when none does, :class:`InexecutableAction` names the action.
"""

from __future__ import annotations

from ..language import Agent
from .action import ActionModel
from .errors import DelModelError, InexecutableAction
from .indexed import IndexedModel, bits
from .semantics import table


def _event_rows(action: ActionModel, agent: Agent) -> list[int]:
    pos = {e.name: i for i, e in enumerate(action.events)}
    rel = action.relations[agent]
    return [sum(1 << pos[f] for f in rel.get(e.name, ())) for e in action.events]


def _check_agents(model: IndexedModel, action: ActionModel) -> None:
    if set(action.agents) != set(model.agents):
        missing = sorted(set(model.agents) - set(action.agents))
        extra = sorted(set(action.agents) - set(model.agents))
        what = (f"does not say what {', '.join(missing)} observe(s)" if missing
                else f"names unknown agent(s) {', '.join(extra)}")
        raise DelModelError(f"action {action.label!r} {what}")


def product(model: IndexedModel, action: ActionModel, pointed: bool = True
            ) -> tuple[IndexedModel, list[tuple[int, int]]]:
    """The updated model and, for each new world, its ``(old world, event)`` positions.

    With ``pointed=False`` the actual worlds are not computed (used by the dynamic
    operators inside formulas, which look at every world)."""
    _check_agents(model, action)
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


def product_update(model, action: ActionModel):
    """The :class:`KripkeModel` after ``action`` (raises :class:`InexecutableAction`)."""
    after, _ = product(model.indexed, action)
    return after.to_kripke()
