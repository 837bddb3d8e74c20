"""The web page's words: gallery titles are whole first sentences of each example's opening
comment (never cut mid-sentence), and the legend says what the text says of the arrows."""

from __future__ import annotations

import io
from pathlib import Path

from pyfront.web.compute import explain_source
from pyfront.web.examples import Gallery, title_of

REPO = Path(__file__).resolve().parent.parent


def test_a_title_is_the_first_sentence_even_when_it_wraps():
    text = ("# A card game with observations of its own: no published setup, a predicate\n"
            "# declared here.  Then more words.\n#\n# More.\nproblem p\n")
    assert title_of(io.StringIO(text)) == ("A card game with observations of its own: no "
                                           "published setup, a predicate declared here.")
    assert title_of(io.StringIO("# The three muddy children.  All three play outside; their\n")) \
        == "The three muddy children."
    assert title_of(io.StringIO("problem p\n")) == ""


def test_every_gallery_title_is_a_whole_sentence():
    for entry in Gallery(REPO / "examples").listing():
        title = entry["title"]
        assert title and title[-1] in ".)!?", entry
        assert not title.endswith("…"), entry


def test_the_legend_says_believes_possible_where_beliefs_are_drawn():
    story = (REPO / "examples" / "stories" / "sally_anne.del").read_text(encoding="utf-8")
    page = explain_source(story, use_dot=False)["problems"][0]
    assert page["directed"] and page["legend"] == "believes possible"
    texts = " ".join(str(step) for step in page["steps"]) + str(page["hypotheses"])
    assert "believes possible" in texts and "considers possible" not in texts
    problem = (REPO / "examples" / "forehead.del").read_text(encoding="utf-8")
    page = explain_source(problem, use_dot=False)["problems"][0]
    assert not page["directed"] and page["legend"] == "cannot tell apart"
