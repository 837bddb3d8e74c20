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


@pytest.mark.parametrize("extra, words", [
    (["--split", "nan/1/1"], "--split parts must be finite"),
    (["--split", "60/inf/20"], "--split parts must be finite"),
    (["--split", "1e308/1e308/1"], "--split parts must be finite"),
    (["--agent-weights", "nan,1,1"], "--agent-weights must be finite"),
    (["--agent-weights", "inf,1,1"], "--agent-weights must be finite"),
    (["--order-weights", "1e308,1e308"], "--order-weights must be finite"),
    (["--announcements", "3-N"], "N, the number of agents, can be 2, below 3"),
    (["--announcements", "100000"], "--announcements must lie within 0-32"),
    (["--announcements", "0-99999999999999999999"], "--announcements must lie within 0-32"),
    (["--hypotheses-per-premise", "100000000"], "--hypotheses-per-premise must be at most 1000"),
])
def test_non_finite_and_absurd_knobs_are_refused_before_any_work(extra, words, tmp_path):
    """In a child process with a deadline: an absurd count once ran for hours."""
    import subprocess
    import sys

    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "pyfront.cli", *ARGS, "-o", str(out), *extra],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert len(done.stderr.splitlines()) == 1 and words in done.stderr, done.stderr
    assert not out.exists()


@pytest.mark.parametrize("family", ["mindgames", "stories", "functional"])
def test_an_empty_output_name_is_a_usage_error(family, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # where an empty name would have put the files
    with pytest.raises(SystemExit) as stop:
        main(["generate", "--family", family, "--size", "2", "--quiet", "-o", ""])
    assert stop.value.code == 2 and "the name is empty" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("family, pipeline", [
    ("stories", "pyfront.generate.stories.pipeline"),
    ("functional", "pyfront.generate.functional.pipeline"),
])
def test_an_output_that_cannot_be_written_stops_stories_before_the_work(
        family, pipeline, tmp_path, monkeypatch, capsys):
    def no_work(*args, **kwargs):
        raise AssertionError("the work started")

    importlib.import_module(pipeline)
    monkeypatch.setattr(f"{pipeline}.generate", no_work)
    (tmp_path / "file").write_text("x")
    target = tmp_path / "file" / "sub"
    assert main(["generate", "--family", family, "--size", "2", "--quiet",
                 "-o", str(target)]) == 1
    assert capsys.readouterr().err == f"mindgames: {target}: cannot write here: Not a directory\n"


def test_a_folder_where_a_split_file_goes_stops_before_the_work(tmp_path, monkeypatch, capsys):
    def no_work(*args, **kwargs):
        raise AssertionError("the work started")

    monkeypatch.setattr("pyfront.generate.pipeline.generate", no_work)
    (tmp_path / "train.jsonl").mkdir()
    assert main([*ARGS, "--force", "-o", str(tmp_path)]) == 1
    assert "train.jsonl is in the way" in capsys.readouterr().err


def test_an_interrupted_force_leaves_the_old_dataset_whole(dataset, tmp_path, monkeypatch):
    """Ctrl-C while the new files are written: the old dataset stays as it was, file for
    file (not a new split beside old ones), and no temporary file is left."""
    import shutil
    from pathlib import Path

    out = tmp_path / "out"
    shutil.copytree(dataset, out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    write_bytes = Path.write_bytes

    def interrupted(self, data):
        if self.name.startswith("validation.jsonl"):
            raise KeyboardInterrupt
        return write_bytes(self, data)

    monkeypatch.setattr(Path, "write_bytes", interrupted)
    assert main(["generate", "--size", "12", "--seed", "5", "--quiet", "--workers", "1",
                 "--force", "-o", str(out)]) == 130
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
