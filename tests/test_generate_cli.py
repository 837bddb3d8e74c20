"""``mindgames generate`` on the command line: files, card, errors, and ``check`` agreeing."""

from __future__ import annotations

import importlib
import json

import pytest

from pyfront.cli import main

ARGS = ["generate", "--size", "12", "--seed", "4", "--quiet"]


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    out = tmp_path_factory.mktemp("dataset")
    assert main([*ARGS, "--workers", "1", "-o", str(out)]) == 0
    return out


def test_writes_three_splits_and_a_card(dataset):
    names = sorted(p.name for p in dataset.iterdir())
    assert names == ["README.md", "test.jsonl", "train.jsonl", "validation.jsonl"]
    rows = [json.loads(l) for p in dataset.glob("*.jsonl") for l in p.read_text().splitlines()]
    assert len(rows) == 4 * 12


def test_card_header_is_a_datasets_config(dataset):
    import yaml
    text = (dataset / "README.md").read_text(encoding="utf-8")
    assert text.startswith("---\n")
    header = yaml.safe_load(text.split("---\n")[1])
    files = {d["split"]: d["path"] for d in header["configs"][0]["data_files"]}
    assert files == {"train": "train.jsonl", "validation": "validation.jsonl", "test": "test.jsonl"}
    counts = {s["name"]: s["num_examples"] for s in header["dataset_info"]["splits"]}
    for split, path in files.items():
        assert counts[split] == len((dataset / path).read_text().splitlines())
    features = [f["name"] for f in header["dataset_info"]["features"]]
    assert features[:1] == ["id"] and "smcdel_problem" in features and "problem" in features
    assert "--seed 4" in text and "mindgames generate" in text


def test_byte_identical_with_two_workers(dataset, tmp_path):
    assert main([*ARGS, "--workers", "2", "-o", str(tmp_path)]) == 0
    for p in dataset.iterdir():
        assert (tmp_path / p.name).read_bytes() == p.read_bytes(), p.name


def test_check_rederives_every_label(dataset, tmp_path, capsys):
    importlib.import_module("pyfront.commands.check")
    report = tmp_path / "check.jsonl"
    files = [str(dataset / f"{s}.jsonl") for s in ("train", "validation", "test")]
    assert main(["check", *files, "-o", str(report)]) == 0
    results = [json.loads(l) for l in report.read_text().splitlines()]
    assert len(results) == 4 * 12
    assert all(r["agrees"] is True and r["contradictory"] is False for r in results)


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--size", "7"], "even"),
        (["--setups", "forehead,nosuch"], "unknown setup"),
        (["--agents", "two"], "--agents"),
        (["--agents", "1-3"], "--agents"),
        (["--order", "0-2"], "order"),
        (["--announcements", "3-1"], "announcement"),
        (["--split", "50/50"], "--split"),
        (["--style", "nosuch"], "unknown style"),
        (["--knowledge-rate", "2"], "--knowledge-rate"),
        (["--pairs-per-premise", "0"], "--pairs-per-premise"),
        (["--pair-rate", "0"], "--pair-rate"),
        (["--agent-weights", "1,2"], "--agent-weights"),
        (["--order-weights", "one,two"], "--order-weights"),
        (["--announcement-weights", "0,0,0,0,0"], "--announcement-weights"),
        (["--announcement-atom-rate", "1.5"], "--announcement-atom-rate"),
        (["--workers", "0"], "--workers"),
    ],
)
def test_bad_options_are_one_line_errors(extra, words, tmp_path, capsys):
    assert main([*ARGS, "-o", str(tmp_path / "out"), *extra]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_the_cards_command_line_reproduces_the_files(dataset, tmp_path):
    import re
    import shlex

    text = (dataset / "README.md").read_text(encoding="utf-8")
    command = re.search(r"mindgames generate [^\n`]*-o DIR", text).group(0)
    argv = shlex.split(command)[1:-2] + ["--quiet", "--workers", "1", "-o", str(tmp_path)]
    assert "--agent-weights" in argv and "--pair-rate" in argv
    assert main(argv) == 0
    for p in dataset.iterdir():
        assert (tmp_path / p.name).read_bytes() == p.read_bytes(), p.name


def test_weights_and_rates_can_be_overridden(tmp_path):
    out = tmp_path / "out"
    assert main([*ARGS, "--workers", "1", "-o", str(out), "--agent-weights", "0,0,1",
                 "--order-weights", "uniform", "--announcement-weights", "0,1,0,0,0",
                 "--pair-rate", "1", "--pairs-per-premise", "2"]) == 0
    rows = [json.loads(l) for p in out.glob("*.jsonl") for l in p.read_text().splitlines()]
    assert {r["n_agents"] for r in rows} == {4} and {r["n_announcements"] for r in rows} == {1}
    card = (out / "README.md").read_text(encoding="utf-8")
    assert "--order-weights uniform" in card and "--pairs-per-premise 2" in card


def test_output_that_is_a_file_is_an_error(tmp_path, capsys):
    target = tmp_path / "file"
    target.write_text("x")
    assert main([*ARGS, "-o", str(target)]) == 1
    assert "not a directory" in capsys.readouterr().err


def test_summary_names_every_setup(tmp_path, capsys):
    assert main(["generate", "--size", "4", "--seed", "1", "--workers", "1", "-o", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    for setup in ("forehead", "forehead_mirror", "internal", "explicit", "check"):
        assert setup in out


def test_engines_agree_on_every_row(tmp_path):
    import dd  # noqa: F401  (a dependency: never skipped)
    small = ["generate", "--size", "8", "--seed", "9", "--quiet", "--workers", "1"]
    assert main([*small, "--engine", "explicit", "-o", str(tmp_path / "e")]) == 0
    assert main([*small, "--engine", "symbolic", "-o", str(tmp_path / "s")]) == 0
    for name in ("train.jsonl", "validation.jsonl", "test.jsonl"):
        assert (tmp_path / "e" / name).read_bytes() == (tmp_path / "s" / name).read_bytes()


def test_output_does_not_depend_on_hash_randomisation(tmp_path):
    import os
    import subprocess
    import sys

    from conftest import REPO

    outputs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / hash_seed
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-m", "pyfront", "generate", "--size", "6", "--seed", "3",
             "--quiet", "-o", str(out)],
            cwd=REPO, env=env, capture_output=True, text=True,
        )
        assert done.returncode == 0, done.stderr
        outputs.append({p.name: p.read_bytes() for p in out.iterdir()})
    assert outputs[0] == outputs[1]
