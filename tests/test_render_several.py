"""``render --to smcdel`` of a file of several problems: an SMCDEL input holds one
structure, so the command says how to get one program (``--problem NAME``) or writes one
file per problem (``-o DIR``), each of which ``mindgames smcdel`` reads and answers as the
file's own ``expect`` clauses say."""

from __future__ import annotations

import json
import re

from conftest import REPO
from pyfront.cli import main

SURPRISES = REPO / "examples" / "surprises.del"
MUDDY = REPO / "examples" / "muddy_children.del"


def _expected(path) -> dict[str, list[bool]]:
    """problem -> the expected answer of each hypothesis, in order, read from the file's
    ``hypothesis NAME: … expect true|false`` lines."""
    out: dict[str, list[bool]] = {}
    problem = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := re.match(r"problem (\w+)", line):
            problem = m.group(1)
            out[problem] = []
        elif m := re.match(r"\s+hypothesis \w+:.*\bexpect (true|false)\b", line):
            out[problem].append(m.group(1) == "true")
    return out


def test_several_programs_printed_say_how_to_pick_one(capsys):
    assert main(["render", str(MUDDY), "--to", "smcdel"]) == 0
    out, err = capsys.readouterr()
    assert out.count("VARS ") == 2  # both programs are still printed
    (line,) = err.strip().splitlines()
    assert "2 problems (muddy_children, muddy_children_round_two)" in line
    assert "--problem muddy_children" in line and "-o DIR" in line
    # one problem: nothing to say
    assert main(["render", str(MUDDY), "--to", "smcdel", "--problem", "muddy_children"]) == 0
    assert capsys.readouterr().err == ""


def test_one_file_per_problem_each_answered_as_expected(tmp_path, capsys):
    expected = _expected(SURPRISES)
    assert len(expected) >= 3
    out = tmp_path / "programs"
    assert main(["render", str(SURPRISES), "--to", "smcdel", "-o", str(out)]) == 0
    printed = capsys.readouterr().out.split()
    assert sorted(printed) == sorted(str(out / f"{name}.smcdel.txt") for name in expected)
    for name, answers in expected.items():
        assert main(["smcdel", "--json", str(out / f"{name}.smcdel.txt")]) == 0
        results = json.loads(capsys.readouterr().out)["results"]
        assert [r["value"] for r in results] == answers, name


def test_output_folder_is_for_smcdel_programs(tmp_path, capsys):
    assert main(["render", str(MUDDY), "--to", "english", "-o", str(tmp_path / "x")]) == 1
    assert "--to smcdel" in capsys.readouterr().err
    afile = tmp_path / "file"
    afile.write_text("")
    assert main(["render", str(MUDDY), "--to", "smcdel", "-o", str(afile)]) == 1
    assert "not a folder" in capsys.readouterr().err
