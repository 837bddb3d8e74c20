"""Why the model's answer differs from Hi-ToM's, in one line, and the class of the
difference.

The explanation is computed, as for ToMi (:mod:`pyfront.tomi.explain`): the model's answer
to the question is followed sentence by sentence; the sentence that makes the difference
(the *pivot*) is the last one after which the model stopped giving Hi-ToM's answer, or,
when it never gave it, the last sentence that put the object there or said it was there.
The class comes from what the pivot is and who saw or heard it (``docs/hitom.md``):

``co_observers``
    every agent of the question saw the pivot (a move or a placement) and saw the others
    see it: in the model the nested belief follows it; Hi-ToM kept an earlier place (its
    oracle records a nested belief of co-observers only for some orders of them).
``entry_look``
    the pivot is a group entering a room where the object is, every agent of the question
    among them: in the model they see where it is, and see each other see it; Hi-ToM kept
    an earlier place (its oracle updates beliefs on entering only for some containers).
``listener_rules_out_claim``
    Hi-ToM's answer is what a speaker said, and the listener of the question trusts her by
    the exit order, but in the model the listener knows the speaker cannot believe it (or
    knows the object is not there): believing is revising within what one knows.
``speaker_about_listener``
    Hi-ToM's answer is what the speaker said, asked of the speaker about a listener: the
    benchmark's rule is that a speaker thinks every listener believes her; in the model
    she knows when one will not (he does not trust her, or he can rule her words out).
``claim_not_followed``
    the model's answer follows a claim or tell (a trusted listener's belief, or a belief
    about it) that Hi-ToM's answer does not (the oracle updates only first- and
    second-order beliefs on words).
``observation``
    the pivot is a move or look some agent of the question did not see.
``other``
    none of the above.
"""

from __future__ import annotations

from ..tomi.explain import where_text, chain_text

_SPEECH = ("assert", "assert_private")
_SEEING = ("move", "place", "look", "look_group")


def _trail(tr, answers, chain, obj) -> list[list[str]]:
    return [answers.at(chain, obj, b) for b in tr.boundaries]


def pivot(trail, expected: str, tr) -> int | None:
    last = None
    for i in range(1, len(trail)):
        if trail[i - 1] == [expected] and trail[i] != [expected]:
            last = i
    if last is not None:
        return last
    for i in range(len(tr.sentences) - 1, -1, -1):
        s = tr.sentences[i]
        if s.container == expected and s.kind in ("object", "move", *_SPEECH):
            return i
    return None


def _observers(tr, k: int) -> set[str]:
    seen: set[str] = set()
    for st in tr.steps[k]:
        if st.kind in _SEEING or st.kind in _SPEECH:
            seen.update(st.observers)
            if st.agent:
                seen.add(st.agent)
    return seen


def _trusts(tr, listener: str, speaker: str, k: int) -> bool:
    events_before = tr.boundaries[k - 1] if k > 0 else 0
    return tr.story.trusts(listener, speaker, events_before)


def classify(tr, q, expected: str, answer: list[str], k: int | None) -> str:
    if k is None:
        return "other"
    s = tr.sentences[k]
    chain = list(q.agents)
    if s.kind in _SPEECH:
        speaker = s.agents[0]
        if s.container == expected and answer != [expected]:
            if chain and chain[0] == speaker:
                return "speaker_about_listener"
            return "listener_rules_out_claim"
        return "claim_not_followed"
    if s.kind in ("object", "move", "at", "enter"):
        seen = _observers(tr, k)
        if chain and all(a in seen for a in chain):
            return "entry_look" if s.kind in ("at", "enter") else "co_observers"
        return "observation"
    return "other"


def explain(tr, answers, q, expected: str, answer: list[str]) -> tuple[str, str]:
    """One line (the pivot, who saw or heard it, what the model has at the end) and the
    class of the disagreement."""
    chain = tuple(q.agents)
    trail = _trail(tr, answers, chain, q.obj)
    k = pivot(trail, expected, tr)
    cls = classify(tr, q, expected, answer, k)
    parts = [f"Hi-ToM says the {expected}; the model says {where_text(answer)}."]
    if k is not None:
        s = tr.sentences[k]
        detail = ""
        if s.kind in _SPEECH:
            speaker = s.agents[0]
            hearers = [a for a in dict.fromkeys(chain) if a != speaker]
            trust = [f"{a} {'trusts' if _trusts(tr, a, speaker, k) else 'does not trust'} "
                     f"{speaker} (exit order)" for a in hearers]
            if s.kind == "assert_private":
                trust.append(f"only {s.agents[1]} hears it")
            detail = "; ".join(trust)
        elif s.kind in ("object", "move", "at", "enter"):
            seen = _observers(tr, k)
            detail = "; ".join(f"{a} {'saw' if a in seen else 'did not see'} it"
                               for a in dict.fromkeys(chain))
        parts.append(f"Sentence {s.number} makes the difference: {s.text!r}"
                     + (f" ({detail})" if detail else "") + ".")
    facts = [f"the {q.obj} is really in {where_text(answers.at((), q.obj, tr.n_events))}"]
    for i in range(1, len(chain) + 1):
        sub = chain[:i]
        facts.append(f"{chain_text(sub, q.obj)} {where_text(answers.at(sub, q.obj, tr.n_events))}")
    parts.append("In the model, at the end " + "; ".join(facts) + ".")
    return " ".join(parts), cls
