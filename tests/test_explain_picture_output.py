"""``explain --graph``'s files: a PNG picture shows what the SVG file shows (title, axis
names, headers, legend, note), and ``--format md`` links every picture by a path relative
to where the Markdown is written."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import REPO
from pyfront.data.loading import load_problems
from pyfront.explain import explain_problem
from pyfront.explain.class_dot import class_dot
from pyfront.explain.class_svg import class_svg
from pyfront.explain.problem_picture import problem_pictures
from pyfront.explain.puzzle_picture import puzzle_pictures
from pyfront.problem.puzzle_structure import PuzzleAnswers

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = REPO / "examples"


def _svg_texts(svg: str) -> set[str]:
    return {t.text for t in ET.fromstring(svg).iter(SVG + "text") if t.text and t.text.strip()}


def _dot_texts(dot: str) -> set[str]:
    """Every line of every label in the DOT text (its escapes undone, the ``\\l`` that
    left-justifies a line dropped)."""
    out = set()
    for raw in re.findall(r'label="((?:[^"\\]|\\.)*)"', dot):
        text = re.sub(r"\\l$", "", raw)
        for line in re.split(r"\\n|\\l", text):
            line = line.replace('\\"', '"').replace("\\\\", "\\")
            if line.strip():
                out.add(line)
    return out


def _muddy(n: int, muddy: int) -> str:
    """A muddy-children DSL problem written here: n children, the first ``muddy`` muddy."""
    names = [f"C{i}" for i in range(n)]
    lines = [f"problem muddy{n}", f"  agents {', '.join(names)}", "  setup forehead",
             "  announce someone",
             f"  hypothesis h: {names[0]} knows whether muddy({names[0]})"]
    return "\n".join(lines) + "\n"


def _problem_pictures(path: Path):
    return [pic for pb in load_problems(path) for pic in problem_pictures(explain_problem(pb))
            if pic is not None]


def _cases(tmp: Path):
    yield from _problem_pictures(EXAMPLES / "muddy_children.del")
    yield from _problem_pictures(EXAMPLES / "card_game.del")
    for pb in load_problems(EXAMPLES / "puzzles" / "cheryls_birthday.del"):
        yield from (p for p in puzzle_pictures(pb, PuzzleAnswers(pb)) if p is not None)
    big = tmp / "big.del"  # 2^9 worlds: a picture of dots, with a note under it
    big.write_text(_muddy(9, 2), encoding="utf-8")
    yield from _problem_pictures(big)


def test_the_png_source_carries_every_text_of_the_svg_file(tmp_path):
    seen_note = seen_rows_title = False
    pictures = list(_cases(tmp_path))
    assert len(pictures) >= 8
    for picture in pictures:
        svg, dot = class_svg(picture, standalone=True), class_dot(picture)
        missing = _svg_texts(svg) - _dot_texts(dot)
        assert not missing, (picture.title, sorted(missing))
        # the legend names every agent; the axis names are there
        assert "a box holds the worlds an agent cannot tell apart:" in _dot_texts(dot)
        assert set(picture.agents) <= _dot_texts(dot)
        assert picture.grid.cols.title in " ".join(_dot_texts(dot))
        seen_rows_title |= bool(picture.grid.rows.title)
        seen_note |= picture.note is not None
    assert seen_note and seen_rows_title


def _links(md: str) -> list[str]:
    return re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md)


@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_markdown_links_are_relative_to_the_file_it_is_written_to(tmp_path, fmt):
    if fmt == "png":
        from requirements import require_tool

        require_tool("dot")
    doc = tmp_path / "course" / "doc"
    doc.mkdir(parents=True)
    pics = tmp_path / "course" / "pics"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    with open(doc / "notes.md", "w", encoding="utf-8") as out:
        done = subprocess.run(
            [sys.executable, "-m", "pyfront", "explain", str(EXAMPLES / "muddy_children.del"),
             "--problem", "muddy_children", "--format", "md", "--graph", str(pics),
             "--graph-format", fmt],
            stdout=out, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    links = _links((doc / "notes.md").read_text(encoding="utf-8"))
    assert len(links) == 3
    for link in links:
        assert not Path(link).is_absolute() and link.startswith("../pics/"), link
        assert (doc / link).is_file()
    # the folder moves with its pictures: the links still hold
    moved = tmp_path / "moved"
    (tmp_path / "course").rename(moved)
    assert all((moved / "doc" / link).is_file() for link in links)


def test_markdown_to_a_pipe_links_from_the_working_directory(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-m", "pyfront", "explain", str(EXAMPLES / "muddy_children.del"),
         "--problem", "muddy_children", "--format", "md", "--graph", str(tmp_path / "pics")],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    links = _links(done.stdout)
    assert links and all(link.startswith("pics/") and (tmp_path / link).is_file() for link in links)
