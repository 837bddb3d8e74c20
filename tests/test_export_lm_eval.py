"""``mindgames export lm-eval``: the task YAML's structure, its templates resolved on the
rows (the same prompts as ``mindgames eval``), and lm-eval's own loader where installed."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import jinja2
import pytest
import yaml

from pyfront.cli import main
from pyfront.evaluation import prompts
from pyfront.data.loading import read_rows


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("export") / "small-set"
    assert main(["generate", "--size", "8", "--seed", "1", "-o", str(out), "--quiet"]) == 0
    return out


def export(dataset, out) -> dict[str, dict]:
    assert main(["export", "lm-eval", str(dataset), "-o", str(out)]) == 0
    return {p.stem: yaml.safe_load(p.read_text()) for p in sorted(out.glob("*.yaml"))}


def render(template, doc):
    """lm-eval renders doc_to_* strings as jinja2 templates over the row."""
    return jinja2.Environment(undefined=jinja2.StrictUndefined).from_string(template).render(**doc)


def test_nli_tasks(dataset, tmp_path):
    tasks = export(dataset, tmp_path / "tasks")
    assert set(tasks) == {"mindgames_small_set_nli_mc", "mindgames_small_set_nli_gen",
                          "mindgames_small_set_mcq_mc", "mindgames_small_set_mcq_gen"}
    mc, gen = tasks["mindgames_small_set_nli_mc"], tasks["mindgames_small_set_nli_gen"]
    for t in (mc, gen):
        assert t["dataset_path"] == "json"
        files = t["dataset_kwargs"]["data_files"]
        assert set(files) == {"train", "validation", "test"}
        # relative to the task folder
        assert all(not Path(f).is_absolute() and (tmp_path / "tasks" / f).is_file()
                   for f in files.values())
        assert (t["training_split"], t["validation_split"], t["test_split"]) == ("train", "validation", "test")
    assert mc["output_type"] == "multiple_choice" and mc["doc_to_choice"] == ["True", "False"]
    assert mc["metric_list"][0]["metric"] == "acc"
    assert gen["output_type"] == "generate_until"
    regex = gen["filter_list"][0]["filter"][0]
    assert regex["function"] == "regex"
    assert gen["metric_list"][0]["metric"] == "exact_match"
    for _, row in read_rows(dataset / "test.jsonl"):
        assert render(mc["doc_to_text"], row) == prompts.nli(row["premise"], row["hypothesis"])
        gold = 0 if row["label"] == "entailment" else 1
        assert int(render(mc["doc_to_target"], row)) == gold
        target = render(gen["doc_to_target"], row)
        assert target == mc["doc_to_choice"][gold]
        # the filter finds the answer in a chatty reply
        found = re.findall(regex["regex_pattern"], f"Sure. {target.lower()}, since …")
        assert found and found[0].lower() == target.lower()


def test_qa_tasks_on_story_rows(tmp_path):
    rows = [{"id": f"s{i}", "story": f"Anne puts the ball in box {i}.", "question": "Where is the ball?",
             "choices": [f"box {i}", "basket"], "answer": f"box {i}" if i % 2 else "basket",
             "premise": f"Anne puts the ball in box {i}.", "hypothesis": f"The ball is in box {i}.",
             "label": "entailment" if i % 2 else "not_entailment"} for i in range(4)]
    data = tmp_path / "stories.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    tasks = export(data, tmp_path / "tasks")
    assert {k.rsplit("_", 2)[-2] + "_" + k.rsplit("_", 1)[-1] for k in tasks} == {"nli_mc", "nli_gen", "qa_mc", "qa_gen"}
    mc = next(t for k, t in tasks.items() if k.endswith("qa_mc"))
    gen = next(t for k, t in tasks.items() if k.endswith("qa_gen"))
    copied = mc["dataset_kwargs"]["data_files"]["test"]
    assert not copied.startswith("..") and (tmp_path / "tasks" / copied).read_text() == data.read_text()
    for row in rows:
        text = render(mc["doc_to_text"], row)
        assert text == prompts.mcq(row["story"], row["question"], row["choices"])
        choices = render(mc["doc_to_choice"], row)
        assert choices == str(row["choices"])
        gold = row["choices"].index(row["answer"])
        assert int(render(mc["doc_to_target"], row)) == gold
        assert render(gen["doc_to_target"], row) == "AB"[gold]


def test_mcq_tasks_are_evals_multiple_choice_items(dataset, tmp_path):
    from pyfront.evaluation.items import Setting, build_items

    tasks = export(dataset, tmp_path / "tasks")
    mc, gen = tasks["mindgames_small_set_mcq_mc"], tasks["mindgames_small_set_mcq_gen"]
    test_file = tmp_path / "tasks" / mc["dataset_kwargs"]["data_files"]["test"]
    docs = [json.loads(line) for line in test_file.open()]
    built = build_items(list(read_rows(dataset / "test.jsonl")),
                        [Setting("mcq", "retrospective", "hard", "none")])
    assert [d["prompt"] for d in docs] == [it.prompt for it in built.items] and docs
    for d in docs:
        assert render(mc["doc_to_text"], d) == d["prompt"]
        assert render(mc["doc_to_choice"], d) == str(list("ABCD"[:len(d["options"])]))
        letter = render(gen["doc_to_target"], d)
        assert d["prompt"].splitlines()[-len(d["options"]) - 1 + d["gold"]].startswith(letter + ". ")


def test_the_exported_folder_carries_its_data(dataset, tmp_path):
    """Moved away from the dataset (which is then gone), every task still finds its rows:
    no path in the YAML leads out of the folder, and the rows are the dataset's own."""
    import shutil

    source = tmp_path / "source"
    shutil.copytree(dataset, source)
    export(source, tmp_path / "tasks")
    moved = tmp_path / "elsewhere" / "moved"
    shutil.move(tmp_path / "tasks", moved)
    originals = {s: (source / f"{s}.jsonl").read_text() for s in ("train", "validation", "test")}
    shutil.rmtree(source)
    for path in moved.glob("*.yaml"):
        files = yaml.safe_load(path.read_text())["dataset_kwargs"]["data_files"]
        for split, rel in files.items():
            target = (moved / rel).resolve()
            assert target.is_relative_to(moved.resolve()) and target.is_file(), (path.name, rel)
            if "_mcq_" not in path.name:
                assert target.read_text() == originals[split]


def test_the_forms_of_a_story_dataset_keep_their_own_rows(tmp_path):
    rows = {"qa": [{"id": "q", "story": "Anne puts the ball in the box.", "question": "Where is the ball?",
                    "choices": ["box", "basket"], "answer": "box"}],
            "nli": [{"id": "n", "premise": "Anne puts the ball in the box.",
                     "hypothesis": "The ball is in the box.", "label": "entailment"}]}
    for form, rs in rows.items():
        (tmp_path / "stories" / form).mkdir(parents=True)
        (tmp_path / "stories" / form / "test.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rs))
    tasks = export(tmp_path / "stories", tmp_path / "tasks")
    for name, form in (("mindgames_stories_qa_mc", "qa"), ("mindgames_stories_nli_mc", "nli")):
        rel = tasks[name]["dataset_kwargs"]["data_files"]["test"]
        assert [json.loads(x) for x in (tmp_path / "tasks" / rel).read_text().splitlines()] == rows[form]


def test_story_form_folders_get_names_without_doubled_words(tmp_path):
    rows = [{"id": f"s{i}", "story": "Anne puts the ball in the box.", "question": "Where is the ball?",
             "choices": ["box", "basket"], "answer": "box"} for i in range(2)]
    qa = tmp_path / "stories" / "qa"
    qa.mkdir(parents=True)
    (qa / "test.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert set(export(qa, tmp_path / "tasks")) == {"mindgames_stories_qa_mc", "mindgames_stories_qa_gen"}
    assert main(["export", "lm-eval", str(qa), "-o", str(tmp_path / "t3"), "--name", "x_qa"]) == 0
    assert sorted(p.stem for p in (tmp_path / "t3").glob("*.yaml")) == ["x_qa_gen", "x_qa_mc"]


def test_a_failed_export_leaves_no_folder(tmp_path, capsys):
    odd = tmp_path / "odd.jsonl"
    odd.write_text('{"text": "no columns that fit"}\n')
    out = tmp_path / "new" / "tasks"
    assert main(["export", "lm-eval", str(odd), "-o", str(out)]) == 1
    assert not out.exists() and not (tmp_path / "new").exists()
    assert "no lm-eval form fits" in capsys.readouterr().err


def test_bad_input(tmp_path, capsys):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["export", "lm-eval", str(empty), "-o", str(tmp_path / "o")]) == 1
    odd = tmp_path / "odd.jsonl"
    odd.write_text('{"text": "no columns that fit"}\n')
    assert main(["export", "lm-eval", str(odd), "-o", str(tmp_path / "o")]) == 1
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"premise": "P", "hypothesis": "H", "label": "entailment"}\n{oops\n')
    assert main(["export", "lm-eval", str(broken), "-o", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3
    assert "no rows" in err[0] and "no lm-eval form fits" in err[1]
    assert err[2].startswith(f"mindgames: {broken}:2:")


def test_a_folder_holding_files_is_written_into_only_with_force(dataset, tmp_path, capsys):
    out = tmp_path / "tasks"
    out.mkdir()
    mine = out / "mindgames_small_set_nli_mc.yaml"  # a task file of the same name, edited
    mine.write_text("task: mine\n", encoding="utf-8")
    assert main(["export", "lm-eval", str(dataset), "-o", str(out)]) == 1
    assert capsys.readouterr().err == (f"mindgames: {out}: the directory already holds files: "
                                       "give --force to write into it anyway\n")
    assert sorted(p.name for p in out.iterdir()) == [mine.name]
    assert mine.read_text(encoding="utf-8") == "task: mine\n"
    assert main(["export", "lm-eval", str(dataset), "-o", str(out), "--force"]) == 0
    assert yaml.safe_load(mine.read_text())["task"] == "mindgames_small_set_nli_mc"


def test_an_empty_output_name_is_a_usage_error(dataset, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # where an empty name would have put the tasks
    with pytest.raises(SystemExit) as stop:
        main(["export", "lm-eval", str(dataset), "-o", ""])
    assert stop.value.code == 2 and "the name is empty" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(importlib.util.find_spec("lm_eval") is None,
                    reason="lm-evaluation-harness (lm_eval) is not installed")
def test_lm_eval_loads_the_tasks(dataset, tmp_path, monkeypatch):
    from lm_eval.tasks import TaskManager, get_task_dict

    out = tmp_path / "tasks"
    names = sorted(export(dataset, out))
    monkeypatch.chdir(out)  # as documented: lm_eval runs in the task folder
    task_dict = get_task_dict(names, TaskManager(include_path=str(out)))
    n_test = len(list(read_rows(dataset / "test.jsonl")))
    for name in names:
        task = task_dict[name]
        docs = list(task.test_docs())
        if "_nli_" in name:  # the dataset's own rows
            assert len(docs) == n_test
            assert task.doc_to_text(docs[0]) == prompts.nli(docs[0]["premise"],
                                                            docs[0]["hypothesis"])
        else:  # the multiple-choice items written beside the tasks
            written = out / f"{name.rsplit('_', 1)[0]}_data" / "test.jsonl"
            assert docs == [json.loads(line) for line in written.read_text().splitlines()]
