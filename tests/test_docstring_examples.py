"""Every usage example in a docstring runs: the Python blocks after ``::`` are executed in
order, one namespace per module, after the few names a module's example takes as given
(a story, a parsed SMCDEL program); where a line ends in ``# <literal>``, the expression
before it must equal that literal."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"::\n\n((?:[ \t]+\S.*\n|[ \t]*\n)+)")

SALLY = """story sally
  agents Sally, Anne
  location(marble): basket, box
  Sally puts the marble in the basket
  Sally leaves
  Anne moves the marble to the box
"""

#: what an example takes as given, by module
GIVEN = {
    "pyfront/story/compile.py": (
        "from pyfront.story.dsl import parse_story\n"
        "from pyfront.story.compile import compile_story, evaluate, answer_where\n"
        f"story = parse_story({SALLY!r})\n"),
    "smcdel_bridge/native/explicit.py": (
        "from smcdel_bridge.syntax.parser import parse_input, parse_formula\n"
        "from smcdel_bridge.native.explicit import ExplicitModel\n"
        "check_input = parse_input('VARS 1,2,3 LAW Top OBS alice:1 bob:2,3 VALID? alice knows whether 1')\n"
        "structure = check_input.structure\n"
        "form = parse_formula('alice knows whether 1')\n"),
}

#: optional dependencies that may live in an interpreter of their own (verifiers needs
#: openai<3, Inspect openai>=3.4; ``.ci/run`` makes that venv): the example runs there
OWN_PYTHON = {
    "verifiers": os.environ.get("MINDGAMES_VERIFIERS_PYTHON")
    or os.path.expanduser("~/.cache/mindgames-verifiers/bin/python"),
}


def examples() -> dict[str, list[tuple[int, str]]]:
    """Module path -> its Python example blocks (first line number, code)."""
    found: dict[str, list[tuple[int, str]]] = {}
    for package in ("pyfront", "smcdel_bridge"):
        for path in sorted((REPO / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
                    continue
                doc = ast.get_docstring(node, clean=False)
                for m in BLOCK.finditer((doc or "") + "\n"):
                    code = textwrap.dedent(m.group(1))
                    try:
                        compile(code, str(path), "exec")
                    except SyntaxError:
                        # a block of program text or output, not Python
                        assert not re.search(r"^(from \S+ )?import ", code, re.M), (path, code)
                        continue
                    line = (node.body[0].lineno if node.body else 1) + doc[: m.start()].count("\n")
                    found.setdefault(str(path.relative_to(REPO)), []).append((line, code))
    return found


EXAMPLES = examples()


def test_the_examples_are_found():
    assert {"pyfront/problem/model.py", "pyfront/story/compile.py",
            "smcdel_bridge/dynamic/belief/kinds.py"} <= set(EXAMPLES)


@pytest.mark.parametrize("module", sorted(EXAMPLES))
def test_the_example_runs(module, tmp_path, monkeypatch):
    # examples write where they run (a scratch folder) and read the shared data where the
    # docs say it is, beside the checkout (``../shared``): here, wherever it really is
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    exec(compile(GIVEN.get(module, ""), f"{module} (given)", "exec"), namespace)
    try:
        _run(module, namespace)
    except ModuleNotFoundError as err:
        # the module's optional dependency (reasoning_gym, inspect_ai) is not installed
        top = (err.name or "").split(".")[0]
        if top in ("pyfront", "smcdel_bridge"):
            raise
        python = OWN_PYTHON.get(top)
        if python is None or not os.access(python, os.X_OK):
            pytest.skip(f"{module}: {err.name} is not installed")
        _run_in(python, module)


def _run_in(python: str, module: str) -> None:
    """The example run by this file's own code in ``python`` (its optional dependency's
    interpreter), with this checkout and the tests on its path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(REPO), str(REPO / "tests"), os.environ.get("PYTHONPATH", "")])}
    code = ("import sys; sys.path.insert(0, %r)\n"
            "from test_docstring_examples import GIVEN, _run\n"
            "ns = {}\nexec(GIVEN.get(%r, ''), ns)\n_run(%r, ns)\n"
            % (str(REPO / "tests"), module, module))
    done = subprocess.run([python, "-c", code], env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]


def _run(module: str, namespace: dict) -> None:
    from conftest import shared_dir

    for line, code in EXAMPLES[module]:
        code = code.replace("../shared/", f"{shared_dir()}/")
        for stmt in ast.parse(code).body:
            text = ast.get_source_segment(code, stmt)
            source_line = code.splitlines()[stmt.end_lineno - 1]
            expected = re.search(r"#\s*(.+)$", source_line)
            where = f"{module}:{line + stmt.lineno}"
            if isinstance(stmt, ast.Expr) and expected:
                value = eval(compile(ast.Expression(stmt.value), where, "eval"), namespace)
                try:
                    literal = ast.literal_eval(expected.group(1).strip())
                except (ValueError, SyntaxError):
                    continue  # a comment in words
                assert value == literal, (where, text)
            else:
                exec(compile(ast.Module([stmt], []), where, "exec"), namespace)
