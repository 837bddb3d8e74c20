"""The installable package stays complete and the console script stays well-behaved."""

from __future__ import annotations

import subprocess
import sys
import tomllib

from conftest import REPO


def test_every_package_is_listed_in_pyproject():
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = set()
    for root in ("smcdel_bridge", "pyfront", "mindgames"):
        for init in (REPO / root).rglob("__init__.py"):
            found.add(".".join(init.parent.relative_to(REPO).parts))
    missing = found - listed
    assert not missing, f"add these packages to pyproject.toml: {sorted(missing)}"


def test_grammar_files_load_through_the_package():
    from mindgames_grammars import grammar_text

    for path in (REPO / "grammars").glob("*.lark"):
        assert grammar_text(path.name) == path.read_text(encoding="utf-8")


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pyfront", *args], capture_output=True, text=True, cwd=REPO
    )


def test_help_lists_commands():
    out = _run("--help")
    assert out.returncode == 0
    for name in ("smcdel", "check", "render", "generate", "explain", "doctor"):
        assert name in out.stdout


def test_unknown_command_is_one_line_no_traceback():
    out = _run("no-such-command")
    assert out.returncode != 0
    assert "Traceback" not in out.stderr
