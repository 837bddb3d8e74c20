"""The examples of docs/event-models.md run and say what the text says."""

from __future__ import annotations

import json
import re

from pyfront.cli import main

from conftest import REPO

DOC = (REPO / "docs" / "event-models.md").read_text(encoding="utf-8")


def test_python_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", DOC, flags=re.S)
    assert len(blocks) == 2
    scope: dict = {}
    for block in blocks:  # the second continues the first
        exec(compile(block, "docs/event-models.md", "exec"), scope)
    from smcdel_bridge.dynamic import holds_at_actual
    from smcdel_bridge.language import K, Neg, Prp

    assert holds_at_actual(scope["moved"], K("sally", Neg(Prp(1))))
    assert holds_at_actual(scope["pm"].belief_view(), K("sally", Prp(1)))
    assert scope["moved"].worlds == ("w0.e0", "w0.e1")


def test_json_example_is_a_case(tmp_path, capsys):
    (block,) = re.findall(r"```json\n(.*?)```", DOC, flags=re.S)
    path = tmp_path / "sally.json"
    path.write_text(block, encoding="utf-8")
    assert main(["del", str(path)]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row == {"id": "sally", "answers": [{"at_actual": True, "valid": True}],
                   "agrees": True}
