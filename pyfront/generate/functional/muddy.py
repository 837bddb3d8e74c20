"""Muddy-children scenes for functional items, and their answers from the S5 planning
domain (the engines decide every truth value; this module only asks them).

A *scene* is ``n`` children in the ``forehead`` setup (each sees the others' foreheads, not
her own), the muddy ones, and the public announcements made so far (the father's "at least
one of you is muddy", a fact told to all, the outcomes of earlier rounds).  Its DSL text
(:func:`scene_dsl`) is what a row carries for ``check``.

* :func:`rounds`: under a rule (``step``: a child steps forward exactly when she knows she is
  muddy; ``say``: she says "I know" exactly when she knows whether she is muddy), who acts at
  each of the father's questions, each round's outcome announced before the next;
* :func:`one_step_plans`: of some candidate announcements, those that make B know whether
  she is muddy while C still does not (the planner's plans of one step, each also verified
  on its own with :func:`~smcdel_bridge.planning.verify_plan`);
* :func:`possible_worlds`: the situations an agent cannot rule out at the actual state.
"""

from __future__ import annotations

from typing import Sequence

from smcdel_bridge.language import Conj, Disj, Form, K, Kw, Neg, Prp, Top
from smcdel_bridge.values import value

__all__ = ["RULES", "Scene", "scene_dsl", "parse_scene", "scene_domain", "rule_form",
           "round_outcome", "rounds", "one_step_plans", "possible_worlds", "world_form",
           "SHAPES", "shaped", "candidates", "acting_now", "atom", "agent_id"]

#: the rational-action rules: ``step`` (knows that she is muddy), ``say`` (knows whether)
RULES = ("step", "say")

#: announcement shapes of "which announcement" items (every option of an item has one)
SHAPES = ("muddy", "clean", "either", "not_both")


@value(frozen=True)
class Scene:
    """Children (names, DSL order), the muddy ones, and the announcements made (DSL
    formula texts, in order)."""

    children: tuple[str, ...]
    muddy: tuple[str, ...]
    announced: tuple[str, ...] = ()


def scene_dsl(scene: Scene, name: str, *, goal: str | None = None, keep: str | None = None,
              may: Sequence[str] = ()) -> str:
    """The scene as a DSL problem; with ``goal``, also its actual state, the kept formula,
    the candidate announcements and a plan item of one step (no expectation: a row's answer
    lives in its answer column)."""
    lines = [f"problem {name}", "  agents " + ", ".join(scene.children), "  setup forehead"]
    lines += [f"  announce {a}" for a in scene.announced]
    if goal is not None:
        actual = ", ".join(f"muddy({c})" for c in scene.muddy) or "nothing"
        lines.append(f"  actually {actual}")
        lines.append(f"  goal {goal}")
        if keep is not None:
            lines.append(f"  keep {keep}")
        lines += [f"  may announce {m}" for m in may]
        lines.append("  plan within 1 step")
    return "\n".join(lines) + "\n"


def parse_scene(text: str, where: str = "<row>"):
    from pyfront.problem.dsl import parse_problem

    return parse_problem(text, where)


def atom(pb, child: str) -> int:
    """The atom of ``child``'s forehead."""
    names = [a.name for a in pb.agents]
    return pb.vocabulary[names.index(child)]


def agent_id(pb, child: str) -> str:
    names = [a.name for a in pb.agents]
    return pb.agent_ids()[names.index(child)]


def scene_domain(pb, muddy: Sequence[str], engine: str = "auto", actions: Sequence[Form] = (),
                 upto: int | None = None):
    """The S5 planning domain of ``pb`` at the actual state where exactly ``muddy`` are
    muddy, after its first ``upto`` announcements (all by default), with ``actions``."""
    from smcdel_bridge.native.planning import S5Problem, get_s5_domain
    from smcdel_bridge.program import Structure

    from pyfront.problem.to_smcdel import obs_entries

    anns = [a.formula for a in pb.announcements][:upto]
    forms = [pb.law, *anns, *actions, *(K(i, Top()) for i in pb.agent_ids())]
    vocab, entries = obs_entries(pb, forms)
    structure = Structure(tuple(vocab), pb.law, tuple((i, tuple(r)) for i, r in entries))
    state = tuple(sorted(atom(pb, c) for c in muddy))
    return get_s5_domain(engine, S5Problem(structure, state, tuple(actions), tuple(anns)))


def rule_form(pb, rule: str, child: str) -> Form:
    """What makes ``child`` act under ``rule``."""
    a, p = agent_id(pb, child), Prp(atom(pb, child))
    return K(a, p) if rule == "step" else Kw(a, p)


def round_outcome(pb, rule: str, acting: Sequence[str]) -> Form:
    """The announcement a round makes public: exactly ``acting`` acted."""
    parts = [rule_form(pb, rule, c) if c in acting else Neg(rule_form(pb, rule, c))
             for c in (a.name for a in pb.agents)]
    return Conj(tuple(parts))


def rounds(scene: Scene, rule: str, count: int, engine: str = "auto"
           ) -> list[tuple[tuple[str, ...], str]]:
    """Who acts at each of ``count`` rounds, and the outcome's DSL text (announced before
    the next round)."""
    from pyfront.problem.dsl_print import formula_text

    out: list[tuple[tuple[str, ...], str]] = []
    announced = list(scene.announced)
    for _ in range(count):
        pb = parse_scene(scene_dsl(Scene(scene.children, scene.muddy, tuple(announced)), "r"))
        domain = scene_domain(pb, scene.muddy, engine)
        state = domain.initial()
        acting = tuple(c for c in scene.children
                       if domain.satisfies(state, rule_form(pb, rule, c)))
        text = formula_text(pb, round_outcome(pb, rule, acting))
        out.append((acting, text))
        announced.append(text)
    return out


def acting_now(pb, muddy: Sequence[str], rule: str, engine: str = "auto") -> tuple[str, ...]:
    """Who acts under ``rule`` after every announcement of ``pb``."""
    domain = scene_domain(pb, muddy, engine)
    state = domain.initial()
    return tuple(a.name for a in pb.agents
                 if domain.satisfies(state, rule_form(pb, rule, a.name)))


def one_step_plans(pb, muddy: Sequence[str], engine: str = "auto") -> list[Form]:
    """The ``may announce`` formulas of ``pb`` that are plans of one step to its goal with
    its kept formulas (the planner's list), each verified on its own as well."""
    from smcdel_bridge.planning import all_plans, verify_plan

    from pyfront.planning.problems import s5_problem

    item = pb.planning.plans[0]
    problem, task = s5_problem(pb, item)
    domain = scene_domain(pb, muddy, engine, problem.actions)
    plans = [p[0] for p in all_plans(domain, task) if len(p) == 1]
    verified = []
    for a in problem.actions:
        v = verify_plan(domain, task, [a])
        if v.ok and v.first_goal == 0 and not any(s.unchanged for s in v.steps):
            verified.append(a)
    if plans != verified:  # the two answers come from different code: they must agree
        raise AssertionError(f"{pb.name}: plans {plans} but verified {verified}")
    return plans


def world_form(pb, muddy: Sequence[str]) -> Form:
    """The state where exactly ``muddy`` are muddy, as a conjunction of literals."""
    names = [a.name for a in pb.agents]
    return Conj(tuple(Prp(atom(pb, c)) if c in muddy else Neg(Prp(atom(pb, c)))
                      for c in names))


def possible_worlds(pb, actual: Sequence[str], child: str, engine: str = "auto",
                    upto: int | None = None) -> list[tuple[str, ...]]:
    """The muddy sets ``child`` considers possible at the actual state (after ``upto``
    announcements): those whose description she does not know to be false."""
    from itertools import combinations

    names = [a.name for a in pb.agents]
    domain = scene_domain(pb, actual, engine, upto=upto)
    state = domain.initial()
    me = agent_id(pb, child)
    out = []
    for k in range(len(names) + 1):
        for combo in combinations(names, k):
            if domain.satisfies(state, Neg(K(me, Neg(world_form(pb, combo))))):
                out.append(combo)
    return out


def shaped(pb, shape: str, who: Sequence[str]) -> Form:
    """The announcement of ``shape`` about the children ``who`` (one or two)."""
    p = [Prp(atom(pb, c)) for c in who]
    if shape == "muddy":
        return p[0]
    if shape == "clean":
        return Neg(p[0])
    if shape == "either":
        return Disj((p[0], p[1]))
    if shape == "not_both":
        return Neg(Conj((p[0], p[1])))
    raise ValueError(f"unknown shape {shape!r}")


def candidates(pb, shape: str) -> list[tuple[tuple[str, ...], Form]]:
    """Every announcement of ``shape`` about the children of ``pb``, with whom it names."""
    from itertools import combinations

    names = [a.name for a in pb.agents]
    whos = [(c,) for c in names] if shape in ("muddy", "clean") else list(combinations(names, 2))
    return [(w, shaped(pb, shape, w)) for w in whos]
