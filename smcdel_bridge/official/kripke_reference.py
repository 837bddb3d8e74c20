"""The reference backend for event models: SMCDEL's ``SMCDEL.Explicit.K``, live.

:class:`KripkeReference` implements the event-backend interface
(:class:`smcdel_bridge.dynamic.backend.EventBackend`) by handing Kripke models, action models
and queries to the Haskell driver of :mod:`.reference_driver`, which builds them with the
reference library and answers with its own product update (``update`` on a multipointed
model and a multipointed action model) and evaluation (``isTrue``).  Nothing is computed
here: this module only writes the request (agents, atoms, worlds and events renumbered
from 0) and reads the answer.

``[A] g`` (the dynamic modality) becomes SMCDEL's dynamic diamond on each actual event of
``A``: ``[A] g`` = the conjunction over them of ``~ <A, e> ~ g``.

:meth:`KripkeReference.run_steps` answers an interleaving of updates and queries (a
story: queries after some of its events), reporting after each update the size of the
model and which agents have a world without successors among the worlds reachable from
the actual ones (where a belief relation stopped being serial: the mark of a belief that
product update alone cannot revise).
"""

from __future__ import annotations

import os
import threading
from typing import Sequence

from smcdel_bridge import language as L
from smcdel_bridge.dynamic.action import ActionModel
from smcdel_bridge.dynamic.backend import CaseAnswers, EventBackend
from smcdel_bridge.dynamic.errors import DelModelError, InexecutableAction
from smcdel_bridge.dynamic.kripke import KripkeModel
from smcdel_bridge.errors import UnsupportedFormula
from smcdel_bridge.language import Form
from smcdel_bridge.official.reference_driver import (
    DEFAULT_TIMEOUT, DriverError, DriverProcess, build_driver,
)
from smcdel_bridge.values import value


@value(frozen=True)
class Updated:
    """What an update step reports: worlds, actual worlds, agents with a dead end."""

    worlds: int
    actual: int
    dead_ends: tuple[str, ...]


@value(frozen=True)
class Answered:
    at_actual: bool
    valid: bool


class _Writer:
    """Tokens of one request; agents and atoms numbered as the request declares them."""

    def __init__(self, agents: Sequence[str]):
        self.agents = {a: i for i, a in enumerate(agents)}
        self.out: list[str] = []

    def agent(self, a: str) -> str:
        try:
            return str(self.agents[a])
        except KeyError:
            raise DelModelError(f"unknown agent {a!r}") from None

    def group(self, agents) -> None:
        self.out.append(str(len(agents)))
        self.out.extend(self.agent(a) for a in agents)

    def form(self, f: Form) -> None:
        o = self.out
        if isinstance(f, L.Top):
            o.append("T")
        elif isinstance(f, L.Bot):
            o.append("F")
        elif isinstance(f, L.Prp):
            o += ["p", str(f.n)]
        elif isinstance(f, L.Neg):
            o.append("~")
            self.form(f.f)
        elif isinstance(f, (L.Conj, L.Disj, L.Xor)):
            o += [{L.Conj: "&", L.Disj: "|", L.Xor: "^"}[type(f)], str(len(f.fs))]
            for g in f.fs:
                self.form(g)
        elif isinstance(f, (L.Impl, L.Equi)):
            o.append(">" if isinstance(f, L.Impl) else "=")
            self.form(f.a)
            self.form(f.b)
        elif isinstance(f, (L.Forall, L.Exists)):
            o += ["A" if isinstance(f, L.Forall) else "E", str(len(f.props))]
            o += [str(p) for p in f.props]
            self.form(f.f)
        elif isinstance(f, (L.K, L.Kw)):
            o += ["K" if isinstance(f, L.K) else "Kw", self.agent(f.agent)]
            self.form(f.f)
        elif isinstance(f, (L.Ck, L.Ckw, L.Dk, L.Dkw)):
            o.append(type(f).__name__)
            self.group(f.group)
            self.form(f.f)
        elif isinstance(f, (L.PubAnnounce, L.PubAnnounceW)):
            o.append("!" if isinstance(f, L.PubAnnounce) else "?!")
            self.form(f.ann)
            self.form(f.f)
        elif isinstance(f, (L.Announce, L.AnnounceW)):
            o.append("G!" if isinstance(f, L.Announce) else "G?!")
            self.group(f.group)
            self.form(f.ann)
            self.form(f.f)
        elif isinstance(f, L.Dynamic) and isinstance(f.action, ActionModel):
            o.append("[]")
            self.action(f.action)
            self.form(f.f)
        else:
            raise UnsupportedFormula.node(f, "the reference backend")

    def action(self, action: ActionModel) -> None:
        action.check_agents(self.agents)
        index = {e.name: i for i, e in enumerate(action.events)}
        o = self.out
        o.append(str(len(action.events)))
        for e in action.events:
            self.form(e.pre)
            o.append(str(len(e.post)))
            for atom, f in e.post.items():
                o.append(str(atom))
                self.form(f)
        for a in self.agents:
            for e in action.events:
                succ = sorted(index[x] for x in action.successors(a, e.name))
                o.append(str(len(succ)))
                o.extend(map(str, succ))
        o.append(str(len(action.actual)))
        o.extend(str(index[e]) for e in action.actual)

    def model(self, model: KripkeModel, vocabulary: Sequence[int]) -> None:
        index = {w: i for i, w in enumerate(model.worlds)}
        o = self.out
        o.append(str(len(self.agents)))
        o.append(str(len(vocabulary)))
        o.extend(map(str, vocabulary))
        o.append(str(len(model.worlds)))
        for w in model.worlds:
            atoms = sorted(model.valuation[w])
            o.append(str(len(atoms)))
            o.extend(map(str, atoms))
        for a in self.agents:
            for w in model.worlds:
                succ = sorted(index[v] for v in model.successors(a, w))
                o.append(str(len(succ)))
                o.extend(map(str, succ))
        o.append(str(len(model.actual)))
        o.extend(str(index[w]) for w in model.actual)


def _atoms(model: KripkeModel, steps) -> list[int]:
    """Every atom the request uses, so each world's valuation lists them all."""
    out = set(model.atoms)

    def walk(f):
        if isinstance(f, L.Prp):
            out.add(f.n)
        elif isinstance(f, L.Dynamic) and isinstance(f.action, ActionModel):
            visit(f.action)
            walk(f.f)
        elif isinstance(f, (L.Forall, L.Exists)):
            out.update(f.props)
            walk(f.f)
        else:
            for child in getattr(f, "fs", ()) or ():
                walk(child)
            for name in ("f", "a", "b", "ann"):
                child = getattr(f, name, None)
                if isinstance(child, Form):
                    walk(child)

    def visit(action: ActionModel):
        for e in action.events:
            out.update(e.post)
            for g in (e.pre, *e.post.values()):
                walk(g)

    for kind, item in steps:
        if kind == "u":
            visit(item)
        elif kind == "q":
            walk(item)
    return sorted(out)


class KripkeReference(EventBackend):
    """Event models answered by the reference library through the Haskell driver.

    ``home``: the reference's build folder (default ``$MINDGAMES_SMCDEL_HOME``);
    ``timeout``: seconds per case.  The driver is compiled on first use (cached).
    """

    name = "smcdel"

    def __init__(self, home: str | os.PathLike | None = None, *,
                 timeout: float | None = DEFAULT_TIMEOUT):
        self.home = home
        self.timeout = timeout
        self._process: DriverProcess | None = None
        self._lock = threading.Lock()

    @property
    def process(self) -> DriverProcess:
        if self._process is None:
            self._process = DriverProcess(build_driver(self.home), self.timeout)
        return self._process

    @property
    def seconds(self) -> float:
        """Seconds spent waiting for the reference's answers."""
        return 0.0 if self._process is None else self._process.seconds

    def close(self) -> None:
        if self._process is not None:
            self._process.close()

    # -- requests ----------------------------------------------------------------------------
    def run_steps(self, model: KripkeModel, steps: Sequence[tuple[str, object]]
                  ) -> list[Updated | Answered | KripkeModel]:
        """Answer ``steps`` (``("u", ActionModel)``, ``("q", Form)`` or ``("d", None)``)
        in order.  Raises :class:`InexecutableAction` (its ``done`` attribute: the answers
        before it) or :class:`DriverError`."""
        w = _Writer(model.agents)
        w.model(model, _atoms(model, steps))
        for kind, item in steps:
            w.out.append(kind)
            if kind == "u":
                w.action(item)
            elif kind == "q":
                w.form(item)
        w.out.append("end")
        with self._lock:
            tokens = self.process.ask(" ".join(w.out))
        return self._read(tokens, model, steps)

    def _read(self, tokens: list[str], model: KripkeModel, steps) -> list:
        done: list = []
        it = iter(tokens)
        actions = [item for kind, item in steps if kind == "u"]
        try:
            for tag in it:
                if tag == "q":
                    done.append(Answered(next(it) == "1", next(it) == "1"))
                elif tag == "u":
                    nw, na, nd = int(next(it)), int(next(it)), int(next(it))
                    dead = tuple(model.agents[int(next(it))] for _ in range(nd))
                    done.append(Updated(nw, na, dead))
                elif tag == "d":
                    done.append(_read_model(it, model.agents))
                elif tag == "x":
                    action = actions[sum(isinstance(d, Updated) for d in done)]
                    err = InexecutableAction(action.label, action.actual)
                    err.done = done
                    raise err
                elif tag == "e":
                    err = DriverError("the reference failed: " + " ".join(it))
                    err.done = done
                    raise err
                else:
                    raise ValueError(tag)
        except (StopIteration, ValueError, IndexError):
            raise DriverError("the reference driver answered garbage: "
                              + " ".join(tokens)[:80]) from None
        if len(done) != len(steps):
            raise DriverError(f"the reference driver gave {len(done)} answer(s) for "
                              f"{len(steps)} step(s)")
        return done

    # -- the event-backend interface ------------------------------------------------------------
    def run(self, model, actions, queries) -> CaseAnswers:
        steps = [("u", a) for a in actions] + [("q", q) for q in queries]
        done = self.run_steps(model, steps)
        updates = [d for d in done if isinstance(d, Updated)]
        worlds = updates[-1].worlds if updates else len(model.worlds)
        return CaseAnswers(tuple((d.at_actual, d.valid) for d in done
                                 if isinstance(d, Answered)), worlds)

    def update(self, model, action):
        """The updated model as the reference builds it (worlds named ``r0``, ``r1``, … in
        its order)."""
        return self.run_steps(model, [("u", action), ("d", None)])[1]

    def truth_set(self, model, form):
        """The worlds where ``form`` holds (one question per world)."""
        return frozenset(w for w in model.worlds
                         if self.run_steps(model.pointed(w), [("q", form)])[0].at_actual)

    def valid(self, model, form):
        return self.run_steps(model, [("q", form)])[0].valid

    def at_actual(self, model, form):
        return self.run_steps(model, [("q", form)])[0].at_actual


def _read_model(it, agents) -> KripkeModel:
    n = int(next(it))
    names = [f"r{k}" for k in range(n)]

    def numbers():
        return [int(next(it)) for _ in range(int(next(it)))]

    vals = {names[k]: frozenset(numbers()) for k in range(n)}
    rels = {a: {names[k]: frozenset(names[j] for j in numbers()) for k in range(n)}
            for a in agents}
    actual = tuple(names[j] for j in numbers())
    return KripkeModel(tuple(agents), tuple(names), vals, rels, actual)


def reference_status(home: str | os.PathLike | None = None) -> tuple[bool, str]:
    """For ``doctor``: whether the reference backend for event models can run, and how."""
    from smcdel_bridge.official.reference_driver import driver_path
    from smcdel_bridge.official.reference_home import HomeError, find_home

    try:
        root = find_home(home)
        exe = driver_path(root)
    except (HomeError, OSError) as err:
        return False, str(err)
    state = "compiled" if exe.is_file() else "not compiled yet (compiled on first use)"
    return True, f"SMCDEL library in {root / 'pkgdb'}; driver {state}: {exe}"
