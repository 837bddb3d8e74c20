"""Class pictures: outlines cover exactly each class (a property over random grids), the
pictures of number puzzles are their natural tables, and ``explain --format md --graph``
links every picture at its step (problems, puzzles, stories)."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from requirements import in_ci
from pyfront.cli import main
from pyfront.explain.class_picture import Axis, Grid, pieces

REPO = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"

#: Cheryl's ten dates, from the puzzle's statement
CHERYL_DATES = [("May", 15), ("May", 16), ("May", 19), ("June", 17), ("June", 18), ("July", 14),
                ("July", 16), ("August", 14), ("August", 15), ("August", 17)]


@st.composite
def grids(draw):
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 6))
    cells = [(None, r, c) for r in range(rows) for c in range(cols)]
    taken = draw(st.lists(st.sampled_from(cells), min_size=1, unique=True))
    worlds = {f"w{i}": cell for i, cell in enumerate(taken)}
    members = set(draw(st.lists(st.sampled_from(sorted(worlds)), min_size=1, unique=True)))
    grid = Grid(Axis("r", tuple(range(rows)), tuple(map(str, range(rows)))),
                Axis("c", tuple(range(cols)), tuple(map(str, range(cols)))))
    return grid, worlds, members


@settings(max_examples=300, deadline=None)
@given(grids())
def test_the_outlines_of_a_class_cover_its_worlds_and_no_other(case):
    grid, worlds, members = case
    covered = set()
    for _, r0, r1, c0, c1 in pieces(grid, members, worlds):
        inside = {n for n, (_, r, c) in worlds.items() if r0 <= r <= r1 and c0 <= c <= c1}
        assert inside <= members, (inside, members)  # no other world inside an outline
        covered |= inside
    assert covered == members


def test_a_class_that_is_a_block_is_one_outline():
    grid = Grid(Axis("r", (0, 1, 2), ("0", "1", "2")), Axis("c", (0, 1), ("0", "1")))
    worlds = {f"w{r}{c}": (None, r, c) for r in range(3) for c in range(2)}
    assert pieces(grid, {"w00", "w01", "w10", "w11"}, worlds) == [(None, 0, 1, 0, 1)]
    assert len(pieces(grid, {"w00", "w21"}, worlds)) == 2


def _cli(*argv, capsys):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cheryl_is_drawn_as_months_by_days_and_linked_from_markdown(tmp_path, capsys):
    pictures = tmp_path / "pics"
    code, out, err = _cli("explain", str(REPO / "examples" / "puzzles" / "cheryls_birthday.del"),
                          "--format", "md", "--graph", str(pictures), capsys=capsys)
    assert code == 0, err
    files = sorted(pictures.glob("cheryls_birthday-step*.svg"))
    assert [f.name for f in files] == [f"cheryls_birthday-step{k}.svg" for k in range(4)]
    for k, path in enumerate(files):  # each linked under its own step
        assert f"]({os.path.relpath(path)})" in out  # from the working directory
    assert out.index(f"]({os.path.relpath(files[1])})") > out.index("Announcement 1")
    root = ET.fromstring(files[0].read_text(encoding="utf-8"))
    texts = [t.text for t in root.iter(SVG + "text")]
    assert {"May", "June", "July", "August"} <= set(texts) and {"14", "19"} <= set(texts)
    # Albert is told the month: his classes at the start are the months' rows of dates
    labels = {}
    for g in root.iter(SVG + "g"):
        if g.get("class") == "node":
            labels[g.find(SVG + "title").text[1:]] = [t.text for t in g.iter(SVG + "text")][0]
    albert = [{labels[n] for n in g.get("data-worlds").split()}
              for g in root.iter(SVG + "g") if g.get("class") == "cls" and g.get("data-agent") == "0"]
    months = {}
    for month, day in CHERYL_DATES:
        months.setdefault(month, set()).add(f"{month} {day}")
    assert sorted(map(sorted, albert)) == sorted(map(sorted, months.values()))
    last = files[-1].read_text(encoding="utf-8")
    assert re.findall(r'<g class="node"><title>', last) == ['<g class="node"><title>']


def test_story_pictures_are_linked_from_markdown(tmp_path, capsys):
    from pyfront.explain.graph import dot_tool

    pictures = tmp_path / "pics"
    code, out, err = _cli("explain", str(REPO / "examples" / "stories" / "coin.del"),
                          "--format", "md", "--graph", str(pictures), capsys=capsys)
    assert code == 0, err
    if dot_tool() is None:  # only DOT sources: nothing rendered to link
        assert not in_ci(), "CI=true and Graphviz's dot is not installed"
        assert "](" not in out
        return
    for name in ("coin-step0.svg", "coin-event1.svg", "coin-step2.svg"):
        assert f"]({os.path.relpath(pictures / name)})" in out
