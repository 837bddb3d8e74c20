"""Functional items on muddy children: *who acts next* under a stated rule (``step``: steps
forward exactly when she knows she is muddy; ``say``: answers "I know" exactly when she
knows whether she is), and *which announcement* makes B know whether she is muddy while C
still does not (the planner's answer set).

Each draw gives one :class:`~.items.Item` or None (the draw does not fit: more than one
child acts, too few options of a kind); answers come from :mod:`.muddy`, that is from the
engines.  Every random choice comes from the ``rng`` given.
"""

from __future__ import annotations

import random

from ..names import draw_names
from . import muddy as M
from .english import join, say
from .items import Item

#: options of a "which announcement" item
PLAN_OPTIONS = 3

#: the question types of the two rules
RULE_KIND = {"step": "step_forward", "say": "say_i_know"}


def _scene(rng: random.Random) -> tuple[list[str], list[str]]:
    n = rng.randint(3, 4)
    children = draw_names(rng, n)
    muddy = [c for c in children if rng.random() < 0.5] or [rng.choice(children)]
    return children, muddy


def _strangers(rng: random.Random, avoid, k: int) -> list[str]:
    names = [x for x in draw_names(rng, k + len(avoid)) if x not in avoid]
    return names[:k]


def _fact(rng: random.Random, children, muddy, pb_probe, engine: str):
    """A true statement of a random shape the mother tells (shape, who, DSL text), or None."""
    from pyfront.problem.dsl_print import formula_text

    shape = rng.choice(M.SHAPES)
    options = M.candidates(pb_probe, shape)
    rng.shuffle(options)
    domain = M.scene_domain(pb_probe, muddy, engine)
    for who, form in options:
        if domain.satisfies(domain.initial(), form):
            return shape, who, formula_text(pb_probe, form)
    return None


def draw_round_item(rng: random.Random, rule: str, engine: str = "auto") -> Item | None:
    """Who steps forward / answers "I know" at the father's k-th question."""
    children, muddy = _scene(rng)
    n = len(children)
    base = ["someone"]
    told = []
    if rng.random() < 0.5:
        probe = M.parse_scene(M.scene_dsl(M.Scene(tuple(children), tuple(muddy), ("someone",)), "p"))
        fact = _fact(rng, children, muddy, probe, engine)
        if fact is not None:
            base.append(fact[2])
            told = [say("told", fact[0], *fact[1], *([""] * (2 - len(fact[1]))))]
    scene = M.Scene(tuple(children), tuple(muddy), tuple(base))
    outcomes = M.rounds(scene, rule, n + 1, engine)
    # the game ends at the first round in which someone acts
    first = next((k for k, (acting, _) in enumerate(outcomes) if acting), len(outcomes) - 1)
    outcomes = outcomes[:first + 1]
    want_nobody = rng.random() < 1 / (n + 1)
    fits = [k for k, (acting, _) in enumerate(outcomes, 1)
            if (len(acting) == 0) == want_nobody and len(acting) <= 1]
    if not fits:
        return None
    k = fits[rng.randrange(len(fits))]
    acting = outcomes[k - 1][0]
    before = [text for _, text in outcomes[:k - 1]]
    final = M.Scene(tuple(children), tuple(muddy), tuple(base + before))
    problem = M.scene_dsl(final, "who_acts")
    pb = M.parse_scene(problem)
    worlds = {c: M.possible_worlds(pb, muddy, c, engine) for c in children}
    context = join([say("setting", children), say("actual", children, muddy), say("father"),
                    *told, *(join([say("ask", rule), say("outcome", rule, a)])
                             for a, _ in outcomes[:k - 1])])
    state = join([say("before_round", k), *(say("profile", c, children, worlds[c])
                                            for c in children)])
    nobody = say("nobody")
    answer = acting[0] if acting else nobody
    hard = list(children) + [nobody]
    keys = list(children) + ["nobody"]
    order = list(range(len(hard)))
    rng.shuffle(order)
    hard, keys = [hard[i] for i in order], [keys[i] for i in order]
    easy = [answer] + ([nobody] if acting else [])
    easy += _strangers(rng, set(children), len(hard) - len(easy))
    rng.shuffle(easy)
    return Item(kind=RULE_KIND[rule], order=1, n_agents=n, context=context, state=state,
                question=join([say("rule", rule), say("round_question", rule, k)]),
                answer=answer, choices=hard, easy_choices=easy, choice_keys=keys,
                problem=problem, query={"kind": RULE_KIND[rule], "rule": rule,
                                        "muddy": list(muddy)})


def draw_plan_item(rng: random.Random, engine: str = "auto") -> Item | None:
    """Which of three true announcements makes B know whether she is muddy while C still
    does not know whether she is (exactly one does)."""
    from smcdel_bridge.planning import verify_plan

    from pyfront.planning.problems import s5_problem
    from pyfront.problem.dsl_print import formula_text

    children, muddy = _scene(rng)
    b, c = rng.sample(children, 2)
    father = rng.random() < 0.5
    scene = M.Scene(tuple(children), tuple(muddy), ("someone",) if father else ())
    goal, keep = f"{b} knows whether muddy({b})", f"{c} does not know whether muddy({c})"
    shape = rng.choice(M.SHAPES)
    probe = M.parse_scene(M.scene_dsl(scene, "p", goal=goal, keep=keep, may=["true"]))
    domain = M.scene_domain(probe, muddy, engine)
    start = domain.initial()
    if domain.satisfies(start, probe.planning.goal):
        return None
    _, task = s5_problem(probe, probe.planning.plans[0])
    usable = []  # true at the actual state and informative: each could be announced
    for who, form in M.candidates(probe, shape):
        if not domain.satisfies(start, form):
            continue
        steps = verify_plan(domain, task, [form]).steps
        if steps and not steps[0].unchanged:
            usable.append((who, formula_text(probe, form)))
    if len(usable) < PLAN_OPTIONS:
        return None
    full = M.parse_scene(M.scene_dsl(scene, "p", goal=goal, keep=keep,
                                     may=[t for _, t in usable]))
    works = {formula_text(full, f) for f in M.one_step_plans(full, muddy, engine)}
    good = [u for u in usable if u[1] in works]
    bad = [u for u in usable if u[1] not in works]
    if not good or len(bad) < PLAN_OPTIONS - 1:
        return None
    shown = [rng.choice(good)] + rng.sample(bad, PLAN_OPTIONS - 1)
    rng.shuffle(shown)
    problem = M.scene_dsl(scene, "which_announcement", goal=goal, keep=keep,
                          may=[t for _, t in shown])
    pb = M.parse_scene(problem)
    (right,) = [formula_text(pb, f) for f in M.one_step_plans(pb, muddy, engine)]
    texts = [say("statement", shape, *who, *([""] * (2 - len(who)))) for who, _ in shown]
    keys = [t for _, t in shown]
    answer = texts[keys.index(right)]
    easy = [answer]
    for _ in range(PLAN_OPTIONS - 1):
        who = _strangers(rng, set(children), len(shown[0][0]))
        easy.append(say("statement", shape, *who, *([""] * (2 - len(who)))))
    rng.shuffle(easy)
    worlds = [M.possible_worlds(pb, muddy, x, engine) for x in (b, c)]
    context = join([say("setting", children), say("actual", children, muddy),
                    say("father") if father else ""])
    state = join([say("profile", x, children, w) for x, w in zip((b, c), worlds)])
    return Item(kind="which_announcement", order=1, n_agents=len(children), context=context,
                state=state, question=join([say("rule", "announce"), say("plan_question", b, c)]),
                answer=answer, choices=texts, easy_choices=easy, choice_keys=keys,
                problem=problem, query={"kind": "which_announcement", "muddy": list(muddy)})
