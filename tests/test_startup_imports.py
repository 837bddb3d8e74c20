"""Start-up: a command loads only what its path needs (a guard, not a timing).

Each case runs the console script's ``main`` in a fresh interpreter, output into pipes,
and lists the heavy libraries and the toolkit's packages found in ``sys.modules`` after it.
The speed itself is measured by ``benchmarks/bench_check.py --startup-only``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import REPO

ONE_PROBLEM = """problem one
  agents Ann, Bob
  setup forehead
  announce someone
  hypothesis h: Ann knows whether muddy(Ann) expect false
"""

#: libraries no check of a problem file needs (pydantic: not at all; rich: only on a
#: terminal; jinja2: only for English)
HEAVY = ("pydantic", "rich", "jinja2")

#: what the published rows' fast path loads (the lexer and the truth tables): only when a
#: row is read
ROW_PATH = ("smcdel_bridge.syntax.lexer", "smcdel_bridge.native.truth_tables")

_PROBE = f"ROW_PATH = {ROW_PATH!r}\n" + """
import json, sys
from pyfront.cli import main
try:
    code = main(sys.argv[2:])
except SystemExit as exc:  # --help
    code = exc.code
loaded = sorted(m for m in sys.modules if m.split(".")[0] in
                ("pydantic", "rich", "jinja2", "lark") or m.startswith(("pyfront.story", "pyfront.grammar"))
                or m in ROW_PATH)
with open(sys.argv[1], "w") as out:
    json.dump({"code": code, "loaded": loaded}, out)
"""


def _loaded(tmp_path, *args: str) -> set[str]:
    report = tmp_path / "loaded.json"
    # (variables that make rich draw colours into pipes too would bring rich in)
    env = {k: v for k, v in os.environ.items()
           if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")}
    done = subprocess.run([sys.executable, "-c", _PROBE, str(report), *args], cwd=REPO, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    data = json.loads(report.read_text())
    assert data["code"] in (0, None), data
    return set(data["loaded"])


def _roots(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def test_check_of_one_problem_loads_no_heavy_library(tmp_path):
    path = tmp_path / "one.del"
    path.write_text(ONE_PROBLEM, encoding="utf-8")
    loaded = _loaded(tmp_path, "check", str(path))
    assert not _roots(loaded) & set(HEAVY), sorted(loaded)
    # the story reader and model: for story files only (the engine choice is a setting)
    story = {m for m in loaded if m.startswith("pyfront.story")}
    assert story <= {"pyfront.story", "pyfront.story.engines"}, sorted(story)
    # the DSL is read from the exported tables: lark only words syntax errors
    assert "lark" not in _roots(loaded) and "pyfront.grammar.runtime" in loaded, sorted(loaded)


def test_a_syntax_error_brings_lark_in_for_its_wording(tmp_path):
    path = tmp_path / "bad.del"
    path.write_text("problem one\n  agents Ann\n  anounce someone\n", encoding="utf-8")
    report = tmp_path / "loaded.json"
    done = subprocess.run([sys.executable, "-c", _PROBE, str(report), "check", str(path)],
                          cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    data = json.loads(report.read_text())
    assert data["code"] == 1 and "lark" in _roots(set(data["loaded"]))


def test_check_of_a_puzzle_loads_no_heavy_library(tmp_path):
    loaded = _loaded(tmp_path, "check", str(REPO / "examples/puzzles/cheryls_birthday.del"))
    assert not _roots(loaded) & set(HEAVY), sorted(loaded)
    assert not loaded & set(ROW_PATH), sorted(loaded)


def test_check_of_rows_loads_the_row_path_when_it_reads_one(tmp_path):
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps({
        "smcdel_problem": "VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] "
                          "(Agenta knows whether 1)",
        "pbcheck": "VARS 0,1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] 0",
        "label": "not_entailment"}) + "\n", encoding="utf-8")
    loaded = _loaded(tmp_path, "check", str(path), "-q")
    assert set(ROW_PATH) <= loaded, sorted(loaded)


def test_check_of_a_story_still_reads_it(tmp_path):
    loaded = _loaded(tmp_path, "check", str(REPO / "examples/stories/coin.del"))
    assert "pyfront.story.dsl" in loaded


@pytest.mark.parametrize("args", [["--help"], ["check", "--help"], ["render", "--help"]])
def test_help_loads_no_heavy_library(tmp_path, args):
    loaded = _loaded(tmp_path, *args)
    assert not _roots(loaded) & set(HEAVY + ("lark",)), sorted(loaded)


def test_smcdel_of_a_small_program_loads_no_heavy_library(tmp_path):
    path = tmp_path / "one.smcdel.txt"
    path.write_text("VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] "
                    "(Agenta knows whether 1)\n", encoding="utf-8")
    loaded = _loaded(tmp_path, "smcdel", str(path))
    assert not _roots(loaded) & set(HEAVY + ("lark",)), sorted(loaded)
