"""Distributions of a MindGames-style dataset: setups, labels, sizes and statement shapes.

Shapes are read off the published SMCDEL form exactly as the published statistics
(``STATS.md`` beside the shared sample) define them: ``A`` an agent, ``n`` an atom, ``Q`` a
chain of atoms joined by ``|`` (someone) or ``&`` (everyone).  Generated rows and published
rows go through the same function, so their tables can be set side by side.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Iterable, Mapping

_AGENT = re.compile(r"Agent[a-z]+")
_CHAIN = re.compile(r"\d+(?:[|&]\d+)+")
_ATOM = re.compile(r"\d+")
_ANNOUNCEMENT = re.compile(r"\[ ! (.*?) \]")
#: a shape whose innermost statement is one atom: ``n``, ``~(n)``, ``(A knows that n)`` …
_ABOUT_ATOM = re.compile(r"(?:^|[ (])n\)*$")


def shape(formula_text: str) -> str:
    """``~(Agentb knows whether (1&2&3))`` -> ``~(A knows whether (Q))``."""
    text = _AGENT.sub("A", formula_text)
    text = _CHAIN.sub("Q", text)
    return _ATOM.sub("n", text)


def _question(smcdel_problem: str) -> str:
    body = smcdel_problem.split("VALID?", 1)[1]
    last = body.rfind("]")
    return body[last + 1:].strip() if last >= 0 else body.strip()


def further_announcement_shapes(smcdel_problem: str) -> list[str]:
    """Shapes of the announcements after the opening "someone …" one."""
    body = smcdel_problem.split("VALID?", 1)[1]
    return [shape(a) for a in _ANNOUNCEMENT.findall(body)[1:]]


def hypothesis_shape(smcdel_problem: str) -> str:
    return shape(_question(smcdel_problem))


#: the tables of a distribution, in the order STATS.md gives them
TABLES = (
    "setup",
    "label",
    "n_agents",
    "n_announcements",
    "hypothesis_depth",
    "further announcements",
    "hypotheses",
)


def distribution(rows: Iterable[Mapping]) -> dict[str, Counter]:
    """Counters of every table of :data:`TABLES` (plus announcements per setup)."""
    out: dict[str, Counter] = {name: Counter() for name in TABLES}
    for row in rows:
        for col in ("setup", "label", "n_agents", "n_announcements", "hypothesis_depth"):
            out[col][str(row[col])] += 1
        anns = further_announcement_shapes(row["smcdel_problem"])
        out["further announcements"].update(anns)
        out.setdefault(f"further announcements in setup {row['setup']}", Counter()).update(anns)
        out["hypotheses"][hypothesis_shape(row["smcdel_problem"])] += 1
    return out


_SECTION = re.compile(r"^## (.+?)\s*$")
_ROW = re.compile(r"^\|\s*(.+?)\s*\|\s*(\d+)\s*\|")


def read_stats_markdown(path: str | Path) -> dict[str, Counter]:
    """The tables of a ``STATS.md`` file (``## section`` then ``| value | rows | share |``),
    keyed like :func:`distribution`."""
    aliases = {
        "n_announcements (after the first 'someone' announcement)": "n_announcements",
        "hypothesis_depth (0 = first order)": "hypothesis_depth",
        "further announcements, by SMCDEL shape (first 'someone' announcement excluded)":
            "further announcements",
        "hypotheses, by SMCDEL shape": "hypotheses",
    }
    out: dict[str, Counter] = {}
    current: Counter | None = None
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        m = _SECTION.match(line)
        if m:
            title = aliases.get(m.group(1), m.group(1))
            current = out.setdefault(title, Counter())
            continue
        m = _ROW.match(line)
        if m and current is not None and m.group(1) != "value":
            current[m.group(1)] += int(m.group(2))
    return out


def shares(counter: Counter) -> dict[str, float]:
    total = sum(counter.values())
    return {k: (v / total if total else 0.0) for k, v in counter.items()}


def comparison_rows(ours: Counter, published: Counter) -> list[tuple[str, float, float]]:
    """(value, our share, published share), published order first, then our extra values."""
    a, b = shares(ours), shares(published)
    keys = [k for k, _ in published.most_common()] + sorted(set(ours) - set(published))
    return [(k, a.get(k, 0.0), b.get(k, 0.0)) for k in keys]


def rate_shares(dist: Mapping[str, Counter]) -> dict[str, float]:
    """The shares the sampler's rates steer, read off a :func:`distribution`:

    ``knowledge``: further announcements about knowledge; ``negated knowledge``: of those,
    the negated ones; ``negated plain``: the negated ones of the others; ``knows that``: hypothesis operators that are ``knows that`` (vs
    ``knows whether``); ``atom``: hypotheses about one agent's predicate; ``announcement
    atom``: further announcements about one agent's predicate."""
    anns = dist["further announcements"]
    knowledge = {k: v for k, v in anns.items() if "knows" in k}
    plain = {k: v for k, v in anns.items() if "knows" not in k}
    hyps = dist["hypotheses"]
    that = sum(v * k.count("knows that") for k, v in hyps.items())
    ops = sum(v * k.count("knows") for k, v in hyps.items())
    atoms = sum(v for k, v in hyps.items() if _ABOUT_ATOM.search(k))

    def ratio(a: float, b: float) -> float:
        return a / b if b else 0.0

    return {
        "knowledge": ratio(sum(knowledge.values()), sum(anns.values())),
        "negated knowledge": ratio(
            sum(v for k, v in knowledge.items() if k.startswith("~")), sum(knowledge.values())
        ),
        "negated plain": ratio(
            sum(v for k, v in plain.items() if k.startswith("~") or k.startswith("(~")),
            sum(plain.values()),
        ),
        "knows that": ratio(that, ops),
        "atom": ratio(atoms, sum(hyps.values())),
        "announcement atom": ratio(
            sum(v for k, v in anns.items() if _ABOUT_ATOM.search(k)), sum(anns.values())
        ),
    }


def total_variation(ours: Counter, published: Counter) -> float:
    """Half the L1 distance between the two share vectors (0 = same, 1 = disjoint)."""
    a, b = shares(ours), shares(published)
    return 0.5 * sum(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in set(a) | set(b))
