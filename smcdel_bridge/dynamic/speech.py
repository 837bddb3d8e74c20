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
information.  Beliefs are ``K`` over belief ids, knowledge ``K`` over knowledge ids (the
doubled agents of :mod:`.belief.events`).
"""

from __future__ import annotations

from typing import Iterable, Literal, Mapping

from ..language import TOP, Conj, Form, K, Neg
from .action import Event
from .belief.events import NOTHING, AgentIds, PlausibleAction, build_action, observed

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
                           hearers: Iterable[str], line: int | None = None) -> PlausibleAction:
    """``speaker`` says (to ``hearers``, who then know it) that ``form``: the announcement
    of "``speaker`` knows that ``form``"; the others believe nothing happened."""
    _, kid = _ids_of(ids, speaker)
    return observed(label, ids, [Event("said", K(kid, form), {})], ["said"],
                    set(hearers) | {speaker}, line=line)


def knowledge_whether(label: str, ids: AgentIds, speaker: str, form: Form,
                      told: Iterable[str], observers: Iterable[str],
                      line: int | None = None) -> PlausibleAction:
    """``speaker`` tells ``told`` whether ``form``, which she knows; the other observers
    see that they were told, not what."""
    _, kid = _ids_of(ids, speaker)
    yes, no = Event("said_yes", K(kid, form), {}), Event("said_no", K(kid, Neg(form)), {})
    split = {a: [["said_yes"], ["said_no"]] for a in {speaker, *told}}
    return observed(label, ids, [yes, no], ["said_yes", "said_no"],
                    set(observers) | {speaker} | set(told), split, line)


def assertion_events(ids: AgentIds, speaker: str, form: Form) -> list[Event]:
    """The four assertion events (their preconditions cover every world)."""
    bid, _ = _ids_of(ids, speaker)
    believes, disbelieves = K(bid, form), K(bid, Neg(form))
    return [
        Event(SINCERE_TRUE, Conj((believes, form)), {}),
        Event(SINCERE_FALSE, Conj((believes, Neg(form))), {}),
        Event(LIED, disbelieves, {}),
        Event(UNFOUNDED, Conj((Neg(believes), Neg(disbelieves))), {}),
    ]


def assertion(label: str, ids: AgentIds, speaker: str, form: Form,
              kind: Literal["claim", "lie", "open"], hearers: Iterable[str],
              trusts: Mapping[str, bool], line: int | None = None) -> PlausibleAction:
    """``speaker`` asserts ``form`` to ``hearers`` (``kind``: a sincere claim, a lie, or
    left open); ``trusts[hearer]``: whether the hearer accepts the speaker's word.
    Everyone else believes nothing happened."""
    events = assertion_events(ids, speaker, form)
    names = [e.name for e in events]
    hearers = set(hearers) - {speaker}
    agents = [a for a, _, _ in ids]
    others = [a for a in agents if a != speaker and a not in hearers]
    if others:
        events.append(Event(NOTHING, TOP, {}))
    views: dict[str, list[dict[str, int]]] = {}
    for a in agents:
        if a == speaker:
            cells = [{SINCERE_TRUE: 0, SINCERE_FALSE: 0}, {LIED: 0}, {UNFOUNDED: 0}]
        elif a in hearers:
            cells = [dict(_TRUSTING if trusts.get(a, True) else _DOUBTING)]
        else:
            cells = [{NOTHING: 0, **dict.fromkeys(names, 1)}]
        if others and a not in others:
            cells.append({NOTHING: 0})
        views[a] = cells
    return build_action(label, ids, events, ACTUAL[kind], views, line)
