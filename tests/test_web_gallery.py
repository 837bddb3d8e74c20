"""Every gallery example in a real headless Chromium: it loads, every step draws its
picture, the moves that can happen next are looked up (and the first one played, then
undone), and Chromium's console stays free of errors throughout."""

from __future__ import annotations

import re

import pytest

from pyfront.web.picture_model import MAX_EDGES, MAX_WORLDS

from test_web_browser import browser, server, wait_for  # noqa: F401  (fixtures)
from test_web_play import console_errors, open_page, show_moves, step_count
from web_server import REPO

LIMITS = {"worlds": MAX_WORLDS, "edges": MAX_EDGES}
EXAMPLES = sorted({p.stem for pattern in ("*.del", "*/*.del") for p in (REPO / "examples").glob(pattern)})


@pytest.mark.slow
@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_loads_plays_and_draws_without_a_console_error(browser, server, name):
    browser.get_log("browser")  # forget what earlier pages logged
    open_page(browser, server, f"?example={name}")
    tabs = browser.find_elements("css selector", "#problem-tabs button") or [None]
    for index in range(len(tabs)):
        if tabs[index] is not None:
            browser.find_elements("css selector", "#problem-tabs button")[index].click()
        if browser.execute_script("return !document.getElementById('problem-error').hidden;"):
            continue  # a problem the page explains in one line (none in the gallery today)
        steps = step_count(browser)
        for k in range(steps):
            drawn, note = browser.execute_script(
                "const svg = document.querySelector('#picture svg');"
                "const note = document.querySelector('#picture .too-large');"
                "return [svg ? svg.querySelectorAll('g.node').length : -1,"
                "        note ? note.textContent : ''];")
            if drawn < 0:
                # a story step too large for its arrows says so in words instead of a picture
                worlds = re.match(r"(\d+) (worlds|edges): too many to draw", note)
                assert worlds and int(worlds.group(1)) > LIMITS[worlds.group(2)], (name, index, k, note)
            else:
                assert drawn > 0, (name, index, k)
            if k < steps - 1:
                browser.find_element("id", "next-step").click()
        if browser.execute_script("return document.getElementById('play-card').hidden;"):
            continue
        show_moves(browser)
        moves = browser.find_elements("css selector", "#play-moves button.move")
        if moves:
            moves[0].click()
            wait_for(browser, f"return document.querySelectorAll('#step-tabs button').length === {steps + 1}",
                     what=f"{name}: the move played")
            browser.find_element("id", "play-undo").click()
            wait_for(browser, f"return document.querySelectorAll('#step-tabs button').length === {steps}",
                     what=f"{name}: the move undone")
    assert console_errors(browser) == [], name
