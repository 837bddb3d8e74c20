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
    stories = sorted((REPO / "examples" / "stories").glob("*.del"))
    assert any("sally" in s.name for s in stories)
    for example in stories:
        assert f"examples/stories/{example.name}" in text, f"the tutorial never mentions {example.name}"
    assert text.index("examples/stories/sally_anne.del") <= min(
        text.index(f"examples/stories/{s.name}") for s in stories), "Sally-Anne comes first"
    for picture in text.split("](tutorial/")[1:]:
        assert (REPO / "docs" / "tutorial" / picture.split(")")[0]).exists()


def test_a_changed_output_is_detected(tmp_path):
    script = _script()
    original = script.TUTORIAL.read_text(encoding="utf-8")
    stale = original.replace("Removes:   00\n", "Removes:   01\n", 1)
    assert stale != original
    fresh = script.regenerate(stale, tmp_path, render=False)
    assert fresh == original


def test_a_changed_story_output_is_detected(tmp_path):
    script = _script()
    original = script.TUTORIAL.read_text(encoding="utf-8")
    stale = original.replace("While Sally is away, Anne moves the marble to the box.",
                             "Anne moves the marble to the box.", 1)
    assert stale != original
    assert script.regenerate(stale, tmp_path, render=False) == original
    assert {"sally_anne-step3.dot", "sally_anne-event3.dot"} <= {p.name for p in tmp_path.glob("*.dot")}
