"""Heuristic trackers: shallow rules that answer a story question from where places are
*mentioned*, without following who saw what, cross-fitted like the other baselines.

* ``last-seen``: the place mentioned last at or before the last sentence that names the
  questioned agent (the last person the question names: the innermost believer; a
  question that names nobody reads the whole story);
* ``last-mentioned``: the place mentioned last in the story;
* ``first-mentioned``: the place mentioned first;
* ``last-speaker``: the place named by the most recent speaker (the last sentence with a
  verb of speech that names a place).

A QA row (``story``, ``question``, ``choices``, ``answer``) is answered by the tracker's
place when it is one of the choices; an NLI row (``premise``, ``hypothesis``, ``label``)
by comparing the tracker's place with the place the hypothesis names (the places are the
words after "in the" / "to the").  A tracker is fitted on the other folds: per question
kind (the row's ``question_type``, else one kind) it keeps the best of following the
tracker, and for NLI its reverse, or a guess (scored 1/k: the tracker adds nothing) —
so a tracker right far *less* often than chance is caught as well as one right more
often, and one that never answers scores chance.  Rows whose answer is missing (a blind test split) are counted, never scored.

    >>> rows = [{"story": "A entered the den. The key is in the box. A moved the key to "
    ...          "the tin.", "question": "Where is the key really?", "choices": ["box", "tin"],
    ...          "answer": "tin"}]
    >>> pick("last-mentioned", rows[0]["story"], rows[0]["question"], ["box", "tin"])
    'tin'
    >>> pick("first-mentioned", rows[0]["story"], rows[0]["question"], ["box", "tin"])
    'box'
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, Sequence

from .baselines import MARGIN, MIN_PREMISES, fold_of, wilson
from .rows import answered, fold_group, parse_choices

TRACKERS = ("last-seen", "last-mentioned", "first-mentioned", "last-speaker")

_SENTENCE = re.compile(r"[^.!?]+[.!?]?")
_SPEECH = re.compile(r"\b(?:told|tells|tell|said|says|say|claimed|claims|announced|"
                     r"lied|whispered|shouted|stated|exclaimed)\b", re.I)
_PLACE = re.compile(r"\b(?:in|to) the ([a-z][\w-]*)", re.I)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


def places_in(text: str) -> list[str]:
    """The places a text names ("in the X", "to the X"), in order, repeats dropped."""
    out: list[str] = []
    for m in _PLACE.finditer(text):
        word = m.group(1).lower()
        if word not in out:
            out.append(word)
    return out


_TOKEN = re.compile(r"\w+")


class Reading:
    """One story read for the trackers: its sentences, each one's words, and where the
    ``places`` are mentioned; :meth:`picks` answers any question about it."""

    def __init__(self, story: str, places: Sequence[str]):
        self.story = story
        self.lines = sentences(story)
        self.tokens = [[(m.start(), m.group()) for m in _TOKEN.finditer(s)] for s in self.lines]
        self.seen = self._mentions(places)
        self.spoken = [m for m in self.seen if _SPEECH.search(self.lines[m[0]])]
        words = _WORD.findall(story)
        self.capital = {w for w in words if w[0].isupper()}
        self.lower = {w.lower() for w in words if w[0].islower()}

    def _mentions(self, places: Sequence[str]) -> list[tuple[int, int, str]]:
        """(sentence, position, place) of every mention, in reading order (a whole-word
        match, letter case aside)."""
        simple = {p.lower(): p for p in places if _TOKEN.fullmatch(p)}
        out = [(i, pos, simple[w.lower()]) for i, toks in enumerate(self.tokens)
               for pos, w in toks if w.lower() in simple]
        for p in places:
            if p.lower() not in simple:  # several words, or signs: a regular expression
                out += [(i, m.start(), p) for i, s in enumerate(self.lines)
                        for m in re.finditer(rf"\b{re.escape(p)}\b", s, re.I)]
        return sorted(out)

    def names(self, asked: str) -> list[str]:
        """The people ``asked`` names, in order: its capitalised words that the story has,
        and only capitalised (so "The", "Where" are not names)."""
        return [w for w in _WORD.findall(asked) if w in self.capital and w.lower() not in self.lower]

    def _naming(self, name: str) -> list[int]:
        if _TOKEN.fullmatch(name):
            return [i for i, toks in enumerate(self.tokens) if any(w == name for _, w in toks)]
        return [i for i, s in enumerate(self.lines) if re.search(rf"\b{re.escape(name)}\b", s)]

    def picks(self, asked: str) -> dict[str, str | None]:
        """Every tracker's place for the question or hypothesis ``asked``."""
        seen = self.seen
        if not seen:
            return dict.fromkeys(TRACKERS)
        out = {"first-mentioned": seen[0][2], "last-mentioned": seen[-1][2],
               "last-speaker": self.spoken[-1][2] if self.spoken else None}
        who = self.names(asked)
        if not who:
            out["last-seen"] = seen[-1][2]
        else:
            named = self._naming(who[-1])
            before = [m for m in seen if named and m[0] <= named[-1]]
            out["last-seen"] = before[-1][2] if before else None
        return {t: out[t] for t in TRACKERS}


def names_asked(story: str, asked: str) -> list[str]:
    """The people ``asked`` names (see :meth:`Reading.names`)."""
    return Reading(story, ()).names(asked)


def pick(tracker: str, story: str, asked: str, places: Sequence[str]) -> str | None:
    """The place ``tracker`` answers (None: it has none), ``asked`` being the question or
    the hypothesis."""
    if tracker not in TRACKERS:
        raise ValueError(f"unknown tracker {tracker!r}")
    return picks(story, asked, places)[tracker]


def picks(story: str, asked: str, places: Sequence[str]) -> dict[str, str | None]:
    """Every tracker's place (the story read once)."""
    return Reading(story, places).picks(asked)


# --- rows ----------------------------------------------------------------------------------------

class Case:
    """One answered row as the trackers see it: its options, the right one, each
    tracker's option (None: none), its kind, order and premise."""

    def __init__(self, row: dict[str, Any], form: str):
        self.kind = str(row.get("question_type") or "all")
        order = row.get("order")
        self.order = str(order) if order not in (None, "") else None
        if form == "qa":
            story, asked = str(row.get("story") or row.get("premise")), str(row["question"])
            self.options = parse_choices(row["choices"]) or []
            self.gold = self.options.index(str(row["answer"]))
            places = [o.lower() for o in self.options]
            found = picks(story, asked, places)
            self.picks = {t: None if p is None else places.index(p) for t, p in found.items()}
        else:
            from pyfront.evaluation.items import label_value

            story, asked = str(row["premise"]), str(row["hypothesis"])
            self.options = ["entailment", "not_entailment"]
            self.gold = 0 if label_value(row.get("label")) else 1
            said = places_in(asked)
            places = sorted(set(places_in(story)) | set(said))
            found = picks(story, asked, places) if said else dict.fromkeys(TRACKERS)
            # 0: the tracker's place is the hypothesis's; 1: it is another one
            self.picks = {t: None if p is None else (0 if p == said[-1] else 1)
                          for t, p in found.items()}
        self.group = fold_group(row) or story


# --- cross-fitting -------------------------------------------------------------------------------

#: strategies a fitted tracker chooses from per question kind (NLI: "reverse" says the
#: hypothesis is entailed exactly when it names another place than the tracker's)
STRATEGIES = ("fallback", "follow", "reverse")


def _fit(train: Sequence[Case], tracker: str, nli: bool) -> Callable[[Case], float]:
    """The fitted tracker: a case -> the credit it earns (1 right, 0 wrong, 1/k for the
    fallback: a guess, so that the score says only what the tracker adds, not what the
    options' order or the commoner label would)."""

    def credit(c: Case, how: str) -> float:
        p = c.picks[tracker]
        if how == "fallback" or p is None:
            return 1 / len(c.options)
        return float((p if how == "follow" else 1 - p) == c.gold)

    allowed = STRATEGIES if nli else STRATEGIES[:2]
    best: dict[str, str] = {}
    for kind in sorted({c.kind for c in train}):
        cases = [c for c in train if c.kind == kind]
        score = {how: sum(credit(c, how) for c in cases) for how in allowed}
        best[kind] = max(allowed, key=lambda h: (round(score[h], 9), -allowed.index(h)))
    return lambda c: credit(c, best.get(c.kind, "fallback"))


def _summary(cases: Sequence[Case], right: Sequence[float]) -> dict[str, Any]:
    n = len(cases)
    acc = sum(right) / n
    ch = sum(1 / len(c.options) for c in cases) / n
    premises = len({c.group for c in cases})
    ci = wilson(acc, min(n, premises))
    margin = acc - ch
    return {"accuracy": round(acc, 4), "chance": round(ch, 4), "margin": round(margin, 4),
            "n": n, "premises": premises, "ci95": list(ci),
            "leaks": premises >= MIN_PREMISES and margin > MARGIN + 1e-12 and ci[0] > ch}


def cross_fit_trackers(rows: Sequence[dict[str, Any]], form: str, *, folds: int = 5,
                       seed: int = 0) -> dict[str, Any]:
    """Every tracker's cross-fitted accuracy on the answered rows of ``form`` (``qa`` or
    ``nli``), overall, by question kind and by order."""
    cases = [Case(r, form) for r in rows if answered(r, form)]
    out: dict[str, Any] = {"form": form, "rows": len(cases),
                           "unanswered": len(rows) - len(cases), "trackers": {}}
    if not any(p is not None for c in cases for p in c.picks.values()):
        # no row names a place the trackers can read (MindGames premises): nothing to say
        out["rows"] = 0
        return out
    fold = [fold_of(c.group, folds, seed) for c in cases]
    for t in TRACKERS:
        right = [0.0] * len(cases)
        for f in sorted(set(fold)):
            train = [c for c, g in zip(cases, fold) if g != f]
            if not train:
                continue
            predict = _fit(train, t, form == "nli")
            for i, (c, g) in enumerate(zip(cases, fold)):
                if g == f:
                    right[i] = predict(c)
        entry = {"overall": _summary(cases, right), "by_kind": {}, "by_order": {}}
        for key, attr in (("by_kind", "kind"), ("by_order", "order")):
            for value in sorted({getattr(c, attr) for c in cases} - {None}):
                idx = [i for i, c in enumerate(cases) if getattr(c, attr) == value]
                entry[key][value] = _summary([cases[i] for i in idx], [right[i] for i in idx])
        out["trackers"][t] = entry
    return out


def tracker_leaks(name: str, result: dict[str, Any]) -> list[str]:
    """One line per tracker more than :data:`MARGIN` above chance overall or on an order
    (the worst of them, and the orders where it is)."""
    out = []
    for t, entry in result.get("trackers", {}).items():
        parts = [("overall", entry["overall"])] + [(f"order {o}", s)
                                                   for o, s in entry["by_order"].items()]
        bad = [(where, s) for where, s in parts if s["leaks"]]
        if not bad:
            continue
        where, s = max(bad, key=lambda p: p[1]["margin"])
        out.append(f"{name}: {result['form']}: tracker {t} ({where}) {s['accuracy']:.3f} "
                   f"against chance {s['chance']:.3f} (+{100 * s['margin']:.1f} points; fails "
                   f"on {', '.join(w for w, _ in bad)})")
    return out
