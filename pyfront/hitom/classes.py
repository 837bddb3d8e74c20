"""The class of a disagreement with Hi-ToM: why the benchmark's oracle wrote its label,
and what the model's answer follows instead (``docs/hitom.md``).

Hi-ToM's side comes from :mod:`.bookkeeping` (which sentence wrote the chain's entry, under
each version of the generator); the model's side from the answer followed sentence by
sentence (the sentence after which the model's answer is the final one for good).

Benchmark errors (the label contradicts the generator's own later code, its published
code, or its own assumptions):

``pre_fix_combinations``
    the label is the one the generator gives before its "fix permutation bug" commit,
    which records a nested belief of agents who saw something together only for the
    orders in which they are listed; after the fix it records another place.
``entering_not_recorded``
    neither version gives the label, but both give it without the entering updates
    (``EnterAction``): the label is the chain's entry before a group came back into the
    room and saw where the object is.
``unreproducible_label``
    neither version of the published generator gives the label, with or without its
    entering updates.
``speaker_assumes_believed``
    the label is what the speaker said, asked of the speaker about a listener who does
    not trust her by the exit order: the oracle records that a speaker thinks every
    listener believes her, though the exit order is known to all (the benchmark's own
    assumption 3), so she knows this one does not.
``claim_not_propagated``
    the model's answer follows a public claim that, by the oracle itself, the innermost
    agent of the chain believed when it was made (it trusts the speaker), and that every
    agent of the chain heard; the oracle records a claim only for the believer, the
    believer about the speaker and the speaker about the listeners, so an outer agent
    keeps an older place.

Modelling choices of ours (Hi-ToM's rule is applied as published; the model reads more
into the story):

``claim_revision``
    the model's answer follows words whose believer, in the model, revises what happened
    while it was away (an object it believed elsewhere was moved at the first turn it
    missed, in view of those then present) and with it what others believe; the oracle
    changes only the first- and second-order entries named above.
``seen_not_revised``
    an outer agent of the chain later saw where the object is (entering, a placement or a
    move); the model revises what it believes the others saw while it was away, the
    oracle changes the entries of those present only.
"""

from __future__ import annotations

from smcdel_bridge.values import value

from . import bookkeeping as bk

__all__ = ["CLASSES", "BENCHMARK_ERRORS", "Verdict", "classify", "decider"]

BENCHMARK_ERRORS = ("pre_fix_combinations", "entering_not_recorded", "unreproducible_label",
                    "speaker_assumes_believed", "claim_not_propagated")
CLASSES = BENCHMARK_ERRORS + ("claim_revision", "seen_not_revised")
_SPEECH = ("assert", "assert_private")


@value(frozen=True)
class Verdict:
    """A class, the write that gives Hi-ToM's label (None: never written), what the other
    version writes, and the index of the sentence that decides the model's answer."""

    cls: str
    hitom: bk.Write | None
    other: bk.Write | None
    model: int | None


def decider(trail) -> int | None:
    """Index of the sentence after which the model's answer is the final one for good
    (None: no sentence)."""
    if not trail:
        return None
    i = len(trail) - 1
    while i > 0 and trail[i - 1] == trail[-1]:
        i -= 1
    return i


def classify(sentences, chain, obj: str, expected: str, trail) -> Verdict:
    """The verdict on one disagreement (``trail``: the model's answer after each of
    ``sentences``)."""
    chain = tuple(chain)
    pre = bk.label(sentences, chain, obj, "pre_fix")
    post = bk.label(sentences, chain, obj, "post_fix")
    k = decider(trail)
    if pre is not None and pre.container == expected and (post is None or post.container != expected):
        return Verdict("pre_fix_combinations", pre, post, k)
    if post is None or post.container != expected:
        kept = [w for w in bk.writes(sentences, chain, obj, "post_fix") if w.kind != "at"]
        if kept and kept[-1].container == expected:
            entering = next(w for w in reversed(bk.writes(sentences, chain, obj, "post_fix"))
                            if w.kind == "at")
            return Verdict("entering_not_recorded", kept[-1], entering, k)
        return Verdict("unreproducible_label", None, post, k)
    s = post.sentence
    if (s.kind in _SPEECH and len(chain) == 2 and chain[0] == s.agents[0]
            and not bk.trusts_in_round(bk.round_of(sentences, s.number), chain[1], chain[0])):
        return Verdict("speaker_assumes_believed", post, pre, k)
    d = sentences[k] if k is not None else None
    if d is not None and d.kind in _SPEECH and d.number > post.number:
        inner = {w.number for w in bk.writes(sentences, chain[-1:], obj, "post_fix")}
        direct = d.number in inner and d.kind == "assert"
        return Verdict("claim_not_propagated" if direct else "claim_revision", post, pre, k)
    return Verdict("seen_not_revised", post, pre, _seen(sentences, chain, obj, post, k))


def _seen(sentences, chain, obj, post, k):
    """The model's decider, or else the last sentence after Hi-ToM's write in which an
    agent of the chain saw where the object is."""
    if k is not None and sentences[k].number > post.number:
        return k
    for i in range(len(sentences) - 1, -1, -1):
        s = sentences[i]
        if s.number <= post.number:
            break
        if (s.kind == "at" and set(s.agents) & set(chain)) or (s.obj == obj and s.kind in ("object", "move")):
            return i
    return k
