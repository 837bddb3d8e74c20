"""The web page end to end, in a real headless Chromium driven through chromedriver.

Opens an example by its link, reads the English, steps through the pictures, opens each
hypothesis's explanation, types an error and sees it at its line and column (no reload),
fixes it, follows a shared link, and saves a screenshot (``MINDGAMES_WEB_SCREENSHOT`` names
where; by default it goes to the test's temporary directory).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from web_server import REPO, post_json, running_server

from requirements import require_tool

#: the showcase: the story of Sally and Anne (a false belief, private events, a revision)
SHOWCASE = "sally_anne"
SHOWCASE_FILE = REPO / "examples" / "stories" / "sally_anne.del"


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium = require_tool("chromium", "chromium-browser")
    chromedriver = require_tool("chromedriver")
    profile = tempfile.mkdtemp(prefix="mindgames-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                 "--window-size=1360,1180"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console, for the tests
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def server():
    with running_server("--time-limit", "10") as url:
        yield url


def wait_for(driver, condition, timeout=30.0, what="the page"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(condition)
        if value:
            return value
        time.sleep(0.1)
    shown = driver.execute_script(
        "return [document.getElementById('status').textContent,"
        " document.getElementById('error').textContent];")
    raise AssertionError(f"timed out waiting for {what} (status, error: {shown}): {condition}")


def visible(driver, selector) -> bool:
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return !!e && !e.hidden && "
        "e.offsetParent !== null;", selector)


def save_screenshot(driver, path: Path, scale: float = 0.76) -> None:
    """A PNG of the window, scaled down to keep docs/web.md's picture small."""
    import base64

    width, height = driver.execute_script("return [innerWidth, innerHeight];")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": False,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": scale}})
    path.write_bytes(base64.b64decode(shot["data"]))


def open_example(driver, server, name):
    driver.get(server + f"?example={name}")
    wait_for(driver, "return !document.getElementById('result').hidden && "
                     "document.querySelectorAll('#hypotheses .verdict').length > 0",
             what="the explanation")


def picture_worlds(driver) -> list[str]:
    return driver.execute_script(
        "return [...document.querySelectorAll('#picture svg g.node:not(.removed) > title')]"
        ".map(t => t.textContent).sort();")


def check_problem(driver, problem):
    """English, a verdict per hypothesis, every step's picture, and the first hypothesis
    with a counterexample opened: what the page shows of one problem or story."""
    from selenium.webdriver.common.by import By

    assert problem["english"] and problem["english"] in driver.find_element(By.ID, "english").text
    verdicts = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#hypotheses .verdict")]
    assert verdicts == [h["verdict"] for h in problem["hypotheses"]]
    steps = problem["steps"]
    assert driver.find_element(By.ID, "step-caption").text.startswith(steps[0]["title"])
    for number, step in enumerate(steps):
        caption = driver.find_element(By.ID, "step-caption").text
        assert caption.startswith(step["title"]), (number, caption)
        assert picture_worlds(driver) == sorted("w" + w for w in step["worlds"])
        views = driver.find_element(By.ID, "views").text
        assert all(v["html"].split("<")[0][:20] in views for v in step["views"])
        if number < len(steps) - 1:
            driver.find_element(By.ID, "next-step").click()
    assert not driver.find_element(By.ID, "next-step").is_enabled()
    for index, h in enumerate(problem["hypotheses"]):
        if not h["counterexample"]:
            continue
        driver.find_elements(By.CSS_SELECTOR, "#hypotheses .hyp-head")[index].click()
        why = driver.find_element(By.ID, "why")
        assert why.is_displayed() and "Why:" in why.text and h["name"] in why.text
        assert driver.find_element(By.CSS_SELECTOR, ".step-tab.current").text == (
            "Start" if h["step"] == 0 else str(h["step"]))
        lit = driver.execute_script(
            "return [...document.querySelectorAll('#picture g.node.hl-counter > title')]"
            ".map(t => t.textContent);")
        assert lit == ["w" + h["counterexample"]]
        driver.find_elements(By.CSS_SELECTOR, "#hypotheses .hyp-head")[index].click()
        assert not driver.find_element(By.ID, "why").is_displayed()
        assert not driver.execute_script("return document.querySelector('#picture g.hl-counter');")
        return h
    raise AssertionError("no hypothesis with a counterexample to open")


def test_sally_anne_end_to_end(browser, server, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    source = SHOWCASE_FILE.read_text(encoding="utf-8")
    status, expected = post_json(server + "api/explain", {"source": source})
    assert status == 200 and expected["ok"]
    story = expected["problems"][0]
    assert story["kind"] == "story" and "error" not in story

    open_example(browser, server, SHOWCASE)
    assert browser.find_element(By.ID, "editor").get_attribute("value") == source
    browser.execute_script("window.__sameDocument = 'yes';")  # gone if the page reloads
    assert "Sally and Anne are in the room" in browser.find_element(By.ID, "english").text
    check_problem(browser, story)
    # the false belief, at the step after the move: the actual world is marked, and the
    # question "where will Sally look?" is answered "basket"
    look = next(i for i, h in enumerate(story["hypotheses"]) if h["name"] == "look")
    browser.find_elements(By.CSS_SELECTOR, "#hypotheses .hyp-head")[look].click()
    assert browser.find_elements(By.CSS_SELECTOR, "#hypotheses .verdict")[look].text == "answer: basket"
    assert "Sally will look in the basket" in browser.find_element(By.ID, "why").text
    assert browser.execute_script(
        "return [...document.querySelectorAll('#picture g.node')].filter(g => "
        "g.innerHTML.toLowerCase().includes('#ffe08a')).length;") >= 1
    assert "Sally thinks that the marble is in the basket" in browser.find_element(By.ID, "views").text

    shot = Path(os.environ.get("MINDGAMES_WEB_SCREENSHOT") or tmp_path / "web.png")
    save_screenshot(browser, shot)
    assert shot.stat().st_size > 10_000

    # type an error: it shows at its line and column, without a reload
    editor = browser.find_element(By.ID, "editor")
    editor.click()
    editor.send_keys(Keys.CONTROL, Keys.END)
    editor.send_keys("  Anne moves the marble to the attic")
    line = source.count("\n") + 1
    wait_for(browser, "return !document.getElementById('error').hidden", what="the error")
    error = browser.find_element(By.ID, "error")
    assert (error.get_attribute("data-line"), error.get_attribute("data-column")) == (str(line), "32")
    assert f"line {line}, column 32" in error.text and "'attic' is not a value" in error.text
    assert browser.execute_script(
        f"return document.querySelector('#gutter [data-line=\"{line}\"]').classList.contains('err');")
    assert browser.execute_script("return window.__sameDocument;") == "yes"

    # fix it: the error goes, the explanation comes back with one more event
    editor.send_keys(Keys.BACKSPACE * len("attic"))
    editor.send_keys("basket")
    wait_for(browser, "return document.getElementById('error').hidden && "
                      "!document.getElementById('right').classList.contains('stale') && "
                      f"document.querySelectorAll('.step-tab').length === {len(story['steps']) + 1}",
             what="the error to clear")
    assert not browser.execute_script(
        "return document.querySelector('#gutter .err') !== null;")
    assert browser.execute_script("return window.__sameDocument;") == "yes"
    edited = source + "  Anne moves the marble to the basket"
    assert editor.get_attribute("value") == edited

    # the edited story travels in the link
    link = wait_for(browser, "return location.hash.includes('src=') && location.href;",
                    what="the link to carry the text")
    browser.get("about:blank")
    browser.get(link)
    wait_for(browser, "return document.getElementById('editor').value.length > 0 && "
                      "!document.getElementById('result').hidden", what="the shared story")
    assert browser.find_element(By.ID, "editor").get_attribute("value") == edited


def test_forehead_problems_with_an_actual_world(browser, server):
    from selenium.webdriver.common.by import By

    source = (REPO / "examples" / "forehead.del").read_text(encoding="utf-8")
    status, expected = post_json(server + "api/explain", {"source": source})
    open_example(browser, server, "forehead")
    assert len(expected["problems"]) == 2
    for index, problem in enumerate(expected["problems"]):
        browser.find_elements(By.CSS_SELECTOR, "#problem-tabs button")[index].click()
        wait_for(browser, f"return document.getElementById('problem-name').textContent "
                          f"=== {problem['name']!r}", what=problem["name"])
        check_problem(browser, problem)
    # the actual world, chosen on the page, is marked in the picture and kept in the link
    browser.find_elements(By.CSS_SELECTOR, "#problem-tabs button")[0].click()
    browser.execute_script("const s = document.getElementById('actual'); s.value = '11';"
                           "s.dispatchEvent(new Event('change'));")
    wait_for(browser, "return [...document.querySelectorAll('#picture g.node')].some(g => "
                      "g.innerHTML.toLowerCase().includes('#ffe08a'));", what="the actual world")
    assert "At the actual world 11, Alice considers possible" in browser.find_element(By.ID, "views").text
    wait_for(browser, "return location.search === '?example=forehead' && "
                      "location.hash === '#actual=11';", what="the link")
