"""``import`` leaves no folder when nothing is written, refuses a folder that holds files
unless ``--force``, and a ToMi file given without ``--format tomi`` gets the flag named."""

from __future__ import annotations

from pathlib import Path

from pyfront.cli import main

TEST_DATA = Path(__file__).resolve().parent / "data"
STORIES = TEST_DATA / "tomi" / "stories.txt"


def test_tomi_import_that_writes_nothing_makes_no_folder(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("garbage\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["import", str(bad), "--format", "tomi", "-o", str(out)]) == 1
    assert not out.exists()
    err = capsys.readouterr().err
    assert f"{bad}:1: malformed line" in err and "to " + str(out) not in err


def test_import_refuses_a_folder_with_files_unless_forced(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["import", str(STORIES), "--format", "tomi", "-o", str(out)]) == 0
    first = sorted(p.name for p in out.iterdir())
    (out / "notes.txt").write_text("mine\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["import", str(STORIES), "--format", "tomi", "-o", str(out)]) == 1
    assert "already holds files: give --force" in capsys.readouterr().err
    (out / "story99999.del").write_text("# stale\n", encoding="utf-8")
    assert main(["import", str(STORIES), "--format", "tomi", "-o", str(out), "--force"]) == 0
    # the earlier import's files are replaced, the user's own file is kept
    assert sorted(p.name for p in out.iterdir()) == sorted(first + ["notes.txt"])


def test_mindgames_import_refuses_a_folder_with_files(tmp_path, capsys):
    data = tmp_path / "d.jsonl"
    data.write_text('{"smcdel_problem": "VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? '
                    '[ ! (1|2) ] (Agenta knows whether 1)", "setup": "forehead", '
                    '"names": ["Ann", "Bob"]}\n', encoding="utf-8")
    out = tmp_path / "out"
    assert main(["import", str(data), "-o", str(out)]) == 0
    assert main(["import", str(data), "-o", str(out)]) == 1
    assert main(["import", str(data), "-o", str(out), "--force"]) == 0
    assert [p.name for p in out.iterdir()] == ["row00000.del"]


def test_a_tomi_file_without_the_flag_names_it(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["import", str(STORIES), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "--format tomi" in err and err.count("\n") == 1 and not out.exists()
