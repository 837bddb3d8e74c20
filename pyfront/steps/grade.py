"""Exact step grading: a model's steps aligned to the story by the sentence they quote and
labelled against the certified trace (:mod:`.trace`).

Alignment: a step belongs to the sentence of the story it quotes (words compared without
case or punctuation; the longest sentence quoted wins, and of sentences written alike the
first after the previous step's).  A step that quotes none, or only sentences before the
previous step's, is *unaligned*: reported, labelled wrong, never placed by its index.  A
step is right when its value is the certified value of its chain after its sentence; where
the certified value is null (no belief, or several places), the right value is
``unknown`` (or ``none``).  Prefix labels: a step is prefix-correct when it and every step
before it are right.

Use::

    from pyfront.steps.grade import align
    align(["Sally leaves", "Anne moves the marble to the box", "Sally leaves"],
          "Then Sally leaves the room? No: 'Sally leaves.' [box]", after=2)   # (3, None)
"""

from __future__ import annotations

from typing import Sequence

from .responses import Response, norm_text, norm_value

__all__ = ["NULL_WORDS", "align", "default_prompt", "grade_response", "prm_rows"]

#: what a model may answer where the certified value is null
NULL_WORDS = frozenset({"unknown", "none", "no belief", "null"})


def align(sentences: Sequence[str], quote: str, after: int = 0) -> tuple[int | None, str | None]:
    """The step ``t`` (1-based) whose sentence ``quote`` quotes, the first after ``after``
    among the longest quoted; or None and why."""
    text = f" {norm_text(quote)} "
    quoted = [(len(norm_text(s)), t) for t, s in enumerate(sentences, start=1)
              if norm_text(s) and f" {norm_text(s)} " in text]
    if not quoted:
        return None, "quotes no sentence of the story"
    longest = max(n for n, _ in quoted)
    ts = [t for n, t in quoted if n == longest]
    later = [t for t in ts if t > after]
    if not later:
        return None, f"quotes sentence {ts[-1]} again, after a step at sentence {after}"
    return later[0], None


def _judge(step, certified: dict | None) -> tuple[str, bool]:
    if certified is None:
        return "unknown chain", False
    if step.value is None:
        return "no value", False
    said = norm_value(step.value)
    if certified["value"] is None:
        ok = said in NULL_WORDS
    else:
        ok = said == norm_value(certified["value"])
    return ("right" if ok else "wrong"), ok


def grade_response(resp: Response, steps: Sequence[dict], variable: str) -> dict:
    """One graded record: every step with its sentence, the certified value, a status and
    both labels; step accuracy, the first wrong step (1-based) and whether the last is right."""
    sentences = [s["sentence"] for s in steps]
    # chains compared without case: a model may write "anne->sally"
    by_chain = [{c["chain"].lower(): c for c in s["chains"] if c["variable"] == variable}
                for s in steps]
    out, after, prefix = [], 0, True
    for n, step in enumerate(resp.steps, start=1):
        t, why = align(sentences, step.quote, after)
        row = {"n": n, "t": t, "sentence": sentences[t - 1] if t else None, "chain": step.chain,
               "value": step.value, "certified": None, "reason": None}
        if t is None:
            status, ok = "unaligned", False
            row["reason"] = why
        else:
            after = t
            cert = by_chain[t - 1].get(step.chain.lower())
            status, ok = _judge(step, cert)
            if cert is not None:
                row["certified"], row["reason"] = cert["value"], cert["reason"]
            else:
                row["reason"] = f"no chain {step.chain} about {variable} in the trace"
        prefix = prefix and ok
        row.update(status=status, label=ok, prefix_label=prefix)
        out.append(row)
    right = sum(r["label"] for r in out)
    first = next((r["n"] for r in out if not r["label"]), None)
    return {"id": resp.id, "line": resp.line, "story": resp.story, "object": variable,
            "steps": out, "n_steps": len(out), "right": right,
            "step_accuracy": right / len(out) if out else None, "first_error": first,
            "final_correct": out[-1]["label"] if out else None}


def default_prompt(steps: Sequence[dict], chain: str, variable: str) -> str:
    """The story numbered by sentence and what to trace (when a response brings no prompt)."""
    story = "\n".join(f"{s['t']} {s['sentence']}" for s in steps)
    return (f"Story:\n{story}\nTrace, sentence by sentence, where {chain} "
            f"{'is' if chain == 'real' else 'believes'} {variable}.")


def prm_rows(resp: Response, graded: dict, prompt: str, labels: str = "step") -> dict[str, dict]:
    """The process-reward rows of one graded response: ``trl`` (``prompt``, ``completions``,
    ``labels``: TRL's stepwise-supervision shape) and ``messages`` (the user's prompt, one
    assistant message per step, ``labels`` beside); ``labels``: ``step`` or ``prefix``."""
    key = "label" if labels == "step" else "prefix_label"
    marks = [r[key] for r in graded["steps"]]
    texts = [s.text for s in resp.steps]
    messages = [{"role": "user", "content": prompt}] + \
        [{"role": "assistant", "content": t} for t in texts]
    return {"trl": {"prompt": prompt, "completions": texts, "labels": marks},
            "messages": {"messages": messages, "labels": marks}}
