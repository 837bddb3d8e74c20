"""Ask the model: a formula typed on the page, answered at a step of a problem or story.

The formula becomes one more hypothesis of the text, written just before the statement
that follows the step (so it is asked after that step, as any hypothesis is asked where
it is written), and the text is explained as usual: the engines answer it, at the actual
world and at every world, with the explanation the hypotheses get.  A formula in SMCDEL's
syntax is written ``smcdel"…"``, which problems accept.

    >>> ask("problem p\\n  agents A, B\\n  setup forehead\\n", 0, 0, "A knows whether muddy(B)")["answer"]["verdict"]
    '✔ entailed'
    >>> plain('in smcdel"…": the formula ends too early (SMCDEL syntax)')
    'the formula ends too early (SMCDEL syntax)'
"""

from __future__ import annotations

from typing import Any

#: the name the asked hypothesis gets in the text (never shown)
ASKED = "asked_on_the_page"
SYNTAXES = ("dsl", "smcdel")
MAX_FORMULA = 2000


def plain(message: str) -> str:
    """An error about a formula typed in SMCDEL's syntax, without the ``smcdel"…"`` the
    page wraps it in (the person typed no such thing)."""
    message = message.replace('in smcdel"…": ', "").replace(' in smcdel"…"', "")
    return message.replace('smcdel"…"', "the formula")


def _failure(message: str, column: int | None = None) -> dict[str, Any]:
    return {"ok": False, "error": {"message": message, "line": None, "column": column,
                                   "text": message}}


def ask(source: str, index: int, step: int | None, formula: str, syntax: str = "dsl",
        actual: str | None = None, use_dot: bool = True, engine: str = "auto") -> dict:
    """``{"ok": True, "answer": hypothesis entry, "step"}`` or a one-line error about the
    formula (its column counted in the formula)."""
    from ..errors import UserError
    from ..story.dsl import parse_document
    from ..story.model import Story
    from .compute import SOURCE_NAME, explain_source
    from .source_lines import place, with_line

    formula = formula.strip()
    if not formula:
        return _failure("type a formula to ask")
    if "\n" in formula or len(formula) > MAX_FORMULA:
        return _failure(f"a formula is one line of at most {MAX_FORMULA} characters")
    try:
        items = parse_document(source, SOURCE_NAME)
    except (UserError, Exception):  # noqa: BLE001 - the text itself is wrong: say so
        return _failure("the text has a mistake: correct it first")
    if not 0 <= index < len(items):
        return _failure("no such problem in the text")
    item = items[index]
    text = formula
    if syntax == "smcdel":
        if isinstance(item, Story):
            return _failure("SMCDEL syntax is for problems; write a story's formula in the DSL")
        if '"' in formula:
            return _failure('an SMCDEL formula has no double quotes')
        text = f'smcdel"{formula}"'
    where = place(source.split("\n"), items, index, step)
    prefix = f"{where.indent}hypothesis {ASKED}: " + ('smcdel"' if syntax == "smcdel" else "")
    result = explain_source(with_line(source, where, f"hypothesis {ASKED}: {text}"),
                            actual, use_dot, engine)
    if not result["ok"]:
        err = result["error"]
        column = err.get("column")
        if err.get("line") == where.after + 1 and column is not None:
            column = max(1, column - len(prefix))
        message = plain(err["message"]) if syntax == "smcdel" else err["message"]
        return _failure(f"in the formula: {message}", column)
    problem = result["problems"][index]
    if "error" in problem:
        return _failure(plain(problem["error"]) if syntax == "smcdel" else problem["error"])
    answer = next(h for h in problem["hypotheses"] if h["name"] == ASKED)
    answer["name"] = "your question"
    return {"ok": True, "answer": answer, "step": answer["step"]}
