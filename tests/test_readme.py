"""The README's examples stay true."""

from __future__ import annotations

import re

from conftest import REPO


def _blocks(lang: str) -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def test_dsl_example_checks_as_expected(tmp_path, capsys):
    import json

    from pyfront.cli import main

    block = _blocks("text")[0]
    path = tmp_path / "readme.del"
    path.write_text(block, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    lines = [json.loads(l) for l in capsys.readouterr().out.splitlines() if l.startswith("{")]
    assert [(r["label"], r["agrees"]) for r in lines] == [("entailment", True)]


def test_python_example_runs(capsys):
    (block,) = _blocks("python")
    exec(compile(block, "README.md", "exec"), {})
    assert "BoolAnswer(job='VALID?', value=True)" in capsys.readouterr().out


def test_story_example_checks_as_expected(tmp_path, capsys):
    import json

    from pyfront.cli import main

    block = _blocks("text")[1]
    assert block.startswith("story sally_anne")
    path = tmp_path / "readme_story.del"
    path.write_text(block, encoding="utf-8")
    assert main(["check", str(path), "--json"]) == 0
    lines = [json.loads(l) for l in capsys.readouterr().out.splitlines() if l.startswith("{")]
    assert [(r["name"], r["label"], r["agrees"]) for r in lines] == [
        ("sally_anne/look", "basket", True),
        ("sally_anne/nested", "entailment", True),
    ]
