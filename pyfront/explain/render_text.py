"""Lay an explanation out as plain text, Markdown, or rich terminal output.

The wording lives in the jinja2 templates next to this module (``templates/``); this module
only provides the format-specific filters (how a formula, a state, a table looks) and picks
the output: rich rendering of the Markdown on a terminal, plain text into a pipe.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from typing import Callable, Iterable, TextIO

from .model import Cell, Explanation, ProblemExplanation, State

FORMATS = ("text", "md")

#: the templates separate sections generously; at most one blank line survives
_BLANK_RUNS = re.compile(r"\n{3,}")


def _plain_table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(headers)]
    def line(cells):
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()
    out = [line(headers), line(["-" * w for w in widths])]
    out.extend(line(r) for r in rows)
    return "\n".join(out)


def _md_table(headers: list[str], rows: list[list[str]]) -> str:
    def line(cells):
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
    out = [line(headers), "|" + "|".join("---" for _ in headers) + "|"]
    out.extend(line(r) for r in rows)
    return "\n".join(out)


def _state_rows(p: ProblemExplanation) -> tuple[list[str], list[list[str]]]:
    headers = ["state"] + [q.symbol for q in p.propositions]
    rows = [[s.name] + ["1" if v else "0" for v in s.values] for s in p.initial]
    return headers, rows


class _Style:
    """The decorations of one output format."""

    def __init__(self, code: Callable[[str], str], table):
        self.code = code
        self.table = table

    def filters(self) -> dict[str, Callable]:
        code = self.code

        def sts(states: Iterable[State]) -> str:
            return ", ".join(code(s.name) for s in states)

        def cell(c: Cell) -> str:
            inner = ", ".join(
                f"{code(s.name)} {'true' if v else 'false'}" for s, v in zip(c.states, c.values)
            )
            return "{" + inner + "}"

        return {
            "f": code,
            "st": lambda s: code(s.name),
            "sts": sts,
            "tv": lambda v: "true" if v else "false",
            "cell": cell,
            "count_states": lambda xs: f"{len(xs)} state" + ("" if len(xs) == 1 else "s"),
            "state_table": lambda p: self.table(*_state_rows(p)),
            "underline": lambda text, ch="-": f"{text}\n{ch * len(text)}",
        }


_STYLES = {
    "text": _Style(code=lambda s: s, table=_plain_table),
    "md": _Style(code=lambda s: f"`{s}`", table=_md_table),
}


@lru_cache(maxsize=None)
def environment(fmt: str):
    import jinja2

    from ..cache import template_cache

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("pyfront.explain", "templates"),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        bytecode_cache=template_cache("explain"),
    )
    env.filters.update(_STYLES[fmt].filters())
    return env


def render(explanation: Explanation, fmt: str = "text", pictures: dict | None = None) -> str:
    """The explanation as ``text`` (plain) or ``md`` (Markdown); ``pictures``: the files
    ``explain --graph`` wrote (:func:`.picture_files.key` -> path), linked at their steps."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    template = environment(fmt).get_template(f"explain.{'txt' if fmt == 'text' else 'md'}.j2")
    text = template.render(explanation=explanation, pictures=pictures or {})
    return _BLANK_RUNS.sub("\n\n", text).strip("\n") + "\n"


def write(explanation: Explanation, fmt: str = "text", stream: TextIO | None = None,
          pictures: dict | None = None) -> None:
    """Print the explanation: ``md`` as Markdown source; ``text`` as rich output on a
    terminal (the Markdown, rendered) and as plain text into a pipe or file."""
    stream = stream or sys.stdout
    if fmt == "text" and stream.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console(file=stream).print(Markdown(render(explanation, "md", pictures)))
        return
    stream.write(render(explanation, fmt, pictures))
