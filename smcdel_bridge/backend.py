"""The one backend interface, written down once.

Every checker — the explicit engine, the symbolic (BDD) engine and the official
``smcdel`` binary — implements :class:`Backend`, so callers pick one by name
(:func:`get_backend`) and tests run the same cases on all of them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Iterable, Iterator

from .engines import ENGINE_NAMES
from .errors import SmcdelError
from .program import Answer, CheckInput


class Backend(ABC):
    """A model checker for SMCDEL inputs."""

    #: short name used on the command line (``native``, ``explicit``, ``symbolic``, ``smcdel``)
    name: str = "abstract"

    @abstractmethod
    def available(self) -> bool:
        """Whether this backend can run on this machine."""

    @abstractmethod
    def version(self) -> str:
        """A one-line version description (for ``mindgames doctor``)."""

    @abstractmethod
    def run(self, program: CheckInput) -> list[Answer]:
        """Answer every job of ``program`` in order.

        Raises :class:`~smcdel_bridge.errors.SmcdelError` (sanity, boolean-law, size or
        backend failures) with the reference's wording.
        """

    def iter_answers(self, program: CheckInput) -> Iterator[Answer]:
        """Answers one job at a time, so a caller can print each before the next.

        The default runs the whole program; when it fails, the answers it had given
        before the failing job (``err.partial``) come first, then the error.
        Engines that answer job by job override it.
        """
        try:
            answers = self.run(program)
        except SmcdelError as err:
            yield from err.partial
            raise
        yield from answers

    def run_many(
        self, programs: Iterable[CheckInput]
    ) -> Iterator[list[Answer] | SmcdelError]:
        """Answer many independent programs; a failing one yields its error, the rest go on.

        Backends with a per-call cost (the official binary) override this to batch.
        """
        for program in programs:
            try:
                yield self.run(program)
            except SmcdelError as err:
                yield err


_AUTO, _EXPLICIT, _SYMBOLIC = ENGINE_NAMES
_REGISTRY: dict[str, str] = {
    # name -> "module:class"; imported when asked for, to keep start-up lean.  ``native``
    # is the engine ``auto`` of this level (its ``engine`` option: explicit, symbolic or
    # auto, by the rule of :mod:`smcdel_bridge.engines`)
    _EXPLICIT: "smcdel_bridge.native.explicit:ExplicitBackend",
    _SYMBOLIC: "smcdel_bridge.native.symbolic:SymbolicBackend",
    "native": "smcdel_bridge.native:NativeBackend",
    "smcdel": "smcdel_bridge.official.binary:OfficialBackend",
}


def backend_names() -> tuple[str, ...]:
    """The names :func:`get_backend` takes."""
    return tuple(_REGISTRY)


def get_backend(name: str, **options) -> Backend:
    """Instantiate the backend called ``name`` (see :func:`backend_names`)."""
    import importlib

    try:
        target = _REGISTRY[name]
    except KeyError:
        raise ValueError(
            f"unknown backend {name!r}; choose one of {', '.join(_REGISTRY)}"
        ) from None
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)(**options)


class StreamingBackend(Backend):
    """A backend that answers job by job: implement :meth:`iter_answers`; :meth:`run`
    collects the answers and, when a job fails, attaches those before it to the error as
    ``err.partial`` (what the reference had printed before failing)."""

    @abstractmethod
    def iter_answers(self, program: CheckInput) -> Iterator[Answer]:
        """Answers one job at a time; raises after yielding the answers before a failure."""

    def run(self, program: CheckInput) -> list[Answer]:
        done: list[Answer] = []
        try:
            for a in self.iter_answers(program):
                done.append(a)
        except SmcdelError as err:
            err.partial = tuple(done)
            # drop the engine's frames: they may pin BDD nodes that must be released now
            raise err.with_traceback(None) from None
        return done
