"""The symbolic engine: SMCDEL inputs answered on BDDs, as ``SMCDEL.Symbolic.S5`` does.

States are never enumerated (except to list the answer of a ``WHERE?``), so the engine
scales to vocabularies far beyond what explicit state sets allow — muddy children with
dozens of children, for instance.  The semantics live in :mod:`.bdd_structure`; this module
is the :class:`~smcdel_bridge.backend.Backend` face of it.
"""

from __future__ import annotations

from typing import Iterator

from ..backend import StreamingBackend
from ..errors import SmcdelError
from .deep import call_deep
from ..program import (
    Answer,
    BoolAnswer,
    CheckInput,
    StatesAnswer,
    TrueQ,
    ValidQ,
    WhereQ,
)

class SymbolicBackend(StreamingBackend):
    """Model checking on binary decision diagrams (``dd`` with CUDD, or its pure-Python BDDs).

    ``bdd="auto"`` (default) uses ``dd.cudd`` when it loads and ``dd.autoref`` otherwise;
    ``"cudd"`` or ``"autoref"`` insist on one.
    """

    name = "symbolic"

    def __init__(self, bdd: str = "auto", **options):
        if options:
            raise ValueError(f"the symbolic engine has no option {', '.join(map(repr, options))} "
                             "(its option: bdd)")
        self.bdd_impl = bdd
        #: (structure, its SymbolicStructure): the last one built (:mod:`.kept`)
        self._kept: tuple | None = None

    def available(self) -> bool:
        from .bdd_manager import load_implementation

        try:
            load_implementation(self.bdd_impl)
        except ImportError:
            return False
        return True

    def version(self) -> str:
        from .bdd_manager import dd_version, load_implementation

        try:
            impl = load_implementation(self.bdd_impl).__name__
        except ImportError:
            return "symbolic BDD engine (dd not installed)"
        return f"symbolic BDD engine ({impl} from dd {dd_version() or 'unknown version'})"

    def structure(self, program: CheckInput):
        """The :class:`~.bdd_structure.SymbolicStructure` of a program's ``VARS/LAW/OBS``."""
        from .bdd_manager import BddManager
        from .bdd_structure import SymbolicStructure

        s = program.structure
        manager = BddManager(self.bdd_impl)
        return SymbolicStructure.from_parts(s.vocab, s.law, s.obs, manager=manager)

    def iter_answers(self, program: CheckInput) -> Iterator[Answer]:
        """Answers one job at a time, after the reference's sanity checks.

        A failure (such as a non-Boolean law, detected when a job first needs the law, as
        in the reference) is raised when the job that meets it is reached.
        """
        from ..syntax.sanity import sanity_check
        from .kept import KEEP_NODES, answers_on

        sanity_check(program)
        kept = self._kept
        if kept is not None and answers_on(kept[0], program):
            kns = kept[1]
        else:
            self._kept = kept = None  # the old manager goes before a new one is built
            kns = self.structure(program)
        for job in program.jobs:
            failure: SmcdelError | None = None
            try:
                try:
                    answer = _answer(kns, job)
                except RecursionError:  # a very deep formula: again, on a deep stack
                    answer = call_deep(_answer, kns, job)
            except SmcdelError as err:
                failure = err
            if failure is not None:
                self._kept = kept = None
                del kns
                # no traceback: its frames would keep BDD nodes alive past their manager
                raise failure.with_traceback(None) from None
            yield answer
        small = len(kns.manager.bdd) <= KEEP_NODES
        self._kept = (kept or (program.structure, kns)) if small else None

def _answer(kns, job) -> Answer:
    if isinstance(job, TrueQ):
        return BoolAnswer("TRUE?", kns.true_at(job.state, job.form))
    if isinstance(job, ValidQ):
        return BoolAnswer("VALID?", kns.valid(job.form))
    if isinstance(job, WhereQ):
        return StatesAnswer(tuple(kns.where(job.form)))
    raise TypeError(f"not a job: {job!r}")
