"""``scripts/check_layout.py``: the project keeps its house rules, and each rule catches
the breach it names (on a small package written here)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))

import check_layout  # noqa: E402
import layout_rules  # noqa: E402

BREACHES = {
    "pyfront/errors.py": "class UserError(Exception):\n    pass\n",
    "pyfront/fake_a.py": (
        '"""See ``pyfront.fake_b.helper`` and ``pyfront.fake_b.gone``."""\n'
        "from pyfront.errors import UserError\n"
        "_secret = 1\n"
        "class Fine(UserError):\n    pass\n"
        "class Loose(ValueError):\n    pass\n"
        "class _Private(ValueError):\n    pass\n"),
    "pyfront/fake_b.py": (
        "from .fake_a import _secret, Fine\n"
        "class AlsoFine(Fine):\n    pass\n"
        "NAMES = ('auto', 'explicit', 'symbolic')\n"
        "import dataclasses\n"
        "def shape():\n    from dataclasses import dataclass\n    return dataclass\n"
        "def helper():\n    global _secret\n    return _secret\n"),
}


@pytest.fixture
def trees(tmp_path):
    mods = {}
    for rel, text in BREACHES.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        mods[rel[:-3].replace("/", ".")] = path
    return layout_rules.Trees(mods, tmp_path)


def test_the_project_keeps_every_rule(capsys):
    assert check_layout.main([]) == 0, capsys.readouterr().out


def test_underscore_imports_are_caught(trees):
    assert list(layout_rules.underscore_imports(trees)) == [
        "pyfront/fake_b.py:1: imports pyfront.fake_a._secret"]


def test_global_statements_are_caught(trees):
    assert list(layout_rules.global_statements(trees)) == ["pyfront/fake_b.py:10: global _secret"]


def test_dataclasses_imports_are_caught(trees):
    assert sorted(layout_rules.dataclasses_imports(trees)) == [
        "pyfront/fake_b.py:5: imports dataclasses (use smcdel_bridge.values)",
        "pyfront/fake_b.py:7: imports dataclasses (use smcdel_bridge.values)"]


def test_exceptions_outside_the_roots_are_caught(trees):
    assert list(layout_rules.exceptions_outside_roots(trees)) == [
        "pyfront/fake_a.py:6: Loose is an exception outside the roots"]


def test_engine_names_spelt_out_are_caught(trees):
    assert [x.split(":")[0] for x in layout_rules.engine_name_literals(trees)] == ["pyfront/fake_b.py"]


def test_docstring_references_resolve_against_the_real_packages(trees):
    # the fake modules are not importable: both references fail, named with their line
    found = list(layout_rules.unresolved_references(trees))
    assert found == ["pyfront/fake_a.py:1: names pyfront.fake_b.helper, which does not exist",
                     "pyfront/fake_a.py:1: names pyfront.fake_b.gone, which does not exist"]
