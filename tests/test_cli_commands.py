"""A sub-command whose module cannot be imported is reported, never silently dropped."""

from __future__ import annotations

import pytest

from pyfront import cli
from pyfront.commands import COMMANDS


@pytest.fixture
def ghost(monkeypatch):
    """A registered sub-command whose module does not exist, and one that fails while
    importing."""
    monkeypatch.setitem(COMMANDS, "ghost", "no_such_module")
    real = cli._load

    def load(name):
        if name == "broken":
            raise SyntaxError("invalid syntax (broken.py, line 3)")
        return real(name)

    monkeypatch.setitem(COMMANDS, "broken", "broken")
    monkeypatch.setattr(cli, "_load", load)


def test_help_lists_a_command_that_cannot_be_loaded(ghost, capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "ghost" in out and "cannot be loaded: ModuleNotFoundError" in out
    assert "broken" in out and "cannot be loaded: SyntaxError" in out
    assert "check" in out and "generate" in out  # the others are all there


@pytest.mark.parametrize("name, words", [
    ("ghost", "No module named 'pyfront.commands.no_such_module'"),
    ("broken", "SyntaxError: invalid syntax (broken.py, line 3)"),
])
def test_running_it_is_a_one_line_error(ghost, capsys, name, words):
    assert cli.main([name, "anything", "--at-all"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"the {name} command cannot be loaded" in err
    assert words in err and "Traceback" not in err
