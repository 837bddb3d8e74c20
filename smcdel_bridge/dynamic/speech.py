"""Speech acts as plausibility action models: what people say, with its standard DEL meaning.

Following the literature on announcements and lying (van Ditmarsch, "Dynamics of lying",
Synthese 2014; van Ditmarsch, van Eijck, Sietsma & Wang, "On the logic of lying", 2012)
and Baltag & Smets' soft updates:

* **telling what one knows** (:func:`knowledge_announcement`): "a says that F" is the
  announcement of "a knows that F" to those who hear it, a private message the private
  announcement of it.  It can happen only where a knows F, the hearers come to know F, and
  a learns nothing (she knew that she knew).  :func:`knowledge_whether` is "a tells
  whether F": a knows F or knows not-F, the hearers learn which.
* **asserting** (:func:`assertion`): a claim (the speaker believes F, and may be wrong), a
  lie (she believes not-F) or an assertion whose sincerity is left open.  Hearers cannot
  tell these apart, so no hearer's hard information changes: nobody comes to *know* F
  from an assertion.  What they come to *believe* is a soft update, by rank:

  - a hearer who **trusts** the speaker finds most plausible that the speaker believes F
    and is right, then that she believes F and is wrong, then the rest: she comes to
    believe F (and that the speaker believes it) unless what she knows rules it out;
  - a hearer who does **not trust** the speaker finds every reading of the words equally
    plausible (a lie as much as a sincere claim): her beliefs about the world do not
    change, and what she believes the speaker believes changes only as far as it follows
    from what she knows (she does know that the words were said, and what a trusting
    hearer makes of them);
  - the speaker tells apart only her own attitude, which she knew: she learns nothing
    from her own words.

The preconditions of the four assertion events (believes F and F; believes F and not F;
believes not F; neither) cover every world, which is why assertions never add hard
information.  Those who do not hear the words cannot tell them from anything else the
speaker could have said (``alternatives``, made by :func:`.belief.kinds.contents`): they
learn nothing of what was said, only that something may have been.  Beliefs are ``K`` over belief ids, knowledge ``K`` over knowledge ids (the
doubled agents of :mod:`.belief.events`).
"""

from __future__ import annotations

from typing import Iterable, Literal, Mapping, Sequence

from ..language import TOP, Conj, Form, K, Neg
from .action import Event
from .belief.events import NOTHING, AgentIds, PlausibleAction, Variant, build_action, observed

#: the assertion events, by the speaker's attitude to what she says (and its truth)
SINCERE_TRUE, SINCERE_FALSE, LIED, UNFOUNDED = "sincere_true", "sincere_false", "lied", "unfounded"

#: which events may really happen, by the kind of assertion
ACTUAL = {
    "claim": (SINCERE_TRUE, SINCERE_FALSE),
    "lie": (LIED,),
    "open": (SINCERE_TRUE, SINCERE_FALSE, LIED, UNFOUNDED),
}

#: a hearer's ranks of the assertion events (0: most plausible)
_TRUSTING = {SINCERE_TRUE: 0, SINCERE_FALSE: 1, LIED: 2, UNFOUNDED: 2}
_DOUBTING = {SINCERE_TRUE: 0, SINCERE_FALSE: 0, LIED: 0, UNFOUNDED: 0}


def _ids_of(ids: AgentIds, agent: str) -> tuple[str, str]:
    for a, b, k in ids:
        if a == agent:
            return b, k
    raise KeyError(agent)


def knowledge_announcement(label: str, ids: AgentIds, speaker: str, form: Form,
                           hearers: Iterable[str], line: int | None = None,
                           alternatives: Sequence[Form] = ()) -> PlausibleAction:
    """``speaker`` says (to ``hearers``, who then know it) that ``form``: the announcement
    of "``speaker`` knows that ``form``"; the others believe nothing happened, and cannot
    tell what was said from the ``alternatives`` (what else she could have said)."""
    _, kid = _ids_of(ids, speaker)
    variants = [Variant((Event(f"said~{i}", K(kid, g), {}),))
                for i, g in enumerate(alternatives, 1)]
    return observed(label, ids, [Event("said", K(kid, form), {})], ["said"],
                    set(hearers) | {speaker}, line=line, variants=variants)


def knowledge_whether(label: str, ids: AgentIds, speaker: str, form: Form,
                      told: Iterable[str], observers: Iterable[str],
                      line: int | None = None, alternatives: Sequence[Form] = ()
                      ) -> PlausibleAction:
    """``speaker`` tells ``told`` whether ``form``, which she knows; the other observers
    see that they were told, not what; the others believe nothing happened, and cannot
    tell which question was answered from the ``alternatives``."""
    _, kid = _ids_of(ids, speaker)
    told = {speaker, *told}

    def answers(suffix: str, f: Form) -> tuple[list[Event], dict]:
        yes = Event(f"said_yes{suffix}", K(kid, f), {})
        no = Event(f"said_no{suffix}", K(kid, Neg(f)), {})
        return [yes, no], {a: [[yes.name], [no.name]] for a in told}

    real, split = answers("", form)
    variants = [Variant(tuple(evs), sp) for evs, sp in
                (answers(f"~{i}", g) for i, g in enumerate(alternatives, 1))]
    return observed(label, ids, real, [e.name for e in real], set(observers) | told, split,
                    line, variants=variants)


def assertion_events(ids: AgentIds, speaker: str, form: Form, suffix: str = "") -> list[Event]:
    """The four assertion events (their preconditions cover every world)."""
    bid, _ = _ids_of(ids, speaker)
    believes, disbelieves = K(bid, form), K(bid, Neg(form))
    return [
        Event(SINCERE_TRUE + suffix, Conj((believes, form)), {}),
        Event(SINCERE_FALSE + suffix, Conj((believes, Neg(form))), {}),
        Event(LIED + suffix, disbelieves, {}),
        Event(UNFOUNDED + suffix, Conj((Neg(believes), Neg(disbelieves))), {}),
    ]


def _suffixed(ranks: Mapping[str, int], suffix: str) -> dict[str, int]:
    return {e + suffix: r for e, r in ranks.items()}


def assertion(label: str, ids: AgentIds, speaker: str, form: Form,
              kind: Literal["claim", "lie", "open"], hearers: Iterable[str],
              trusts: Mapping[str, bool], line: int | None = None,
              alternatives: Sequence[Form] = ()) -> PlausibleAction:
    """``speaker`` asserts ``form`` to ``hearers`` (``kind``: a sincere claim, a lie, or
    left open); ``trusts[hearer]``: whether the hearer accepts the speaker's word.
    Everyone else believes nothing happened, and cannot tell what was said from the
    ``alternatives`` (what else she could have asserted)."""
    hearers = set(hearers) - {speaker}
    agents = [a for a, _, _ in ids]
    others = [a for a in agents if a != speaker and a not in hearers]
    suffixes = [""] + ([f"~{i}" for i in range(1, len(alternatives) + 1)] if others else [])
    contents = [form, *alternatives]
    events = [e for sfx, f in zip(suffixes, contents) for e in assertion_events(ids, speaker, f, sfx)]
    if others:
        events.append(Event(NOTHING, TOP, {}))
    outsider = [{NOTHING: 0, **{e.name: 1 for e in events if e.name != NOTHING}}]
    views: dict[str, list[dict[str, int]]] = {}
    for a in agents:
        if a == speaker:
            cells = [c for sfx in suffixes for c in (
                {SINCERE_TRUE + sfx: 0, SINCERE_FALSE + sfx: 0}, {LIED + sfx: 0},
                {UNFOUNDED + sfx: 0})]
        elif a in hearers:
            ranks = _TRUSTING if trusts.get(a, True) else _DOUBTING
            cells = [_suffixed(ranks, sfx) for sfx in suffixes]
        else:
            views[a] = outsider
            continue
        if others:
            cells.append({NOTHING: 0})
        views[a] = cells
    return build_action(label, ids, events, ACTUAL[kind], views, line)
