"""Play: the moves the page offers after the last step of a problem, puzzle or story.

A move is one more DSL line at the end of the problem or story: an announcement for a
problem or puzzle, an event for a story.  What is offered is what can happen now, as the
engines decide it: an announcement must be true somewhere (at the actual world, when one
is chosen) and remove something; an event must be one the story engine accepts at this
point (it rejects, say, a speaker saying what she does not know).  Each comes with its
English and what it does.

    >>> offered = moves("problem p\\n  agents A, B\\n  setup forehead\\n  announce someone\\n", 0)
    >>> offered["moves"][0]["line"]
    'announce A knows whether muddy(A)'
"""

from __future__ import annotations

from typing import Any

#: most moves offered (the candidates are tried in order)
MAX_MOVES = 40
#: stories: most candidate events tried (each is a run of the story engine), and most
#: offered of one kind (comings and goings, changes, looking, speech)
MAX_TRIED = 160
MAX_PER_GROUP = 10


def moves(source: str, index: int, actual: str | None = None) -> dict[str, Any]:
    """``{"ok", "after": line, "indent", "moves": [{"line", "english", "group", "effect"}]}``."""
    from ..errors import UserError
    from ..story.dsl import parse_document
    from ..story.model import Story
    from .compute import SOURCE_NAME
    from .source_lines import place

    try:
        items = parse_document(source, SOURCE_NAME)
    except (UserError, Exception):  # noqa: BLE001
        return {"ok": False, "error": {"message": "the text has a mistake: correct it first",
                                       "line": None, "column": None, "text": ""}}
    if not 0 <= index < len(items):
        return {"ok": False, "error": {"message": "no such problem in the text", "line": None,
                                       "column": None, "text": ""}}
    item = items[index]
    where = place(source.split("\n"), items, index, None)
    if isinstance(item, Story):
        found = _story_moves(source, items, index, where)
    elif item.has_values:
        found = _puzzle_moves(item)
    else:
        try:
            found = _problem_moves(item, actual)
        except UserError as err:  # an actual state the problem does not have
            return {"ok": False, "error": {"message": err.message, "line": None,
                                           "column": None, "text": err.message}}
    return {"ok": True, "after": where.after, "indent": where.indent, "moves": found[:MAX_MOVES]}


# -- problems ------------------------------------------------------------------------------

def problem_candidates(pb):
    """Candidate announcements for ``pb``, each with the group the page shows it under."""
    from smcdel_bridge.language import Conj, Kw, Neg, Prp

    agents = pb.agent_ids()
    atoms = list(pb.vocabulary)
    owned = [pb.atom_owner(a) for a in atoms]
    out = []
    if pb.predicate is not None and all(o is not None for o in owned):
        own = {o: a for a, o in zip(atoms, owned)}
        if len(own) == len(agents):
            rounds = Conj(tuple(Neg(Kw(agents[i], Prp(own[i]))) for i in range(len(agents))))
            out.append(("rounds", rounds))
    for agent in agents:
        for atom in atoms:
            out.append(("knowledge", Kw(agent, Prp(atom))))
            out.append(("knowledge", Neg(Kw(agent, Prp(atom)))))
    for atom in atoms:
        out.append(("facts", Prp(atom)))
        out.append(("facts", Neg(Prp(atom))))
    return out


def _problem_moves(pb, actual: str | None) -> list[dict]:
    from pyfront.problem.dsl_print import formula_text
    from pyfront.problem.model import Announcement
    from smcdel_bridge.values import replace
    from pyfront.verbalize import announcement

    from ..explain.build import StateNamer, propositions_of, structure_of
    from ..explain.kripke import KripkeStep

    model = KripkeStep.initial(structure_of(pb))
    for ann in pb.announcements:
        model = model.announce(ann.formula)
    here = None
    if actual:
        state = StateNamer(propositions_of(pb)).parse(actual)
        if state.atoms in set(model.states):
            here = model.index(state.atoms)
    out = []
    for group, form in problem_candidates(pb):
        mask = model.holds(form)
        kept = bin(mask).count("1")
        if kept == 0 or mask == model.all or (here is not None and not mask >> here & 1):
            continue
        longer = replace(pb, announcements=[*pb.announcements, Announcement(formula=form)])
        try:
            english = announcement(longer, len(pb.announcements))
        except (ValueError, LookupError):
            english = None
        out.append({"line": f"announce {formula_text(pb, form)}", "english": english,
                    "group": group, "effect": f"removes {len(model.states) - kept} of "
                                              f"{len(model.states)} worlds"})
    return out


# -- number puzzles --------------------------------------------------------------------------

def _puzzle_moves(pb) -> list[dict]:
    from smcdel_bridge.language import Neg
    from smcdel_bridge.terms import Kv, Var

    from pyfront.problem.dsl_print import formula_text
    from pyfront.problem.puzzle_structure import PuzzleAnswers

    answers = PuzzleAnswers(pb)
    live = answers.live(len(pb.announcements))
    if len(answers.vs.states) > 3000:  # the free line still works: only offers are skipped
        return []
    names = [v.name for v in pb.variables]
    out = []
    for agent in pb.agent_ids():
        terms = [(Var(n),) for n in names] + ([tuple(Var(n) for n in names)] if len(names) > 1 else [])
        for ts in terms:
            for form in (Kv(agent, ts), Neg(Kv(agent, ts))):
                mask = answers.vs.holds(form, live)
                if mask == 0 or mask == live:
                    continue
                left = bin(mask).count("1")
                out.append({"line": f"announce {formula_text(pb, form)}", "english": None,
                            "group": "knowledge",
                            "effect": f"leaves {left} of {bin(live).count('1')} possibilities"})
    return out


# -- stories ---------------------------------------------------------------------------------

def story_candidates(story) -> list[tuple[str, str]]:
    """Candidate events at the end of ``story``.  Someone outside (who has left, or not yet
    entered a room) can come in and send private messages, but not move, look at, show or
    announce anything: the engine would let them act unseen, and the page would offer
    "While Oliver and Jack are away, Emma moves …" when Emma is the one away."""
    from ..story.dsl_print import name_text, value_text, var_text

    out = []
    where = story.presence_timeline()[-1]
    present = [a for a in story.agents if where.get(a) is not None]
    for a in story.agents:
        name = name_text(a)
        here = where.get(a)
        if story.rooms:
            out += [("comings and goings", f"{name} enters the {name_text(r)}")
                    for r in story.rooms if r != here]
        elif here is None:
            out.append(("comings and goings", f"{name} enters"))
        if here is not None:
            out.append(("comings and goings", f"{name} leaves"))
    for var in story.variables:
        v = var_text(story, var)
        for a in present:
            name = name_text(a)
            if len(var.values) == 2 or var.boolean:
                out.append(("changes", f"{name} turns {v}"))
            if not var.boolean:
                verb = "moves" if var.function == "location" else "sets"
                out += [("changes", f"{name} {verb} {v} to {value_text(var, x)}")
                        for x in var.values]
            out.append(("looking", f"{name} looks at {v}"))
            out.append(("looking", f"{name} peeks at {v}"))
            for b in present:
                if b != a and where[b] == where[a]:
                    out.append(("looking", f"{name} shows {v} to {name_text(b)}"))
    for var in story.variables:
        if var.boolean:
            continue
        for a in story.agents:
            for x in var.values:
                claim = f"{var.name} is {name_text(x)}"
                if a in present:
                    out.append(("speech", f"{name_text(a)} says that {claim}"))
                for b in story.agents:
                    if b != a:
                        out.append(("speech", f"{name_text(a)} tells {name_text(b)} that {claim}"))
                        out.append(("speech", f"{name_text(a)} lies to {name_text(b)} that {claim}"))
    return out


def _story_moves(source: str, items: list, index: int, where) -> list[dict]:
    from ..errors import UserError
    from ..story.compile import compile_story
    from ..story.dsl import parse_document
    from ..verbalize.story import StoryWords, event_sentence
    from .compute import SOURCE_NAME
    from .source_lines import block_end, with_line

    lines = source.split("\n")
    start, end = items[index].line or 1, block_end(items, index, len(lines))
    block = "\n".join(lines[start - 1:end])
    local = type(where)(where.after - start + 1, where.indent)
    out: list[dict] = []
    per_group: dict[str, int] = {}
    for group, line in story_candidates(items[index])[:MAX_TRIED]:
        if per_group.get(group, 0) >= MAX_PER_GROUP:
            continue
        try:
            (story,) = parse_document(with_line(block, local, line), SOURCE_NAME)
            states, failure = compile_story(story).run()
        except (UserError, ValueError, LookupError):
            continue
        if failure is not None or len(states) <= len(story.events):
            continue
        english = event_sentence(story, len(story.events) - 1, StoryWords(story))
        n = len(states[-1].model.worlds)
        per_group[group] = per_group.get(group, 0) + 1
        out.append({"line": line, "english": english, "group": group,
                    "effect": f"{n} world{'s' if n != 1 else ''} after it"})
    return out
