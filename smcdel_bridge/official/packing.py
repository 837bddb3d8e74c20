"""Packing independent SMCDEL problems into one input.

One input holds one structure, but independent problems can still share a call: give each
problem (a *part*) its own atoms and its own agent names, take the union of vocabularies,
conjoin the laws and list every agent's observations.  A state of the combined structure is
a tuple of states of the parts; an agent observes only atoms of its own part; announcements
made in one part restrict only that part.  So every ``VALID?`` and ``TRUE?`` job of a part
keeps its answer — provided every part's law is satisfiable (an unsatisfiable conjunct would
empty the combined structure).

Parts that share a structure are merged first (their jobs simply follow one another), which
keeps the combined vocabulary small.  A problem is *not* packed — it is run alone, with the
text its author wrote — when packing could change its answer or its error message:
``WHERE?`` jobs (they list whole states), a law that is not Boolean or not known to be
satisfiable, and anything the reference's sanity check would reject.
"""

from __future__ import annotations

from itertools import product
from typing import Sequence

from smcdel_bridge.language import (
    TOP, Bot, Conj, Disj, Equi, Exists, Forall, Form, Impl, Neg, Prp, Top, Xor,
)
from smcdel_bridge.program import Answer, CheckInput, Structure, TrueQ, ValidQ
from smcdel_bridge.values import field_names, replace
from smcdel_bridge.values import value

#: laws over at most this many atoms are tested for satisfiability by enumeration
MAX_ENUMERATED_LAW_ATOMS = 12


def is_boolean(f: Form) -> bool:
    """True when ``f`` has no epistemic or dynamic operator (a plain Boolean formula)."""
    return all(
        isinstance(n, (Top, Bot, Prp, Neg, Conj, Disj, Xor, Impl, Equi, Forall, Exists))
        for n in f.unique_nodes()
    )


def unpackable_reason(program: CheckInput) -> str | None:
    """Why ``program`` must run alone, or None when it can be packed with others."""
    st = program.structure
    if not program.jobs:
        return "it has no jobs"
    if any(not isinstance(job, (ValidQ, TrueQ)) for job in program.jobs):
        return "WHERE? jobs list whole states"
    vocab = set(st.vocab)
    if len(vocab) != len(st.vocab):
        return "VARS lists an atom twice"
    agents = [a for a, _ in st.obs]
    if len(set(agents)) != len(agents):
        return "OBS lists an agent twice"
    if any(not set(ps) <= vocab for _, ps in st.obs):
        return "OBS contains atoms not in VARS"
    if not is_boolean(st.law):
        return "LAW is not Boolean"
    if not st.law.atoms() <= vocab:
        return "LAW uses atoms not in VARS"
    known = set(agents)
    for job in program.jobs:
        if not job.form.atoms() <= vocab:
            return "a query uses atoms not in VARS"
        if not job.form.agents() <= known:
            return "a query uses agents not in OBS"
        if isinstance(job, TrueQ) and not set(job.state) <= vocab:
            return "a TRUE? state uses atoms not in VARS"
    if not law_satisfiable(st.law):
        return "LAW is not known to be satisfiable"
    return None


def law_satisfiable(law: Form) -> bool:
    """True when the Boolean ``law`` is satisfiable (False also when too big to tell)."""
    if isinstance(law, Top):
        return True
    atoms = sorted(law.atoms())
    if len(atoms) > MAX_ENUMERATED_LAW_ATOMS:
        return False
    for values in product((False, True), repeat=len(atoms)):
        if evaluate_boolean(law, {a for a, v in zip(atoms, values) if v}):
            return True
    return False


def evaluate_boolean(f: Form, true_atoms: set[int] | frozenset[int]) -> bool:
    """Truth value of a Boolean formula when exactly ``true_atoms`` are true."""
    if isinstance(f, Top):
        return True
    if isinstance(f, Bot):
        return False
    if isinstance(f, Prp):
        return f.n in true_atoms
    if isinstance(f, Neg):
        return not evaluate_boolean(f.f, true_atoms)
    if isinstance(f, Conj):
        return all(evaluate_boolean(g, true_atoms) for g in f.fs)
    if isinstance(f, Disj):
        return any(evaluate_boolean(g, true_atoms) for g in f.fs)
    if isinstance(f, Xor):
        return sum(evaluate_boolean(g, true_atoms) for g in f.fs) % 2 == 1
    if isinstance(f, Impl):
        return (not evaluate_boolean(f.a, true_atoms)) or evaluate_boolean(f.b, true_atoms)
    if isinstance(f, Equi):
        return evaluate_boolean(f.a, true_atoms) == evaluate_boolean(f.b, true_atoms)
    if isinstance(f, (Forall, Exists)):
        rest = set(true_atoms) - set(f.props)
        values = (
            evaluate_boolean(f.f, rest | {p for p, v in zip(f.props, bits) if v})
            for bits in product((False, True), repeat=len(f.props))
        )
        return all(values) if isinstance(f, Forall) else any(values)
    raise TypeError(f"not a Boolean formula: {type(f).__name__}")


def relabel(f: Form, atoms: dict[int, int], agents: dict[str, str]) -> Form:
    """``f`` with atoms and agent names renamed (every node type, generically)."""
    if isinstance(f, Prp):
        return Prp(atoms[f.n])
    if isinstance(f, (Top, Bot)):
        return f
    changes = {}
    for name in field_names(f):
        value = getattr(f, name)
        if name == "props":
            changes["props"] = tuple(atoms[p] for p in value)
        elif name == "agent":
            changes["agent"] = agents[value]
        elif name == "group":
            changes["group"] = tuple(agents[a] for a in value)
        elif isinstance(value, Form):
            changes[name] = relabel(value, atoms, agents)
        elif isinstance(value, tuple):
            changes[name] = tuple(relabel(g, atoms, agents) for g in value)
    return type(f)(**changes)


def merge_by_structure(programs: Sequence[CheckInput]) -> list[tuple[Structure, list[int]]]:
    """Indices of ``programs`` grouped by identical structure, in order of first use."""
    groups: dict[Structure, list[int]] = {}
    for i, program in enumerate(programs):
        groups.setdefault(program.structure, []).append(i)
    return list(groups.items())


@value(frozen=True, slots=True)
class Pack:
    """Several packable programs as one combined input, and how to split its answers."""

    program: CheckInput
    #: for each packed program, in the caller's order: the indices of its jobs' answers
    spans: tuple[tuple[int, int], ...]

    def split(self, answers: Sequence[Answer]) -> list[list[Answer] | None]:
        """Each program's answers; None for a program whose answers are not all there."""
        return [list(answers[a:b]) if b <= len(answers) else None for a, b in self.spans]

    @property
    def kinds(self) -> list[str]:
        return [job.kind for job in self.program.jobs]


def pack(programs: Sequence[CheckInput]) -> Pack:
    """Combine packable ``programs`` (see :func:`unpackable_reason`) into one input.

    Programs with identical structures share one part; each part gets the atoms
    ``base+1 … base+|VARS|`` (in the order of its own atoms, so the relative order of
    variables is kept) and agent names prefixed ``p<part>`` (``Agenta`` → ``p3Agenta``;
    names start with a letter, so the prefixes cannot collide).
    """
    vocab: list[int] = []
    laws: list[Form] = []
    obs: list[tuple[str, tuple[int, ...]]] = []
    jobs: list = []
    spans: list[tuple[int, int] | None] = [None] * len(programs)
    base = 0
    for part, (structure, members) in enumerate(merge_by_structure(programs)):
        atom_map = {a: base + 1 + k for k, a in enumerate(sorted(structure.vocab))}
        base += len(atom_map)
        agent_map = {a: f"p{part}{a}" for a, _ in structure.obs}
        vocab.extend(atom_map[a] for a in structure.vocab)
        if not isinstance(structure.law, Top):
            laws.append(relabel(structure.law, atom_map, agent_map))
        obs.extend((agent_map[a], tuple(atom_map[p] for p in ps)) for a, ps in structure.obs)
        for i in members:
            start = len(jobs)
            for job in programs[i].jobs:
                form = relabel(job.form, atom_map, agent_map)
                if isinstance(job, TrueQ):
                    jobs.append(TrueQ(tuple(atom_map[a] for a in job.state), form))
                else:
                    jobs.append(ValidQ(form))
            spans[i] = (start, len(jobs))
    law = TOP if not laws else laws[0] if len(laws) == 1 else Conj(tuple(laws))
    combined = CheckInput(Structure(tuple(vocab), law, tuple(obs)), tuple(jobs))
    return Pack(combined, tuple(spans))  # type: ignore[arg-type]


def atom_count(program: CheckInput) -> int:
    """Atoms ``program`` adds to a pack (its vocabulary)."""
    return len(program.structure.vocab)
