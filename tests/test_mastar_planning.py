"""Shortest plans of the mA* instances in ../shared/planning-mastar/, checked by deep:
every plan we return is executed by deep (``-e --execute_actions``) and reaches the goal
there, and its length is deep's breadth-first length: run live where deep answers in
well under a second, recorded from ``deep FILE`` (deep b119abb, 60 s) for the others."""

from __future__ import annotations

import re

import pytest
from conftest import shared_dir, shared_file
from requirements import require_deep

from pyfront.mastar.deep import run_deep
from pyfront.mastar.run import PlanOptions, plan_file

#: deep's breadth-first plan lengths, recorded (``deep FILE``, 60 s) where it takes about
#: half a second or more
DEEP_LENGTH = {
    "Assemble/Assemble_B7/Assemble_B7__pl_5.txt": 5,
    "Assemble/Assemble_B8/Assemble_B8__pl_5.txt": 5,
    "CoinBox/Coin_in_the_Box__pl_6.txt": 6,
    "CoinBox/Coin_in_the_Box__pl_7.txt": 7,
    "Grapevine/Grapevine_3/Grapevine_3__pl_4.txt": 4,
    "Grapevine/Grapevine_3/Grapevine_3__pl_5.txt": 5,
    "Grapevine/Grapevine_3/Grapevine_3__pl_6.txt": 6,
    "Grapevine/Grapevine_4/Grapevine_4__pl_4.txt": 4,
    "Grapevine/Grapevine_4/Grapevine_4__pl_5.txt": 5,
    "Grapevine/Grapevine_5/Grapevine_5__pl_2.txt": 2,
    "Grapevine/Grapevine_5/Grapevine_5__pl_3.txt": 3,
}
#: deep finds no plan within 60 s: the file's known plan length bounds ours
DEEP_TIMES_OUT = {
    "Assemble/Assemble_B9/Assemble_B9__pl_5.txt",
    "Assemble/Assemble_B10/Assemble_B10__pl_5.txt",
    "Grapevine/Grapevine_3/Grapevine_3__pl_7.txt",
    "Grapevine/Grapevine_4/Grapevine_4__pl_6.txt",
    "Grapevine/Grapevine_5/Grapevine_5__pl_4.txt",
}
#: deep finds no plan within 60 s and ours needs about a minute or more (docs/planning-mastar.md:
#: both found, of the known length, and executed by deep there): too long for this file
UNSOLVED = {
    "Grapevine/Grapevine_5/Grapevine_5__pl_5.txt",
    "Grapevine/Grapevine_5/Grapevine_5__pl_6.txt",
}
#: ours takes more than a few seconds on two shared cores
SLOW = {
    "Grapevine/Grapevine_3/Grapevine_3__pl_7.txt",
    "Grapevine/Grapevine_4/Grapevine_4__pl_5.txt",
    "Grapevine/Grapevine_4/Grapevine_4__pl_6.txt",
    "Grapevine/Grapevine_5/Grapevine_5__pl_3.txt",
    "Grapevine/Grapevine_5/Grapevine_5__pl_4.txt",
}


def _names() -> list[str]:
    folder = shared_dir() / "planning-mastar"
    found = sorted(str(p.relative_to(folder)) for p in folder.rglob("*.txt"))
    return found or ["(no instances)"]


def _params():
    out = []
    for name in _names():
        if name in UNSOLVED:
            continue
        marks = [pytest.mark.slow] if name in SLOW else []
        out.append(pytest.param(name, marks=marks, id=name.rsplit("/", 1)[-1]))
    return out


@pytest.mark.parametrize("name", _params())
def test_a_shortest_plan_that_deep_accepts(name):
    path = shared_file("planning-mastar", name)
    deep = require_deep()
    (record,) = plan_file(str(path), PlanOptions(timeout=120))
    plan = record["plan"]
    assert plan is not None and record["length"] == len(plan)
    assert run_deep(deep, path, plan=plan, timeout=60).found, plan
    known = int(re.search(r"__pl_(\d+)", name).group(1)) if "__pl_" in name else None
    if name in DEEP_LENGTH:
        assert len(plan) == DEEP_LENGTH[name]
    elif name in DEEP_TIMES_OUT:
        assert len(plan) <= known
    else:
        live = run_deep(deep, path, timeout=60)
        assert live.found and len(plan) == len(live.plan)


def test_the_instances_are_all_accounted_for():
    shared_file("planning-mastar")
    names = set(_names())
    listed = set(DEEP_LENGTH) | DEEP_TIMES_OUT | UNSOLVED
    assert listed <= names
    assert len(names) == 41


def _command(*argv: str):
    import os
    import subprocess
    import sys
    from pathlib import Path

    repo = str(Path(__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=repo + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "pyfront", "plan", "--format", "mastar", *argv],
                          capture_output=True, text=True, env=env, timeout=120)


def test_the_command_prints_json_and_one_line_errors(tmp_path):
    import json

    domain = tmp_path / "peek.txt"
    domain.write_text("fluent p;\naction peek;\nagent a, b;\npeek determines p;\n"
                      "a observes peek;\ninitially p;\ngoal B(a, p);\n")
    done = _command(str(domain), "--json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert (record["plan"], record["length"]) == (["peek"], 1)
    assert record["expanded"] == 1 and record["seconds"] >= 0
    bad = tmp_path / "bad.txt"
    bad.write_text("fluent p;\naction peek;\nagent a;\npeek determines q;\n")
    done = _command(str(bad))
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"mindgames: {bad}:4:17: mA*: undeclared fluent 'q'"]
