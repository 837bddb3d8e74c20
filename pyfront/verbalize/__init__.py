"""English renderings of problems, one style a folder of jinja2 templates.

``templates/<style>/`` holds ``premise.j2``, ``hypothesis.j2``, ``formula.j2`` (macros that
say one formula), ``announcement.j2`` (the macro that says one announcement, used by the
premise and by :func:`announcement`) and ``style.json`` (words: quantifiers, number words,
per-setup sentences).  ``mindgames`` reproduces the published dataset's sentences exactly;
``natural`` tells the same problem more plainly.  A new style is a new folder.

Python decides *what* is said (see :mod:`.describe`); the templates decide the words.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from ..words import capfirst, squash
from .describe import SAYABLE, Describer, sayable

if TYPE_CHECKING:
    import jinja2

    from pyfront.problem.model import Problem

DEFAULT_STYLE = "mindgames"

__all__ = [
    "DEFAULT_STYLE", "SAYABLE", "announcement", "formula_text", "hypothesis", "premise", "question",
    "sayable", "styles",
]


def _templates_root():
    return files(__name__).joinpath("templates")


def styles() -> list[str]:
    """Names of the available styles."""
    return sorted(
        e.name for e in _templates_root().iterdir() if e.is_dir() and e.joinpath("style.json").is_file()
    )


def _andlist(items: list[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


@lru_cache(maxsize=None)
def style_environment(name: str) -> tuple["jinja2.Environment", dict[str, Any]]:
    import jinja2

    if name not in styles():
        from ..errors import UserError

        raise UserError(f"unknown style {name!r} (known: {', '.join(styles())})")
    folder = _templates_root().joinpath(name)
    def load(template: str) -> str | None:
        entry = folder.joinpath(template)
        return entry.read_text(encoding="utf-8") if entry.is_file() else None

    from ..cache import template_cache

    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(load),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=False,
        bytecode_cache=template_cache(f"style-{name}"),
    )
    env.filters["andlist"] = _andlist
    env.filters["capfirst"] = capfirst
    words = json.loads(folder.joinpath("style.json").read_text(encoding="utf-8"))
    return env, words


def _number(words: dict[str, Any], n: int) -> str:
    table = words.get("numbers") or []
    return table[n] if n < len(table) else str(n)


def _observation_context(pb: "Problem", env, describer: Describer, words: dict[str, Any]) -> dict[str, Any]:
    """Which observations the premise states, and how (setup sentence or generic one).

    Styles with ``use_stated_observations`` word a published premise's own matrix when
    it differs from the semantics (see :mod:`pyfront.data.mindgames_import`); others tell
    what the agents really observe.
    """
    setup = pb.setup_spec
    names = [a.name for a in pb.agents]
    rows = pb.observations
    if pb.stated_observations is not None and words.get("use_stated_observations"):
        rows = pb.stated_observations
    generic = env.get_template("observation.j2") if _has(env, "observation.j2") else None
    predicate_given = setup is not None and setup.observability == "given"
    follows_rule = setup is not None and not predicate_given and rows == pb.default_observations()
    sentences: list[str] = []
    viewers: list[dict[str, Any]] = []
    others: list[dict[str, str]] = []
    for v, row in enumerate(rows):
        owners = []
        for atom in row:
            owner = pb.atom_owner(atom)
            if owner is not None and predicate_given:
                owners.append(names[owner])
                if setup.observation_sentence:
                    sentences.append(
                        setup.observation_sentence.replace("{owner}", names[owner]).replace(
                            "{viewer}", names[v]
                        )
                    )
            elif owner is not None and follows_rule:
                continue
            else:
                text = describer.atom_text(atom, True)
                others.append({"viewer": names[v], "text": text})
                if generic is not None:
                    sentences.append(generic.render(viewer=names[v], text=text))
        told = [o["text"] for o in others if o["viewer"] == names[v]]
        viewers.append({"viewer": names[v], "owners": owners, "blind": predicate_given and not owners,
                        "tells": told, "nothing": not row})
    return {"observation_sentences": sentences, "viewers": viewers, "other_observations": others,
            "follows_rule": follows_rule}


def _has(env, name: str) -> bool:
    import jinja2

    try:
        env.get_template(name)
        return True
    except jinja2.TemplateNotFound:
        return False


def _setup_words(words: dict[str, Any], setup: str | None, part: str) -> str:
    """A style's words for a setup: ``intro`` (what the predicate is about, always true) and
    ``rule`` (who sees what: said only when the problem's observations follow the setup's
    rule).  A plain string is an intro with no rule."""
    entry = (words.get("setups") or {}).get(setup or "", "")
    if isinstance(entry, str):
        return entry if part == "intro" else ""
    return entry.get(part, "")


def premise(pb: "Problem", style: str = DEFAULT_STYLE) -> str:
    """The premise of ``pb`` in ``style``: persons, setting, observations, announcements."""
    from smcdel_bridge.language import Top

    env, words = style_environment(style)
    d = Describer(pb, words)
    setup = pb.setup_spec
    ctx: dict[str, Any] = {
        "number": _number(words, pb.n_agents),
        "names": [a.name for a in pb.agents],
        "setup": pb.setup,
        "setup_sentences": list(setup.sentences) if setup else [],
        "setup_intro": _setup_words(words, pb.setup, "intro"),
        "setup_rule": _setup_words(words, pb.setup, "rule"),
        "sentences": list(pb.sentences),
        "law": None if isinstance(pb.law, Top) else d.describe(pb.law, "present"),
        "announcements": [d.describe(a.formula, "present") for a in pb.announcements],
        "told": [told_context(pb, a) for a in pb.announcements],
    }
    ctx.update(_observation_context(pb, env, d, words))
    from .describe import puzzle_setting

    ctx["puzzle"] = puzzle_setting(pb, d)
    if ctx["puzzle"] is not None:
        told = {t["agent"] for t in ctx["puzzle"]["told"]}
        for v in ctx["viewers"]:
            v["nothing"] = v["nothing"] and v["viewer"] not in told
    return squash(env.get_template("premise.j2").render(**ctx))


def announcement(pb: "Problem", index: int, style: str = DEFAULT_STYLE) -> str:
    """The sentence announcement ``index`` of ``pb`` gets in the premise, in ``style``."""
    env, words = style_environment(style)
    a = pb.announcements[index]
    node = Describer(pb, words).describe(a.formula, "present")
    return squash(env.get_template("announcement.j2").module.announce(
        node, index == 0, told_context(pb, a)))


def told_context(pb: "Problem", a) -> dict[str, Any] | None:
    """Who is told an announcement, who sees it and whether the rest do (None: public)."""
    if a.public:
        return None
    others = [x for x in pb.agent_ids() if x not in a.to]
    return {"to": [pb.agent_name(x) for x in a.to], "whether": a.whether,
            "seen": [pb.agent_name(x) for x in a.seen_by],
            "everyone_else": bool(others) and list(a.seen_by) == others,
            "nobody_else": not others}


def hypothesis(pb: "Problem", index: int = 0, style: str = DEFAULT_STYLE) -> str:
    """Hypothesis ``index`` of ``pb`` in ``style``."""
    env, words = style_environment(style)
    d = Describer(pb, words)
    h = pb.hypotheses[index]
    node = d.describe(h.formula, "hypothesis")
    before = _before(pb, h.after)
    return squash(env.get_template("hypothesis.j2").render(
        hypothesis=node, before=before, before_number=_number(words, before or 0)))


def _before(pb: "Problem", after: int | None) -> int | None:
    """Announcements before a hypothesis or question asked before the last one (None when
    it comes after all of them: then nothing needs saying)."""
    total = len(pb.announcements)
    return None if after is None or after >= total else after


def question(pb: "Problem", index: int, style: str = DEFAULT_STYLE) -> str:
    """Question ``index`` of a number puzzle in ``style`` ("Which possibilities remain?")."""
    env, words = style_environment(style)
    d = Describer(pb, words)
    q = pb.questions[index]
    before = _before(pb, q.after)
    ctx = {"kind": q.kind, "what": [d.term_words(_var(n)) for n in q.variables],
           "before": before, "before_number": _number(words, before or 0)}
    return squash(env.get_template("puzzle.j2").module.ask(ctx))


def _var(name: str):
    from smcdel_bridge.terms import Var

    return Var(name)


def formula_text(pb: "Problem", form, style: str = DEFAULT_STYLE, tense: str = "present") -> str:
    """Any formula over ``pb``'s atoms and agents as a sentence in ``style`` (``tense`` as in
    :meth:`.Describer.describe`): what a hypothesis or an announcement would read."""
    env, words = style_environment(style)
    node = Describer(pb, words).describe(form, tense)
    return squash(env.get_template("hypothesis.j2").render(hypothesis=node, before=None, before_number=""))
