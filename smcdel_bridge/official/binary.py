"""The official ``smcdel`` binary as a backend.

Each call of the binary reads one whole input (``smcdel -`` on standard input), answers its
jobs and exits; there is no persistent session to drive, so plain pipes serve (no pty).
A call costs ~65 ms before any work, so :meth:`OfficialBackend.run_many` packs many
independent problems into one call (see :mod:`.packing`) and runs several calls in
parallel (see :mod:`.batch`).  One call is :func:`.process.call_binary` (its own process
group, a scratch ``TMPDIR``, killed after its time limit).
"""

from __future__ import annotations

import os
import shutil
from typing import Iterable, Iterator

from smcdel_bridge.backend import Backend
from smcdel_bridge.errors import BackendError, SmcdelError
from smcdel_bridge.official.output import Transcript, answers_for, read_transcript
from smcdel_bridge.official.process import (  # noqa: F401 - re-exported for callers
    LIVE, CallResult, CallTimeout, LaunchError, call_binary, kill_group,
)
from smcdel_bridge.program import Answer, CheckInput

#: environment variable naming the binary when it is not ``smcdel`` on ``PATH``
ENV_VAR = "SMCDEL_BIN"
#: the smallest input: no jobs, so the binary only prints its info line and ``Doei!``
_PROBE = "VARS 1 LAW Top OBS a: 1\n"
#: seconds a call may take unless the caller says otherwise
DEFAULT_TIMEOUT = 60.0
_INSTALL_HINT = "install SMCDEL (see docs/smcdel-binary.md), put it on PATH or pass --smcdel PATH"


def find_smcdel(explicit: str | os.PathLike | None = None) -> str:
    """Locate the binary: ``explicit`` path, else ``$SMCDEL_BIN``, else ``smcdel`` on PATH.
    A bare name is looked up on PATH, then in the current folder (where a file by that
    name that cannot run is said to be one, not "not found").

    Raises :class:`LaunchError` naming what was tried.
    """
    if explicit is not None and str(explicit) != "":
        where, origin = str(explicit), "--smcdel"
    elif os.environ.get(ENV_VAR):
        where, origin = os.environ[ENV_VAR], ENV_VAR
    else:
        found = shutil.which("smcdel")
        if found is None:
            raise LaunchError(f"smcdel binary not found on PATH; {_INSTALL_HINT}")
        return found
    path = os.sep in where or bool(os.altsep and os.altsep in where)
    found = None if path else shutil.which(where)
    if found is not None:
        return found
    if os.path.exists(where):  # a path, or a file here by that name
        if os.path.isfile(where) and os.access(where, os.X_OK):
            return os.path.abspath(where)
        raise LaunchError(f"smcdel binary {where} (from {origin}) is not an executable file")
    if path:
        raise LaunchError(f"smcdel binary {where} (from {origin}) does not exist")
    raise LaunchError(f"smcdel binary {where!r} (from {origin}) not found on PATH")


def _render(program: CheckInput) -> str:
    from smcdel_bridge.syntax import render_input

    return render_input(program)


class OfficialBackend(Backend):
    """Runs the official ``smcdel`` binary (SMCDEL 1.3.0 or compatible).

    Options: ``binary`` (path or name; default ``$SMCDEL_BIN`` or ``smcdel`` on PATH),
    ``timeout`` (seconds per call; a packed call that runs out is split so that only an
    item that alone exceeds it is reported), ``workers`` (parallel processes for
    :meth:`run_many`), ``pack_size`` (problems per call), ``max_atoms`` (atoms per call).
    """

    name = "smcdel"

    def __init__(
        self,
        binary: str | os.PathLike | None = None,
        *,
        timeout: float | None = DEFAULT_TIMEOUT,
        workers: int | None = None,
        pack_size: int = 100,
        max_atoms: int = 1000,
    ):
        self._explicit = binary
        self._binary: str | None = None
        self._launch_error: LaunchError | None = None
        self._version: str | None = None
        self.timeout = timeout
        self.workers = max(1, workers or min(4, os.cpu_count() or 1))
        self.pack_size = max(1, pack_size)
        self.max_atoms = max(1, max_atoms)

    # -- discovery -------------------------------------------------------------
    @property
    def binary(self) -> str:
        """Absolute path of the binary; raises :class:`LaunchError` when there is none."""
        if self._binary is None:
            if self._launch_error is None:
                try:
                    self._binary = find_smcdel(self._explicit)
                except LaunchError as err:
                    self._launch_error = err
            if self._launch_error is not None:
                raise self._launch_error
        return self._binary

    def available(self) -> bool:
        try:
            self.binary
        except LaunchError:
            return False
        return True

    def version_number(self) -> str:
        """The version the binary prints on its info line (e.g. ``1.3.0``)."""
        if self._version is None:
            result = call_binary(self.binary, _PROBE, timeout=min(self.timeout or 30.0, 30.0))
            transcript = read_transcript(result.stdout, result.stderr, result.returncode)
            if result.timed_out:
                raise BackendError("smcdel did not answer a trivial input within 30 s")
            if transcript.version is None:
                raise transcript.error or BackendError("smcdel printed no info line")
            self._version = transcript.version
        return self._version

    def version(self) -> str:
        try:
            return f"SMCDEL {self.version_number()} ({self.binary})"
        except SmcdelError as err:
            return f"unavailable: {err}"

    # -- single calls ------------------------------------------------------------
    def transcript(self, text: str, timeout: float | None = None) -> Transcript:
        """Run the binary on ``text`` and read everything it printed.

        Never raises for failures of the call itself: they are in ``transcript.error``.
        Raises :class:`LaunchError` when the binary cannot be started.
        """
        limit = self.timeout if timeout is None else timeout
        result = call_binary(self.binary, text, limit)
        transcript = read_transcript(result.stdout, result.stderr, result.returncode)
        if result.timed_out:
            transcript.error = CallTimeout(
                f"smcdel did not answer within {limit:g} s (its process group was killed)"
            )
        return transcript

    def run_text(self, text: str) -> list[Answer]:
        """Answers to every job of the SMCDEL input ``text``, or the reference's error
        (with ``err.partial``: the answers printed before it)."""
        transcript = self.transcript(text)
        if transcript.error is not None:
            transcript.error.partial = tuple(transcript.answers)
            raise transcript.error
        return transcript.answers

    def run(self, program: CheckInput) -> list[Answer]:
        """Answers to ``program``'s jobs; errors carry ``err.partial`` like the engines'."""
        transcript = self.transcript(_render(program))
        try:
            return answers_for(transcript, [job.kind for job in program.jobs])
        except SmcdelError as err:
            err.partial = tuple(transcript.answers[: len(program.jobs)])
            raise

    # -- batches ------------------------------------------------------------------
    def run_many(
        self, programs: Iterable[CheckInput]
    ) -> Iterator[list[Answer] | SmcdelError]:
        """Answers (or errors) for many independent programs, in order, packed and parallel."""
        from smcdel_bridge.official.batch import Task, run_tasks

        tasks = (Task(key=i, program=p) for i, p in enumerate(programs))
        for outcome in run_tasks(tasks, self):
            yield outcome.error if outcome.error is not None else outcome.answers

    def run_tasks(self, tasks, *, ordered: bool = True):
        """:func:`.batch.run_tasks` with this backend's settings."""
        from smcdel_bridge.official.batch import run_tasks

        return run_tasks(tasks, self, ordered=ordered)
