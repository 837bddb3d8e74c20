"""Explanations of number puzzles: the possibilities left after each announcement (a table
when there are many), what each agent is told, and every hypothesis and question answered
where it is asked.

A number puzzle has hundreds or thousands of states, so the explanation does not draw them
world by world as :mod:`.build` does for small problems; it counts them, lists them when
few are left, and shows a table of the first ones otherwise.
"""

from __future__ import annotations

from smcdel_bridge.values import field, value

from pyfront.problem.model import Problem
from pyfront.problem.puzzle_structure import atom_name

#: possibilities listed in full; beyond, a table of the first TABLE_ROWS
LIST_AT_MOST = 12
TABLE_ROWS = 20


@value
class Table:
    columns: list[str]
    rows: list[list[str]]
    total: int

    @property
    def widths(self) -> list[int]:
        return [max([len(c)] + [len(r[k]) for r in self.rows]) for k, c in enumerate(self.columns)]


@value
class Asked:
    kind: str  # "hypothesis" | "question"
    name: str
    english: str
    answer: str
    expected: str | None
    agrees: bool | None
    #: a possibility where a hypothesis fails, when it does
    counterexample: str | None = None


@value
class PuzzleStep:
    number: int
    english: str
    before: int
    after: int
    left: Table
    asked: list[Asked] = field(default_factory=list)


@value
class PuzzleExplanation:
    name: str
    premise: str
    told: list[str]
    initial: Table
    asked_first: list[Asked]
    steps: list[PuzzleStep]


def _table(pb: Problem, answers, live: int) -> Table:
    from smcdel_bridge.terms import term_text

    vs = answers.vs
    names = [v.name for v in pb.variables]
    terms = []
    for row in pb.observed_terms:
        for t in row:
            if term_text(t) not in names and t not in terms:
                terms.append(t)
    fns = [vs.function(t) for t in terms]
    idx = [vs.names.index(n) for n in names]
    atoms = [vs.names.index(atom_name(a)) for a in pb.vocabulary]
    columns = names + [atom_text(pb, a) for a in pb.vocabulary] + [term_text(t) for t in terms]
    states = [i for i, c in enumerate(bin(live)[:1:-1]) if c == "1"]
    shown = states if len(states) <= LIST_AT_MOST else states[:TABLE_ROWS]
    rows = [[str(vs.states[i][k]) for k in idx] + [str(int(vs.states[i][k])) for k in atoms]
            + [str(fn(vs.states[i])) for fn in fns] for i in shown]
    return Table(columns, rows, len(states))


def atom_text(pb: Problem, atom: int) -> str:
    """An atom as the DSL writes it (``muddy(Ann)``, ``rain``)."""
    from pyfront.problem.dsl_print import ProblemFormulaPrinter

    return ProblemFormulaPrinter(pb).atom(atom)


def _asked(pb: Problem, answers, kind: str, i: int, style: str) -> Asked:
    from pyfront import verbalize
    from pyfront.problem.values import answer_text

    if kind == "hypothesis":
        h = pb.hypotheses[i]
        valid, _ = answers.hypothesis(i)
        counter = None
        if not valid:
            live = answers.live(h.announcements_before(len(pb.announcements)))
            bad = live & ~answers.vs.holds(h.formula, live)
            counter = answer_text(answers.vs.valuations(bad & -bad, [v.name for v in pb.variables]))
        expected = h.expected_label
        label = "entailment" if valid else "not_entailment"
        return Asked("hypothesis", h.name, verbalize.hypothesis(pb, i, style=style),
                     "true in every possibility left" if valid else "not true in every possibility left",
                     expected, None if expected is None else expected == label, counter)
    q = pb.questions[i]
    answer, _ = answers.question(i)
    return Asked("question", q.name, verbalize.question(pb, i, style=style),
                 answer_text(answer) if len(answer) <= LIST_AT_MOST else f"{len(answer)} possibilities",
                 q.expected_text(), q.agrees(answer))


def explain_puzzle(pb: Problem, style: str = "natural", answers=None) -> PuzzleExplanation:
    """``answers``: the puzzle's :class:`PuzzleAnswers`, when the caller has them."""
    from pyfront import verbalize
    from pyfront.problem.puzzle_check import puzzle_jobs
    from pyfront.problem.puzzle_structure import PuzzleAnswers

    answers = answers or PuzzleAnswers(pb)
    told = []
    for agent, atoms, terms in zip(pb.agents, pb.observations, pb.observed_terms):
        from smcdel_bridge.terms import term_text

        seen = [term_text(t) for t in terms] + [atom_text(pb, a) for a in atoms]
        if seen:
            told.append(f"{agent.name} is told {', '.join(seen)}: "
                        f"{len(answers.vs.partition(pb.agent_id(agent.name)))} different answers")
    by_position: dict[int, list[Asked]] = {}
    for position, _, job in puzzle_jobs(pb):
        by_position.setdefault(position, []).append(_asked(pb, answers, job.kind, job.index, style))
    steps = []
    for k, a in enumerate(pb.announcements, 1):
        steps.append(PuzzleStep(k, verbalize.announcement(pb, k - 1, style=style),
                          bin(answers.live(k - 1)).count("1"), bin(answers.live(k)).count("1"),
                          _table(pb, answers, answers.live(k)), by_position.get(k, [])))
    return PuzzleExplanation(pb.name, verbalize.premise(pb, style=style), told,
                             _table(pb, answers, answers.live(0)), by_position.get(0, []), steps)


def render(explanations: list[PuzzleExplanation], fmt: str = "text",
           pictures: dict | None = None) -> str:
    """The explanations as plain text or Markdown (template ``puzzle.j2``), with links to
    the ``pictures`` ``explain --graph`` wrote (:func:`.picture_files.key` -> path)."""
    import jinja2
    from importlib.resources import files

    from ..cache import template_cache

    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(
            lambda name: files("pyfront.explain").joinpath("templates", name).read_text("utf-8")),
        trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined,
        bytecode_cache=template_cache("puzzle"))
    return env.get_template("puzzle.j2").render(puzzles=explanations, md=fmt == "md",
                                                    pictures=pictures or {})
