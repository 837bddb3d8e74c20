"""Why the model's answer differs from reasoning-core's, in one line, and the class of
the difference.

The model's answer to the question is followed spec by spec; the spec that makes the
difference (the *pivot*) is the last one after which the model stopped giving the
library's answer (or, when it never gave it, the last one whose percept the library's
trace gives the question's chain with its answer).  The class comes from what the pivot
is and who is asked about (``docs/reasoning-core.md``):

``unconfirmed_delivery``
    the pivot is a message that reached its listener without a delivery confirmation, and
    the question runs through its speaker's view of the listener: in the model the speaker
    takes what she sent as received (the story says it is received); the library's
    tracker gives a speaker without a confirmation no percept at all, as if the message
    had been lost.
``report_informs_listener``
    the pivot is a report of a belief ("I think the O is in the C", or what the speaker
    believes) that the listener only attributes, and the question asks, through her,
    where the listener thinks it is: in the model the listener, who trusts the speaker
    and knows what the speaker saw, infers from the speaker's belief where the object
    went (a change the speaker saw and she missed); the tracker keeps a listener's own
    belief where it was unless she "accepts the stated location".
``mutual_awareness``
    the pivot is a message the speaker knows was delivered (face to face, confirmed), and
    the question asks a deeper layer of what the two know of each other's hearing it
    ("where does B think A thinks B thinks A thinks …"): in the model, a message both
    know the other heard is common to them, at every depth; the tracker gives it only to
    the listener's attribution and to the speaker's view of it.
``unconfirmed_and_informs_listener``
    both at once: an unconfirmed report of a belief, and the question asks, through its
    speaker, where the listener herself thinks the object is.
``other``
    none of the above.
"""

from __future__ import annotations


def pivot(tr, answers, expected: str) -> int | None:
    chain = tr.row.chain
    trail = [answers.after_spec(chain, i) for i in range(-1, len(tr.specs))]
    last = None
    for i in range(1, len(trail)):
        if trail[i - 1] == [expected] and trail[i] != [expected]:
            last = i - 1
    if last is not None:
        return last
    for i in range(len(tr.specs) - 1, -1, -1):
        views = tr.row.metadata["trace"][i]["views"]
        if any(tuple(v["chain"]) == chain for v in views) and tr.values[i] == expected:
            return i
    return None


def classify(tr, k: int | None) -> str:
    if k is None:
        return "other"
    spec = tr.specs[k]
    chain = tr.row.chain
    if spec["kind"] != "report":
        return "other"
    speaker, listener = spec["actor"], spec["target"]
    unconfirmed = (spec["scene"] == "unconfirmed_message"
                   and (speaker, listener) in list(zip(chain, chain[1:])))
    # the chain reads the listener's own belief, not only what she attributes
    attributed = (listener, *spec["asserted_proposition_chain"])
    last = max((i for i, a in enumerate(chain) if a == listener), default=None)
    informs = (spec["report_type"] == "belief_report" and spec["adoption_policy"] != "accept"
               and last is not None and last > 0 and tuple(chain[last:]) != attributed)
    if unconfirmed and informs:
        return "unconfirmed_and_informs_listener"
    if unconfirmed:
        return "unconfirmed_delivery"
    if informs:
        return "report_informs_listener"
    if spec["scene"] in ("face_to_face", "confirmed_message", "visible_conversation"):
        tail = tuple(spec["asserted_proposition_chain"])
        head = tuple(chain[:len(chain) - len(tail)]) if tail else tuple(chain)
        if ((not tail or tuple(chain[-len(tail):]) == tail) and len(head) >= 3
                and head[-1] == listener
                and all(a == (listener if i % 2 == 0 else speaker)
                        for i, a in enumerate(reversed(head)))):
            return "mutual_awareness"
    return "other"


def explain(tr, answers, answer: list[str]) -> tuple[str, str, int | None]:
    """One line (the pivot, what the model has at the end), the class, and the pivot's
    sentence number (None: none found)."""
    expected = tr.row.expected
    k = pivot(tr, answers, expected)
    cls = classify(tr, k)
    chain = tr.row.chain
    parts = [f"reasoning-core says the {expected}; the model says "
             f"{' or '.join(answer) if answer else 'nowhere'}."]
    if k is not None:
        parts.append(f"Sentence {k + 1} makes the difference: {tr.texts[k]!r}.")
    facts = []
    for i in range(1, len(chain) + 1):
        sub = chain[-i:]
        got = answers.at(sub, tr.n_events)
        facts.append(f"{' thinks '.join(sub)} thinks the {tr.row.obj} is in the "
                     f"{' or '.join(got) if got else '?'}")
    parts.append("In the model, at the end, " + "; ".join(facts) + ".")
    return " ".join(parts), cls, None if k is None else k + 1
