"""docs/tutorial.md shows the commands' real output: regenerating it changes nothing."""

from __future__ import annotations

import importlib.util

from conftest import REPO


def _script():
    spec = importlib.util.spec_from_file_location(
        "update_tutorial", REPO / "scripts" / "update_tutorial.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tutorial_is_up_to_date():
    problems = _script().check()
    assert not problems, (
        "docs/tutorial.md is out of date; run `python scripts/update_tutorial.py`\n"
        + "\n".join(problems)
    )


def test_the_tutorial_covers_the_course():
    text = (REPO / "docs" / "tutorial.md").read_text(encoding="utf-8")
    runs = text.count("<!-- run: ")
    blocks = runs + text.count("<!-- pictures: ") + text.count("<!-- include: ")
    assert runs >= 10 and text.count("<!-- end -->") == blocks
    for example in sorted((REPO / "examples").glob("*.del")):
        assert f"examples/{example.name}" in text, f"the tutorial never mentions {example.name}"
    for picture in text.split("](tutorial/")[1:]:
        assert (REPO / "docs" / "tutorial" / picture.split(")")[0]).exists()


def test_a_changed_output_is_detected(tmp_path):
    script = _script()
    original = script.TUTORIAL.read_text(encoding="utf-8")
    stale = original.replace("Removes:   00\n", "Removes:   01\n", 1)
    assert stale != original
    fresh = script.regenerate(stale, tmp_path, render=False)
    assert fresh == original
