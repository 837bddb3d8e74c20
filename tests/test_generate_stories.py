"""``mindgames generate --family stories``: certified ToMi/Hi-ToM-style datasets."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from pyfront.cli import main

FORMS = ("qa", "nli")
SPLITS = ("train", "validation", "test")


def _rows(out: Path, form: str) -> dict[str, list[dict]]:
    return {s: [json.loads(x) for x in (out / form / f"{s}.jsonl").read_text().splitlines()]
            for s in SPLITS}


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("stories") / "ds"
    assert main(["generate", "--family", "stories", "--size", "16", "--seed", "5",
                 "--order", "0-3", "-o", str(out), "--quiet"]) == 0
    return out


def test_files_and_forms(small):
    for form in FORMS:
        assert sorted(p.name for p in (small / form).iterdir()) == [
            "README.md", "test.jsonl", "train.jsonl", "validation.jsonl"]
    qa = _rows(small, "qa")
    row = qa["train"][0]
    shortcut = {"shortcut_pred", "shortcut_confidence", "difficulty"}
    assert set(row) == {"id", "story", "question", "answer", "choices", "question_type", "order",
                        "chain", "story_type", "false_belief", "n_agents", "actions", "problem",
                        *shortcut}
    assert row["answer"] in row["choices"]
    assert row["problem"].startswith("story ")
    nli = _rows(small, "nli")
    assert set(nli["train"][0]) == {"id", "premise", "hypothesis", "label", "question_type",
                                    "order", "chain", "story_type", "false_belief", "n_agents",
                                    "actions", "problem", *shortcut}


def test_balanced_over_orders_and_kinds_of_story(small):
    qa = [r for rows in _rows(small, "qa").values() for r in rows]
    assert len(qa) == 16 * 5  # memory, reality, orders 1-3
    cells = Counter((r["question_type"], r["story_type"]) for r in qa)
    kinds = {"memory", "reality", "first_order", "order_2", "order_3"}
    assert cells == Counter({(k, s): 8 for k in kinds for s in ("true_belief", "false_belief")})
    for r in qa:
        if r["order"] > 0:
            assert r["false_belief"] == (r["story_type"] == "false_belief")
            assert len(r["chain"]) == r["order"]
    nli = [r for rows in _rows(small, "nli").values() for r in rows]
    assert Counter(r["label"] for r in nli) == Counter(entailment=80, not_entailment=80)


def test_no_story_in_two_splits(small):
    for form, key in (("qa", "story"), ("nli", "premise")):
        rows = _rows(small, form)
        texts = [{r[key] for r in rows[s]} for s in SPLITS]
        assert not (texts[0] & texts[1] or texts[0] & texts[2] or texts[1] & texts[2])
        assert sum(map(len, texts)) == 16


def test_same_seed_same_bytes(small, tmp_path):
    again = tmp_path / "again"
    assert main(["generate", "--family", "stories", "--size", "16", "--seed", "5",
                 "--order", "0-3", "-o", str(again), "--quiet"]) == 0
    for form in FORMS:
        for name in ("train.jsonl", "validation.jsonl", "test.jsonl", "README.md"):
            assert (again / form / name).read_bytes() == (small / form / name).read_bytes()


def test_independent_recheck_finds_no_error(small, tmp_path, capsys):
    files = [str(small / f / f"{s}.jsonl") for f in FORMS for s in SPLITS]
    out = tmp_path / "re.jsonl"
    assert main(["check", *files, "-o", str(out)]) == 0
    records = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(records) == 16 * 5 * 3
    assert all(r["agrees"] and "error" not in r for r in records)
    assert "mindgames check (story rows)" in capsys.readouterr().out


def test_recheck_catches_a_wrong_answer(small, tmp_path, capsys):
    rows = _rows(small, "qa")["test"]
    row = dict(rows[0])
    row["answer"] = next(c for c in row["choices"] if c != row["answer"])
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps(row) + "\n" + "{not json\n")
    assert main(["check", str(broken), "-q"]) == 1
    err = capsys.readouterr().err
    assert f"mindgames: {broken}:2:" in err  # the unreadable row, named by line


def test_order_four_with_five_agents(tmp_path):
    out = tmp_path / "deep"
    assert main(["generate", "--family", "stories", "--size", "4", "--seed", "2",
                 "--order", "4", "--agents", "5", "-o", str(out), "--quiet"]) == 0
    qa = [r for rows in _rows(out, "qa").values() for r in rows]
    assert len(qa) == 4 and {r["order"] for r in qa} == {4} and {r["n_agents"] for r in qa} == {5}
    assert all(r["question"].count("think") == 4 for r in qa)
    files = [str(out / f / f"{s}.jsonl") for f in FORMS for s in SPLITS]
    assert main(["check", *files, "-q", "-o", str(tmp_path / "re.jsonl")]) == 0


def test_cards_load_in_datasets_without_warning(small, tmp_path):
    from test_dataset_card import assert_loads_as_declared

    for form in FORMS:
        assert_loads_as_declared(small / form, tmp_path / f"cache-{form}")
    card = (small / "qa" / "README.md").read_text()
    assert "| first_order | 16 | 8 | 8 |" in card
    assert "mindgames generate --family stories --size 16 --seed 5 --order 0-3" in card


@pytest.mark.parametrize("args,message", [
    (["--order", "0-5"], "--order must lie within 0-4"),
    (["--actions", "enter,fly"], "unknown action 'fly'"),
    (["--setups", "internal"], "--setups is an option of --family mindgames"),
    (["--actions", "noise", "--order", "1"], "rarely give false-belief stories"),
    (["--pair-rate", "0.5"], "--pair-rate is an option of --family mindgames"),
])
def test_bad_options_are_one_line(tmp_path, capsys, args, message):
    assert main(["generate", "--family", "stories", "--size", "2", "-o",
                 str(tmp_path / "x"), *args]) == 1
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err


def test_story_options_are_refused_for_mindgames(tmp_path, capsys):
    assert main(["generate", "--size", "2", "-o", str(tmp_path / "x"), "--actions", "lie"]) == 1
    assert "--actions, --events, --objects and --rooms are options of --family stories" in \
        capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_the_answer_is_at_every_position_alike(small):
    """Choices are shuffled per question: the answer's position is uniform (chi-square
    against the uniform distribution; 95th percentiles from a chi-square table)."""
    from collections import Counter

    qa = [r for rows in _rows(small, "qa").values() for r in rows]
    by_k: dict[int, Counter] = {}
    for r in qa:
        by_k.setdefault(len(r["choices"]), Counter())[r["choices"].index(r["answer"])] += 1
    table_01 = {2: 6.635, 3: 9.210, 4: 11.345}  # chi-square 0.99 quantiles, df = k - 1
    for k, counts in by_k.items():
        n = sum(counts.values())
        chi2 = sum((counts[i] - n / k) ** 2 / (n / k) for i in range(k))
        assert chi2 < table_01[k], (k, counts)
    # memory questions: the first container drawn is where the object starts
    memory = [r for r in qa if r["question_type"] == "memory"]
    assert len({r["choices"].index(r["answer"]) for r in memory}) > 1


def test_a_story_datasets_top_folder_names_its_two_forms(small):
    import datasets  # the test extra
    with pytest.raises(ValueError, match=r"qa.*nli|nli.*qa"):
        datasets.load_dataset(str(small))
    assert datasets.load_dataset(str(small), "qa")["train"].num_rows == len(_rows(small, "qa")["train"])
