"""The page's story moves: only someone who is there moves, looks at, shows or announces
something, and a move's English names as away only people who are not where the actor
is.  Who is where is worked out here from the story's own comings and goings."""

from __future__ import annotations

import re

import pytest

from conftest import REPO
from pyfront.web.moves import moves

ACTS = re.compile(r"^(\w+) (moves|turns|sets|looks at|peeks at|shows|says that)\b")
AWAY = re.compile(r"^While (.+?) (?:is|are) away, ")

#: a story written here, without rooms: Sally leaves; Anne stays
SALLY = """story s
  agents Sally, Anne
  location(marble): basket, box
  Sally puts the marble in the basket
  Sally leaves
"""


def _where(text: str) -> dict[str, str | None]:
    """Where each agent is after the last event: a room (``""`` when the story has none)
    or None (outside), from the story's enters/leaves lines."""
    agents = re.search(r"^\s*agents (.+)$", text, re.M).group(1).split(", ")
    rooms = re.search(r"^\s*rooms ", text, re.M) is not None
    where: dict[str, str | None] = {a: None if rooms else "" for a in agents}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if m := re.fullmatch(r"(\w+) enters(?: the (\w+))?", line):
            where[m.group(1)] = m.group(2) or ""
        elif m := re.fullmatch(r"(\w+) leaves", line):
            where[m.group(1)] = None
    return where


def _names(text: str) -> set[str]:
    return set(re.split(r", and |, | and ", text))


@pytest.mark.parametrize("text", [(REPO / "examples" / "stories" / "tomi_rooms.del").read_text(),
                                  SALLY], ids=["tomi_rooms", "sally"])
def test_moves_are_made_by_people_who_are_there(text):
    where = _where(text)
    offered = moves(text, 0)
    assert offered["ok"]
    acts = 0
    for move in offered["moves"]:
        m = ACTS.match(move["line"])
        if m is None:
            continue
        actor = m.group(1)
        acts += 1
        assert where[actor] is not None, (move["line"], "offered to someone who is away")
        if m.group(2) == "shows":
            other = move["line"].rsplit(" to ", 1)[1]
            assert where[other] == where[actor], move["line"]
        away = AWAY.match(move["english"] or "")
        if away:
            named = _names(away.group(1))
            assert actor not in named, move["english"]
            assert all(where[n] != where[actor] for n in named), move["english"]
    assert acts > 0


def test_tomi_rooms_offers_emmas_return_and_not_her_moves():
    text = (REPO / "examples" / "stories" / "tomi_rooms.del").read_text()
    lines = [m["line"] for m in moves(text, 0)["moves"]]
    assert "Emma enters the kitchen" in lines
    assert not [x for x in lines if x.startswith("Emma moves")]
    assert "Oliver moves the apple to the crate" in lines
