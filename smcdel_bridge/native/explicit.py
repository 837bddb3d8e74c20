"""The explicit-state S5 engine: SMCDEL's answers from truth tables held in Python ints.

Two levels of API:

``ExplicitBackend`` (name ``"explicit"``) implements :class:`~smcdel_bridge.backend.Backend`::

    from smcdel_bridge.native.explicit import ExplicitBackend
    answers = ExplicitBackend().run(check_input)      # list[BoolAnswer | StatesAnswer]
    for answer in ExplicitBackend().iter_answers(check_input): ...   # one job at a time

It answers ``VALID?``, ``TRUE?`` and ``WHERE?`` exactly as the reference CLI (SMCDEL
1.3.0) does, in the reference's state order; a law that is not Boolean fails the first
job that needs it (:class:`~smcdel_bridge.errors.NotBooleanError`) — ``run`` then
attaches the answers of the jobs before it as ``err.partial``.  Structures with more
than :data:`MAX_ATOMS` atoms raise :class:`~smcdel_bridge.errors.TooLargeError`.

``ExplicitModel`` is the Kripke-model view of one knowledge structure, for tools that
draw or explain models::

    model = ExplicitModel(structure)                   # a program.Structure
    model.states                 # law states, sorted atom tuples, reference order
    model.holds(form)            # bitset over model.states (bit i <-> model.states[i])
    model.valid(form); model.where(form); model.true_at((1, 3), form)
    model.announce(form)         # the model after a public announcement (a new model)
    model.indistinguishable("alice", (1, 3))   # states alice cannot tell from (1, 3)
    model.partition("alice")     # alice's equivalence classes, lists of states
    model.partitions()           # {agent: partition}

``holds``/``states`` speak about the states of the law; ``valid``/``where``/``true_at``
answer like the reference's ``VALID?``/``WHERE?``/``TRUE?`` (``true_at`` accepts any
assignment of the vocabulary, also one that breaks the law: the reference evaluates the
formula's Boolean function there).

Compiled structures are cached (keyed by the :class:`~smcdel_bridge.program.Structure`),
so the many problems that share ``VARS``/``LAW``/``OBS`` share the work, including the
structures after common first announcements.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Iterable, Iterator

from ..backend import StreamingBackend
from ..errors import SanityError, SmcdelError
from ..language import Agent, Form, PubAnnounce
from ..program import (
    Answer, BoolAnswer, CheckInput, StatesAnswer, Structure, TrueQ, ValidQ, WhereQ,
)
from ..syntax.sanity import sanity_check
from .deep import call_deep
from .truth_tables import remembered, truth_table
from .knowledge import MAX_ATOMS, BitStructure
from .order import reference_states

State = tuple[int, ...]

_CACHE_SIZE = 512
_compiled: OrderedDict[tuple[Structure, int], BitStructure] = OrderedDict()
#: small structures by their object's identity (the entry holds the object), and how many
_by_identity: dict[int, tuple[Structure, int, BitStructure]] = {}
_IDENTITY_SIZE = 2048
_IDENTITY_ATOMS = 12
#: runs of announcements one structure keeps the end of (``valid_after``)
_WALKS = 1024


def compile_structure(structure: Structure, limit: int = MAX_ATOMS) -> BitStructure:
    """The :class:`BitStructure` of ``structure`` (cached; raises ``TooLargeError`` above
    ``limit`` distinct atoms and ``SanityError`` for atoms outside ``VARS``).

    A small structure met again as the very same object (the fast path shares one per
    header text) is found by identity first: hashing a structure costs more than a check."""
    seen = _by_identity.get(id(structure))
    if seen is not None and seen[0] is structure and seen[1] == limit:
        return seen[2]
    key = (structure, limit)
    try:
        bs = _compiled.get(key)
    except TypeError:  # built with lists instead of tuples: fine, just not cached
        return BitStructure(structure.vocab, structure.law, structure.obs, limit=limit)
    if bs is not None:
        _compiled.move_to_end(key)
    else:
        bs = BitStructure(structure.vocab, structure.law, structure.obs, limit=limit)
        _compiled[key] = bs
        if len(_compiled) > _CACHE_SIZE:
            _compiled.popitem(last=False)
    if bs.space.n <= _IDENTITY_ATOMS:
        if len(_by_identity) >= _IDENTITY_SIZE:
            _by_identity.clear()
        _by_identity[id(structure)] = (structure, limit, bs)
    return bs


def state_index(bs: BitStructure, state: Iterable[int]) -> int:
    """Assignment index of the state whose true atoms are ``state``."""
    index = 0
    position = bs.position
    for atom in state:
        try:
            index |= 1 << position[atom]
        except KeyError:
            raise SanityError(["TRUE? query contains atoms not in VARS!"]) from None
    return index


# --- the reference's three jobs ------------------------------------------------------------

def is_valid(bs: BitStructure, form: Form) -> bool:
    """``VALID?``: the law implies the formula (leading announcements walked, see
    :func:`valid_after`)."""
    announcements = []
    while form.__class__ is PubAnnounce:
        announcements.append(form.ann)
        form = form.f
    return valid_after(bs, announcements, form)


def valid_after(bs: BitStructure, announcements: Iterable[Form], form: Form) -> bool:
    """``VALID? [! a1] … [! an] form``.

    ``[! a] g`` is valid exactly when ``g`` holds at every state of the structure after
    ``a`` (``law & a`` implies ``g`` there), so the announcements are walked rather than
    evaluated as formulas: the same tables in the same order (so the same errors), each
    kept for the rows that share it (:func:`remembered`), without the disjunctions.  A
    run given as a tuple (the fast path shares one per text) is walked once per
    structure: the structure after it is kept by the run's identity, the entry holding
    the run (a walk that fails keeps nothing, so it fails again alike)."""
    bs.law  # a law that is not Boolean fails first, as in the reference
    walks = bs.walks if announcements.__class__ is tuple and announcements else None
    hit = None if walks is None else walks.get(id(announcements))
    if hit is not None and hit[0] is announcements:
        bs = hit[1]
    else:
        for ann in announcements:
            bs = bs.restrict(remembered(bs, ann))
        if walks is not None:
            if len(walks) >= _WALKS:
                walks.clear()
            walks[id(announcements)] = (announcements, bs)
    return ((bs.space.full ^ bs.law) | remembered(bs, form)) == bs.space.full


def is_true_at(bs: BitStructure, state: Iterable[int], form: Form) -> bool:
    """``TRUE? {state}``: the formula's Boolean function at that assignment (law or not)."""
    index = state_index(bs, state)
    return bool((truth_table(bs, form) >> index) & 1)


def where(bs: BitStructure, form: Form) -> list[State]:
    """``WHERE?``: the law states where the formula holds, in the reference's order."""
    law = bs.law
    return reference_states(bs.space, bs.atoms, bs.vocab, law & truth_table(bs, form))


def answer(bs: BitStructure, job) -> Answer:
    """Answer one job on a compiled structure."""
    if isinstance(job, ValidQ):
        return BoolAnswer("VALID?", is_valid(bs, job.form))
    if isinstance(job, TrueQ):
        return BoolAnswer("TRUE?", is_true_at(bs, job.state, job.form))
    if isinstance(job, WhereQ):
        return StatesAnswer(tuple(where(bs, job.form)))
    raise TypeError(f"not a job: {job!r}")


class ExplicitBackend(StreamingBackend):
    """The explicit-state engine behind the common backend interface."""

    name = "explicit"

    def __init__(self, limit: int = MAX_ATOMS, **options):
        """``limit``: most atoms (fresh ones included) to enumerate."""
        if options:
            raise ValueError(f"the explicit engine has no option {', '.join(map(repr, options))} "
                             "(its option: limit)")
        self.limit = limit

    def available(self) -> bool:
        return True

    def version(self) -> str:
        return f"explicit truth-table engine (pure Python, up to {self.limit} atoms)"

    def compile(self, structure: Structure) -> BitStructure:
        return compile_structure(structure, self.limit)

    def iter_answers(self, program: CheckInput) -> Iterator[Answer]:
        """Answers one job at a time, so that a caller can print each before the next;
        a job that fails raises after the answers before it were yielded.

        As in the reference, the sanity checks come first: an input that fails them gets
        no answer at all.  They cost nothing extra on good inputs — every atom and agent
        is checked where the engine meets it — and the complete check
        (:func:`~smcdel_bridge.syntax.sanity.sanity_check`, all reasons in the reference's
        order) runs only once something is wrong or a job was cut short.
        """
        try:
            results = self._evaluate(program)
        except RecursionError:  # a formula nested very deeply
            results = call_deep(self._evaluate, program)
        for r in results:
            if isinstance(r, SmcdelError):
                raise r
            yield r

    def _evaluate(self, program: CheckInput) -> list[Answer | SmcdelError]:
        """Every job's answer, or the error that job meets (sanity errors are raised)."""
        results: list[Answer | SmcdelError] = []
        try:
            bs = self.compile(program.structure)
            for job in program.jobs:
                try:
                    results.append(answer(bs, job))
                except SanityError:
                    raise
                except SmcdelError as err:  # e.g. a law that is not Boolean
                    results.append(err)
        except SmcdelError:
            sanity_check(program)
            raise
        if any(isinstance(r, SmcdelError) for r in results):
            sanity_check(program)  # a failed job was not looked at to its end
        return results

# --- the Kripke-model view ----------------------------------------------------------------

class ExplicitModel:
    """An S5 Kripke model view of a knowledge structure (see the module docstring)."""

    __slots__ = ("_bs", "_states", "_index", "_assignments")

    def __init__(self, structure: Structure | BitStructure, limit: int = MAX_ATOMS):
        self._bs = (structure if isinstance(structure, BitStructure)
                    else compile_structure(structure, limit))
        bs = self._bs
        vocab = tuple(dict.fromkeys(bs.vocab))  # the view lists each state once
        self._states: tuple[State, ...] = tuple(
            reference_states(bs.space, bs.atoms, vocab, bs.law))
        self._index = {s: i for i, s in enumerate(self._states)}
        self._assignments = tuple(state_index(bs, s) for s in self._states)

    # structure
    @property
    def structure(self) -> BitStructure:
        return self._bs

    @property
    def vocabulary(self) -> tuple[int, ...]:
        return self._bs.atoms

    @property
    def agents(self) -> tuple[Agent, ...]:
        return tuple(self._bs.observed)

    def observed(self, agent: Agent) -> tuple[int, ...]:
        """Atoms ``agent`` observes."""
        self._bs.unobserved(agent)  # raises for an unknown agent
        return self._bs.observed[agent]

    @property
    def states(self) -> tuple[State, ...]:
        """The states (assignments satisfying the law), in the reference's order."""
        return self._states

    def __len__(self) -> int:
        return len(self._states)

    # truth
    def table(self, form: Form) -> int:
        """The formula's truth table over all assignments (the reference's BDD)."""
        return truth_table(self._bs, form)

    def holds(self, form: Form) -> int:
        """Bitset over :attr:`states`: bit ``i`` is set when ``form`` is true at ``states[i]``."""
        table = truth_table(self._bs, form)
        out = 0
        for i, a in enumerate(self._assignments):
            if (table >> a) & 1:
                out |= 1 << i
        return out

    def states_of(self, bits: int) -> list[State]:
        """The states a :meth:`holds` bitset stands for, in order."""
        return [s for i, s in enumerate(self._states) if (bits >> i) & 1]

    def valid(self, form: Form) -> bool:
        return is_valid(self._bs, form)

    def true_at(self, state: Iterable[int], form: Form) -> bool:
        return is_true_at(self._bs, state, form)

    def where(self, form: Form) -> list[State]:
        return where(self._bs, form)

    # dynamics
    def announce(self, form: Form) -> "ExplicitModel":
        """The model after publicly announcing ``form`` (its states are those where it held)."""
        return ExplicitModel(self._bs.restrict(truth_table(self._bs, form)))

    # relations
    def _key(self, agent: Agent, state: State) -> int:
        bs = self._bs
        hidden = bs.unobserved(agent)
        index = state_index(bs, state)
        for j in hidden:
            index &= ~(1 << j)
        return index

    def indistinguishable(self, agent: Agent, state: Iterable[int]) -> list[State]:
        """The states ``agent`` cannot tell apart from ``state`` (including itself)."""
        state = tuple(sorted(set(state)))
        key = self._key(agent, state)
        return [s for s in self._states if self._key(agent, s) == key]

    def partition(self, agent: Agent) -> list[list[State]]:
        """``agent``'s equivalence classes, in order of their first state."""
        classes: dict[int, list[State]] = {}
        for s in self._states:
            classes.setdefault(self._key(agent, s), []).append(s)
        return list(classes.values())

    def partitions(self) -> dict[Agent, list[list[State]]]:
        return {a: self.partition(a) for a in self.agents}

    def __repr__(self) -> str:
        return f"<ExplicitModel {len(self._states)} states, agents {', '.join(self.agents)}>"


#: Alias used by the explanation tools.
KripkeView = ExplicitModel

__all__ = [
    "ExplicitBackend", "ExplicitModel", "KripkeView", "MAX_ATOMS",
    "compile_structure", "is_valid", "is_true_at", "valid_after", "where", "answer",
]
