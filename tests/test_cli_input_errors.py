"""Errors that point the right way, and no silent success: each case names what is wrong
with the input (the option, the line, the permission), and a run with nothing to do fails
with one line and writes nothing."""

from __future__ import annotations

import errno
import json
import os

import pytest

from pyfront.cli import main
from pyfront.data.rows import RowError, iter_rows

TOMI = (
    "1 Ella entered the garage.\n2 Avery entered the garage.\n"
    "3 The spinach is in the green_crate.\n4 Ella exited the garage.\n"
    "5 Avery moved the spinach to the green_treasure_chest.\n"
    "6 Where will Ella look for the spinach?\tgreen_crate\t1\n"
)
HITOM = json.dumps({"story": "1 Amelia entered the hall.\n2 The potato is in the red_bottle.\n",
                    "question": "Where is the potato really?", "answer": "red_bottle"})
PROBLEM = "VARS 1 LAW Top OBS a:1 VALID? 1"


def _run(capsys, argv):
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


# --- no silent success -------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["tomi", "hitom", "reasoning-core"])
@pytest.mark.parametrize("content,words", [
    ("", "in this file"),
    ("1 Mia entered the hall.\n2 The apple is in the box.\n", None),  # no question line
])
def test_check_of_a_benchmark_file_with_nothing_to_check_fails(capsys, tmp_path, fmt, content,
                                                                words):
    src = tmp_path / "in.txt"
    src.write_text(content, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    code, stdout, err = _run(capsys, ["check", "--format", fmt, src, "-o", out])
    assert code == 1 and err.count("\n") == 1 and err.startswith("mindgames: ")
    assert not out.exists() and stdout == ""
    if fmt == "tomi":  # sentences with no question: nothing to check
        assert err == f"mindgames: {src}: no ToMi question in this file\n"
    elif words:
        assert words in err


@pytest.mark.parametrize("fmt,content", [
    ("tomi", bytes(range(256)) * 8),   # random bytes
    ("tomi", HITOM + "\n"),            # a Hi-ToM file given --format tomi
    ("hitom", TOMI),                   # and the other way round
    ("reasoning-core", HITOM + "\n"),
])
def test_certify_of_the_wrong_kind_of_file_writes_nothing(capsys, tmp_path, fmt, content):
    src = tmp_path / "in.txt"
    src.write_bytes(content if isinstance(content, bytes) else content.encode())
    out = tmp_path / "certified"
    code, _, err = _run(capsys, ["certify", src, "--format", fmt, "-o", out])
    assert code == 1 and err.count("\n") == 1
    assert err.startswith(f"mindgames: {src}:1: ") and "could be read" in err
    assert not out.exists()


def test_certify_and_import_of_an_empty_file_write_nothing(capsys, tmp_path):
    src = tmp_path / "empty.txt"
    src.write_text("")
    for argv in (["certify", src, "--format", "tomi", "-o", tmp_path / "c"],
                 ["import", src, "--format", "tomi", "-o", tmp_path / "i"],
                 ["import", src, "--format", "hitom", "-o", tmp_path / "i"]):
        code, _, err = _run(capsys, argv)
        assert code == 1 and err.count("\n") == 1 and "in this file" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.txt"]


def test_a_good_file_still_checks(capsys, tmp_path):
    src = tmp_path / "tomi.txt"
    src.write_text(TOMI)
    code, out, err = _run(capsys, ["check", "-q", "--format", "tomi", src])
    assert code == 0, err
    assert json.loads(out)["answer"] == "green_crate"


# --- errors that point the right way -----------------------------------------------------

def _denied(real_scandir, folder):
    """os.scandir, refusing ``folder`` as an unreadable folder would (tests run as root,
    where chmod 000 does not deny)."""

    def scandir(path="."):
        if os.fspath(path) == os.fspath(folder):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
        return real_scandir(path)

    return scandir


def test_an_unreadable_folder_is_permission_denied(monkeypatch, tmp_path):
    from pyfront.checking.sources import dsl_files

    folder = tmp_path / "problems"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.del").write_text("")
    assert dsl_files(folder) == [folder / "a.del"]
    monkeypatch.setattr(os, "scandir", _denied(os.scandir, folder / "sub"))
    with pytest.raises(PermissionError):
        dsl_files(folder)


def test_check_of_an_unreadable_folder_says_permission_denied(capsys, monkeypatch, tmp_path):
    folder = tmp_path / "problems"
    folder.mkdir()
    (folder / "a.del").write_text("")
    monkeypatch.setattr(os, "scandir", _denied(os.scandir, folder))
    code, out, err = _run(capsys, ["check", "-q", folder])
    record = json.loads(out)
    assert code == 1 and record["error"] == f"{folder}: Permission denied"


def test_an_unterminated_csv_quote_names_its_line_and_keeps_the_next_rows(tmp_path):
    src = tmp_path / "d.csv"
    src.write_text(f'smcdel_problem,label\n"{PROBLEM},entailment\n{PROBLEM},entailment\n'
                   f'{PROBLEM},not_entailment\n')
    rows = list(iter_rows(src))
    assert [(row, line) for row, line, _ in rows] == [(0, 2), (1, 3), (2, 4)]
    assert isinstance(rows[0][2], RowError)
    assert "unterminated quote: the field opened on line 2" in str(rows[0][2])
    assert [r[2]["label"] for r in rows[1:]] == ["entailment", "not_entailment"]


def test_a_quoted_field_over_two_lines_is_one_row(tmp_path):
    src = tmp_path / "d.csv"
    src.write_text('smcdel_problem,label\n"VARS 1 LAW Top\nOBS a:1 VALID? 1",entailment\n'
                   f"{PROBLEM},entailment")
    rows = list(iter_rows(src))
    assert [(row, line) for row, line, _ in rows] == [(0, 2), (1, 4)]
    assert rows[0][2]["smcdel_problem"] == "VARS 1 LAW Top\nOBS a:1 VALID? 1"


def test_a_csv_row_longer_than_its_header_is_refused(tmp_path):
    src = tmp_path / "d.csv"
    src.write_text(f"smcdel_problem,label\n{PROBLEM},entailment,extra\n")
    (_, line, error), = iter_rows(src)
    assert line == 2 and str(error) == "3 fields, but the header has 2"


@pytest.mark.parametrize("argv", [
    ["smcdel", "--backend", "smcdel", "--smcdel", "notexec", "good.smcdel.txt"],
    ["check", "good.del", "--backend", "smcdel", "--smcdel", "notexec"],
    ["doctor", "--smcdel", "notexec"],
])
def test_a_file_here_that_cannot_run_is_not_executable(capsys, monkeypatch, tmp_path, argv):
    """``--smcdel NAME`` without a slash: not on PATH, but a file by that name is here."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notexec").write_text("#!/bin/sh\n")
    (tmp_path / "notexec").chmod(0o644)
    (tmp_path / "good.smcdel.txt").write_text(PROBLEM + "\n")
    (tmp_path / "good.del").write_text("problem p\n  agents A, B\n  setup forehead\n"
                                       "  hypothesis A knows whether muddy(B)\n")
    code, _, err = _run(capsys, argv)
    assert code == 1
    assert err.strip().splitlines()[-1].endswith(
        "smcdel binary notexec (from --smcdel) is not an executable file")


def test_eval_limit_zero_is_refused(capsys, tmp_path):
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps({"premise": "p", "hypothesis": "h", "label": "entailment"}))
    code, _, err = _run(capsys, ["eval", data, "-m", "baseline:random", "-o", tmp_path / "run",
                                 "--limit", "0"])
    assert code == 1 and err == "mindgames: --limit must be at least 1: got 0\n"
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("argv,words", [
    (["what-sum", "--bound", "100000"], "--bound is too large"),
    (["sum-product", "--max", "100000"], "--max is too large"),
    (["consecutive", "--bound", "70000"], "--bound is too large"),
    (["consecutive", "--bound", "1"], "--bound must be at least 2"),
])
def test_puzzle_sizes_name_their_option(capsys, argv, words):
    code, out, err = _run(capsys, ["puzzle", *argv])
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err.startswith(f"mindgames: {words}") and "<string>" not in err


def test_reasoning_gym_knobs_with_min_above_max_say_so():
    from requirements import require_extra

    require_extra("reasoning_gym", "rl")
    from pyfront.integrations import reasoning_gym as rg

    for config, words in [
        (rg.NliConfig(min_agents=4, max_agents=2), "min_agents (4) is greater than max_agents (2)"),
        (rg.NliConfig(min_order=3, max_order=1), "min_order (3) is greater than max_order (1)"),
        (rg.StoryConfig(min_agents=5, max_agents=3), "min_agents (5) is greater than max_agents (3)"),
        (rg.StoryConfig(min_events=6, max_events=2), "min_events (6) is greater than max_events (2)"),
        (rg.PuzzleConfig(min_children=4, max_children=2),
         "min_children (4) is greater than max_children (2)"),
        (rg.PuzzleConfig(min_muddy=3, max_muddy=1), "min_muddy (3) is greater than max_muddy (1)"),
        (rg.StoryConfig(max_agents=9), "max_agents must be at most 8: got 9"),
    ]:
        with pytest.raises(AssertionError) as caught:  # reasoning-gym's own convention
            config.validate()
        assert str(caught.value) == words and isinstance(caught.value, ValueError)
