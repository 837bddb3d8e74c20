"""``mindgames audit`` and the audit ``generate`` runs: baselines against chance, the
right answer's position, "None of the above" shares, the shortcut model's columns."""

from __future__ import annotations

import csv
import json
import random

import pytest

from pyfront.audit.shortcut import difficulty
from pyfront.audit.stats import chi2_sf, uniformity
from pyfront.cli import main


@pytest.mark.parametrize("x, df, p", [(3.841, 1, 0.05), (9.210, 2, 0.01), (7.815, 3, 0.05),
                                      (11.345, 3, 0.01), (0.584, 3, 0.90), (30.578, 15, 0.01)])
def test_chi_square_tail_matches_the_printed_table(x, df, p):
    assert chi2_sf(x, df) == pytest.approx(p, abs=2e-4)


def test_uniformity():
    assert uniformity([0, 1, 2, 3] * 25, 4)["p"] == 1.0
    assert uniformity([0] * 70 + [1, 2, 3] * 10, 4)["p"] < 1e-6


def test_difficulty_is_the_published_columns_definition(sample_csv):
    with open(sample_csv, newline="") as fh:
        rows = list(csv.DictReader(fh))
    for r in rows:
        right = int(r["deberta_pred"]) == (r["label"] == "entailment")
        assert difficulty(right, float(r["deberta_confidence"])) == pytest.approx(
            float(r["difficulty"]), abs=1e-9)


def write(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def nli_rows(n, leak: bool, seed=0):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        label = rng.random() < 0.5
        word = ("surely" if label else "maybe") if leak else rng.choice(["surely", "maybe"])
        out.append({"id": f"r{i}", "premise": f"Premise number {i} about {rng.randrange(9)}.",
                    "hypothesis": f"It is {word} true that {rng.randrange(9)} holds.",
                    "label": "entailment" if label else "not_entailment"})
    return out


def test_a_hypothesis_that_gives_the_label_away_fails(tmp_path, capsys):
    data = write(tmp_path / "leaky.jsonl", nli_rows(300, leak=True))
    assert main(["audit", str(data), "-o", str(tmp_path / "a")]) == 1
    result = json.loads((tmp_path / "a" / "audit.json").read_text())
    st = result["sources"][0]["settings"][0]
    assert st["baselines"]["premise-blind"]["accuracy"] > 0.95 and not result["passed"]
    assert "premise-blind" in capsys.readouterr().err
    assert (tmp_path / "a" / "audit.svg").read_text().startswith("<svg")
    rows = [json.loads(line) for line in (tmp_path / "a" / "leaky.jsonl").open()]
    assert len(rows) == 300 and all(r["difficulty"] >= 0 for r in rows)
    assert sum(r["shortcut_pred"] == r["label"] for r in rows) > 270


def test_a_dataset_without_shortcuts_passes(tmp_path):
    data = write(tmp_path / "fair.jsonl", nli_rows(400, leak=False))
    assert main(["audit", str(data), "--no-shortcut"]) == 0


def test_answers_always_first_are_caught_by_the_position_baseline(tmp_path):
    rows = [{"id": f"q{i}", "story": f"Story {i}.", "question": "Where?",
             "choices": [f"room {3 * i + j}" for j in range(3)], "answer": f"room {3 * i}"}
            for i in range(200)]
    data = write(tmp_path / "first.jsonl", rows)
    # the audit's own items are shuffled, so it is fair; the rows' order is not:
    assert main(["audit", str(data), "-o", str(tmp_path / "a")]) == 0
    from pyfront.audit.baselines import cross_fit
    from pyfront.evaluation.items import EvalItem, Setting

    s = Setting("mcq", "retrospective", "hard", "none")
    items = [EvalItem(r["id"], s, "p", tuple(r["choices"]), 0, {}) for r in rows]
    scores = {sc.baseline: sc for sc in cross_fit(items, [r["id"] for r in rows])}
    assert scores["position"].accuracy == 1.0 and scores["position"].leaks


def test_nota_is_right_in_one_item_of_k_plus_one(tmp_path):
    rows = [{"id": f"q{i}", "story": f"Story {i}.", "question": "Where?",
             "choices": [f"room {4 * i + j}" for j in range(4)], "answer": f"room {4 * i + 1}"}
            for i in range(800)]
    data = write(tmp_path / "four.jsonl", rows)
    assert main(["audit", str(data), "-o", str(tmp_path / "a"), "--no-shortcut"]) == 0
    st = {s["setting"]: s for s in json.loads((tmp_path / "a" / "audit.json").read_text())
          ["sources"][0]["settings"]}
    nota = st["mcq/retrospective/given/nota"]["nota"]
    assert nota["expected"] == 0.25 and abs(nota["right"] - 200) < 3 * (800 * 0.25 * 0.75) ** 0.5
    for s in st.values():
        assert all(p["p"] > 0.001 for p in s["positions"])


def test_published_sample_rows_leak(sample_csv, tmp_path):
    assert main(["audit", str(sample_csv), "-o", str(tmp_path / "a")]) == 1
    result = json.loads((tmp_path / "a" / "audit.json").read_text())
    assert result["sources"][0]["settings"][0]["baselines"]["premise-blind"]["leaks"]
    assert result["sources"][0]["shortcut"]["n"] == 80


def test_generate_refuses_a_leaking_dataset_unless_allowed(tmp_path, capsys):
    out = tmp_path / "published-like"
    assert main(["generate", "--size", "100", "--seed", "1", "--balance", "none", "-o", str(out),
                 "--quiet"]) == 1
    assert "--allow-leaks" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["audit.json"]
    assert main(["generate", "--size", "100", "--seed", "1", "--balance", "none", "--allow-leaks",
                 "--force", "-o", str(out), "--quiet"]) == 0
    card = (out / "README.md").read_text()
    assert "**Audit failed**" in card and "shortcut_pred" in card


def test_generate_writes_the_audit_and_the_columns(tmp_path):
    out = tmp_path / "fair"
    assert main(["generate", "--size", "100", "--seed", "1", "-o", str(out), "--quiet"]) == 0
    card = (out / "README.md").read_text()
    assert "## Audit" in card and "**Audit passed.**" in card
    row = json.loads((out / "train.jsonl").open().readline())
    assert row["shortcut_pred"] in ("entailment", "not_entailment")
    assert 0.5 <= row["shortcut_confidence"] <= 1
    assert row["difficulty"] == pytest.approx(
        difficulty(row["shortcut_pred"] == row["label"], row["shortcut_confidence"]), abs=1e-6)


def test_shortcut_fields_are_tfidf_of_every_text():
    """Reading each distinct text once for all folds gives TfidfVectorizer's matrices,
    array for array (so the shortcut model and its columns are the same)."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    from pyfront.audit.shortcut import _cached_analyzer
    from pyfront.audit.tfidf import Field, Texts

    rng = random.Random(3)
    words = ["Ann", "Bob", "box", "basket", "moved", "the", "ball", "to", "entered", "room"]
    pool = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 12))) for _ in range(40)]
    pool += ["zebra Ann", "Bob", "a b c"]
    analyzer = _cached_analyzer(TfidfVectorizer)
    store = Texts(analyzer)
    for fold in range(3):
        train = [rng.choice(pool[:30 + 5 * fold]) for _ in range(300)]
        test = [rng.choice(pool) for _ in range(80)] + ["zebra Ann", "zebra"]
        ours, theirs = Field(store), TfidfVectorizer(analyzer=analyzer, sublinear_tf=True)
        for x, y in ((ours.fit_transform(train), theirs.fit_transform(train)),
                     (ours.transform(test), theirs.transform(test))):
            assert x.shape == y.shape and x.dtype == y.dtype and type(x) is type(y)
            for part in ("indptr", "indices", "data"):
                assert getattr(x, part).tolist() == getattr(y, part).tolist()
