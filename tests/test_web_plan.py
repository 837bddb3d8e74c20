"""The plan card in a real headless Chromium: a goal typed, the shortest plan found and
played step by step (the model after each step), and a plan typed by hand shown failing at
its step with the reason, on muddy children and on a story.

The expected plans are worked by hand here:

- muddy children (``examples/muddy_children.del``, first problem: the father has spoken
  and every child has said "no" once; Ann and Ben muddy): the worlds left have at least two
  muddy children, and at 110 Cat still considers 111.  "Ann knows whether muddy(Ann)" is
  true at 110 and false at 111: announcing it tells Cat, one step.  "muddy(Cat)" is false
  at the actual state: it cannot be announced.
- Sally and Anne (``examples/stories/sally_anne.del``): at its end the marble is in the box
  and Sally, back in the room, has looked.  Anne moving it to the basket in front of her
  makes Sally believe it is in the basket, one step; Anne cannot tell Sally it is in the
  basket (she knows it is not)."""

from __future__ import annotations

from test_web_browser import browser, server, wait_for  # noqa: F401  (fixtures)
from test_web_play import console_errors, open_page, shoot, shots, step_count  # noqa: F401

MUDDY_MOVE = "announce Ann knows whether muddy(Ann)"
STORY_MOVE = "Anne moves the marble to the basket"


def ask_plan(driver, goal, may="", given="", actually="", within=3):
    for field, text in (("plan-goal", goal), ("plan-may", may), ("plan-given", given),
                        ("plan-actually", actually)):
        element = driver.find_element("id", field)
        element.clear()
        if text:
            element.send_keys(text)
    driver.execute_script(f"document.getElementById('plan-within').value = '{within}';")
    driver.execute_script("document.getElementById('plan-answer').hidden = true;")
    driver.find_element("id", "plan-button").click()
    wait_for(driver, "return !document.getElementById('plan-answer').hidden", what="the plan")
    return driver.find_element("id", "plan-answer").text


def play_plan(driver, moves: int):
    before = step_count(driver)
    driver.find_element("id", "plan-play").click()
    wait_for(driver, f"return document.querySelectorAll('#step-tabs button').length === "
                     f"{before + moves}", what="the plan played")


def test_muddy_children_plan_found_played_and_a_plan_failing(browser, server):
    open_page(browser, server, "?example=muddy_children")
    steps = step_count(browser)
    text = ask_plan(browser, "Cat knows whether muddy(Cat)", actually="muddy(Ann), muddy(Ben)")
    assert "Shortest plan: 1 step" in text and MUDDY_MOVE in text
    play_plan(browser, 1)
    assert step_count(browser) == steps + 1
    editor = browser.find_element("id", "editor").get_attribute("value")
    assert MUDDY_MOVE in editor
    # the model after the step: the actual state chosen from the plan's 'actually'
    views = browser.find_element("id", "views").text
    assert "At the actual world 110, Cat considers possible 110." in views
    # a plan typed by hand that fails at its first step: false at the actual state
    text = ask_plan(browser, "Cat knows whether muddy(Cat)", actually="muddy(Ann), muddy(Ben)",
                    given="announce muddy(Cat)")
    assert "Your plan fails: step 1 fails: not executable" in text
    failed = browser.find_elements("css selector", "#plan-given-steps li.failed")
    assert [f.text.split(" — ")[0] for f in failed] == ["announce muddy(Cat)"]
    assert not console_errors(browser)


def test_story_plan_found_played_and_a_plan_failing(browser, server, shots):
    open_page(browser, server, "?example=sally_anne")
    steps = step_count(browser)
    may = f"Anne tells Sally that the marble is in the basket\n{STORY_MOVE}"
    text = ask_plan(browser, "Sally believes that the marble is in the basket", may=may)
    assert "Shortest plan: 1 step (of 2 candidate moves)" in text and STORY_MOVE in text
    # a plan of one's own that cannot happen: Anne knows the marble is not in the basket
    text = ask_plan(browser, "Sally believes that the marble is in the basket", may=may,
                    given="Anne tells Sally that the marble is in the basket")
    assert "Your plan fails: step 1 fails: not executable" in text
    assert not browser.find_elements("id", "plan-play")  # nothing of it can be played
    card = shoot(browser, shots / "plan.png", "#plan-card")
    assert card.size[0] > 300
    # a plan that happens but does not reach the goal
    text = ask_plan(browser, "Sally believes that the marble is in the basket", may=may,
                    given="Anne moves the marble to the box")
    assert "Your plan fails" in text
    text = ask_plan(browser, "Sally believes that the marble is in the basket", may=may)
    play_plan(browser, 1)
    assert step_count(browser) == steps + 1
    assert STORY_MOVE in browser.find_element("id", "editor").get_attribute("value")
    assert "Sally knows that the marble is in the basket." in browser.find_element("id", "views").text
    assert not console_errors(browser)


# -- the plan task itself (no browser): reasons at the failing step, bad input ------------------

MARBLE = ("story t\n  agents Sally, Anne, Bob\n  location(marble): basket, box\n"
          "  actually the marble is in the box\n")
MARBLE_MAY = ["announce the marble is in the box", "Bob tells Anne that the marble is in the box",
              "Bob peeks at the marble"]
GOAL = "Anne believes that the marble is in the box"
KEEP = ["Sally does not believe that the marble is in the box"]


def test_plan_task_reasons_at_the_failing_step():
    from pyfront.web.plan import plan

    found = plan(MARBLE, 0, goal=GOAL, keep=KEEP, candidates=MARBLE_MAY)
    assert found["plan"] == ["Bob peeks at the marble", MARBLE_MAY[1]]
    assert found["played"] == MARBLE + "  Bob peeks at the marble\n  " + MARBLE_MAY[1] + "\n"
    loud = plan(MARBLE, 0, goal=GOAL, keep=KEEP, candidates=MARBLE_MAY, given=[MARBLE_MAY[0]])
    assert loud["given"]["reason"] == ("step 1 fails: breaks the formula to keep: " + KEEP[0])
    told = plan(MARBLE, 0, goal=GOAL, keep=KEEP, candidates=MARBLE_MAY,
                given=["Bob peeks at the marble", "Bob peeks at the marble"])
    assert told["given"]["reason"] == "step 2 fails: changes nothing"
    short = plan(MARBLE, 0, goal=GOAL, keep=KEEP, candidates=MARBLE_MAY,
                 given=["Bob peeks at the marble"])
    assert short["given"]["reason"] == "the goal is not reached at its end"
    assert short["played"] == MARBLE + "  Bob peeks at the marble\n"
    early = plan(MARBLE, 0, goal=GOAL, keep=KEEP, candidates=MARBLE_MAY, given=[MARBLE_MAY[1]])
    assert early["given"]["reason"].startswith("step 1 fails: not executable")
    assert (early["played"], early["played_steps"]) == (MARBLE, 0)


def test_plan_task_on_a_problem_with_its_actual_state():
    from pyfront.web.plan import plan

    source = "problem p\n  agents A, B\n  setup forehead\n"
    # A muddy, B clean: A learns whether she is muddy only if told muddy(A) (B's "I know"
    # is not among the candidates below); two steps never needed
    found = plan(source, 0, goal="A knows whether muddy(A)", actually="muddy(A)",
                 candidates=["announce someone", "announce muddy(B)"])
    assert (found["plan"], found["actual"]) == (["announce someone"], "1")
    none = plan(source, 0, goal="A knows whether muddy(A)", actually="muddy(A)",
                candidates=["announce muddy(B)"])
    assert none["plan"] is None and none["given"] is None


def test_plan_task_refuses_bad_input_in_one_line():
    from pyfront.web.plan import plan

    assert "type a goal" in plan(MARBLE, 0)["error"]["message"]
    bad = plan(MARBLE, 0, goal="Anne believes that the marble is in the attic")
    assert bad["error"]["message"].startswith("goal Anne believes that the marble is in the "
                                              "attic: 'attic' is not a value")
    assert "at most 6 steps" in plan(MARBLE, 0, goal=GOAL, within=9)["error"]["message"]
    planned = MARBLE + "  goal " + GOAL + "\n"
    assert "already has a goal" in plan(planned, 0, goal=GOAL)["error"]["message"]
    assert plan(planned, 0, candidates=MARBLE_MAY)["length"] == 1  # announcing: no keep here
