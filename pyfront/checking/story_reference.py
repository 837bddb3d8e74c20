"""Stories checked by the reference: ``check STORY.del --backend smcdel|both``.

A story compiles (:func:`pyfront.story.compile.compile_story`) to a Kripke model over the
doubled agents (each story agent's belief and knowledge relations) and one event
plausibility model per story event.  The reference (``SMCDEL.Explicit.K`` through
:class:`smcdel_bridge.official.kripke_reference.KripkeReference`) gets the Kripke model and,
per event, the plain action model each agent's plausibility order induces: at event ``e``
an agent considers the most plausible events of ``e``'s cell (its knowledge relation: the
whole cell).  Its product update then agrees with the story engine's action-priority update
exactly as long as no belief is contradicted — where a believed world meets only believed
events that cannot happen there, product update leaves the agent believing nothing (a
world without successors) and the plausibility order revises instead.  The reference
reports after each event which agents have such a world among those reachable from the
actual ones; every later item whose formula speaks of such an agent is *refused* with a
one-line reason (its answer depends on belief revision), the others are checked.

Without a reference (no library, no compiler, a failed build) every story item fails with
one line saying so: the embedded engine is never used in the reference's place.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from smcdel_bridge import language as L
from smcdel_bridge.dynamic.action import ActionModel
from smcdel_bridge.dynamic.errors import InexecutableAction
from smcdel_bridge.errors import SmcdelError

from pyfront.data.items import AnsweredItem, StoryItem
from pyfront.errors import shown

from .records import check_record

NO_REFERENCE = "no reference backend for stories"
#: the reference's record of a story's hypothesis or question (its row is the item's)
REFERENCE_FIELDS = ("source", "name", "line", "valid", "label", "contradictory", "agrees")
#: an item's record with the reference's answer alone (``--backend smcdel``)
REFERENCE_ONLY_FIELDS = ("source", "row", "name", "line", "expected", "valid", "label",
                         "contradictory", "agrees")


def induced_action(epm) -> ActionModel:
    """The plain action model of an event plausibility model: at each event, the most
    plausible events of its cell, per agent."""
    rels = {}
    for a in epm.agents:
        ranks = epm.ranks.get(a, {})
        rel = {}
        for cell in epm.cells[a]:
            best = min(ranks.get(e, 0) for e in cell)
            top = frozenset(e for e in cell if ranks.get(e, 0) == best)
            rel.update(dict.fromkeys(cell, top))
        rels[a] = rel
    return ActionModel(epm.agents, epm.events, rels, epm.actual, epm.label)


def _nodes(forms, actions: bool = False):
    """Every node of ``forms``; with ``actions``, the preconditions and postconditions of
    the action models inside them too."""
    stack = list(forms)
    while stack:
        f = stack.pop()
        yield f
        if actions and isinstance(f, L.Dynamic) and isinstance(f.action, ActionModel):
            stack.extend(f.action.formulas())
        stack.extend(f.children())


def mentioned(form) -> set[str]:
    """The agents a formula speaks of."""
    out: set[str] = set()
    for f in _nodes([form]):
        if getattr(f, "agent", None) is not None:
            out.add(f.agent)
        out.update(getattr(f, "group", ()) or ())
    return out


def _value_form(story, variable: str, value: str):
    var = story.variable(variable)
    if var.boolean:
        atom = L.Prp(story.atom(var.name))
        return atom if value == "true" else L.Neg(atom)
    return L.Prp(story.atom(var.name, value))


def _question_forms(story, q):
    """Per value: ``B a1 B a2 … ~(variable = value)``; the value is allowed where this is
    false at some actual world."""
    from pyfront.story.model import belief_id

    out = []
    for value in story.variable(q.variable).values:
        f = L.Neg(_value_form(story, q.variable, value))
        for a in reversed(q.path):
            f = L.K(belief_id(a), f)
        out.append((value, f))
    return out


#: a model the reference returns with more worlds than this is contracted before it goes on
CONTRACT_ABOVE = 256


def _groups(steps) -> set[tuple[str, ...]]:
    """The groups whose distributed knowledge a formula of ``steps`` asks about (the
    contraction keeps their intersected relations apart)."""
    forms = [item for kind, item in steps if kind == "q"]
    forms += [g for kind, item in steps if kind == "u" for g in item.formulas()]
    return {tuple(f.group) for f in _nodes(forms, actions=True)
            if isinstance(f, (L.Dk, L.Dkw))}


def reference_steps(backend, model, steps) -> list:
    """``backend.run_steps(model, steps)``, sent in stretches of one event each: the
    reference returns its updated model after every event, and one with more than
    :data:`CONTRACT_ABOVE` worlds goes on as its bisimulation contraction (the part
    reachable from the actual worlds, bisimilar worlds merged).  Every update and every
    answer is still the reference's: truth at the actual worlds is invariant under
    bisimulation, and a world where a belief has no successor stays one.  Without it a
    story of private events grows by a factor at every event (ToMi's rooms: past 60 s).
    Raises as ``run_steps`` does, ``done`` holding every answer given before."""
    from smcdel_bridge.dynamic.minimize import minimize

    groups = _groups(steps)
    done: list = []
    start = 0
    while start < len(steps):
        end = start
        while end < len(steps) and steps[end][0] != "u":
            end += 1
        stretch = list(steps[start:end + 1])
        last = end + 1 >= len(steps)
        if not last:
            stretch.append(("d", None))
        try:
            got = backend.run_steps(model, stretch)
        except SmcdelError as err:
            err.done = done + list(getattr(err, "done", []))
            raise
        if not last:
            model = got.pop()
            if len(model.worlds) > CONTRACT_ABOVE:
                model = minimize(model, groups)
        done.extend(got)
        start = end + 1
    return done


def story_reference_records(story, source: str, backend) -> dict[tuple, dict]:
    """The reference's record for each hypothesis and question, keyed by (name, line)."""
    from pyfront.story import model as M
    from pyfront.story.compile import QueryResult, compile_story
    from pyfront.story.model import split_agent

    compiled = compile_story(story)
    queries = story.queries()
    steps: list[tuple[str, object]] = []
    where: list[tuple[int, int]] = []  # per query: first step index of its answers, count
    actions = [induced_action(pa.model) for pa in compiled.actions]
    done_events = 0
    for q in queries:
        while done_events < q.step:
            steps.append(("u", actions[done_events]))
            done_events += 1
        forms = [q.formula] if isinstance(q, M.Hypothesis) else [
            f for _, f in _question_forms(story, q)]
        where.append((len(steps), len(forms)))
        steps.extend(("q", f) for f in forms)
    failure = None
    try:
        answers = reference_steps(backend, compiled.initial, steps)
    except InexecutableAction as err:
        answers, failure = getattr(err, "done", []), err
    except SmcdelError as err:
        answers, failure = getattr(err, "done", []), err
    # which agents' beliefs product update could not keep, from which step on
    dead: dict[str, int] = {}
    update_no = 0
    for s, result in zip(steps, answers):
        if s[0] == "u":
            update_no += 1
            for a in getattr(result, "dead_ends", ()):
                dead.setdefault(a, update_no)
    out = {}
    for k, (q, (first, count)) in enumerate(zip(queries, where)):
        record = check_record(source, None, fields=REFERENCE_FIELDS,
                              name=f"{story.name}/{q.name}", line=q.line)
        spoken = (mentioned(q.formula) if isinstance(q, M.Hypothesis)
                  else {M.belief_id(a) for a in q.path})
        revised = sorted((dead[a], a) for a in spoken if a in dead and dead[a] <= q.step)
        got = answers[first:first + count]
        if revised:
            step, agent = revised[0]
            pa = compiled.actions[step - 1]
            record["refused"] = (
                f"{shown(source)}:{q.line}: {story.name}/{q.name}: refused by the reference: the "
                f"answer depends on belief revision ({split_agent(agent)[0]}'s belief is "
                f"contradicted by '{pa.label}'" + (f", line {pa.line}" if pa.line else "")
                + "; product update alone would leave it empty)")
        elif len(got) < count:
            why = (f"'{failure.label}' cannot happen here (no actual world survives it)"
                   if isinstance(failure, InexecutableAction) else str(failure))
            record["error"] = f"{shown(source)}:{q.line}: {story.name}/{q.name}: smcdel: {why}"
        elif isinstance(q, M.Hypothesis):
            r = QueryResult(q.name, "hypothesis", q.step, q.line, got[0].at_actual, q.expected)
            record.update(valid=r.answer, label="entailment" if r.answer else "not_entailment",
                          contradictory=False, agrees=r.agrees,
                          expected=None if q.expected is None else
                          ("entailment" if q.expected else "not_entailment"))
        else:
            values = tuple(v for (v, _), a in zip(_question_forms(story, q), got)
                           if not a.at_actual)
            r = QueryResult(q.name, "question", q.step, q.line, values, q.expected)
            record.update(answer=list(values), label=", ".join(values), contradictory=False,
                          agrees=r.agrees, expected=None if q.expected is None else
                          ", ".join(sorted(q.expected, key=list(values + tuple(q.expected)).index)))
            if r.agrees:
                record["expected"] = record["label"]
        out[(record["name"], q.line)] = record
    return out


# -- in the check command ---------------------------------------------------------------------

def _answer(record: dict) -> dict:
    for key in ("error", "refused"):
        if record.get(key):
            return {key: record[key]}
    if "answer" in record:
        return {"answer": record["answer"]}
    return {"valid": record.get("valid")}


class StoryReference:
    """Replaces the embedded engine's story records by the reference's (``smcdel``), or
    adds the reference's answers beside them (``both``)."""

    def __init__(self, mode: str, home=None, timeout: float = 60.0, engine: str = "auto"):
        self.mode, self.engine = mode, engine
        self.home, self.timeout = home, timeout
        self._backend = None
        self._unavailable: str | None = None
        self._cache: dict[str, dict] = {}

    def backend(self):
        if self._backend is None and self._unavailable is None:
            from smcdel_bridge.errors import BackendError
            from smcdel_bridge.official.kripke_reference import KripkeReference

            backend = KripkeReference(self.home, timeout=self.timeout)
            try:
                backend.process
            except BackendError as err:
                self._unavailable = str(err)
            else:
                self._backend = backend
        return self._backend

    def close(self) -> None:
        if self._backend is not None:
            self._backend.close()

    def _records_of(self, source: str) -> dict | str:
        if source not in self._cache:
            from pyfront.data.loading import load_document
            from pyfront.story.model import Story

            records: dict = {}
            try:
                for doc in load_document(source):
                    if isinstance(doc, Story):
                        records.update(story_reference_records(doc, source, self.backend()))
            except Exception as err:  # noqa: BLE001 - one bad story must not stop the run
                records = f"{shown(source)}: smcdel: {type(err).__name__}: {err}"
            self._cache[source] = records
        return self._cache[source]

    def record(self, item: AnsweredItem) -> dict:
        native = dict(item.record)
        ref: dict | None = None
        if self.backend() is None:
            reason = self._unavailable.split("; build it", 1)[0]
            message = (f"{shown(native['source'])}:{native.get('line')}: {native.get('name')}: "
                       f"{NO_REFERENCE}: {reason}")
            ref = {"error": message}
        else:
            found = self._records_of(item.source)
            if isinstance(found, str):
                ref = {"error": found}
            else:
                ref = found.get((native.get("name"), native.get("line")))
                if ref is None:
                    ref = {"error": f"{shown(native['source'])}:{native.get('line')}: "
                                    f"{native.get('name')}: the reference has no such item"}
        if self.mode == "smcdel":
            out = check_record(native["source"], native["row"], fields=REFERENCE_ONLY_FIELDS,
                               name=native.get("name"), line=native.get("line"),
                               expected=native.get("expected"))
            out.update({k: v for k, v in ref.items() if k not in ("source", "row")})
            out["row"] = native["row"]
            return out
        mine, theirs = _answer(native), _answer(ref)
        out = dict(native)
        out["backends"] = {"native": mine, "smcdel": theirs}
        if "refused" in theirs:
            out["refused"] = theirs["refused"]
            out["backends_agree"] = None
        elif "error" in theirs and "error" not in mine:
            out["error"] = theirs["error"]
            out["backends_agree"] = None
        else:
            out["backends_agree"] = mine == theirs
        return out

    def route(self, entries: Iterable) -> Iterator:
        """The entries, each story's hypothesis and question an item carrying the
        reference's record (the embedded engine's beside it, answered here).  The rows of
        a DSL file count its records, as :func:`pyfront.checking.file_source.renumbered`
        has them."""
        from pyfront.data.story_stops import story_item_records
        from smcdel_bridge.values import replace

        shift: dict[str, int] = {}
        for entry in entries:
            moved = shift.get(entry.source, 0)
            if not isinstance(entry, StoryItem):
                yield replace(entry, row=entry.row + moved) if moved and entry.row is not None \
                    else entry
                continue
            records = story_item_records(entry, self.engine)
            shift[entry.source] = moved + len(records) - entry.count
            for native in records:
                native["row"] += moved
                answered = AnsweredItem(entry.source, native["row"], native, native["name"],
                                        native.get("line"), native["expected"])
                yield AnsweredItem(entry.source, native["row"], self.record(answered),
                                   native["name"], native.get("line"), native["expected"])
