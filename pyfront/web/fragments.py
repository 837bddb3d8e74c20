"""The page's wording: the macros of ``templates/fragments.html.j2`` (which reuse the
explanations' own ``reasons.j2`` and ``story_reasons.j2``), as HTML or as plain text."""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup, escape

from ..explain.graph import agent_style
from ..explain.model import State


@lru_cache(maxsize=1)
def macros():
    """The template's module: one attribute per macro."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader([
            jinja2.PackageLoader("pyfront.web", "templates"),
            jinja2.PackageLoader("pyfront.explain", "templates"),
        ]),
        undefined=jinja2.StrictUndefined,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )

    def code(text) -> Markup:
        return Markup('<code>{}</code>').format(text)

    def st(state: State) -> Markup:
        return Markup('<code class="world" data-world="{0}">{0}</code>').format(state.name)

    def sts(states, sep: str = ", ") -> Markup:
        return Markup(escape(sep)).join(st(s) for s in states)

    def cell(c) -> Markup:
        inner = Markup(", ").join(
            Markup("{} {}").format(st(s), "true" if v else "false")
            for s, v in zip(c.states, c.values))
        return Markup("{") + inner + Markup("}")

    def count_worlds(xs) -> str:
        return f"{len(xs)} world" + ("" if len(xs) == 1 else "s")

    env.filters.update(f=code, st=st, sts=sts, cell=cell, count_worlds=count_worlds,
                       tv=lambda v: "true" if v else "false")
    return env.get_template("fragments.html.j2").module


def html(name: str, *args) -> str:
    """A macro's output, as HTML."""
    return str(getattr(macros(), name)(*args)).strip()


def text(name: str, *args) -> str:
    """A macro's output, as plain text (the page sets it as text, not HTML)."""
    return Markup(getattr(macros(), name)(*args)).unescape().strip()


def agents_of(names) -> list[dict]:
    """Each agent's colour and line style, as in ``mindgames explain --graph``."""
    out = []
    for position, name in enumerate(names):
        colour, style = agent_style(position)
        out.append({"name": name, "colour": colour, "style": style})
    return out
