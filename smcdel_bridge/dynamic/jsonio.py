"""The JSON case format of the event-model conformance corpus, to and from objects.

A case is a pointed Kripke model, a list of pointed action models applied in turn, and
queries (formulas, optionally with recorded answers).  Formulas are JSON trees:
``true``, ``false``, ``["p", n]``, ``["not", f]``, ``["and", f, ...]``, ``["or", f, ...]``,
``["xor", f, ...]``, ``["implies", f, g]``, ``["iff", f, g]``, ``["K", a, f]``,
``["Kw", a, f]``, ``["Ck", [a, ...], f]``, ``["Ckw", [a, ...], f]``, ``["Dk", [a, ...], f]``,
``["Dkw", [a, ...], f]``, ``["announce", f, g]`` (``[! f] g``), ``["announce_whether", f, g]``,
``["announce_to", [a, ...], f, g]``, ``["announce_to_whether", [a, ...], f, g]`` and
``["after", ACTION, g]`` (the dynamic modality, ``ACTION`` an action object as in a case).
Every error is a :class:`DelModelError` with a one-line message saying where it is.
"""

from __future__ import annotations

from typing import Any, Iterable

from smcdel_bridge.values import value

from .. import language as L
from ..language import Form
from .action import ActionModel, Event
from .errors import DelModelError
from .kripke import KripkeModel


@value(frozen=True)
class Query:
    formula: Form
    at_actual: bool | None = None
    valid: bool | None = None


@value(frozen=True)
class Case:
    id: str
    model: KripkeModel
    actions: tuple[ActionModel, ...]
    queries: tuple[Query, ...]
    final_worlds: int | None = None

    @property
    def has_answers(self) -> bool:
        return any(q.at_actual is not None or q.valid is not None for q in self.queries)


# --- formulas -----------------------------------------------------------------------------

_NARY = {"and": L.Conj, "or": L.Disj, "xor": L.Xor}
_BINARY = {"implies": L.Impl, "iff": L.Equi}
_AGENT = {"K": L.K, "Kw": L.Kw}
_GROUP = {"Ck": L.Ck, "Ckw": L.Ckw, "Dk": L.Dk, "Dkw": L.Dkw}
_ANNOUNCE = {"announce": L.PubAnnounce, "announce_whether": L.PubAnnounceW}
_ANNOUNCE_TO = {"announce_to": L.Announce, "announce_to_whether": L.AnnounceW}


class _Names:
    """The agents and atoms a formula may use (``None``: anything)."""

    def __init__(self, agents=None, atoms=None):
        self.order = None if agents is None else tuple(agents)
        self.agents = None if agents is None else frozenset(agents)
        self.atoms = None if atoms is None else frozenset(atoms)

    def agent(self, a, where):
        if not isinstance(a, str):
            raise DelModelError(f"{where}: agent must be a string, got {_short(a)}")
        if self.agents is not None and a not in self.agents:
            raise DelModelError(f"{where}: unknown agent {a!r}")
        return a

    def group(self, g, where):
        if not isinstance(g, list):
            raise DelModelError(f"{where}: a group must be a list of agents, got {_short(g)}")
        return tuple(self.agent(a, where) for a in g)

    def atom(self, n, where):
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise DelModelError(f"{where}: an atom is a non-negative integer, got {_short(n)}")
        if self.atoms is not None and n not in self.atoms:
            raise DelModelError(f"{where}: unknown atom {n}")
        return n


def _short(x) -> str:
    import json

    text = json.dumps(x)
    return text if len(text) <= 40 else text[:37] + "..."


def form_from_json(obj: Any, agents: Iterable[str] | None = None,
                   atoms: Iterable[int] | None = None, where: str = "formula") -> Form:
    """The formula of a JSON tree; checks agents and atoms when given."""
    return _form(obj, _Names(agents, atoms), where)


def _form(obj, names: _Names, where: str) -> Form:
    if obj is True:
        return L.TOP
    if obj is False:
        return L.BOT
    if not isinstance(obj, list) or not obj or not isinstance(obj[0], str):
        raise DelModelError(f"{where}: not a formula: {_short(obj)}")
    op, args = obj[0], obj[1:]

    def arity(n):
        if len(args) != n:
            raise DelModelError(f"{where}: {op!r} takes {n} argument(s), got {len(args)}")

    if op == "p":
        arity(1)
        return L.Prp(names.atom(args[0], where))
    if op == "not":
        arity(1)
        return L.Neg(_form(args[0], names, where))
    if op in _NARY:
        return _NARY[op](tuple(_form(a, names, where) for a in args))
    if op in _BINARY:
        arity(2)
        return _BINARY[op](_form(args[0], names, where), _form(args[1], names, where))
    if op in _AGENT:
        arity(2)
        return _AGENT[op](names.agent(args[0], where), _form(args[1], names, where))
    if op in _GROUP:
        arity(2)
        return _GROUP[op](names.group(args[0], where), _form(args[1], names, where))
    if op in _ANNOUNCE:
        arity(2)
        return _ANNOUNCE[op](_form(args[0], names, where), _form(args[1], names, where))
    if op in _ANNOUNCE_TO:
        arity(3)
        return _ANNOUNCE_TO[op](names.group(args[0], where), _form(args[1], names, where),
                                _form(args[2], names, where))
    if op == "after":
        arity(2)
        action = _action(args[0], names.order, names, f"{where}: action")
        return L.Dynamic(action, _form(args[1], names, where))
    raise DelModelError(f"{where}: unknown operator {op!r}")


def form_to_json(f: Form) -> Any:
    """The JSON tree of a formula (the inverse of :func:`form_from_json`)."""
    if isinstance(f, L.Top):
        return True
    if isinstance(f, L.Bot):
        return False
    if isinstance(f, L.Prp):
        return ["p", f.n]
    if isinstance(f, L.Neg):
        return ["not", form_to_json(f.f)]
    for op, cls in _NARY.items():
        if isinstance(f, cls):
            return [op, *(form_to_json(g) for g in f.fs)]
    for op, cls in _BINARY.items():
        if isinstance(f, cls):
            return [op, form_to_json(f.a), form_to_json(f.b)]
    for op, cls in _AGENT.items():
        if isinstance(f, cls):
            return [op, f.agent, form_to_json(f.f)]
    for op, cls in _GROUP.items():
        if isinstance(f, cls):
            return [op, list(f.group), form_to_json(f.f)]
    for op, cls in _ANNOUNCE.items():
        if isinstance(f, cls):
            return [op, form_to_json(f.ann), form_to_json(f.f)]
    for op, cls in _ANNOUNCE_TO.items():
        if isinstance(f, cls):
            return [op, list(f.group), form_to_json(f.ann), form_to_json(f.f)]
    if isinstance(f, L.Dynamic):
        return ["after", action_to_json(f.action), form_to_json(f.f)]
    raise DelModelError(f"{type(f).__name__} has no JSON form in event-model cases")


# --- models -------------------------------------------------------------------------------

def _obj(x, where, keys: tuple[str, ...]) -> dict:
    if not isinstance(x, dict):
        raise DelModelError(f"{where}: expected an object, got {_short(x)}")
    for k in keys:
        if k not in x:
            raise DelModelError(f"{where}: missing {k!r}")
    return x


def _strings(x, where) -> list[str]:
    if not isinstance(x, list) or not all(isinstance(s, str) for s in x):
        raise DelModelError(f"{where}: expected a list of names, got {_short(x)}")
    return x


def _relations(rel, agents, nodes, kind, where):
    rel = _obj(rel, f"{where}: relations", ())
    out = {}
    for a, row in rel.items():
        if a not in agents:
            raise DelModelError(f"{where}: relations name unknown agent {a!r}")
        row = _obj(row, f"{where}: relation of {a}", ())
        out[a] = {}
        for x, succ in row.items():
            if x not in nodes:
                raise DelModelError(f"{where}: relation of {a} names missing {kind} {x!r}")
            for y in _strings(succ, f"{where}: relation of {a} at {x}"):
                if y not in nodes:
                    raise DelModelError(
                        f"{where}: relation of {a} at {x} names missing {kind} {y!r}")
            out[a][x] = frozenset(succ)
    return out


def _actual(x, nodes, kind, where) -> tuple[str, ...]:
    actual = [x] if isinstance(x, str) else x
    actual = _strings(actual, f"{where}: actual")
    if not actual:
        raise DelModelError(f"{where}: no actual {kind}")
    for a in actual:
        if a not in nodes:
            raise DelModelError(f"{where}: actual {kind} {a!r} does not exist")
    return tuple(actual)


def model_from_json(obj, where: str = "model") -> KripkeModel:
    obj = _obj(obj, where, ("agents", "worlds", "relations", "actual"))
    agents = _strings(obj["agents"], f"{where}: agents")
    if len(set(agents)) != len(agents):
        raise DelModelError(f"{where}: agents repeat")
    atoms = obj.get("atoms")
    names = _Names(agents, None)
    if atoms is not None:
        if not isinstance(atoms, list):
            raise DelModelError(f"{where}: atoms must be a list of integers")
        atoms = [names.atom(p, f"{where}: atoms") for p in atoms]
        names = _Names(agents, atoms)
    worlds = _obj(obj["worlds"], f"{where}: worlds", ())
    if not worlds:
        raise DelModelError(f"{where}: no worlds")
    valuation = {}
    for w, true_atoms in worlds.items():
        if not isinstance(true_atoms, list):
            raise DelModelError(f"{where}: world {w!r} must list its true atoms")
        valuation[w] = frozenset(names.atom(p, f"{where}: world {w}") for p in true_atoms)
    rel = _relations(obj["relations"], agents, worlds, "world", where)
    actual = _actual(obj["actual"], worlds, "world", where)
    return KripkeModel(tuple(agents), tuple(worlds), valuation, rel, actual,
                       tuple(atoms or ()))


def _action(obj, agents, names: _Names, where: str) -> ActionModel:
    obj = _obj(obj, where, ("events", "relations", "actual"))
    if "agents" in obj or agents is None:
        given = _strings(obj.get("agents"), f"{where}: agents")
        agents = tuple(names.agent(a, f"{where}: agents") for a in given)
    label = obj.get("label") or where
    if not isinstance(label, str):
        raise DelModelError(f"{where}: label must be a string")
    events_obj = _obj(obj["events"], f"{where}: events", ())
    if not events_obj:
        raise DelModelError(f"{where}: no events")
    events = []
    for name, ev in events_obj.items():
        ew = f"{where}: event {name}"
        ev = _obj(ev, ew, ())
        pre = _form(ev.get("pre", True), names, f"{ew}: pre")
        post_obj = _obj(ev.get("post", {}), f"{ew}: post", ())
        post = {}
        for atom, f in post_obj.items():
            try:
                p = int(atom)
            except ValueError:
                raise DelModelError(f"{ew}: post sets {atom!r}, not an atom number") from None
            post[names.atom(p, f"{ew}: post")] = _form(f, names, f"{ew}: post {atom}")
        events.append(Event(name, pre, post))
    rel = _relations(obj["relations"], agents, events_obj, "event", where)
    actual = _actual(obj["actual"], events_obj, "event", where)
    return ActionModel(tuple(agents), tuple(events), rel, actual, label)


def action_from_json(obj, agents: Iterable[str], atoms: Iterable[int] | None = None,
                     where: str = "action") -> ActionModel:
    agents = tuple(agents)
    return _action(obj, agents, _Names(agents, atoms), where)


def _relations_json(rel, order) -> dict:
    return {a: {x: sorted(row[x], key=order.index) for x in order if x in row}
            for a, row in rel.items()}


def model_to_json(model: KripkeModel, kind: str | None = None) -> dict:
    out = {"agents": list(model.agents), "atoms": sorted(model.atoms)}
    if kind:
        out["kind"] = kind
    out["worlds"] = {w: sorted(model.valuation[w]) for w in model.worlds}
    out["relations"] = _relations_json(model.relations, list(model.worlds))
    out["actual"] = model.actual[0] if len(model.actual) == 1 else list(model.actual)
    return out


def action_to_json(action: ActionModel) -> dict:
    names = [e.name for e in action.events]
    return {"label": action.label, "agents": list(action.agents),
            "events": {e.name: {"pre": form_to_json(e.pre),
                                "post": {str(p): form_to_json(f) for p, f in e.post.items()}}
                       for e in action.events},
            "relations": _relations_json(action.relations, names),
            "actual": action.actual[0] if len(action.actual) == 1 else list(action.actual)}


# --- cases ---------------------------------------------------------------------------------

def _answer(q, key, where):
    v = q.get(key)
    if v is not None and not isinstance(v, bool):
        raise DelModelError(f"{where}: {key!r} must be true or false")
    return v


def case_from_json(obj) -> Case:
    """A case object of the corpus format (a ``DelModelError`` says what is wrong)."""
    if not isinstance(obj, dict):
        raise DelModelError(f"a case must be a JSON object, got {_short(obj)}")
    cid = obj.get("id", "")
    if not isinstance(cid, str):
        cid = str(cid)
    for k in ("model", "queries"):
        if k not in obj:
            raise DelModelError(f"missing {k!r}")
    model = model_from_json(obj["model"])
    names = _Names(model.agents, model.atoms)
    acts = obj.get("actions", [])
    if not isinstance(acts, list):
        raise DelModelError("'actions' must be a list")
    actions = []
    for i, a in enumerate(acts, 1):
        kind = a.get("kind") if isinstance(a, dict) else None
        where = f"action {i}" + (f" ({kind})" if isinstance(kind, str) else "")
        actions.append(_action(a, model.agents, names, where))
    if not isinstance(obj["queries"], list):
        raise DelModelError("'queries' must be a list")
    queries = []
    for i, q in enumerate(obj["queries"], 1):
        where = f"query {i}"
        q = _obj(q, where, ("formula",))
        queries.append(Query(_form(q["formula"], names, f"{where}: formula"),
                             _answer(q, "at_actual", where), _answer(q, "valid", where)))
    final = obj.get("final_worlds")
    return Case(cid, model, tuple(actions), tuple(queries),
                final if isinstance(final, int) else None)


def case_to_json(case: Case) -> dict:
    out = {"id": case.id, "model": model_to_json(case.model),
           "actions": [action_to_json(a) for a in case.actions],
           "queries": []}
    for q in case.queries:
        row = {"formula": form_to_json(q.formula)}
        if q.at_actual is not None:
            row["at_actual"] = q.at_actual
        if q.valid is not None:
            row["valid"] = q.valid
        out["queries"].append(row)
    if case.final_worlds is not None:
        out["final_worlds"] = case.final_worlds
    return out
