"""A problem with variables on the value engine: its states, and the answers to its
hypotheses and questions, each after the announcements written above it.

The value engine (:mod:`smcdel_bridge.native.values`) works on valuations directly; the
problem's Boolean atoms (predicates, propositions) become 0/1 variables named ``#n``, so a
puzzle may mix both.
"""

from __future__ import annotations

from smcdel_bridge.native.values import ValueStructure
from smcdel_bridge.terms import Var

from pyfront.problem.model import Problem


def atom_name(atom: int) -> str:
    return f"#{atom}"


def atom_variable(name: str) -> int:
    """The atom a ``#n`` variable of the value structure stands for."""
    return int(name[1:])


def value_structure(pb: Problem) -> ValueStructure:
    domains: dict = {v.name: v.values for v in pb.variables}
    atoms = {}
    for a in pb.vocabulary:
        domains[atom_name(a)] = (False, True)
        atoms[a] = atom_name(a)
    obs = {}
    for ident, row, terms in zip(pb.agent_ids(), pb.observations, pb.observed_terms):
        obs[ident] = tuple(Var(atom_name(a)) for a in row) + tuple(terms)
    return ValueStructure(domains, pb.law, obs, atoms=atoms)


class PuzzleAnswers:
    """Answers of one problem's hypotheses and questions (the structure built once, the
    live states after each number of announcements kept)."""

    def __init__(self, pb: Problem):
        self.pb = pb
        self.vs = value_structure(pb)
        self._live = [self.vs.everything]

    def live(self, k: int) -> int:
        """The states left after the first ``k`` announcements."""
        while len(self._live) <= k:
            n = len(self._live) - 1
            self._live.append(self.vs.announce(self._live[-1], self.pb.announcements[n].formula))
        return self._live[k]

    def hypothesis(self, i: int) -> tuple[bool, bool]:
        """(valid, contradictory) of hypothesis ``i``, asked where it is written."""
        h = self.pb.hypotheses[i]
        live = self._after(h.announcements_before(len(self.pb.announcements)))
        return self.vs.valid(h.formula, live), live == 0

    def question(self, i: int) -> tuple[list[dict], bool]:
        """(answer, contradictory) of question ``i``: the remaining valuations of its
        variables (the problem's variables, not its atoms)."""
        q = self.pb.questions[i]
        live = self._after(q.after)
        return self.vs.valuations(live, list(q.variables)), live == 0

    def _after(self, k: int) -> int:
        """Live states after ``k`` announcements; when an earlier announcement was false
        everywhere, the later ones are evaluated on no state (like ``[ ! f ]`` nesting)."""
        return self.live(k)

    def counts(self) -> list[int]:
        """How many states remain after 0, 1, … announcements (for explanations)."""
        return [bin(self.live(k)).count("1") for k in range(len(self.pb.announcements) + 1)]
