"""reasoning-gym datasets (extra ``[rl]``): importing this module registers
``mindgames_nli``, ``mindgames_story`` and ``mindgames_puzzle`` with reasoning_gym, each
with a curriculum (difficulty rising with a level, as the library's own).

* ``mindgames_nli``: a MindGames premise and hypothesis, answer ``True`` or ``False``
  (knobs: ``min_agents``/``max_agents``, ``min_order``/``max_order`` of the hypothesis,
  ``max_announcements``, ``setups``);
* ``mindgames_story``: a story and a question "where …?", answer a container (knobs:
  ``order`` 0-4, ``min_agents``/``max_agents``, ``min_events``/``max_events``,
  ``deception``: tells, claims and lies, ``distractors``: sentences about nothing that
  matters);
* ``mindgames_puzzle``: muddy children, answer the asking at which some child first knows
  (knobs: ``min_children``/``max_children``, ``min_muddy``/``max_muddy``).

Answers are the model checker's.  Entries are made when the dataset is made, from its
seed only: the same seed and knobs give the same entries.  ``score_answer`` gives 1.0
exactly when the answer, read tolerantly (case, articles, a trailing full stop:
:func:`~pyfront.integrations.open_answers.accepts`), is the certified one, else 0.0.

Usage::

    import reasoning_gym
    import pyfront.integrations.reasoning_gym  # registers the datasets
    data = reasoning_gym.create_dataset("mindgames_story", seed=0, size=50, order=3)
    entry = data[0]
    data.score_answer(entry["answer"], entry)   # 1.0
"""

from __future__ import annotations

import random
from typing import Any, Optional

from reasoning_gym.coaching import BaseCurriculum, RangeAttributeDefinition, ScalarAttributeDefinition
from reasoning_gym.dataset import ProceduralDataset
from reasoning_gym.factory import DATASETS, register_dataset

from smcdel_bridge.values import replace, value

from ..evaluation import prompts
from .open_answers import accepts
from ..errors import UserError

__all__ = ["NliConfig", "StoryConfig", "PuzzleConfig", "NliDataset", "StoryDataset",
           "PuzzleDataset", "NAMES", "KnobError"]

NAMES = ("mindgames_nli", "mindgames_story", "mindgames_puzzle")


class KnobError(UserError, AssertionError, ValueError):
    """A knob out of its range, or a ``min_`` knob above its ``max_``: an AssertionError as
    reasoning-gym's own configs raise, and a ValueError (kept under ``python -O``)."""

    def __init__(self, message: str, knob: str, value: Any):
        super().__init__(message)
        self.knob, self.value = knob, value


def _knob(name: str, value: int, least: int, most: int | None = None) -> None:
    if value < least:
        raise KnobError(f"{name} must be at least {least}: got {value}", name, value)
    if most is not None and value > most:
        raise KnobError(f"{name} must be at most {most}: got {value}", name, value)


def _knob_range(config, knob: str, least: int, most: int | None = None) -> None:
    """``min_<knob>`` and ``max_<knob>``: each within least..most, the min not above the max."""
    lo, hi = getattr(config, f"min_{knob}"), getattr(config, f"max_{knob}")
    _knob(f"min_{knob}", lo, least, most)
    _knob(f"max_{knob}", hi, least, most)
    if lo > hi:
        raise KnobError(f"min_{knob} ({lo}) is greater than max_{knob} ({hi})", f"min_{knob}", lo)


class _Certified(ProceduralDataset):
    """Entries made at once (``_make``), scored against ``metadata['answers']``."""

    def __init__(self, config):
        config.validate()
        super().__init__(config=config, seed=config.seed if config.seed is not None else 0,
                         size=config.size)
        self.entries = self._make()

    def _make(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def __getitem__(self, idx: int) -> dict[str, Any]:
        return self.entries[idx]

    def score_answer(self, answer: Optional[str], entry: dict[str, Any]) -> float:
        return 1.0 if accepts(answer, entry["metadata"]["answers"]) else 0.0


def _entry(question: str, answer: str, **meta) -> dict[str, Any]:
    return {"question": question, "answer": answer, "metadata": {"answers": [answer], **meta}}


# --- MindGames NLI ---------------------------------------------------------------------------

@value(standard=True)
class NliConfig:
    min_agents: int = 2
    max_agents: int = 4
    min_order: int = 1
    max_order: int = 2
    max_announcements: Optional[int] = None
    setups: tuple = ("forehead", "forehead_mirror", "internal", "explicit")
    seed: Optional[int] = None
    size: int = 500

    def validate(self) -> None:
        _knob_range(self, "agents", 2)
        _knob_range(self, "order", 1)
        _knob("size", self.size, 1)


class NliDataset(_Certified):
    def _make(self) -> list[dict[str, Any]]:
        from ..generate.pipeline import GenerateConfig, generate
        from ..generate.sampling import paper_params

        c = self.config
        sampling = paper_params(agents=(c.min_agents, c.max_agents),
                                orders=(c.min_order, c.max_order),
                                announcements=(0, c.max_announcements))
        per_setup = -(-c.size // len(c.setups))
        per_setup += per_setup % 2
        rows = generate(GenerateConfig(size=per_setup, seed=self.seed, setups=tuple(c.setups),
                                       sampling=sampling)).rows
        random.Random(self.seed).shuffle(rows)
        out = []
        for r in rows[:c.size]:
            answer = prompts.NLI_OPTIONS[0 if r["label"] == "entailment" else 1]
            out.append(_entry(prompts.nli(r["premise"], r["hypothesis"]), answer,
                              setup=r["setup"], order=r["hypothesis_depth"],
                              n_agents=r["n_agents"], id=r["id"]))
        return out


class NliCurriculum(BaseCurriculum):
    def __init__(self):
        super().__init__(NliCurriculum.__name__, NliConfig)
        self._define_attributes(
            RangeAttributeDefinition(name="agents", levels=[2, 3, 4, 5],
                                     description="people in the premise",
                                     lower_field_name="min_agents", upper_field_name="max_agents"),
            RangeAttributeDefinition(name="order", levels=[1, 2, 3],
                                     description="nesting of knowledge in the hypothesis",
                                     lower_field_name="min_order", upper_field_name="max_order"),
        )


# --- stories ---------------------------------------------------------------------------------

@value(standard=True)
class StoryConfig:
    order: int = 1
    min_agents: int = 2
    max_agents: int = 4
    min_events: int = 3
    max_events: int = 8
    deception: bool = True
    distractors: bool = True
    seed: Optional[int] = None
    size: int = 500

    def validate(self) -> None:
        _knob("order", self.order, 0, 4)
        _knob_range(self, "agents", 2, 8)
        _knob_range(self, "events", 1)
        _knob("size", self.size, 1)


class StoryDataset(_Certified):
    def _make(self) -> list[dict[str, Any]]:
        from ..generate.stories.pipeline import StoriesConfig, generate
        from .story_knobs import is_deceptive, story_actions

        c = self.config
        actions = story_actions(c.deception, c.distractors)
        stories = -(-c.size // 2) if c.order == 0 else c.size
        result = generate(StoriesConfig(size=stories, seed=self.seed, orders=(c.order, c.order),
                                        agents=(c.min_agents, c.max_agents), actions=actions,
                                        events=(c.min_events, c.max_events)))
        rows = [r for name in ("train", "validation", "test") for r in result.qa[name]]
        return [_entry(prompts.open_question(r["story"], r["question"]), r["answer"],
                       order=r["order"], question_type=r["question_type"],
                       story_type=r["story_type"], n_agents=r["n_agents"],
                       actions=r["actions"], choices=r["choices"], id=r["id"],
                       deception=is_deceptive(r["actions"]))
                for r in rows[:c.size]]


class StoryCurriculum(BaseCurriculum):
    def __init__(self):
        super().__init__(StoryCurriculum.__name__, StoryConfig)
        self._define_attributes(
            ScalarAttributeDefinition(name="order", levels=[0, 1, 2, 3, 4], field_name="order",
                                      description="nesting of belief asked about"),
            RangeAttributeDefinition(name="agents", levels=[2, 3, 4, 5, 6],
                                     description="people in the story",
                                     lower_field_name="min_agents", upper_field_name="max_agents"),
            ScalarAttributeDefinition(name="deception", levels=[False, True], field_name="deception",
                                      description="tells, claims and lies"),
        )


# --- puzzles ---------------------------------------------------------------------------------

@value(standard=True)
class PuzzleConfig:
    min_children: int = 2
    max_children: int = 5
    min_muddy: int = 1
    max_muddy: int = 5
    seed: Optional[int] = None
    size: int = 500

    def validate(self) -> None:
        _knob_range(self, "children", 1, 12)
        _knob_range(self, "muddy", 1)
        _knob("size", self.size, 1)


_NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy",
          "Mallory", "Oscar")


def _first_asking(n: int, m: int, cache: dict) -> int:
    """The asking at which some child first knows, from the model checker: after ``k``
    rounds of "nobody knows", does someone know (children 1..m muddy; the others are a
    renaming)?"""
    if (n, m) not in cache:
        from smcdel_bridge.backend import get_backend
        from ..puzzles.programs import rounds_until_someone_knows

        answers = get_backend("native").run(rounds_until_someone_knows(n, m))
        cache[(n, m)] = next(k for k, a in enumerate(answers) if a.value) + 1
    return cache[(n, m)]


class PuzzleDataset(_Certified):
    def _make(self) -> list[dict[str, Any]]:
        c = self.config
        cache: dict = {}
        out = []
        for idx in range(c.size):
            rng = random.Random(f"{self.seed}\0puzzle\0{idx}")
            n = rng.randint(c.min_children, c.max_children)
            m = rng.randint(min(c.min_muddy, n), min(c.max_muddy, n))
            names = rng.sample(_NAMES, n)
            muddy = sorted(rng.sample(names, m), key=names.index)
            question = (
                f"{', '.join(names[:-1])} and {names[-1]} played in the garden; afterwards "
                f"{_list(muddy)} {'has a muddy forehead' if m == 1 else 'have muddy foreheads'}. "
                "Each child sees every other child's forehead, never its own. Their father says "
                "in front of all: \"At least one of you has a muddy forehead.\" Then he asks, "
                "again and again: \"Does any of you know whether your forehead is muddy?\", and "
                "all answer at the same time, truthfully, each reasoning perfectly. At which "
                "asking does some child first answer yes? Answer with a number.")
            out.append(_entry(question, str(_first_asking(n, m, cache)), children=n, muddy=m))
        return out


def _list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


class PuzzleCurriculum(BaseCurriculum):
    def __init__(self):
        super().__init__(PuzzleCurriculum.__name__, PuzzleConfig)
        self._define_attributes(
            RangeAttributeDefinition(name="children", levels=[2, 3, 4, 6, 8],
                                     description="children in the garden",
                                     lower_field_name="min_children", upper_field_name="max_children"),
            RangeAttributeDefinition(name="muddy", levels=[1, 2, 3, 5, 8],
                                     description="muddy children",
                                     lower_field_name="min_muddy", upper_field_name="max_muddy"),
        )


for _name, _cls, _cfg, _cur in (("mindgames_nli", NliDataset, NliConfig, NliCurriculum),
                                ("mindgames_story", StoryDataset, StoryConfig, StoryCurriculum),
                                ("mindgames_puzzle", PuzzleDataset, PuzzleConfig, PuzzleCurriculum)):
    if _name not in DATASETS:  # a second import (importlib.reload) registers nothing twice
        register_dataset(_name, _cls, _cfg, _cur)
