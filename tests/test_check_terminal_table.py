"""``check`` on a terminal: which hypothesis got which answer, and a typo is one line
(issue 42, "The words").

A table per file given: hypothesis name, line, answer, expected, agrees.  A DSL file that
cannot be read prints exactly ``FILE:LINE:COL: …`` (the README's promise), exit 1.  The
answers expected here are the textbook ones of two foreheads (each sees the other's
forehead, not their own), written into the test.
"""

from __future__ import annotations

import re

from test_check_output import on_terminal, plain

DSL = """problem two
  agents Alice, Bob
  setup forehead
  announce someone
  hypothesis sees: Bob knows whether muddy(Alice) expect true
  hypothesis own: Alice knows whether muddy(Alice) expect true
  hypothesis other: Alice knows whether muddy(Bob) expect true
"""
#: the oracle: name -> (line in DSL, the true answer)
TRUTH = {"sees": (5, "true"), "own": (6, "false"), "other": (7, "true")}


def test_a_table_per_file_names_each_hypothesis(tmp_path):
    path = tmp_path / "two.del"
    path.write_text(DSL, encoding="utf-8")
    code, out = on_terminal(["check", str(path)])
    text = plain(out)
    assert code == 1  # "own" is expected true and is false
    for name, (line, answer) in TRUTH.items():
        expected = "true"
        agrees = "yes" if answer == expected else "NO"
        assert re.search(rf"^{name} +{line} +{answer} +{expected} +{agrees}\b", text, re.M), text


def test_a_typo_is_the_one_line_the_readme_promises(tmp_path):
    path = tmp_path / "typo.del"
    path.write_text(DSL.replace("setup forehead", "setup forehed"), encoding="utf-8")
    code, out = on_terminal(["check", str(path)])
    lines = [l for l in plain(out).splitlines() if l.strip() and "checking" not in l]
    assert code == 1
    assert len(lines) == 1, lines
    assert re.fullmatch(rf"{re.escape(str(path))}:3:9: unknown setup 'forehed'.*", lines[0]), lines
