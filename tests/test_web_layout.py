"""The built-in SVG layout (used when Graphviz is absent): any picture comes out as
well-formed SVG with every world and edge, inside its view box."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from pyfront.web.layout import layout_svg
from pyfront.web.pictures import Picture, partition_edges

SVG = "{http://www.w3.org/2000/svg}"


@st.composite
def pictures(draw):
    bits = draw(st.booleans())
    if bits:
        width = draw(st.integers(1, 5))
        names = draw(st.lists(st.integers(0, 2 ** width - 1), min_size=1, max_size=2 ** width,
                              unique=True))
        names = [format(n, f"0{width}b") for n in names]
    else:
        names = [f"w{i}" for i in range(1, draw(st.integers(1, 9)) + 1)]
    agents = tuple(f"A{i}" for i in range(draw(st.integers(1, 4))))
    directed = draw(st.booleans())
    if directed:
        edges = draw(st.lists(st.tuples(st.integers(0, len(agents) - 1),
                                        st.sampled_from(names), st.sampled_from(names)),
                              max_size=25, unique=True))
    else:
        blocks = [draw(st.lists(st.lists(st.sampled_from(names), unique=True), max_size=3))
                  for _ in agents]
        edges = list(partition_edges(blocks))
    labels = [(n, n + "\n" + draw(st.text("abc(), <&>\"'", max_size=12))) for n in names]
    actual = tuple(draw(st.lists(st.sampled_from(names), max_size=2, unique=True)))
    removed = ()
    if bits:  # the worlds of the same width that are not there are drawn as removed
        removed = tuple((n, n) for n in (format(i, f"0{width}b") for i in range(2 ** width))
                        if n not in names and draw(st.booleans()))
    return Picture("t", tuple(labels), agents, tuple(edges), directed, actual, removed)


@settings(max_examples=60, deadline=None)
@given(pictures())
def test_every_world_and_edge_is_drawn_inside_the_view_box(picture):
    root = ET.fromstring(layout_svg(picture))
    left, top, width, height = map(float, root.get("viewBox").split())
    nodes = [g for g in root.iter(SVG + "g") if g.get("class") == "node"]
    assert sorted(g.find(SVG + "title").text for g in nodes) == sorted(
        "w" + n for n, _ in picture.worlds)
    for g in nodes:
        for rect in g.iter(SVG + "rect"):
            x, y = float(rect.get("x")), float(rect.get("y"))
            assert left <= x and x + float(rect.get("width")) <= left + width
            assert top <= y and y + float(rect.get("height")) <= top + height
        texts = [t.text or "" for t in g.iter(SVG + "text")]
        name = g.find(SVG + "title").text[1:]
        assert "\n".join(texts) == dict(picture.worlds)[name]
    edges = [g for g in root.iter(SVG + "g") if g.get("class") == "edge"]
    assert len(edges) == len(picture.edges)
    ghosts = [g.find(SVG + "title").text for g in root.iter(SVG + "g")
              if g.get("class") == "node removed"]
    assert sorted(ghosts) == sorted("x" + n for n, _ in picture.removed)
    marked = [g.find(SVG + "title").text[1:] for g in nodes
              if any(r.get("fill") == "#FFE08A" for r in g.iter(SVG + "rect"))]
    assert sorted(marked) == sorted(picture.actual)
