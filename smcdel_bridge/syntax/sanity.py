"""The reference's sanity checks on a parsed input, with its exact messages and order.

They run after parsing and before any model checking: atoms must be declared in ``VARS``
(quantified atoms count too), agents of queries must have an ``OBS`` line.  The law may
mention any agent; whether it is Boolean is only found out when a job needs it.
"""

from __future__ import annotations

from ..errors import SanityError
from ..language import names
from ..program import CheckInput, TrueQ

OBS_ATOMS = "OBS contains atoms not in VARS!"
LAW_ATOMS = "LAW uses atoms not in VARS!"
QUERY_ATOMS = "Query formula contains atoms not in VARS!"
QUERY_AGENTS = "Query formula contains agents not in OBS!"
STATE_ATOMS = "TRUE? query contains atoms not in VARS!"


def sanity_problems(program: CheckInput) -> list[str]:
    """The reference's complaints about ``program`` (empty when it is fine)."""
    s = program.structure
    vocab = set(s.vocab)
    agents = {a for a, _ in s.obs}
    atoms, agents_used = names(tuple(job.form for job in program.jobs))
    problems = []
    if not all(p in vocab for _, ps in s.obs for p in ps):
        problems.append(OBS_ATOMS)
    if not s.law.atoms() <= vocab:
        problems.append(LAW_ATOMS)
    if not atoms <= vocab:
        problems.append(QUERY_ATOMS)
    if not agents_used <= agents:
        problems.append(QUERY_AGENTS)
    if not all(p in vocab for job in program.jobs if isinstance(job, TrueQ) for p in job.state):
        problems.append(STATE_ATOMS)
    return problems


def sanity_check(program: CheckInput) -> CheckInput:
    """Return ``program`` unchanged, or raise :class:`SanityError` with every complaint."""
    problems = sanity_problems(program)
    if problems:
        raise SanityError(problems)
    return program


def reference_message(err: SanityError) -> str:
    """The error as the reference prints it: a header line, then one indented line each."""
    return "Sanity check failed:\n  " + "\n  ".join(err.reasons)
