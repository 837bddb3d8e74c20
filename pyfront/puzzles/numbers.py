"""Number puzzles as DSL text, at any size: Sum and Product, What Sum, Cheryl's birthday,
consecutive numbers.  ``mindgames puzzle NAME`` prints them; ``examples/puzzles/`` holds the
classic sizes.  Every one states its expected answer (from the literature; see
``docs/puzzles.md``) only at the classic size; at other sizes the question is left open.
The comment that tells what the talk leaves is written from the value engine's answer at
the size asked for (:func:`answer_comment`), never typed in.
"""

from __future__ import annotations

#: the line of a puzzle's text that :func:`answer_comment` fills
ANSWER_LINE = "# @answer\n"


def answer_comment(text: str, what: str) -> str:
    """``text`` with its answer line filled: what the value engine leaves for the puzzle's
    question (``what``: the possibilities' name, e.g. "pair")."""
    from pyfront.problem.dsl import parse_problem
    from pyfront.problem.puzzle_check import puzzle_jobs

    record: dict = {}
    for _, _, job in puzzle_jobs(parse_problem(text)):
        if job.kind != "hypothesis":
            record = job.native_record({})
    answer = record.get("answer") or []
    if not answer:
        line = f"# At this size no {what} is left after the talk."
    elif len(answer) == 1:
        line = f"# At this size exactly one {what} is left: {record['label']}."
    elif len(answer) <= 6:
        line = f"# At this size {len(answer)} {what}s are left: {record['label']}."
    else:
        line = f"# At this size {len(answer)} {what}s are left."
    return text.replace(ANSWER_LINE, line + "\n", 1)


def _at_most(option: str, values: int) -> None:
    """A ValueError naming ``option`` when a number would take more values than a
    variable may have (:data:`pyfront.problem.values.MAX_VALUES`)."""
    from pyfront.problem.values import MAX_VALUES

    if values > MAX_VALUES:
        raise ValueError(f"{option} is too large: its variables would take {values:,} values "
                         f"(at most {MAX_VALUES:,})")


def sum_and_product(max_sum: int = 100) -> str:
    """Freudenthal's Sum and Product with 2 <= x < y and x + y <= ``max_sum``."""
    if max_sum < 5:
        raise ValueError("--max must be at least 5 (the smallest pair is 2 + 3)")
    _at_most("--max", max_sum - 1)  # x and y run over 2..max_sum
    expect = " expect x = 4 and y = 13" if max_sum == 100 else ""
    return answer_comment(f"""\
# Sum and Product (Freudenthal, 1969).  Two numbers x and y with 2 <= x < y and
# x + y <= {max_sum}.  Sum is told x + y, Product is told x * y.
#   Sum:     "I knew that you did not know the numbers."
#   Product: "Now I know them."
#   Sum:     "Now I know them too."
{ANSWER_LINE}
problem sum_and_product_{max_sum}
  agents Sum, Product
  x: 2..{max_sum}
  y: 2..{max_sum}
  law x < y and x + y <= {max_sum}
  Sum observes x + y
  Product observes x * y
  announce Sum knows that Product does not know what x and y are
  # every sum left has several pairs: Sum cannot know them yet
  hypothesis sum_unsure: Sum does not know what x and y are expect true
  announce Product knows what x and y are
  announce Sum knows what x and y are
  question solution: which possibilities remain?{expect}
""", "pair")


def what_sum(bound: int = 50) -> str:
    """Three numbers 1…``bound``, one the sum of the other two; each agent sees the other
    two; all three say in turn that they do not know their own number."""
    if bound < 2:
        raise ValueError("--bound must be at least 2")
    _at_most("--bound", bound)  # the numbers run over 1..bound
    expect = " expect 330 possibilities" if bound == 50 else ""
    return answer_comment(f"""\
# What Sum (van Ditmarsch, Ruan and Verbrugge).  Amy, Bob and Cat each have a number
# between 1 and {bound} on their forehead; one number is the sum of the other two.
# Each sees the other two numbers.  In turn each says: "I do not know my number."
{ANSWER_LINE}
problem what_sum_{bound}
  agents Amy, Bob, Cat
  a: 1..{bound}
  b: 1..{bound}
  c: 1..{bound}
  law a + b = c or a + c = b or b + c = a
  Amy observes b, c
  Bob observes a, c
  Cat observes a, b
  announce Amy does not know what a is
  announce Bob does not know what b is
  announce Cat does not know what c is
  question left: which possibilities remain?{expect}
""", "triple")


#: Cheryl's ten dates (Singapore and Asian Schools Math Olympiad, 2015)
CHERYL_DATES = (("May", 15), ("May", 16), ("May", 19), ("June", 17), ("June", 18),
                ("July", 14), ("July", 16), ("August", 14), ("August", 15), ("August", 17))


def cheryl(dates=CHERYL_DATES) -> str:
    """Cheryl's birthday for a list of (month, day) dates."""
    months = list(dict.fromkeys(m for m, _ in dates))
    days = sorted({d for _, d in dates})
    if len(months) < 2 or len(days) < 2:
        raise ValueError("Cheryl's birthday needs at least two months and two days")
    by_month = []
    for m in months:
        ds = [d for mm, d in dates if mm == m]
        alts = " or ".join(f"day = {d}" for d in ds)
        by_month.append(f"(month = {m} and {'(' + alts + ')' if len(ds) > 1 else alts})")
    law = "(" + "\n        or ".join(by_month) + ")"
    expect = " expect month = July and day = 16" if tuple(dates) == CHERYL_DATES else ""
    return f"""\
# Cheryl's birthday (2015).  Cheryl tells Albert the month and Bernard the day of her
# birthday, one of: {", ".join(f"{m} {d}" for m, d in dates)}.
#   Albert:  "I don't know when it is, but I know that Bernard does not know either."
#   Bernard: "At first I didn't know, but now I know."
#   Albert:  "Then I also know."
# The birthday is July 16.

problem cheryls_birthday
  agents Albert, Bernard
  month: {", ".join(months)} "the month"
  day: {", ".join(map(str, days))} "the day"
  law {law}
  Albert observes month
  Bernard observes day
  announce Albert does not know what month and day are and Albert knows that Bernard does not know what month and day are
  announce Bernard knows what month and day are
  announce Albert knows what month and day are
  question birthday: what are month and day?{expect}
"""


def consecutive_numbers(top: int = 4) -> str:
    """Anne and Bill get consecutive numbers 0…``top``; each sees only their own."""
    if top < 2:
        raise ValueError(f"--bound must be at least 2 (the numbers run over 0..N): got {top}")
    _at_most("--bound", top + 1)  # the numbers run over 0..top
    # by hand: 2 * top states; the first "no" removes a = 0 and a = top, the second the
    # four states where Bill's number leaves one pair (b = 0, 1, top - 1, top)
    expect = f" expect {2 * top - 6} possibilities" if top >= 4 else ""
    return answer_comment(f"""\
# Consecutive numbers (Littlewood; van Ditmarsch and Kooi, "One Hundred Prisoners and
# a Light Bulb").  Anne and Bill each get a number; the numbers are consecutive
# (0..{top}).  Each sees only their own.  Anne: "I don't know your number."  Bill: "I don't
# know yours either."  The talk removes the end points one by one.
{ANSWER_LINE}
problem consecutive_numbers
  agents Anne, Bill
  a: 0..{top}
  b: 0..{top}
  law a = b + 1 or b = a + 1
  Anne observes a
  Bill observes b
  # whoever holds 0 knows the other has 1
  hypothesis zero_knows: a = 0 implies Anne knows that b = 1 expect true
  announce Anne does not know what b is
  hypothesis bill_learns: Bill knows that a != 0 expect true
  announce Bill does not know what a is
  question which possibilities remain?{expect}
""", "pair")
