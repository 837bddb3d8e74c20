"""Every example file parses, renders, and its stated answers hold."""

from __future__ import annotations

import importlib
import pytest

from conftest import REPO
from pyfront.data.loading import dsl_check_items, load_problems

EXAMPLES = sorted((REPO / "examples").glob("*.del"))


def test_there_is_an_example_per_published_setup_and_more():
    setups = {pb.setup for path in EXAMPLES for pb in load_problems(path)}
    assert {"forehead", "forehead_mirror", "internal", "explicit", None} <= setups
    names = {p.stem for p in EXAMPLES}
    assert {"muddy_children", "card_game"} <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_hypothesis_states_its_answer(path):
    items = dsl_check_items(path)
    assert items, path
    for it in items:
        assert it.expected in ("entailment", "not_entailment"), it.name
        assert it.source == str(path) and it.line and "/" in it.name


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_stated_answers_hold_on_the_native_engine(path):
    importlib.import_module("smcdel_bridge.native")
    from smcdel_bridge.backend import get_backend
    from smcdel_bridge.syntax import parse_input

    native = get_backend("native")
    for it in dsl_check_items(path):
        valid = native.run(parse_input(it.problem))[0].value
        assert ("entailment" if valid else "not_entailment") == it.expected, f"{path.name}:{it.line} {it.name}"


def test_check_items_count_hypotheses_across_the_file(tmp_path):
    f = tmp_path / "two.del"
    f.write_text(
        "problem a\n agents X, Y\n setup internal\n hypothesis X knows that thirsty(X) expect true\n"
        " hypothesis Y knows whether thirsty(X)\n\n"
        "problem b\n agents X\n setup forehead\n announce someone\n hypothesis X knows that muddy(X) expect entailment\n"
    )
    items = dsl_check_items(f)
    assert [(i.row, i.name, i.line, i.expected) for i in items] == [
        (0, "a/h1", 4, "entailment"),
        (1, "a/h2", 5, None),
        (2, "b/h1", 11, "entailment"),
    ]
    # alone in the forehead setup, X sees nothing: written with a fresh atom of its own
    assert items[2].problem == "VARS 1,2 LAW Top OBS Agenta:2 VALID? [ ! (1) ] (Agenta knows that 1)"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_render_command_on_examples(path, capsys):
    from pyfront.cli import main

    for to in ("english", "smcdel", "json"):
        assert main(["render", str(path), "--to", to]) == 0
    assert main(["render", str(path), "--style", "natural"]) == 0
    assert main(["render", str(path), "--to", "smcdel", "--readable"]) == 0
    capsys.readouterr()
