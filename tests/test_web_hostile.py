"""The web page under a hostile user: a link naming no example, a paste past the size
limit, a phone-wide window, formulas in SMCDEL's syntax that do not parse, false answers.

The page says "no such example" and keeps saying it; a paste too long to check leaves the
link (and so the example a reload brings back) as it was; the header fits in 420 px; the
Ask box shows errors and false answers each in a colour of its own and never the
``smcdel"…"`` the page wraps an SMCDEL formula in.  Expected answers come from the API.
"""

from __future__ import annotations

import pytest

from test_web_browser import browser, server, wait_for  # noqa: F401  (fixtures)
from web_server import REPO, get_json, post_json

FOREHEAD = (REPO / "examples" / "forehead.del").read_text(encoding="utf-8")
#: formulas in SMCDEL's syntax that are wrong in different ways
BAD_SMCDEL = ["Alice knows", "(1 &", "Agentz knows that 1", "5", "[ ! 1 ] ", "1 & & 2"]


# -- the API ----------------------------------------------------------------------------------

@pytest.mark.parametrize("formula", BAD_SMCDEL)
def test_smcdel_formula_errors_never_show_the_wrapper(formula):
    from pyfront.web.ask import ask

    answer = ask(FOREHEAD, 0, 0, formula, "smcdel")
    assert answer["ok"] is False
    message = answer["error"]["message"]
    assert 'smcdel"' not in message and "…" not in message, message
    assert message.startswith("in the formula: ")


def test_an_unknown_example_is_no_such_example(server):
    status, body = get_json(server + "api/examples/no_such_thing")
    assert status == 404 and body["ok"] is False
    assert body["error"]["message"].startswith("no such example: 'no_such_thing'")


# -- the page ---------------------------------------------------------------------------------

def _text(driver, element_id: str) -> str:
    return driver.execute_script(f"return document.getElementById('{element_id}').textContent;")


def test_a_bad_example_link_says_no_such_example_and_keeps_saying_it(browser, server):
    import time

    browser.get(server + "?example=no_such_thing")
    wait_for(browser, "return !document.getElementById('error').hidden", what="the error")
    time.sleep(1.0)  # past the page's debounce: a check of the empty editor would replace it
    assert "no such example: 'no_such_thing'" in _text(browser, "error")
    assert "no problem in the text" not in _text(browser, "error")
    assert _text(browser, "status-text") == "No such example"


def test_the_header_fits_in_420_pixels(browser, server):
    size = browser.get_window_size()
    try:
        browser.set_window_size(420, 900)
        browser.get(server + "?example=forehead")
        wait_for(browser, "return !document.getElementById('result').hidden", what="the explanation")
        width, header, outside = browser.execute_script("""
            const h = document.querySelector('header');
            const W = document.documentElement.clientWidth;
            const out = [...h.querySelectorAll('h1, h1 span, label, select, button')]
              .filter(e => { const b = e.getBoundingClientRect(); return b.width > 0 && (b.left < 0 || b.right > W + 0.5); })
              .map(e => e.tagName + '#' + e.id);
            return [W, h.scrollWidth, out];""")
        assert width <= 420
        assert header <= width and outside == []
    finally:
        browser.set_window_size(size["width"], size["height"])


def test_a_paste_too_long_keeps_the_example_in_the_link(browser, server):
    import time

    browser.get(server + "?example=forehead")
    wait_for(browser, "return !document.getElementById('result').hidden", what="the explanation")
    limit = int(browser.execute_script("return document.body.dataset.maxSource;"))
    browser.execute_script(
        "const e = document.getElementById('editor'); e.focus(); e.select();"
        "document.execCommand('insertText', false, arguments[0]);", "# " + "x" * (limit + 10) + "\n")
    wait_for(browser, "return document.getElementById('status-text').textContent === 'Too long'",
             what="the size error")
    time.sleep(1.2)  # past the link's own delay
    assert "example=forehead" in browser.current_url and "src=" not in browser.current_url
    assert browser.execute_script("return document.getElementById('gallery').value;") == "forehead"
    browser.refresh()
    wait_for(browser, "return !document.getElementById('result').hidden", what="the explanation")
    assert browser.execute_script("return document.getElementById('gallery').value;") == "forehead"
    assert browser.execute_script("return document.getElementById('editor').value;") == FOREHEAD


def _ask(driver, formula: str, syntax: str = "dsl") -> dict:
    driver.execute_script("document.getElementById('ask-syntax').value = arguments[0];", syntax)
    box = driver.find_element("id", "ask-formula")
    box.clear()
    box.send_keys(formula)
    # the last answer cleared, so that the one waited for is the new one
    driver.execute_script("const b = document.getElementById('ask-answer'); b.hidden = true; b.innerHTML = '';")
    driver.find_element("id", "ask-button").click()
    wait_for(driver, "const b = document.getElementById('ask-answer'); return !b.hidden && "
                     "b.textContent.length > 0", what="the answer")
    return driver.execute_script("""
        const b = document.getElementById('ask-answer'); const s = getComputedStyle(b);
        return {text: b.textContent, border: s.borderTopColor, background: s.backgroundColor};""")


def test_the_ask_box_colours_errors_and_false_answers_apart(browser, server):
    _, true_answer = post_json(server + "api/ask", {"source": FOREHEAD, "problem": 0, "step": 0,
                                                    "formula": "Alice knows whether muddy(Bob)"})
    _, false_answer = post_json(server + "api/ask", {"source": FOREHEAD, "problem": 0, "step": 0,
                                                     "formula": "Alice knows whether muddy(Alice)"})
    assert true_answer["answer"]["holds"] and not false_answer["answer"]["holds"]
    browser.get(server + "?example=forehead")
    wait_for(browser, "return !document.getElementById('result').hidden", what="the explanation")
    right = _ask(browser, "Alice knows whether muddy(Bob)")
    wrong = _ask(browser, "Alice knows whether muddy(Alice)")
    failed = _ask(browser, "Alice knows", "smcdel")
    assert true_answer["answer"]["verdict"] in right["text"]
    assert false_answer["answer"]["verdict"] in wrong["text"]
    assert "in the formula" in failed["text"] and 'smcdel"' not in failed["text"]
    colours = {name: (box["border"], box["background"])
               for name, box in (("true", right), ("false", wrong), ("error", failed))}
    assert len({c[0] for c in colours.values()}) == 3, colours  # three borders
    assert len(set(colours.values())) == 3, colours
