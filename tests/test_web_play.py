"""The page's interactive parts in a real headless Chromium, checked on the DOM and on the
pixels of screenshots: play moves and undo one (Sally-Anne, muddy children), one agent's
eyes (card_game), a formula asked, an exercise answered, Cheryl's grid after each
announcement, an SMCDEL program answered as ``mindgames smcdel`` answers it.

Screenshots go to the test's temporary directory (``MINDGAMES_WEB_SHOTS=DIR`` keeps them
there instead: docs/web.md's pictures are made so).  Expected answers come from the
server's API and from the command line, never from the page itself.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from test_web_browser import browser, server, wait_for  # noqa: F401  (fixtures)
from web_server import REPO, post_json

CHERYL = REPO / "examples" / "puzzles" / "cheryls_birthday.del"
#: the agents' colours in the pictures (Okabe-Ito: blue, vermillion, green)
AGENT_RGB = [(0x00, 0x72, 0xB2), (0xD5, 0x5E, 0x00), (0x00, 0x9E, 0x73)]
ACTUAL_RGB = (0xFF, 0xE0, 0x8A)


@pytest.fixture
def shots(tmp_path) -> Path:
    where = os.environ.get("MINDGAMES_WEB_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        return Path(where)
    return tmp_path


def open_page(driver, server_url, query: str):
    driver.get(server_url + query)
    wait_for(driver, "return !document.getElementById('result').hidden && "
                     "document.querySelectorAll('#step-tabs button').length > 0",
             what="the explanation")


def shoot(driver, path: Path, selector: str = None):
    """Save a screenshot (of an element, or of the window); return it as a PIL image."""
    from PIL import Image

    if selector:
        driver.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'start'});",
                              selector)
        png = driver.find_element("css selector", selector).screenshot_as_png
    else:
        png = driver.get_screenshot_as_png()
    path.write_bytes(png)
    return Image.open(io.BytesIO(png)).convert("RGB")


def count_colour(image, rgb, tolerance: int = 40) -> int:
    """Pixels within ``tolerance`` of a colour (anti-aliasing blends the edges)."""
    r0, g0, b0 = rgb
    return sum(1 for r, g, b in _pixels(image)
               if abs(r - r0) + abs(g - g0) + abs(b - b0) <= tolerance)


def _pixels(image):
    data = image.tobytes()
    return zip(data[0::3], data[1::3], data[2::3])


def dark(image) -> int:
    """Pixels of ink: the boxes' borders and labels."""
    return sum(1 for r, g, b in _pixels(image) if r + g + b < 200)


def console_errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def step_count(driver) -> int:
    return driver.execute_script("return document.querySelectorAll('#step-tabs button').length;")


def show_moves(driver):
    driver.find_element("id", "play-show").click()
    wait_for(driver, "return document.querySelectorAll('#play-moves button.move').length > 0 || "
                     "document.querySelector('#play-moves .hint') && "
                     "!document.querySelector('#play-moves .hint').textContent.startsWith('Looking')",
             what="the moves")


def play_move(driver, line: str):
    before = step_count(driver)
    show_moves(driver)
    buttons = driver.find_elements("css selector", "#play-moves button.move")
    lines = [b.get_attribute("data-line") for b in buttons]
    assert line in lines, lines
    buttons[lines.index(line)].click()
    wait_for(driver, f"return document.querySelectorAll('#step-tabs button').length === {before + 1}"
                     " && document.querySelector('.step-tab.current').dataset.step === "
                     f"'{before}'", what=f"the move {line!r}")


def test_play_two_moves_on_sally_anne_and_undo_one(browser, server, shots):
    source = (REPO / "examples" / "stories" / "sally_anne.del").read_text(encoding="utf-8")
    open_page(browser, server, "?example=sally_anne")
    steps = step_count(browser)
    play_move(browser, "Sally leaves")
    play_move(browser, "Anne moves the marble to the basket")
    text = browser.find_element("id", "editor").get_attribute("value")
    assert text.rstrip().endswith("Sally leaves\n  Anne moves the marble to the basket")
    assert text.count("\n") == source.count("\n") + 2
    caption = browser.find_element("id", "step-caption").text
    assert "Anne moves the marble to the basket" in caption
    picture = shoot(browser, shots / "play-sally-anne.png", "#picture")
    assert dark(picture) > 500 and count_colour(picture, AGENT_RGB[0]) > 50
    assert not console_errors(browser)
    browser.find_element("id", "play-undo").click()
    wait_for(browser, f"return document.querySelectorAll('#step-tabs button').length === {steps + 1}",
             what="the undone move")
    assert browser.find_element("id", "editor").get_attribute("value").rstrip().endswith(
        "Sally leaves")
    show_moves(browser)
    assert browser.find_elements("css selector", "#play-moves button.move")
    shoot(browser, shots / "play.png", "#play-card")


def test_play_rounds_of_muddy_children_and_undo_one(browser, server, shots):
    # four children, Alice, Bob and Carol muddy; the father has spoken
    open_page(browser, server, "?example=muddy_children_4#actual=1110")
    steps = step_count(browser)
    rounds = ("announce Alice does not know whether muddy(Alice) and Bob does not know whether "
              "muddy(Bob) and Carol does not know whether muddy(Carol) and Dave does not know "
              "whether muddy(Dave)")
    play_move(browser, rounds)
    play_move(browser, rounds)  # the same words again, and they say more
    assert step_count(browser) == steps + 2
    views = browser.find_element("id", "views").text
    assert "At the actual world 1110, Alice considers possible 1110." in views
    worlds = browser.execute_script(
        "return [...document.querySelectorAll('#picture g.node:not(.removed) > title')]"
        ".map(t => t.textContent.slice(1)).sort();")
    assert worlds == ["0111", "1011", "1101", "1110", "1111"]  # at least three muddy
    picture = shoot(browser, shots / "play-muddy.png", "#picture")
    assert count_colour(picture, ACTUAL_RGB, 30) > 100
    # at 1110 the three muddy children know now: "nobody knows" is false, so not offered
    show_moves(browser)
    lines = [b.get_attribute("data-line")
             for b in browser.find_elements("css selector", "#play-moves button.move")]
    assert rounds not in lines
    browser.find_element("id", "play-undo").click()
    wait_for(browser, f"return document.querySelectorAll('#step-tabs button').length === {steps + 1}",
             what="the undone move")
    assert not console_errors(browser)


def test_through_one_agents_eyes_on_card_game(browser, server, shots):
    source = (REPO / "examples" / "card_game.del").read_text(encoding="utf-8")
    _, expected = post_json(server + "api/explain", {"source": source, "actual": "1101"})
    eyes = {e["agent"]: e for e in expected["problems"][0]["steps"][0]["eyes"]}
    open_page(browser, server, "?example=card_game#actual=1101")
    browser.execute_script("const s = document.getElementById('eyes-agent'); s.value = 'Ned';"
                           "s.dispatchEvent(new Event('change'));")
    wait_for(browser, "return !document.getElementById('eyes-view').hidden", what="Ned's view")
    faded = browser.execute_script(
        "return [...document.querySelectorAll('#picture g.node.faded > title')].map(t => t.textContent.slice(1));")
    kept = browser.execute_script(
        "return [...document.querySelectorAll('#picture g.node:not(.faded):not(.removed) > title')]"
        ".map(t => t.textContent.slice(1));")
    assert sorted(kept) == sorted(eyes["Ned"]["worlds"]) == ["1100", "1101"]
    assert len(faded) == 10  # the 12 worlds of the start but the two Ned cannot tell apart
    view = browser.find_element("id", "eyes-view").text
    assert "Ned knows: red(Mia) true, red(Ned) true, red(Ola) false" in view
    assert "Ned does not know whether: bonus" in view
    picture = shoot(browser, shots / "eyes.png", "#steps-card")
    assert count_colour(picture, ACTUAL_RGB, 30) > 100  # the actual world, filled
    assert count_colour(picture, AGENT_RGB[1]) > 30  # Ned's outline, in his vermillion
    assert not console_errors(browser)


def test_a_formula_asked_at_a_step(browser, server, shots):
    source = (REPO / "examples" / "forehead.del").read_text(encoding="utf-8")
    _, expected = post_json(server + "api/ask", {"source": source, "problem": 0, "step": 1,
                                                 "formula": "Alice knows whether muddy(Alice)"})
    assert expected["ok"]
    open_page(browser, server, "?example=forehead")
    browser.find_element("id", "next-step").click()
    box = browser.find_element("id", "ask-formula")
    box.send_keys("Alice knows whether muddy(Alice)")
    browser.find_element("id", "ask-button").click()
    wait_for(browser, "return !document.getElementById('ask-answer').hidden", what="the answer")
    answer = browser.find_element("id", "ask-answer").text
    assert expected["answer"]["verdict"] in answer
    lit = browser.execute_script(
        "return [...document.querySelectorAll('#picture g.node.hl-true > title')].map(t => t.textContent.slice(1));")
    assert sorted(lit) == sorted(expected["answer"]["true_at"])
    picture = shoot(browser, shots / "ask.png", "#ask-card")
    assert dark(picture) > 300
    # a typo is reported at its character, and nothing else changes
    box.clear()
    box.send_keys("Alice knws whether muddy(Alice)")
    browser.find_element("id", "ask-button").click()
    wait_for(browser, "return document.querySelector('#ask-answer .ask-error') !== null",
             what="the formula's error")
    assert "at character 7 of the formula" in browser.find_element("id", "ask-answer").text
    assert not console_errors(browser)


def test_an_exercise_answered(browser, server, shots):
    source = (REPO / "examples" / "forehead.del").read_text(encoding="utf-8")
    _, expected = post_json(server + "api/explain", {"source": source})
    hypotheses = expected["problems"][0]["hypotheses"]
    open_page(browser, server, "?example=forehead")
    browser.execute_script("sessionStorage.clear();")
    browser.find_element("id", "exercise-mode").click()
    verdicts = browser.find_elements("css selector", "#hypotheses .verdict")
    assert verdicts == []  # nothing is given away before an answer
    truth = ["true" if h["holds"] else "false" for h in hypotheses]
    items = browser.find_elements("css selector", "#hypotheses li.exercise")
    items[0].find_element("css selector", f"button[data-choice='{truth[0]}']").click()
    items = browser.find_elements("css selector", "#hypotheses li.exercise")
    wrong = "false" if truth[1] == "true" else "true"
    items[1].find_element("css selector", f"button[data-choice='{wrong}']").click()
    score = browser.find_element("id", "score").text
    assert score.startswith("score: 1 of 2 answered")
    marks = [e.get_attribute("class") for e in browser.find_elements("css selector", "#hypotheses li")]
    assert "right" in marks[0] and "wrong" in marks[1]
    picture = shoot(browser, shots / "exercises.png", "#hyp-card")
    assert count_colour(picture, (0x1A, 0x7F, 0x37)) > 20 and count_colour(picture, (0xB4, 0x23, 0x18)) > 20
    browser.find_element("id", "exercise-mode").click()
    assert not console_errors(browser)


def test_cheryl_drawn_as_its_grid_after_each_announcement(browser, server, shots):
    open_page(browser, server, "?example=cheryls_birthday")
    assert "undefined" not in browser.find_element("id", "legend").text
    left = []
    for k in range(4):
        worlds = browser.execute_script(
            "return [...document.querySelectorAll('#picture g.node:not(.removed) > title')].length;")
        months = browser.execute_script(
            "return [...document.querySelectorAll('#picture svg text')].map(t => t.textContent)"
            ".filter(t => ['May', 'June', 'July', 'August'].includes(t)).length;")
        assert months == 4  # the months are the rows, at every step
        picture = shoot(browser, shots / f"cheryl-{k}.png", "#picture")
        if k < 3:  # Albert's classes are rows: two dates of one month are outlined together
            assert count_colour(picture, AGENT_RGB[0]) > 40
        else:  # one date left: nobody's class holds two, no outline
            assert count_colour(picture, AGENT_RGB[0]) == 0 and dark(picture) > 20
        left.append(worlds)
        if k < 3:
            browser.find_element("id", "next-step").click()
    assert left == [10, 5, 3, 1]
    last = browser.execute_script(
        "return [...document.querySelectorAll('#picture g.node:not(.removed) text')].map(t => t.textContent);")
    assert last == ["July 16"]
    assert not console_errors(browser)


def test_an_smcdel_program_pasted_and_answered(browser, server, shots, tmp_path):
    program = ("-- [! p] and <! p>: the same where p is true, not where it is false\n"
               "VARS 1,2\nLAW Top\nOBS alice: 1\n    bob: 2\n"
               "VALID? [ ! 1 ] alice knows that 1\n"
               "VALID? < ! 1 > alice knows that 1\n"
               "WHERE? [ ?! 2 ] bob knows that 2\n"
               "TRUE? {1} alice knows whether 2\n")
    path = tmp_path / "demo.smcdel.txt"
    path.write_text(program, encoding="utf-8")
    reference = subprocess.run([sys.executable, "-m", "pyfront.cli", "smcdel", str(path)],
                               capture_output=True, text=True, cwd=REPO, timeout=60).stdout
    open_page(browser, server, "?example=forehead")
    browser.execute_script("const e = document.getElementById('editor'); e.value = arguments[0];"
                           "e.dispatchEvent(new Event('input'));", program)
    wait_for(browser, "return document.getElementById('problem-name').textContent === 'SMCDEL program'",
             what="the program's answers")
    shown = browser.execute_script("return document.querySelector('.smcdel-output pre').textContent;")
    assert shown == reference
    verdicts = [e.text for e in browser.find_elements("css selector", "#hypotheses .verdict")]
    assert verdicts == ["✔ valid", "✘ not valid", "2 states", "✘ false"]
    browser.find_elements("css selector", "#hypotheses .hyp-head")[1].click()
    why = browser.find_element("id", "why").text
    assert "where the box is true; the two differ exactly there" in why
    picture = shoot(browser, shots / "smcdel.png", "#steps-card")
    assert dark(picture) > 500
    assert not console_errors(browser)


def test_a_classic_of_the_gallery(browser, server, shots):
    """The coordinated attack, round by round: each delivered message adds one level of
    knowledge and never common knowledge (the verdicts are the server's)."""
    source = (REPO / "examples" / "classics" / "coordinated_attack_rounds.del").read_text(encoding="utf-8")
    _, expected = post_json(server + "api/explain", {"source": source})
    story = expected["problems"][0]
    assert all(h["agrees"] for h in story["hypotheses"])
    open_page(browser, server, "?example=coordinated_attack_rounds")
    groups = browser.execute_script(
        "return [...document.querySelectorAll('#gallery optgroup')].map(g => g.label);")
    assert "classics" in groups
    never = next(i for i, h in enumerate(story["hypotheses"]) if h["name"] == "never_common")
    browser.find_elements("css selector", "#hypotheses .hyp-head")[never].click()
    wait_for(browser, "return !document.getElementById('why').hidden", what="the explanation")
    assert browser.find_element("css selector", ".step-tab.current").text == "3"
    picture = shoot(browser, shots / "gallery.png")
    assert count_colour(picture, ACTUAL_RGB, 30) > 100 and dark(picture) > 2000
    assert not console_errors(browser)


def test_a_story_through_one_agents_eyes(browser, server, shots):
    source = (REPO / "examples" / "stories" / "sally_anne.del").read_text(encoding="utf-8")
    _, expected = post_json(server + "api/explain", {"source": source})
    eyes = {e["agent"]: e for e in expected["problems"][0]["steps"][3]["eyes"]}
    open_page(browser, server, "?example=sally_anne")
    browser.execute_script("document.querySelectorAll('#step-tabs button')[3].click();")
    browser.execute_script("const s = document.getElementById('eyes-agent'); s.value = 'Anne';"
                           "s.dispatchEvent(new Event('change'));")
    wait_for(browser, "return !document.getElementById('eyes-view').hidden", what="Anne's view")
    view = browser.find_element("id", "eyes-view").text
    assert "Anne thinks that Sally thinks that the marble is in the basket." in view
    faded = browser.execute_script(
        "return [...document.querySelectorAll('#picture g.node.faded > title')].map(t => t.textContent);")
    kept = set(eyes["Anne"]["worlds"]) | set(eyes["Anne"]["believed"])
    assert faded and not {f[1:] for f in faded} & kept
    browser.execute_script("const s = document.getElementById('eyes-order'); s.value = '3';"
                           "s.dispatchEvent(new Event('change'));")
    assert "Anne thinks that Sally thinks that Anne thinks" in browser.find_element("id", "eyes-view").text
    shoot(browser, shots / "eyes-story.png", "#steps-card")
    assert not console_errors(browser)
