"""The functional generator: items of the four kinds in turn -> two rows each (framings) ->
splits of whole items.

Item ``i`` is of kind ``KINDS[i % 4]``: ``look`` (stories: where will X look, orders 1 and
2 in turn, false and true belief in turn), ``step_forward`` and ``say_i_know`` (muddy
children: who acts at the father's k-th question under the stated rule), and
``which_announcement`` (which of three true announcements makes B know whether she is
muddy while C still does not: the planner's answer).  Draw ``d`` of item ``i`` is seeded by
the master seed, ``i`` and ``d`` only; an item whose context was drawn before is drawn
again.  Every item gives a ``context`` row (the story or problem) and a ``state`` row (the
mental-state profile only), with the same question, options and answer; both rows of an
item go to one split.  Same seed, same bytes: nothing depends on time or workers.
"""

from __future__ import annotations

import hashlib
import json
from typing import Callable

from smcdel_bridge.values import field, value

from ...errors import UserError
from ..seeds import stream
from ..split import SPLIT_NAMES, assign
from .items import FRAMINGS, KINDS, Item

#: draws allowed per item before giving up (a message, never a loop)
PATIENCE = 200


@value(frozen=True)
class FunctionalConfig:
    #: items (each gives two rows)
    size: int
    seed: int = 0
    ratios: tuple[float, float, float] = (0.6, 0.2, 0.2)
    #: ``trackers``: story items get the story family's decoy object; ``none``: not
    balance: str = "trackers"
    engine: str = "auto"

    def __post_init__(self) -> None:
        if self.size < 1:
            raise ValueError(f"size must be at least 1: got {self.size}")
        if self.balance not in ("trackers", "none"):
            raise ValueError(f"balance must be trackers or none: got {self.balance}")


@value
class FunctionalResult:
    config: FunctionalConfig
    splits: dict[str, list[dict]] = field(default_factory=dict)
    draws: int = 0
    items: int = 0
    #: kind -> items
    kinds: dict[str, int] = field(default_factory=dict)


class NotEnoughItems(UserError, ValueError):
    """The draws gave too few items of a kind (message for the user)."""


def _draw(i: int, d: int, cfg: FunctionalConfig, balance) -> Item | None:
    from .muddy_items import draw_plan_item, draw_round_item
    from .story_items import draw_look_item

    kind = KINDS[i % len(KINDS)]
    rng = stream(cfg.seed, "functional", i, d)
    if kind == "look":
        turn = i // len(KINDS)
        return draw_look_item(rng, stream(cfg.seed, "decoys", i, d), balance,
                              order=1 + turn % 2, false_belief=(turn // 2) % 2 == 0,
                              engine=cfg.engine)
    if kind == "which_announcement":
        return draw_plan_item(rng, cfg.engine)
    return draw_round_item(rng, "step" if kind == "step_forward" else "say", cfg.engine)


def rows_of(item: Item, item_id: str) -> list[dict]:
    """The item's two rows, context-driven first."""
    common = {"question": item.question, "answer": item.answer, "choices": item.choices,
              "easy_choices": item.easy_choices, "choice_keys": item.choice_keys,
              "question_type": item.kind, "order": item.order, "n_agents": item.n_agents,
              "item": item_id, "problem": item.problem,
              "query": json.dumps(item.query, sort_keys=True)}
    out = []
    for framing in FRAMINGS:
        text = item.context if framing == "context" else item.state
        out.append({"id": f"{item_id}-{framing}", "story": text, "framing": framing,
                    **common})
    return out


def generate(cfg: FunctionalConfig, on_progress: Callable[[int, int], None] | None = None
             ) -> FunctionalResult:
    from ..stories.decoys import TrackerBalance

    balance = TrackerBalance() if cfg.balance == "trackers" else None
    result = FunctionalResult(cfg)
    seen: set[str] = set()
    groups: list[list[dict]] = []
    for i in range(cfg.size):
        item = None
        for d in range(PATIENCE):
            result.draws += 1
            got = _draw(i, d, cfg, balance)
            if got is not None and got.context + got.question not in seen:
                item = got
                break
        if item is None:
            raise NotEnoughItems(f"no {KINDS[i % len(KINDS)]} item after {PATIENCE} draws "
                                 f"(item {i})")
        seen.add(item.context + item.question)
        item_id = hashlib.sha256(f"{cfg.seed}\x1f{item.context}\x1f{item.question}"
                                 .encode()).hexdigest()[:12]
        groups.append(rows_of(item, item_id))
        result.kinds[item.kind] = result.kinds.get(item.kind, 0) + 1
        if on_progress is not None:
            on_progress(i + 1, cfg.size)
    result.items = len(groups)
    where = assign(groups, [len(g) for g in groups], cfg.ratios)
    for k, name in enumerate(SPLIT_NAMES):
        rows = [r for g, w in zip(groups, where) if w == k for r in g]
        stream(cfg.seed, "shuffle-functional", name).shuffle(rows)
        result.splits[name] = rows
    return result
