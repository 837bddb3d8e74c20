"""Check items of problems with variables: answered on the value engine by default, or
through their Boolean encoding (SMCDEL text) by the BDD engine and the official binary.

A hypothesis is the job ``VALID? [ ! a1 ] … [ ! ak ] h`` (the ``k`` announcements above
it); a question ("which possibilities remain?", "what is x?") is ``WHERE? < ! a1 > … < !
ak > Top``, whose states are decoded into valuations: the record's ``answer``, e.g.
``[{"x": 4, "y": 13}]``.
"""

from __future__ import annotations

from pyfront.problem.model import Problem
from smcdel_bridge.values import value

from pyfront.problem.values import answer_text


@value
class _Shared:
    """What the items of one problem share: the value engine's answers, the encoding."""

    pb: Problem
    answers: object = None
    encoding: object = None

    def __getstate__(self):
        """A child process rebuilds the engines (compiled code does not travel); the jobs
        of one problem sent together keep one ``_Shared``, so it builds them once."""
        return {"pb": self.pb, "answers": None, "encoding": None}

    def value_answers(self):
        if self.answers is None:
            from pyfront.problem.puzzle_structure import PuzzleAnswers

            self.answers = PuzzleAnswers(self.pb)
        return self.answers

    def encoded(self):
        if self.encoding is None:
            from pyfront.problem.encode import Encoding

            self.encoding = Encoding(self.pb)
        return self.encoding


@value
class PuzzleJob:
    """One hypothesis or question of a problem with variables."""

    shared: _Shared
    kind: str  # "hypothesis" | "question"
    index: int

    @property
    def question(self):
        return self.shared.pb.questions[self.index] if self.kind == "question" else None

    def checked_input(self):
        """(program, text) that ``check`` sends to a checker: the job, then the premise
        check (:meth:`pyfront.problem.encode.Encoding.checked_input`)."""
        return self.shared.encoded().checked_input(self.kind, self.index)

    def native_record(self, record: dict) -> dict:
        """``record`` completed with the value engine's answer."""
        answers = self.shared.value_answers()
        if self.kind == "hypothesis":
            valid, contradictory = answers.hypothesis(self.index)
            record.update(valid=valid, label="entailment" if valid else "not_entailment",
                          contradictory=contradictory)
            if record.get("expected") is not None:
                record["agrees"] = record["label"] == record["expected"]
            return record
        answer, contradictory = answers.question(self.index)
        return self._question_record(record, answer, contradictory)

    def finish(self, record: dict) -> dict:
        """A record answered from the SMCDEL text: states decoded into valuations."""
        if self.kind != "question" or "error" in record:
            return record
        states = record.pop("states", None) or []
        enc = self.shared.encoded()
        q = self.question
        answer, seen = [], set()
        for s in states:
            full = enc.decode(s)
            row = {name: full[name] for name in q.variables}
            key = tuple(map(str, row.values()))
            if key not in seen:
                seen.add(key)
                answer.append(row)
        # the states of ``WHERE? < ! a1 > … Top`` are exactly those that survive the
        # announcements: none left is a contradictory premise
        return self._question_record(record, answer, not states)

    def _question_record(self, record: dict, answer: list[dict], contradictory: bool) -> dict:
        q = self.question
        answer = sorted(answer, key=lambda row: tuple(_order(v) for v in row.values()))
        label = answer_text(answer) if len(answer) <= 12 else f"{len(answer)} possibilities"
        record.update(valid=None, label=label, contradictory=contradictory,
                      expected=q.expected_text(), answer=answer, count=len(answer))
        record["agrees"] = q.agrees(answer)
        return record


def _order(value):
    return (0, value, "") if isinstance(value, int) else (1, 0, str(value))


def puzzle_jobs(pb: Problem) -> list[tuple[int, int, PuzzleJob]]:
    """(position, line, job) of every hypothesis and question, in the order written."""
    shared = _Shared(pb)
    total = len(pb.announcements)
    out = []
    for i, h in enumerate(pb.hypotheses):
        out.append((h.announcements_before(total), h.line or 0, PuzzleJob(shared, "hypothesis", i)))
    for i, q in enumerate(pb.questions):
        out.append((q.after, q.line or 0, PuzzleJob(shared, "question", i)))
    out.sort(key=lambda t: (t[1], t[0]) if all(x[1] for x in out) else (t[0],))
    return out


def puzzle_input_text(pb: Problem) -> str:
    """SMCDEL input for a problem with variables: its structure and one job per hypothesis
    (``VALID?``) and question (``WHERE?``), in the order written."""
    from pyfront.problem.encode import Encoding

    enc = Encoding(pb)
    jobs = []
    for _, _, job in puzzle_jobs(pb):
        program = (enc.hypothesis_input(job.index) if job.kind == "hypothesis"
                   else enc.question_input(job.index))
        jobs += program.jobs
    return enc.input_text(jobs)
