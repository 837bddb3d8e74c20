"""Why the model's answer differs from Hi-ToM's, in one line, and the class of the
difference (:mod:`.classes`).

The line cites the sentences that decide both answers: the one whose update wrote Hi-ToM's
label in its oracle's tables (:mod:`.bookkeeping`), with what the other version of the
generator records, and the one after which the model's answer is the final one for good
(the model's answer followed sentence by sentence), with who saw or heard it; then what,
in the model, the real place and each belief of the chain are at the end.
"""

from __future__ import annotations

from ..tomi.explain import where_text, chain_text
from . import bookkeeping as bk
from .classes import classify

_SPEECH = ("assert", "assert_private")
#: each class's reason in words (also for DEL-ToM's trace entries, :mod:`pyfront.deltom.traces`)
WHY = {
    "pre_fix_combinations": "the generator before its permutation fix records a nested "
                            "belief of co-observers only in the order they are listed",
    "entering_not_recorded": "the label skips the generator's own update when a group enters "
                             "the room and sees where the object is",
    "unreproducible_label": "neither version of the published generator gives it, with or "
                            "without its entering updates",
    "speaker_assumes_believed": "the oracle has a speaker think every listener believes her",
    "claim_not_propagated": "the oracle records words only for the believer, the believer "
                            "about the speaker and the speaker about the listeners, though "
                            "every agent of the chain heard them",
    "claim_revision": "in the model the believer of the words revises what happened while it "
                      "was away; the oracle changes only first- and second-order entries",
    "seen_not_revised": "in the model an agent who later sees where the object is revises "
                        "what the others saw; the oracle updates only those present",
}


def _trail(tr, answers, chain, obj) -> list[list[str]]:
    return [answers.at(chain, obj, b) for b in tr.boundaries]


def _observers(tr, k: int) -> set[str]:
    seen: set[str] = set()
    for st in tr.steps[k]:
        seen.update(st.observers)
        if st.agent:
            seen.add(st.agent)
    return seen


def _who(tr, k: int, chain) -> str:
    s = tr.sentences[k]
    if s.kind in _SPEECH:
        speaker = s.agents[0]
        group = bk.round_of(tr.sentences, s.number)
        parts = [f"{a} {'trusts' if bk.trusts_in_round(group, a, speaker) else 'does not trust'} "
                 f"{speaker} (exit order)" for a in dict.fromkeys(chain) if a != speaker]
        if s.kind == "assert_private":
            parts.append(f"only {s.agents[1]} hears it")
        return "; ".join(parts)
    seen = _observers(tr, k)
    return "; ".join(f"{a} {'saw' if a in seen else 'did not see'} it" for a in dict.fromkeys(chain))


def explain(tr, answers, q, expected: str, answer: list[str]) -> tuple[str, str, int | None, int | None]:
    """One line, the class, the number of the sentence that wrote Hi-ToM's label (None:
    none) and that of the sentence that decides the model's answer (None: none)."""
    chain = tuple(q.agents)
    v = classify(tr.sentences, chain, q.obj, expected, _trail(tr, answers, chain, q.obj))
    parts = [f"Hi-ToM says the {expected}; the model says {where_text(answer)}."]
    if v.hitom is not None:
        parts.append(f"Hi-ToM's label is written by sentence {v.hitom.number} "
                     f"{v.hitom.sentence.text!r}")
    else:
        parts.append("No sentence writes Hi-ToM's label")
    if v.cls == "pre_fix_combinations":
        parts[-1] += (f", the fixed generator's by sentence {v.other.number} (the {v.other.container})"
                      if v.other else ", the fixed generator never writes it")
    elif v.cls == "entering_not_recorded":
        parts[-1] += f", before sentence {v.other.number} {v.other.sentence.text!r} rewrites it"
    elif v.cls == "speaker_assumes_believed":
        parts[-1] += f" ({chain[1]} does not trust {chain[0]}, exit order)"
    elif v.other is not None and v.cls == "unreproducible_label":
        parts[-1] += f" (the fixed generator gives the {v.other.container}, by sentence {v.other.number})"
    parts[-1] += f": {WHY[v.cls]}."
    model_number = None
    if v.model is not None:
        s = tr.sentences[v.model]
        model_number = s.number
        detail = _who(tr, v.model, chain)
        parts.append(f"The model's answer is decided by sentence {s.number} {s.text!r}"
                     + (f" ({detail})" if detail else "") + ".")
    facts = [f"the {q.obj} is really in {where_text(answers.at((), q.obj, tr.n_events))}"]
    for i in range(1, len(chain) + 1):
        sub = chain[:i]
        facts.append(f"{chain_text(sub, q.obj)} {where_text(answers.at(sub, q.obj, tr.n_events))}")
    parts.append("In the model, at the end " + "; ".join(facts) + ".")
    return " ".join(parts), v.cls, (v.hitom.number if v.hitom else None), model_number
