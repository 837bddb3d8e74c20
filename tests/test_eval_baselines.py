"""Baselines, metrics, report and ``eval compare`` on real runs of ``mindgames eval``."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from pyfront.cli import main
from pyfront.evaluation.artifacts import hypothesis_only
from pyfront.evaluation.metrics import bootstrap_ci, macro_f1
from pyfront.data.loading import read_rows


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("eval-baselines") / "data"
    assert main(["generate", "--size", "24", "--seed", "2", "-o", str(out), "--quiet"]) == 0
    return out


def evaluate(dataset, out, model, *extra) -> dict:
    assert main(["eval", str(dataset), "-m", model, "-o", str(out), *extra]) == 0
    return json.loads((out / "metrics.json").read_text())


def test_random_is_seeded_and_near_chance(dataset, tmp_path):
    a = evaluate(dataset, tmp_path / "a", "baseline:random")
    b = evaluate(dataset, tmp_path / "b", "baseline:random")
    c = evaluate(dataset, tmp_path / "c", "baseline:random", "--seed", "1")
    assert (tmp_path / "a" / "results.jsonl").read_bytes() == (tmp_path / "b" / "results.jsonl").read_bytes()
    assert (tmp_path / "a" / "metrics.json").read_bytes() == (tmp_path / "b" / "metrics.json").read_bytes()
    assert (tmp_path / "a" / "results.jsonl").read_bytes() != (tmp_path / "c" / "results.jsonl").read_bytes()
    assert a["n"] == len(list(read_rows(dataset / "test.jsonl")))
    assert a["ci95"][0] <= 0.5 <= a["ci95"][1]
    assert a["unparsed"] == 0


def test_majority_answers_the_train_majority(dataset, tmp_path):
    m = evaluate(dataset, tmp_path / "m", "baseline:majority")
    train = Counter(r["label"] for _, r in read_rows(dataset / "train.jsonl"))
    test = Counter(r["label"] for _, r in read_rows(dataset / "test.jsonl"))
    (majority, _), = sorted(train.items(), key=lambda kv: (-kv[1], kv[0] != "entailment"))[:1]
    assert m["accuracy"] == test[majority] / sum(test.values())  # full precision
    assert m["macro_f1"] == pytest.approx(m["accuracy"] / (1 + m["accuracy"]), abs=1e-4)


def write_rows(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_hypothesis_only_never_sees_the_premise(tmp_path):
    """A dataset whose hypotheses give the label away: hypothesis-only finds it, and
    swapping every premise changes none of its answers."""
    def rows(n, offset, premise):
        out = []
        for i in range(n):
            yes = (i + offset) % 2 == 0
            word = "surely" if yes else "perhaps"
            out.append({"id": f"r{offset}-{i}", "premise": premise(i), "label": "entailment" if yes else "not_entailment",
                        "hypothesis": f"Agent {i % 7} {word} knows fact {i % 5}."})
        return out

    data = tmp_path / "data"
    data.mkdir()
    write_rows(data / "train.jsonl", rows(60, 0, lambda i: f"Premise {i}."))
    write_rows(data / "test.jsonl", rows(30, 1, lambda i: f"Premise {i}."))
    m = evaluate(data, tmp_path / "ho", "baseline:hypothesis-only")
    assert m["accuracy"] == 1.0
    swapped = tmp_path / "swapped"
    swapped.mkdir()
    (swapped / "train.jsonl").write_bytes((data / "train.jsonl").read_bytes())
    write_rows(swapped / "test.jsonl", rows(30, 1, lambda i: "Something else entirely."))
    evaluate(swapped, tmp_path / "ho2", "baseline:hypothesis-only")
    preds = lambda d: [r["prediction"] for r in map(json.loads, (d / "results.jsonl").read_text().splitlines())]
    assert preds(tmp_path / "ho") == preds(tmp_path / "ho2")
    check = hypothesis_only([r for _, r in read_rows(data / "train.jsonl")],
                            [r for _, r in read_rows(data / "test.jsonl")])
    assert check.flagged and check.accuracy == 1.0 and check.chance == 0.5


def test_report_plots_and_compare(dataset, tmp_path, capsys):
    opts = ["--format", "nli,mcq", "--distractors", "hard,easy", "--probe", "none,nota",
            "--kind", "retrospective,prospective", "--limit", "24"]
    r = evaluate(dataset, tmp_path / "r", "baseline:random", *opts)
    h = evaluate(dataset, tmp_path / "h", "baseline:random", *opts, "--seed", "7")
    for field in ("setting", "setup", "hypothesis_depth", "n_agents", "kind", "distractors", "probe"):
        assert field in r["by"], field
        assert sum(g["n"] for g in r["by"][field].values()) <= r["n"]
    assert set(r["by"]["distractors"]) == {"easy", "hard"}
    assert set(r["by"]["probe"]) == {"none", "nota"}
    assert r["by"]["probe"]["nota"]["n"] > 0
    report = (tmp_path / "r" / "report.md").read_text()
    for plot in ("by-depth.svg", "by-setup.svg", "by-distractors.svg", "by-probe.svg", "by-kind.svg"):
        assert f"]({plot})" in report
        root = ET.parse(tmp_path / "r" / plot).getroot()
        assert root.tag.endswith("svg") and len(root.findall("{http://www.w3.org/2000/svg}rect")) >= 3
    capsys.readouterr()
    assert main(["eval", "compare", str(tmp_path / "r"), str(tmp_path / "h")]) == 0
    table = capsys.readouterr().out
    assert table.count("baseline:random") == 2 and "`r`" in table and "`h`" in table
    assert f"| **all** | {r['accuracy']:.3f} ({r['n']}) | {h['accuracy']:.3f} ({h['n']}) |" in table
    assert "| probe = nota |" in table and "| distractors = easy |" in table


def test_compare_needs_finished_runs(tmp_path, capsys):
    assert main(["eval", "compare", str(tmp_path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "metrics.json" in err[0]


def test_baseline_without_train_split(tmp_path, capsys):
    data = tmp_path / "only.jsonl"
    write_rows(data, [{"premise": "P.", "hypothesis": "H.", "label": "entailment"}])
    assert main(["eval", str(data), "-m", "baseline:majority", "-o", str(tmp_path / "o")]) == 1
    assert "--train" in capsys.readouterr().err


def test_bootstrap_and_f1():
    lo, hi = bootstrap_ci(60, 100, seed=0)
    assert lo < 0.6 < hi and 0.48 < lo < 0.53 and 0.67 < hi < 0.72
    assert bootstrap_ci(60, 100, seed=0) == [lo, hi]
    assert bootstrap_ci(0, 10) == [0.0, 0.0] and bootstrap_ci(10, 10) == [1.0, 1.0]
    # T: tp 1, fn 1 -> 2/3; F: tp 1, fp 1, fn 1 (the unparsed reply) -> 1/2
    assert macro_f1(["T", "T", "F", "F"], ["T", "F", "F", None]) == pytest.approx((2 / 3 + 1 / 2) / 2)


def test_card_reports_the_hypothesis_only_check(dataset, tmp_path):
    """``generate`` writes the check into the card; its figure is the baseline's."""
    card = (dataset / "README.md").read_text(encoding="utf-8")
    check = hypothesis_only([r for _, r in read_rows(dataset / "train.jsonl")],
                            [r for _, r in read_rows(dataset / "test.jsonl")])
    assert "## Hypothesis-only check" in card
    assert f"labels {100 * check.accuracy:.1f} % of the {check.n} test rows" in card
    assert ("**Flagged: far above chance.**" in card) == check.flagged
    m = evaluate(dataset, tmp_path / "ho", "baseline:hypothesis-only")
    assert m["accuracy"] == check.accuracy and m["n"] == check.n


def test_a_row_that_cannot_be_read_fails_the_run_and_the_others_are_scored(dataset, tmp_path,
                                                                           capsys):
    """A broken line among good rows: named by file, line and column; every other row is
    scored as it is without it; the run exits 1."""
    rows = (dataset / "test.jsonl").read_bytes().splitlines(keepends=True)
    broken = tmp_path / "test.jsonl"
    broken.write_bytes(b"".join(rows[:3]) + b'{"premise": oops}\n' + b"\xff\xfe\n"
                       + b"".join(rows[3:]))
    whole = evaluate(dataset, tmp_path / "whole", "baseline:random", "--train",
                     str(dataset / "train.jsonl"))
    capsys.readouterr()
    code = main(["eval", str(broken), "-m", "baseline:random", "--train",
                 str(dataset / "train.jsonl"), "-o", str(tmp_path / "r")])
    err = capsys.readouterr().err
    assert code == 1
    assert f"mindgames: {broken}:4:13: " in err and f"mindgames: {broken}:5:" in err
    assert "2 rows not read" in err and "Traceback" not in err
    got = json.loads((tmp_path / "r" / "metrics.json").read_text())
    assert got["n"] == whole["n"]
    kept = [json.loads(x) for x in (tmp_path / "r" / "results.jsonl").read_text().splitlines()]
    assert len(kept) == whole["n"]


def test_a_dataset_no_row_of_which_can_be_read_is_one_line(tmp_path, capsys):
    data = tmp_path / "test.jsonl"
    data.write_bytes(b"not json\n\xff\n")
    assert main(["eval", str(data), "-m", "baseline:random", "-o", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"mindgames: {data}:1:1: ")
    assert "no row of the dataset could be read" in err[0]
