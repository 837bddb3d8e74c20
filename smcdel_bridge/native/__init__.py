"""Embedded model checkers: the default ``native`` backend and its two engines.

``NativeBackend(engine="auto"|"explicit"|"symbolic")`` answers SMCDEL inputs in-process:

* ``explicit`` — truth tables in Python ints (:mod:`.explicit`), microseconds per
  MindGames-size check, up to :data:`~.knowledge.MAX_ATOMS` atoms;
* ``symbolic`` — BDDs (:mod:`.symbolic`), for large vocabularies;
* ``auto`` (default) — explicit for vocabularies of at most :data:`AUTO_EXPLICIT_ATOMS`
  distinct atoms, symbolic above, and symbolic as well when the explicit engine finds a
  structure too large (e.g. through nested group announcements).

Both engines give the reference's answers; the symbolic engine is imported only when it
is chosen.  ``run`` raises :class:`~smcdel_bridge.errors.SmcdelError` like every backend
(with ``err.partial``: the answers of the jobs before the failing one).
"""

from __future__ import annotations

from typing import Iterator

from ..backend import Backend, StreamingBackend
from ..errors import TooLargeError
from ..program import Answer, CheckInput, Structure

from ..engines import AUTO_EXPLICIT_ATOMS, unknown_engine
from ..engines import ENGINE_NAMES as ENGINES

#: the options each engine takes (the native backend hands each engine its own)
ENGINE_OPTIONS = {"explicit": ("limit",), "symbolic": ("bdd",)}


class NativeBackend(StreamingBackend):
    """The embedded checker, choosing its engine by the structure's size."""

    name = "native"

    def __init__(self, engine: str = "auto", **options):
        if engine not in ENGINES:
            raise ValueError(unknown_engine(engine))
        unknown = sorted(set(options) - set(ENGINE_OPTIONS["explicit"] + ENGINE_OPTIONS["symbolic"]))
        if unknown:
            raise ValueError(f"the native backend has no option {', '.join(map(repr, unknown))} "
                             "(its options: engine, bdd, limit)")
        self.engine = engine
        self.options = options
        self._explicit = None
        self._symbolic = None

    def _options_of(self, engine: str) -> dict:
        return {k: v for k, v in self.options.items() if k in ENGINE_OPTIONS[engine]}

    # engines, built on first use
    def explicit(self):
        if self._explicit is None:
            from .explicit import ExplicitBackend

            self._explicit = ExplicitBackend(**self._options_of("explicit"))
        return self._explicit

    def symbolic(self):
        if self._symbolic is None:
            from .symbolic import SymbolicBackend

            self._symbolic = SymbolicBackend(**self._options_of("symbolic"))
        return self._symbolic

    def engine_for(self, structure: Structure) -> Backend:
        """The engine that answers about ``structure``."""
        if self.engine == "explicit":
            return self.explicit()
        if self.engine == "symbolic":
            return self.symbolic()
        if len(set(structure.vocab)) <= AUTO_EXPLICIT_ATOMS:
            return self.explicit()
        return self.symbolic()

    # Backend interface
    def available(self) -> bool:
        if self.engine == "symbolic":
            return self.symbolic().available()
        return True

    def version(self) -> str:
        if self.engine == "auto":
            return (f"native (explicit up to {AUTO_EXPLICIT_ATOMS} atoms, "
                    "symbolic above)")
        engine = self.explicit() if self.engine == "explicit" else self.symbolic()
        return f"native ({self.engine}): {engine.version()}"

    def iter_answers(self, program: CheckInput) -> Iterator[Answer]:
        """Answers one job at a time (see :meth:`ExplicitBackend.iter_answers`)."""
        engine = self.engine_for(program.structure)
        if engine is self._explicit and self.engine == "auto":
            done = 0
            try:
                for a in engine.iter_answers(program):
                    done += 1
                    yield a
                return
            except TooLargeError as too_large:
                # its traceback holds this frame, which goes on to hold the symbolic
                # engine's BDDs: a cycle the collector may free manager first
                too_large.__traceback__ = None
                rest = CheckInput(program.structure, program.jobs[done:])
                engine = self.symbolic()
                program = rest
        if hasattr(engine, "iter_answers"):
            yield from engine.iter_answers(program)
        else:
            yield from engine.run(program)

__all__ = ["NativeBackend", "AUTO_EXPLICIT_ATOMS", "ENGINES"]
