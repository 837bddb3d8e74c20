"""DSL text -> the page's data: problems in English, steps with pictures, verdicts.

Runs in a worker process (:mod:`.runner`), so it may take its time and its memory; it
returns plain JSON-able dicts and never raises: bad input becomes ``{"ok": False,
"error": {...}}`` with the line and column of the problem text where they exist.

A step is generic: a title, a caption (HTML), each agent's view (HTML) and a picture
(SVG, or a message when the model is too large to draw), so public announcements
(:mod:`.problem_page`) and stories (:mod:`.story_page`) look alike on the page.
"""

from __future__ import annotations

from typing import Any

from ..errors import UserError
from ..story.model import Story
from .problem_page import problem_page
from .story_page import story_page

#: the name problem texts are reported under (errors read "problem.del:3:5: ...")
SOURCE_NAME = "problem.del"


def _error(err: Exception) -> dict[str, Any]:
    if isinstance(err, UserError):
        return {"ok": False, "error": {"message": err.message, "line": err.line,
                                       "column": err.column, "text": str(err)}}
    text = str(err).splitlines()[0] if str(err) else type(err).__name__
    return {"ok": False, "error": {"message": text, "line": None, "column": None, "text": text}}


def explain_source(source: str, actual: str | None = None, use_dot: bool = True,
                   engine: str = "auto") -> dict:
    """Everything the page shows about a DSL text (one entry per problem); ``engine``: the
    story engine (``auto``: by size)."""
    from smcdel_bridge.errors import SmcdelError

    from ..story.dsl import parse_document

    from .smcdel_page import looks_like_smcdel

    if looks_like_smcdel(source):
        return _smcdel(source)
    try:
        problems = parse_document(source, SOURCE_NAME)
    except (UserError, SmcdelError) as err:
        return _error(err)
    except RecursionError:
        return _error(UserError("the text is nested too deeply", file=SOURCE_NAME))
    except Exception as err:  # noqa: BLE001 - a builder error without a position
        first = (str(err).splitlines() or [""])[0]
        return _error(UserError(f"{type(err).__name__}: {first}", file=SOURCE_NAME))
    if not problems:
        return _error(UserError("no problem in the text: start one with `problem NAME` "
                                "or `story NAME`",
                                file=SOURCE_NAME, line=1, column=1))
    out = []
    for problem in problems:
        kind = "story" if isinstance(problem, Story) else "problem"
        try:
            if kind == "story":
                out.append(story_page(problem, use_dot, engine))
            elif problem.has_values:  # a number puzzle: counts and tables, no pictures
                from .puzzle_page import puzzle_page

                out.append(puzzle_page(problem, actual))
            else:
                out.append(problem_page(problem, actual, use_dot))
        except UserError as err:  # an event of a story that cannot happen, say
            if err.line is not None:  # marked in the editor, as a mistake in the text
                err.file = SOURCE_NAME
                return _error(err)
            out.append({"name": problem.name, "kind": kind, "line": problem.line,
                        "error": err.message})
        except Exception as err:  # noqa: BLE001 - reported on the page, one line
            out.append({"name": problem.name, "kind": kind, "line": problem.line,
                        "error": _one_line(problem, err)})
    return {"ok": True, "problems": out}


def _smcdel(source: str) -> dict:
    from .smcdel_page import smcdel_page

    page = smcdel_page(source)
    if "error_in_text" in page:
        return {"ok": False, "error": page["error_in_text"]}
    return {"ok": True, "problems": [page]}


def _one_line(problem, err: Exception) -> str:
    from smcdel_bridge.errors import TooLargeError

    from ..explain.build import StateError

    if isinstance(err, TooLargeError):
        return (f"problem {problem.name!r} is too large to explain world by world: {err.size} "
                f"{err.unit}, where the explicit engine takes at most {err.limit} "
                "(`mindgames check` answers larger problems)")
    if isinstance(err, StateError):
        return str(err)
    text = str(err).splitlines()[0] if str(err) else ""
    return f"problem {problem.name!r}: {type(err).__name__}: {text}"
