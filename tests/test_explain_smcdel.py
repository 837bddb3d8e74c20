"""``explain`` accepts SMCDEL programs, as the web page does (issue 42).

A ``.smcdel.txt`` file (or text starting with ``VARS``, on standard input too) is told like
a problem: its agents by their SMCDEL names, atoms as ``p1`` …, each ``VALID?`` job a
hypothesis.  The answers expected here are worked out by hand in the comments.
"""

from __future__ import annotations

import subprocess
import sys

from conftest import REPO

PROGRAM = """-- alice sees 1, bob sees 2; someone's bit is set
VARS 1,2 LAW Top OBS alice:1 bob:2
VALID? [ ! (1|2) ] alice knows whether 1
VALID? [ ! (1|2) ] alice knows whether 2
TRUE? {1} 1
"""
# job 1: alice sees atom 1 -> knows whether it holds at every state: valid.
# job 2: after (1|2), states 10 and 11 remain for alice when atom 1 is set: 2 differs, she
#        cannot tell -> not valid.


def _explain(*args: str, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "pyfront", "explain", *args], input=stdin,
                          capture_output=True, text=True, cwd=REPO, timeout=120)


def _answers(text: str) -> dict[str, str]:
    out, current = {}, None
    for line in text.splitlines():
        if line.startswith("Hypothesis "):
            current = line.split()[1]
        elif line.startswith("Answer:") and current:
            out[current] = line.split()[1]
    return out


def test_an_smcdel_file_is_explained(tmp_path):
    path = tmp_path / "two.smcdel.txt"
    path.write_text(PROGRAM, encoding="utf-8")
    done = _explain(str(path))
    assert done.returncode == 0, done.stderr
    assert _answers(done.stdout) == {"job1": "entailed", "job2": "not"}
    assert "alice observes p1." in done.stdout and "bob observes p2." in done.stdout
    # the TRUE? job is not dropped silently
    assert "job 3 (TRUE?) is not explained" in done.stderr


def test_smcdel_text_on_standard_input():
    done = _explain("-", stdin=PROGRAM)
    assert done.returncode == 0, done.stderr
    assert _answers(done.stdout) == {"job1": "entailed", "job2": "not"}


def test_a_parse_error_is_one_line(tmp_path):
    path = tmp_path / "bad.smcdel.txt"
    path.write_text("VARS 1,2 LAW Top OBS alice:1\nVALID? alice knows (\n", encoding="utf-8")
    done = _explain(str(path))
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"mindgames: {path}:2:"), done.stderr


def test_obs_atoms_outside_vars_get_the_sanity_line_check_gives(tmp_path):
    path = tmp_path / "obs.smcdel.txt"
    path.write_text("VARS 1\nLAW Top\nOBS a: 2\nVALID? 1\n", encoding="utf-8")
    done = _explain(str(path))
    assert done.returncode == 1
    assert done.stderr == (f"mindgames: {path}: Sanity check failed: OBS contains atoms "
                           "not in VARS!\n")


def test_a_job_nested_too_deeply_is_refused_on_one_line_naming_its_line(tmp_path):
    # 250 negations, 3,000 nested "knows that", a chain of 50,000 "|" (nested one level
    # per operand): all deeper than the 200 levels a DSL formula may have
    for body in ("~" * 250 + "1", "a knows that " * 3000 + "1", " | ".join(["1"] * 50000)):
        path = tmp_path / "deep.smcdel.txt"
        path.write_text(f"VARS 1,2\nLAW Top\nOBS a: 1\nVALID? {body}\n", encoding="utf-8")
        done = _explain(str(path))
        assert done.returncode == 1
        assert done.stderr.startswith(f"mindgames: {path}:4:1: job 1 (VALID?) nests operators "
                                      "more than 200 levels deep"), done.stderr[:300]
        assert done.stderr.count("\n") == 1

