"""Why the model's answer differs from ToMi's: the sentence that makes the difference and
what, according to the model, each agent involved believes.

The explanation is computed, not written per question: the model's answer to the question
is followed sentence by sentence (``trail``); the sentence that makes the difference is the
last one after which the model stopped giving ToMi's answer, or, when the model never gave
it, the sentence that put the object where ToMi says.  For that sentence the scene says
who was in the room (and so saw it) and who was not.
"""

from __future__ import annotations

from typing import Sequence

from .scene import SceneStep
from .sentences import ParsedQuestion


def where_text(values: Sequence[str] | str | None) -> str:
    if values is None:
        return "nowhere known"
    if isinstance(values, str):
        return f"the {values}"
    if len(values) == 1:
        return f"the {values[0]}"
    return "one of " + ", ".join(f"the {v}" for v in values) if values else "nothing consistent"


def chain_text(agents: Sequence[str], obj: str) -> str:
    """``Abigail believes that Avery believes that the peas are`` …"""
    from pyfront.words import be

    return "".join(f"{a} believes that " for a in agents) + f"the {obj} {be(obj)} in"


def pivot(trail: Sequence[Sequence[str]], expected: str, steps: Sequence[tuple[SceneStep, ...]]
          ) -> int | None:
    """Index of the sentence that makes the difference (None: none found)."""
    last = None
    for i in range(1, len(trail)):
        if expected in trail[i - 1] and len(trail[i - 1]) == 1 and list(trail[i]) != [expected]:
            last = i - 1
    if last is not None:
        return last
    for i, group in reversed(list(enumerate(steps))):
        if any(s.kind in ("move", "place") and s.container == expected for s in group):
            return i
    return None


def _absence(agent: str, k: int, steps: Sequence[tuple[SceneStep, ...]],
             whereabouts: Sequence[dict[str, str]], numbers: Sequence[int]) -> str:
    """Where ``agent`` was at sentence ``k``, in words."""
    room = whereabouts[k].get(agent)
    if room is not None:
        return f"was in the {room}"
    for j in range(k - 1, -1, -1):
        for st in steps[j]:
            if st.kind == "exit" and st.agent == agent:
                return f"had left the {st.room} at sentence {numbers[j]}"
    return "had not entered any room yet"


def _saw_leave(watcher: str, agent: str, k: int, steps: Sequence[tuple[SceneStep, ...]],
               numbers: Sequence[int]) -> str | None:
    """``" (Abigail saw Avery leave at sentence 6)"`` when the last exit of ``agent``
    before sentence ``k`` was seen by ``watcher``."""
    for j in range(k - 1, -1, -1):
        for st in steps[j]:
            if st.kind == "exit" and st.agent == agent:
                if watcher in st.observers:
                    return f"{watcher} saw {agent} leave at sentence {numbers[j]}"
                return None
    return None


def classify(question: ParsedQuestion, k: int | None, steps: Sequence[tuple[SceneStep, ...]]) -> str:
    """The kind of a disagreement, from who saw the sentence that makes the difference."""
    if k is None:
        return "other"
    main = next((s for s in steps[k] if s.kind in ("move", "place")), None)
    if main is None or not question.agents:
        return "other"
    seen = [a in main.observers for a in question.agents]
    if len(seen) == 2:
        if not seen[0]:
            return "believer_missed_the_move"
        if not seen[1]:
            return "believer_saw_the_other_miss_the_move"
        return "other"
    return "agent_missed_the_move" if not seen[0] else "other"


def explain(question: ParsedQuestion, expected: str, answer: list[str],
            trail: Sequence[Sequence[str]], steps: Sequence[tuple[SceneStep, ...]],
            sentences_text: Sequence[tuple[int, int, str]], beliefs: dict[tuple[str, ...], list[str]],
            whereabouts: Sequence[dict[str, str]]) -> tuple[str, str]:
    """One paragraph, and the kind of disagreement (see :func:`classify`).

    ``trail[i]``: the model's answer after sentence ``i``; ``sentences_text[i]``: (file
    line, sentence number, text); ``beliefs``: the model's final answers for the chains of
    the agents involved (``()`` = reality); ``whereabouts[i]``: agent -> room after
    sentence ``i``.
    """
    numbers = [n for _, n, _ in sentences_text]
    parts = [f"ToMi says the {expected}; the model says {where_text(answer)}."]
    k = pivot(trail, expected, steps)
    if k is not None:
        line, number, text = sentences_text[k]
        main = next((s for s in steps[k] if s.kind != "none"), None)
        detail = []
        if main is not None and main.kind in ("move", "place"):
            for a in dict.fromkeys(question.agents):
                if a in main.observers:
                    detail.append(f"{a} was in the {main.room} and saw it")
                else:
                    detail.append(f"{a} did not see it ({a} "
                                  f"{_absence(a, k, steps, whereabouts, numbers)})")
            if len(question.agents) == 2:
                x, y = question.agents
                if x in main.observers and y not in main.observers:
                    saw = _saw_leave(x, y, k, steps, numbers)
                    if saw:
                        detail.append(saw)
        parts.append(f"Sentence {number} (line {line}) makes the difference: {text!r}"
                     + (": " + "; ".join(detail) if detail else "") + ".")
    from pyfront.words import be

    facts = [f"the {question.obj} {be(question.obj)} really in {where_text(beliefs.get((), []))}"]
    for chain, values in beliefs.items():
        if chain:
            facts.append(f"{chain_text(chain, question.obj)} {where_text(values)}")
    parts.append("According to the model, at the end " + "; ".join(facts) + ".")
    return " ".join(parts), classify(question, k, steps)
