"""``mindgames del``: the conformance corpus (golden), output format, and bad input —
one line per problem, nothing lost, exit 1."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from pyfront.cli import main

from conftest import TEST_DATA

CORPUS = TEST_DATA / "del-corpus.jsonl"


def run_del(capsys, *args):
    code = main(["del", *map(str, args)])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err.splitlines()


def test_conformance_corpus_golden(tmp_path, capsys):
    """Every recorded answer of the corpus (7,028 queries), compared one by one."""
    out = tmp_path / "out.jsonl"
    code = main(["del", str(CORPUS), "-o", str(out)])
    err = capsys.readouterr().err.splitlines()
    cases = [json.loads(line) for line in CORPUS.read_text().splitlines()]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert code == 0, err[:3]
    assert len(rows) == len(cases) == 2000
    answered = 0
    for case, row in zip(cases, rows):
        assert row["id"] == case["id"]
        want = [{"at_actual": q["at_actual"], "valid": q["valid"]} for q in case["queries"]]
        assert row["answers"] == want, case["id"]
        assert row["agrees"] is True
        answered += len(want)
    assert answered == 7028
    assert err == ["2000 cases, 7028 answers: 2000 agree, 0 disagree, 0 without recorded "
                   "answers, 0 errors" + err[-1].split("errors", 1)[1]]


def _corpus_lines(n: int) -> list[str]:
    with CORPUS.open() as fh:
        return [next(fh).rstrip("\n") for _ in range(n)]


def _edited(line: str, cid: str, edit) -> str:
    case = json.loads(line)
    case["id"] = cid
    edit(case)
    return json.dumps(case)


def _set(path, value):
    def edit(case):
        node = case
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return edit


BAD = [
    # (id, edit, expected words in the one-line message)
    ("agent", _set(["queries", 0, "formula"], ["K", "zed", ["p", 1]]), "unknown agent 'zed'"),
    ("atom", _set(["queries", 0, "formula"], ["p", 99]), "unknown atom 99"),
    ("event", _set(["actions", 0, "actual"], "e7"), "actual event 'e7' does not exist"),
    ("event-rel", _set(["actions", 0, "relations", "a", "e0"], ["e7"]), "missing event 'e7'"),
    ("world", _set(["model", "relations", "a", "w0"], ["w9"]), "missing world 'w9'"),
    ("inexecutable", _set(["actions", 0, "events", "e0", "pre"], False),
     "cannot apply 'action 1 (private_change)': the precondition of its actual event e0"),
    ("operator", _set(["queries", 0, "formula"], ["believes", "a", ["p", 1]]),
     "unknown operator 'believes'"),
]


def test_bad_cases_one_line_each_nothing_lost(tmp_path, capsys):
    good = _corpus_lines(2)
    lines = [good[0], '{"id": "broken", "model": ']
    lines += [_edited(good[0], cid, edit) for cid, edit, _ in BAD]
    lines += ["[1, 2]", good[1]]
    src = tmp_path / "cases.jsonl"
    src.write_text("\n".join(lines) + "\n")
    code, rows, err = run_del(capsys, src)
    assert code == 1
    assert len(rows) == len(lines)
    assert rows[0]["agrees"] is True and rows[-1]["agrees"] is True
    assert rows[1] == {"id": None, "error": f"{src}:2:27: invalid JSON: Expecting value"}
    for row, (cid, _, words), lineno in zip(rows[2:], BAD, range(3, 100)):
        assert row["id"] == cid and set(row) == {"id", "error"}
        assert row["error"].startswith(f"{src}:{lineno}: {cid}: ") and words in row["error"]
    assert "a case must be a JSON object" in rows[-2]["error"]
    # stderr: one line per problem, then the summary
    assert len(err) == len(BAD) + 2 + 1
    assert all("Traceback" not in line for line in err)
    assert err[-1].startswith(f"{len(lines)} cases, ")


def test_disagreement_exits_1(tmp_path, capsys):
    line = _corpus_lines(1)[0]
    case = json.loads(line)
    case["queries"][0]["valid"] = not case["queries"][0]["valid"]
    src = tmp_path / "wrong.jsonl"
    src.write_text(json.dumps(case) + "\n")
    code, rows, err = run_del(capsys, src)
    assert code == 1 and rows[0]["agrees"] is False
    assert err[0] == (f"{src}:1: {case['id']}: disagrees: query 1 valid: recorded "
                      f"{json.dumps(case['queries'][0]['valid'])}, got "
                      f"{json.dumps(not case['queries'][0]['valid'])}")


def test_single_json_case_without_answers(tmp_path, capsys):
    case = json.loads(_corpus_lines(1)[0])
    for q in case["queries"]:
        del q["at_actual"], q["valid"]
    src = tmp_path / "one.json"
    src.write_text(json.dumps(case, indent=2))
    code, rows, err = run_del(capsys, src)
    assert code == 0 and len(rows) == 1
    assert rows[0]["agrees"] is None and len(rows[0]["answers"]) == len(case["queries"])
    assert "1 without recorded answers" in err[-1]


def test_malformed_json_document(tmp_path, capsys):
    src = tmp_path / "bad.json"
    src.write_text('{\n  "id": "x",\n  "model": }\n')
    code, rows, err = run_del(capsys, src)
    assert code == 1 and rows == []  # the one case is unreadable: the run is refused whole
    assert err == [f"mindgames: {src}:3:12: invalid JSON: Expecting value; no case in the "
                   "file could be read"]


def test_missing_file_is_one_line(tmp_path, capsys):
    code = main(["del", str(tmp_path / "nope.jsonl")])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "nope.jsonl" in err


def test_output_is_written_as_cases_are_answered(tmp_path):
    """A result line reaches OUT before the next case has even been read."""
    first, second = _corpus_lines(2)
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "pyfront", "del", "-", "-o", str(out)],
                            stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        proc.stdin.write(first + "\n")
        proc.stdin.flush()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if out.exists() and out.read_text().endswith("\n"):
                break
            time.sleep(0.05)
        assert json.loads(out.read_text())["id"] == json.loads(first)["id"]
        proc.stdin.write(second + "\n")
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert len(out.read_text().splitlines()) == 2


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 99) | st.text(max_size=4),
                     lambda sub: st.lists(sub, max_size=3)
                     | st.dictionaries(st.text(max_size=3), sub, max_size=3), max_leaves=6)


@settings(deadline=None, max_examples=150)
@given(st.data())
def test_any_mutated_case_is_answered_or_a_clean_error(data):
    """Replace any part of a case by any JSON value: the case gets answers or a
    one-line error of the engine (never an internal error)."""
    from pyfront.data.del_cases import Item, Summary, check_one
    from smcdel_bridge.dynamic import get_event_backend

    case = json.loads(_corpus_lines(2)[1])
    paths = list(_paths(case))
    path = data.draw(st.sampled_from(paths[1:]))
    node = case
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = data.draw(_JSON)
    row, problem = check_one(Item("c.jsonl", 1, case), get_event_backend(), Summary())
    if "error" in row:
        assert row["error"].startswith("c.jsonl:1: ") and "\n" not in row["error"]
        assert "internal error" not in row["error"]
    else:
        assert len(row["answers"]) == len(case["queries"])


def test_deeply_nested_formula(tmp_path, capsys):
    line = _corpus_lines(1)[0]
    case = json.loads(line)
    formula = case["queries"][0]["formula"]
    deep = json.dumps(formula)
    for _ in range(3000):  # an even number of negations: the same answers
        deep = f'["not", {deep}]'
    src = tmp_path / "deep.jsonl"
    src.write_text(line.replace(json.dumps(formula), deep, 1) + "\n" + "[" * 50000 + "\n")
    code, rows, err = run_del(capsys, src)
    assert rows[0]["agrees"] is True
    assert rows[1]["error"] == f"{src}:2:50001: invalid JSON: Expecting value"
    assert code == 1


def test_a_line_that_is_not_utf8_is_an_error_and_the_rest_goes_on(tmp_path, capsys):
    first, second = _corpus_lines(2)
    src = tmp_path / "mixed.jsonl"
    src.write_bytes(first.encode() + b"\n" + b'{"id": "\xff"}\n' + second.encode() + b"\n")
    code, rows, err = run_del(capsys, src)
    assert code == 1 and len(rows) == 3
    assert rows[1] == {"id": None, "error": f"{src}:2:9: not UTF-8 text"}
    assert rows[0]["agrees"] is True and rows[2]["agrees"] is True
