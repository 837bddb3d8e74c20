"""Read a planning domain in the mA* language (``grammars/mastar.lark``, parsed by
:mod:`.syntax`) into a :class:`~.model.MastarProblem`.

Bad or unsupported input raises :class:`~pyfront.errors.UserError` with the file, line and
column of the offending statement.  The initial state follows deep's finitary-S5 reading:
``initially F`` with F a fluent formula pins the actual world; ``initially C([...], G)``
with G a fluent formula, ``B(i, F)``, ``B(i, F) | B(i, -F)`` (``i`` knows whether F)
or ``-B(i, F), -B(i, -F)`` (ignorance, nothing to do) shapes the initial model; nothing
else is accepted there.

Usage::

    from pyfront.mastar.dsl import read_text
    p = read_text("fluent f; action a; agent i; executable a; a determines f; "
                  "i observes a; initially f; goal B(i, f);", "x.txt")
    p.actions[0].kind       # 'sensing'
"""

from __future__ import annotations

from pathlib import Path

from smcdel_bridge.dynamic.mastar import MastarAction
from smcdel_bridge.language import TOP, Ck, Conj, Disj, Form, K, Neg, Prp

from ..errors import UserError
from .model import MastarProblem
from .syntax import parse

KIND_OF = {"causes": "ontic", "determines": "sensing", "announces": "announcement"}


def read_file(path: str | Path) -> MastarProblem:
    """The problem in the file at ``path``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise UserError(f"cannot read the file: {err.strerror}", file=str(path)) from None
    return read_text(text, str(path))


def read_text(text: str, path: str = "<text>") -> MastarProblem:
    """The problem written in ``text`` (``path`` names it in messages)."""
    return _Reader(path).read(parse(text, path))


class _Reader:
    def __init__(self, path: str) -> None:
        self.path = path
        self.fluents: dict[str, int] = {}
        self.agents: list[str] = []
        self.actions: dict[str, dict] = {}

    def fail(self, node, message: str) -> UserError:
        meta = getattr(node, "meta", None)
        line = getattr(meta, "line", None) if meta is not None else getattr(node, "line", None)
        col = getattr(meta, "column", None) if meta is not None else getattr(node, "column", None)
        return UserError(f"mA*: {message}", file=self.path, line=line, column=col)

    def read(self, tree) -> MastarProblem:
        statements = tree.children
        for st in statements:
            if st.data in ("fluents", "actions", "agents"):
                self.declare(st)
        pointed: list[Form] = []
        init: dict[str, list] = {"fixed": [], "laws": [], "knows_whether": []}
        goal: list[Form] = []
        for st in statements:
            kind = st.data
            if kind == "initially":
                self.initially(st, self.formula(st.children[0]), pointed, init)
            elif kind == "goal":
                goal.append(self.formula(st.children[0]))
            elif kind not in ("fluents", "actions", "agents"):
                self.law(st)
        if not pointed:
            raise UserError("mA*: no `initially` fluent formula gives the actual world",
                            file=self.path)
        if not goal:
            raise UserError("mA*: no `goal`", file=self.path)
        return MastarProblem(
            path=self.path, fluents=tuple(self.fluents), agents=tuple(self.agents),
            actions=tuple(self.action(name, spec) for name, spec in self.actions.items()),
            pointed=_conj(pointed), goal=tuple(goal), fixed=tuple(init["fixed"]),
            laws=tuple(init["laws"]), knows_whether=tuple(init["knows_whether"]))

    def declare(self, st) -> None:
        for token in st.children[0].children:
            name = str(token)
            if name in self.fluents or name in self.agents or name in self.actions:
                raise self.fail(token, f"{name!r} is declared twice")
            if st.data == "fluents":
                self.fluents[name] = len(self.fluents)
            elif st.data == "agents":
                self.agents.append(name)
            else:
                self.actions[name] = {"kind": None, "pre": [], "effects": [], "full": [],
                                      "partial": []}

    def act(self, token) -> dict:
        spec = self.actions.get(str(token))
        if spec is None:
            raise self.fail(token, f"undeclared action {str(token)!r}")
        return spec

    def agent(self, token) -> str:
        if str(token) not in self.agents:
            raise self.fail(token, f"undeclared agent {str(token)!r}")
        return str(token)

    def condition(self, st, index: int) -> Form:
        rest = st.children[index:]
        return self.formula(rest[0].children[0]) if rest else TOP

    def law(self, st) -> None:
        kind = st.data
        if kind == "executable":
            spec = self.act(st.children[0])
            if len(st.children) > 1:
                spec["pre"].append(self.condition(st, 1))
        elif kind in KIND_OF:
            spec = self.act(st.children[0])
            if spec["kind"] not in (None, KIND_OF[kind]):
                raise self.fail(st, f"action {str(st.children[0])!r} mixes {spec['kind']} "
                                    f"and {KIND_OF[kind]} effects (unsupported)")
            spec["kind"] = KIND_OF[kind]
            literals = tuple(self.literal(lit) for lit in st.children[1].children)
            spec["effects"].append((literals, self.condition(st, 2)))
        else:  # observes / aware_of
            agent = self.agent(st.children[0])
            spec = self.act(st.children[1])
            spec["full" if kind == "observes" else "partial"].append(
                (agent, self.condition(st, 2)))

    def literal(self, node) -> tuple[int, bool]:
        token = node.children[0]
        return self.fluent(token), node.data == "pos"

    def fluent(self, token) -> int:
        k = self.fluents.get(str(token))
        if k is None:
            raise self.fail(token, f"undeclared fluent {str(token)!r}")
        return k

    def action(self, name: str, spec: dict) -> MastarAction:
        kind = spec["kind"] or "ontic"
        if kind == "ontic" and spec["partial"]:
            raise UserError(f"mA*: ontic action {name!r} has `aware_of` agents (unsupported)",
                            file=self.path)
        return MastarAction(name, kind, tuple(spec["pre"]), tuple(spec["effects"]),
                            tuple(spec["full"]), tuple(spec["partial"]))

    def formula(self, node) -> Form:
        data = getattr(node, "data", None)
        kids = node.children
        if data == "or_":
            return self.formula(kids[0]) if len(kids) == 1 else Disj(
                tuple(self.formula(k) for k in kids))
        if data == "and_":
            return self.formula(kids[0]) if len(kids) == 1 else _conj(
                [self.formula(k) for k in kids])
        if data == "not_":
            return Neg(self.formula(kids[0]))
        if data == "atom":
            return Prp(self.fluent(kids[0]))
        if data == "believes":
            return K(self.agent(kids[0]), self.formula(kids[1]))
        group = tuple(self.agent(t) for t in kids[0].children)
        body = self.formula(kids[1])
        if data == "common":
            return Ck(group, body)
        return _conj([K(a, body) for a in group])  # everyone

    def initially(self, st, form: Form, pointed: list, init: dict) -> None:
        if _fluent_only(form):
            pointed.append(form)
            return
        for part in form.fs if isinstance(form, Conj) else (form,):
            if not isinstance(part, Ck):
                raise self.fail(st, "an initial belief formula must be C([...], F) "
                                    "(deep's finitary S5; unsupported)")
            self.common(st, part.f, init)

    def common(self, st, body: Form, init: dict) -> None:
        if _fluent_only(body):
            init["laws"].append(body)
            lits = _literals(body)
            if lits is not None:
                init["fixed"].extend(lits)
        elif isinstance(body, K) and _fluent_only(body.f):
            init["laws"].append(body.f)
        elif isinstance(body, Conj) and all(isinstance(p, Neg) and isinstance(p.f, K)
                                            for p in body.fs) and len(body.fs) == 2:
            return  # C(-B(i, F), -B(i, -F)): ignorance, which the S5 start already has
        elif isinstance(body, Disj) and len(body.fs) == 2 and _whether(*body.fs):
            init["knows_whether"].append((body.fs[0].agent, body.fs[0].f))
        elif isinstance(body, Conj):
            for part in body.fs:
                self.common(st, part, init)
        else:
            raise self.fail(st, "unsupported initial common-belief formula (deep's "
                                "finitary S5 allows a fluent formula, B(i, F), "
                                "B(i, F) | B(i, -F) and -B(i, F), -B(i, -F))")


def _conj(parts: list[Form]) -> Form:
    return parts[0] if len(parts) == 1 else Conj(tuple(parts))


def _fluent_only(form: Form) -> bool:
    if isinstance(form, Prp):
        return True
    if isinstance(form, (K, Ck)):
        return False
    return all(_fluent_only(k) for k in form.children())


def _literals(form: Form):
    """The literals of a conjunction of literals, else None."""
    parts = form.fs if isinstance(form, Conj) else (form,)
    out = []
    for p in parts:
        if isinstance(p, Prp):
            out.append((p.n, True))
        elif isinstance(p, Neg) and isinstance(p.f, Prp):
            out.append((p.f.n, False))
        else:
            return None
    return out


def _whether(a: Form, b: Form) -> bool:
    """``B(i, F) | B(i, -F)`` (either order)."""
    if not (isinstance(a, K) and isinstance(b, K) and a.agent == b.agent
            and _fluent_only(a.f)):
        return False
    return b.f == Neg(a.f) or a.f == Neg(b.f)
