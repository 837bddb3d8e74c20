"""A naive truth-table checker for MindGames rows: the scale ``bench_check.py`` compares
``mindgames check`` with.

The textbook semantics, written the obvious way in Python, as someone labelling the rows
without a model checker would: the states are the assignments of the vocabulary that
satisfy the law (each a frozenset of true atoms, enumerated from the full truth table);
``K a f`` holds at ``s`` when ``f`` holds at every state agreeing with ``s`` on what ``a``
observes; ``[! f] g`` evaluates ``g`` on the states where ``f`` holds.  A job ``VALID?``
of the published form ``[! a1] … [! an] h`` narrows the state list once per
announcement and then evaluates ``h`` at each remaining state.  Nothing is cached, no
bitsets, no BDDs.  The rows' SMCDEL texts are read with the project's parser (so the
comparison is about checking, not parsing).

    python benchmarks/naive_check.py ROWS.jsonl
"""

from __future__ import annotations

import json
import sys
import time
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from smcdel_bridge import language as L  # noqa: E402
from smcdel_bridge.program import ValidQ  # noqa: E402
from smcdel_bridge.syntax.parser import parse_input  # noqa: E402


def holds(states: list, obs: dict, s: frozenset, f) -> bool:
    """Whether ``f`` is true at state ``s`` of the model with these states."""
    t = type(f)
    if t is L.Prp:
        return f.n in s
    if t is L.Top:
        return True
    if t is L.Bot:
        return False
    if t is L.Neg:
        return not holds(states, obs, s, f.f)
    if t is L.Conj:
        return all(holds(states, obs, s, g) for g in f.fs)
    if t is L.Disj:
        return any(holds(states, obs, s, g) for g in f.fs)
    if t is L.Xor:
        return sum(holds(states, obs, s, g) for g in f.fs) % 2 == 1
    if t is L.Impl:
        return not holds(states, obs, s, f.a) or holds(states, obs, s, f.b)
    if t is L.Equi:
        return holds(states, obs, s, f.a) == holds(states, obs, s, f.b)
    if t is L.K or t is L.Kw:
        seen = obs[f.agent]
        here = s & seen
        values = {holds(states, obs, u, f.f) for u in states if u & seen == here}
        return values <= {True} if t is L.K else len(values) <= 1
    if t is L.PubAnnounce:
        if not holds(states, obs, s, f.ann):
            return True
        narrowed = [u for u in states if holds(states, obs, u, f.ann)]
        return holds(narrowed, obs, s, f.f)
    raise NotImplementedError(type(f).__name__)


def valid(program) -> bool:
    """The answer to the program's one ``VALID?`` job."""
    structure = program.structure
    (job,) = program.jobs
    assert isinstance(job, ValidQ)
    vocab = structure.vocab
    obs = {a: frozenset(ps) for a, ps in structure.obs}
    states = []
    for bits in product((False, True), repeat=len(vocab)):
        s = frozenset(p for p, b in zip(vocab, bits) if b)
        if holds([s], obs, s, structure.law):
            states.append(s)
    f = job.form
    while type(f) is L.PubAnnounce:  # [! a] g is valid iff g is valid where a holds
        states = [s for s in states if holds(states, obs, s, f.ann)]
        f = f.f
    return all(holds(states, obs, s, f) for s in states)


def label_rows(path: Path) -> tuple[int, int, float]:
    """(rows, rows whose label agrees, seconds) for the rows of a JSON-lines file: a row is
    entailment when its problem is valid and its premises are consistent (its ``pbcheck``,
    ``VALID? [! …] 0`` with ``0`` free, is then not valid)."""
    start = time.perf_counter()
    rows = agree = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        entailed = valid(parse_input(row["smcdel_problem"]))
        if row.get("pbcheck"):
            entailed = entailed and not valid(parse_input(row["pbcheck"]))
        rows += 1
        agree += (row["label"] == "entailment") == entailed
    return rows, agree, time.perf_counter() - start


if __name__ == "__main__":
    n, same, seconds = label_rows(Path(sys.argv[1]))
    print(f"{n} rows in {seconds:.3f} s; labels as in the rows: {same}")
