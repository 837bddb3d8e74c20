"""Stage 4 of generation (worker side): premise groups -> rows in the published columns,
names drawn from the master seed, one premise text per premise group."""

from __future__ import annotations

import time

from smcdel_bridge.values import value

from .sampling import to_form
from .seeds import stream
from .selection import PremiseGroup

#: published columns, then ours
COLUMNS = (
    "id",
    "premise",
    "smcdel_problem",
    "n_announcements",
    "pbcheck",
    "hypothesis",
    "setup",
    "hypothesis_depth",
    "n_agents",
    "label",
    "names",
    "problem",
)


@value(frozen=True)
class RenderTask:
    groups: tuple[PremiseGroup, ...]
    seed: int
    style: str


def _label_text(value: bool) -> str:
    return "entailment" if value else "not_entailment"


def row_id(setup: str, premise: str, hypothesis: str) -> str:
    """Stable identifier: the setup and a hash of the premise and hypothesis texts."""
    import hashlib

    digest = hashlib.sha256(f"{setup}\x1f{premise}\x1f{hypothesis}".encode("utf-8")).hexdigest()
    return f"{setup}_{digest[:12]}"


def render_group(group: PremiseGroup, seed: int, style: str, attempt: int = 0) -> list[dict]:
    """The rows of one premise, in :data:`COLUMNS` order; ``attempt`` > 0 draws other
    names (see :func:`unique_premise_texts`)."""
    from pyfront.verbalize import hypothesis as hypothesis_text
    from pyfront.verbalize import premise as premise_text
    from pyfront.problem.to_smcdel import render as smcdel_text
    from pyfront.problem.dsl_print import to_dsl
    from pyfront.problem.model import Announcement, Hypothesis, Problem
    from .names import draw_names

    p = group.premise
    again = (attempt,) if attempt else ()
    names = draw_names(stream(seed, "names", group.setup, group.ordinal, *again), p.n_agents)
    pb = Problem.from_setup(p.setup, names, observations=[list(r) for r in p.observations])
    pb.announcements = [Announcement(formula=a) for a in p.announcement_forms()]
    pb.hypotheses = [
        Hypothesis(name="h", formula=to_form(h), expected=label) for h, _, label in group.rows
    ]
    premise = premise_text(pb, style=style)
    pbcheck = smcdel_text(pb, 0, pbcheck=True)
    out = []
    for k, (h, depth, label) in enumerate(group.rows):
        hypothesis = hypothesis_text(pb, k, style=style)
        ident = row_id(group.setup, premise, hypothesis)
        single = pb.model_copy(update={"hypotheses": [pb.hypotheses[k]], "name": ident})
        out.append(
            {
                "id": ident,
                "premise": premise,
                "smcdel_problem": smcdel_text(pb, k),
                "n_announcements": len(p.announcements) - 1,
                "pbcheck": pbcheck,
                "hypothesis": hypothesis,
                "setup": group.setup,
                "hypothesis_depth": depth,
                "n_agents": p.n_agents,
                "label": _label_text(label),
                "names": list(names),
                "problem": to_dsl(single, comments=False),
            }
        )
    return out


def run_render_task(task: RenderTask) -> tuple[list[list[dict]], float]:
    t0 = time.perf_counter()
    rows = [render_group(g, task.seed, task.style) for g in task.groups]
    return rows, time.perf_counter() - t0


#: other name draws tried for a premise whose English is already another premise's
RENAME_ATTEMPTS = 50


def unique_premise_texts(
    groups: list[PremiseGroup], rendered: list[list[dict]], seed: int, style: str
) -> tuple[list[PremiseGroup], list[list[dict]], list[PremiseGroup], list[PremiseGroup]]:
    """Make every premise *text* belong to one premise group (returns the groups kept,
    their rows, the groups renamed and the groups dropped).

    Premises differ logically but their English need not: a premise names only the agents
    its announcements mention, so two premises alike up to who is who read the same when
    the names fall the same way.  A model sees the text, so such a group gets other names
    (drawn from its own seed stream, in group order: deterministic); a group whose text
    no names can change is dropped."""
    owner: dict[str, int] = {}
    out_groups: list[PremiseGroup] = []
    out_rows: list[list[dict]] = []
    renamed: list[PremiseGroup] = []
    dropped: list[PremiseGroup] = []
    for group, rows in zip(groups, rendered):
        attempt = 0
        while rows and rows[0]["premise"] in owner and attempt < RENAME_ATTEMPTS:
            attempt += 1
            rows = render_group(group, seed, style, attempt)
        if rows and rows[0]["premise"] in owner:
            dropped.append(group)
            continue
        if attempt:
            renamed.append(group)
        if rows:
            owner[rows[0]["premise"]] = len(out_groups)
        out_groups.append(group)
        out_rows.append(rows)
    return out_groups, out_rows, renamed, dropped
