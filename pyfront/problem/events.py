"""Problems with announcements told to a group, answered on the event-model engines.

A problem's start is an S5 knowledge structure (its ``VARS``/``LAW``/``OBS``); as a
Kripke model every state of the law is a possible actual world
(:func:`smcdel_bridge.dynamic.from_s5.structure_to_kripke`), so "true at every actual
world" is validity.  A public announcement is the one-event action model, a told one
:func:`smcdel_bridge.dynamic.stock.watched_announcement`; each is applied by product
update on the engine asked for (``explicit``, ``symbolic``, ``auto``).  A hypothesis is
entailed when it holds at every actual world left; when no actual world is left (the
announcements cannot all be true) the premise is contradictory and, as in SMCDEL's
``[! f] g``, every hypothesis holds.  Each agent has one relation: knowledge while every
event is public or watched by all (S5), belief once a private one (an agent who believes
nothing happened) makes it KD45; "knows" and "believes" name it alike in a problem.

Usage::

    from pyfront.problem.dsl import parse_problem
    from pyfront.problem.events import told_answers
    pb = parse_problem("problem p\\n agents A, B\\n setup internal\\n"
                       " announce privately to A that thirsty(B)\\n hypothesis h: A knows that"
                       " thirsty(B) and B believes that A does not know whether thirsty(B)\\n")
    told_answers(pb, "explicit")  # [(True, False)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from smcdel_bridge.language import TOP, Conj, K

if TYPE_CHECKING:
    from pyfront.problem.model import Announcement, Problem


def start_model(pb: "Problem"):
    """The problem's start as a Kripke model, every state of the law actual; every agent
    in it (one observing nothing sees a fresh atom no formula mentions)."""
    from smcdel_bridge.dynamic.from_s5 import structure_to_kripke
    from smcdel_bridge.program import Structure

    from pyfront.problem.to_smcdel import obs_entries

    mention = Conj(tuple(K(a, TOP) for a in pb.agent_ids()))
    vocab, entries = obs_entries(pb, [pb.law, mention])
    structure = Structure(tuple(vocab), pb.law, tuple((a, tuple(row)) for a, row in entries))
    return structure_to_kripke(structure)


def action_of(agents: tuple[str, ...], a: "Announcement"):
    """The action model of one announcement."""
    from smcdel_bridge.dynamic.stock import public_announcement, watched_announcement

    if a.public:
        return public_announcement(agents, a.formula)
    return watched_announcement(agents, a.to, a.seen_by, a.formula, whether=a.whether)


def told_answers(pb: "Problem", engine: str = "auto") -> list[tuple[bool, bool]]:
    """Per hypothesis, in order: (valid, contradictory), each asked after the
    announcements written above it."""
    from smcdel_bridge.dynamic.backend import get_event_backend

    backend = get_event_backend(engine)
    model = start_model(pb)
    models = [model]  # after 0, 1, … announcements; None once no actual world is left
    for a in pb.announcements:
        action = action_of(model.agents, a) if model is not None else None
        model = backend.update(model, action) if model is not None and \
            backend.executable(model, action) else None
        models.append(model)
    out = []
    total = len(pb.announcements)
    for h in pb.hypotheses:
        m = models[h.announcements_before(total)]
        if m is None:
            out.append((True, True))
            continue
        where = backend.truth_set(m, h.formula)
        out.append((all(w in where for w in m.actual), False))
    return out
