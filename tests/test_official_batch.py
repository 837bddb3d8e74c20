"""Batch plumbing: call planning, the order-keeping parallel map, resumable result files."""

from __future__ import annotations

import json

import pytest

from pyfront.checking.results import ResultLog
from smcdel_bridge.official.batch import Task, ordered_map, plan_calls
from smcdel_bridge.language import Prp
from smcdel_bridge.program import CheckInput, Structure, ValidQ, WhereQ


def _square(x):
    return x * x


@pytest.mark.parametrize("workers, processes", [(1, True), (2, True), (3, False)])
def test_ordered_map_keeps_the_order(workers, processes):
    assert list(ordered_map(_square, range(50), workers=workers, processes=processes)) == [
        x * x for x in range(50)]
    assert list(ordered_map(_square, [], workers=workers)) == []
    assert list(ordered_map(_square, [7], workers=workers)) == [49]


def _program(atoms: int, where: bool = False) -> CheckInput:
    vocab = tuple(range(1, atoms + 1))
    job = WhereQ(Prp(1)) if where else ValidQ(Prp(1))
    return CheckInput(Structure(vocab, Prp(1), (("a", vocab),)), (job,))


def test_calls_are_planned_by_size_and_packability():
    tasks = [Task(0, _program(3)), Task(1, _program(3)), Task(2, _program(3, where=True)),
             Task(3, text="VARS 1 LAW Top OBS a:1 VALID? 1"), Task(4, _program(5)),
             Task(5, _program(2))]
    plan = [(packed, [i for i, _ in entries]) for packed, entries in plan_calls(tasks, 3, 8)]
    assert plan == [(False, [2]), (False, [3]), (True, [0, 1]), (True, [4, 5])]
    plan = [(packed, [i for i, _ in entries]) for packed, entries in plan_calls(tasks, 2, 100)]
    assert plan == [(True, [0, 1]), (False, [2]), (False, [3]), (True, [4, 5])]


def _key(record):
    return (record["source"], record["row"])


def test_result_log_resumes_after_a_cut_line(tmp_path):
    path = tmp_path / "out.jsonl"
    with ResultLog(path, _key) as log:
        log.write({"source": "a", "row": 0})
        log.write({"source": "a", "row": 1})
    with open(path, "a") as fh:
        fh.write('{"source": "a", "ro')
    with ResultLog(path, _key, resume=True) as log:
        assert log.done(("a", 0)) and log.done(("a", 1)) and not log.done(("a", 2))
        assert [r["row"] for r in log.previous] == [0, 1]
        log.write({"source": "a", "row": 2})
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["row"] for r in lines] == [0, 1, 2]


def test_result_log_redoes_everything_after_a_damaged_line(tmp_path):
    path = tmp_path / "out.jsonl"
    path.write_text('{"source": "a", "row": 0}\nnot json\n{"source": "a", "row": 2}\n')
    with ResultLog(path, _key, resume=True) as log:
        assert log.done(("a", 0)) and not log.done(("a", 2))
    assert path.read_text() == '{"source": "a", "row": 0}\n'
    with ResultLog(path, _key) as log:  # without resume the file starts afresh
        assert not log.done(("a", 0))
    assert path.read_text() == ""
