"""``mindgames eval`` reads any dataset by its columns: NLI rows without a problem, and
question-answer rows with their own choices (the story datasets' forms)."""

from __future__ import annotations

import json
from pathlib import Path

from pyfront.cli import main
from pyfront.evaluation.questions import NOTA


def story_rows(n: int) -> list[dict]:
    return [{"id": f"story-{i}", "story": f"Sally puts the marble in box {i}. Sally leaves.",
             "question": "Where will Sally look for the marble?",
             "choices": [f"box {i}", "the basket", "the cupboard"],
             "answer": "the basket" if i % 3 == 0 else f"box {i}",
             "premise": f"Sally puts the marble in box {i}. Sally leaves.",
             "hypothesis": f"Sally believes that the marble is in box {i}.",
             "label": "not_entailment" if i % 3 == 0 else "entailment",
             "n_agents": 2 + i % 2} for i in range(12)]


def write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def results(run: Path) -> list[dict]:
    return [json.loads(x) for x in (run / "results.jsonl").read_text().splitlines()]


def test_story_rows_in_both_forms(tmp_path):
    data = write(tmp_path / "stories.jsonl", story_rows(12))
    assert main(["eval", str(data), "-m", "baseline:random", "-o", str(tmp_path / "r"),
                 "--format", "nli,mcq", "--probe", "none,nota"]) == 0
    res = results(tmp_path / "r")
    by = {}
    for r in res:
        by.setdefault(r["setting"], []).append(r)
    assert len(by["nli/retrospective"]) == 12
    given = by["mcq/retrospective/hard/none"]
    assert len(given) == 12 and all(r["distractors"] == "given" for r in given)
    # the row's choices, shuffled per item
    assert all(sorted(r["options"]) == sorted(["box {}".format(i), "the basket", "the cupboard"])
               for i, r in enumerate(given))
    assert len({r["options"].index(r["gold"]) for r in given}) > 1
    assert [r["gold"] for r in given] == [row["answer"] for row in story_rows(12)]
    nota = by["mcq/retrospective/hard/nota"]
    # k = 2 statements and "None of the above", the answer when the true one is left out
    for r, row in zip(nota, story_rows(12)):
        assert len(r["options"]) == 3 and r["options"][-1] == NOTA
        assert (r["gold"] == NOTA) == (row["answer"] not in r["options"])
        assert r["gold"] in (NOTA, row["answer"])
    assert 0 < sum(r["gold"] == NOTA for r in nota) < 12
    metrics = json.loads((tmp_path / "r" / "metrics.json").read_text())
    assert set(metrics["by"]["n_agents"]) == {"2", "3"}


def test_settings_no_row_supports(tmp_path, capsys):
    data = write(tmp_path / "stories.jsonl", story_rows(3))
    assert main(["eval", str(data), "-m", "baseline:random", "-o", str(tmp_path / "r"),
                 "--format", "mcq", "--kind", "prospective"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no item to evaluate" in err[0]


def test_bad_options(tmp_path, capsys):
    data = write(tmp_path / "d.jsonl", story_rows(2))
    for opts in (["--format", "nil"], ["--probe", "maybe"], ["--concurrency", "0"]):
        assert main(["eval", str(data), "-m", "baseline:random", "-o", str(tmp_path / "r"), *opts]) == 1
    assert main(["eval", str(data), "-m", "gpt", "-o", str(tmp_path / "r")]) == 1
    assert main(["eval", str(data), "-m", "baseline:oracle", "-o", str(tmp_path / "r")]) == 1
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"premise": "P", "hypothesis": "H", "label": "entailment"}\n[1, 2\n')
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 5 and all(e.startswith("mindgames: ") for e in err)
    # a broken row is named, the run fails for it, and the row before it is still scored
    assert main(["eval", str(broken), "-m", "baseline:random", "-o", str(tmp_path / "r")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].startswith(f"mindgames: {broken}:2:")
    assert err[-1].startswith("eval: 1 item ") and "1 row not read" in err[-1]


def test_story_questions_without_format_mcq_suggest_the_flag(tmp_path, capsys):
    rows = [{"id": f"q{i}", "story": "Anne puts the ball in the box.", "question": "Where is the ball?",
             "choices": ["the box", "the basket"], "answer": "the box"} for i in range(3)]
    data = tmp_path / "qa.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert main(["eval", str(data), "-m", "baseline:random", "-o", str(tmp_path / "r")]) == 1
    assert "give --format mcq" in capsys.readouterr().err
