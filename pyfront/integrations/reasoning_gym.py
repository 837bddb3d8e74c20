"""reasoning-gym datasets (extra ``[rl]``): importing this module registers
``mindgames_nli``, ``mindgames_story``, ``mindgames_puzzle``, ``mindgames_functional`` and
``mindgames_open`` with reasoning_gym, each with a curriculum (difficulty rising with a level,
as the library's own).

* ``mindgames_nli``: a MindGames premise and hypothesis, answer ``True`` or ``False``
  (knobs: ``min_agents``/``max_agents``, ``min_order``/``max_order`` of the hypothesis,
  ``max_announcements``, ``setups``);
* ``mindgames_story``: a story and a question "where …?", answer a container (knobs:
  ``order`` 0-4, ``min_agents``/``max_agents``, ``min_events``/``max_events``,
  ``deception``: tells, claims and lies, ``distractors``: sentences about nothing that
  matters);
* ``mindgames_puzzle``: muddy children, answer the asking at which some child first knows
  (knobs: ``min_children``/``max_children``, ``min_muddy``/``max_muddy``);
* ``mindgames_functional``: a functional item (``generate --family functional``): a stated
  rule of rational action and what someone will do, or which announcement works, with its
  options; answer an option's text (knobs: ``framing`` ``context`` or
  ``state``, ``distractors`` ``hard`` or ``easy``).
* ``mindgames_open``: open answers with certified steps (:mod:`.open_items`): ``kind``
  ``where`` (a container, its chain's trace kept for ``score_steps``), ``who`` (a set of
  agents), ``knows`` (a MindGames premise, "who can now know whether …?": a set of agents)
  or ``value`` (muddy children, a number).

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
from .open_items import KINDS, make_items, score_answer as open_score, step_score
from ..errors import UserError

__all__ = ["NliConfig", "StoryConfig", "PuzzleConfig", "FunctionalConfig", "OpenConfig",
           "NliDataset", "StoryDataset", "PuzzleDataset", "FunctionalDataset", "OpenDataset",
           "NAMES", "KnobError"]

NAMES = ("mindgames_nli", "mindgames_story", "mindgames_puzzle", "mindgames_functional",
         "mindgames_open")


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


def _order_and_agents() -> tuple:
    """The curriculum attributes story items share: the order asked about and the agents."""
    return (ScalarAttributeDefinition(name="order", levels=[0, 1, 2, 3, 4], field_name="order",
                                      description="nesting of belief asked about"),
            RangeAttributeDefinition(name="agents", levels=[2, 3, 4, 5, 6],
                                     description="people in the story",
                                     lower_field_name="min_agents", upper_field_name="max_agents"))


class StoryCurriculum(BaseCurriculum):
    def __init__(self):
        super().__init__(StoryCurriculum.__name__, StoryConfig)
        self._define_attributes(
            *_order_and_agents(),
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


class PuzzleDataset(_Certified):
    def _make(self) -> list[dict[str, Any]]:
        from .open_items import puzzle_item

        c = self.config
        cache: dict = {}
        return [puzzle_item(self.seed, idx, (c.min_children, c.max_children),
                            (c.min_muddy, c.max_muddy), cache) for idx in range(c.size)]


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


# --- functional items ------------------------------------------------------------------------

@value(standard=True)
class FunctionalConfig:
    framing: str = "context"
    distractors: str = "hard"
    seed: Optional[int] = None
    size: int = 500

    def validate(self) -> None:
        for knob, allowed in (("framing", ("context", "state")),
                              ("distractors", ("hard", "easy"))):
            if getattr(self, knob) not in allowed:
                raise KnobError(f"{knob} must be {' or '.join(allowed)}: got "
                                f"{getattr(self, knob)!r}", knob, getattr(self, knob))
        _knob("size", self.size, 1)


class FunctionalDataset(_Certified):
    def _make(self) -> list[dict[str, Any]]:
        from ..generate.functional.pipeline import FunctionalConfig as Made, generate

        c = self.config
        result = generate(Made(size=c.size, seed=self.seed))
        rows = [r for name in ("train", "validation", "test") for r in result.splits[name]
                if r["framing"] == c.framing]
        rows.sort(key=lambda r: r["id"])
        out = []
        for r in rows[:c.size]:
            options = r["easy_choices"] if c.distractors == "easy" else r["choices"]
            out.append(_entry(prompts.options_question(r["story"], r["question"], options),
                              r["answer"], question_type=r["question_type"], order=r["order"],
                              framing=r["framing"], n_agents=r["n_agents"], id=r["id"],
                              options=list(options)))
        return out


class FunctionalCurriculum(BaseCurriculum):
    def __init__(self):
        super().__init__(FunctionalCurriculum.__name__, FunctionalConfig)
        self._define_attributes(
            ScalarAttributeDefinition(name="distractors", levels=["easy", "hard"],
                                      field_name="distractors",
                                      description="options from outside the item, or its own"),
            ScalarAttributeDefinition(name="framing", levels=["state", "context"],
                                      field_name="framing",
                                      description="the mental-state profile, or the story"),
        )


# --- open answers with certified steps ------------------------------------------------------

@value(standard=True)
class OpenConfig:
    kind: str = "where"
    order: int = 1
    min_agents: int = 2
    max_agents: int = 4
    min_events: int = 3
    max_events: int = 8
    deception: bool = False
    min_children: int = 2
    max_children: int = 5
    seed: Optional[int] = None
    size: int = 500

    def validate(self) -> None:
        if self.kind not in KINDS:
            raise KnobError(f"kind must be one of {', '.join(KINDS)}: got {self.kind!r}",
                            "kind", self.kind)
        _knob("order", self.order, 0, 4)
        _knob_range(self, "agents", 2, 8)
        _knob_range(self, "events", 1)
        _knob_range(self, "children", 1, 12)
        _knob("size", self.size, 1)


class OpenDataset(_Certified):
    """``mindgames_open``: a container (``where``, with the certified trace of its chain),
    a set of agents (``who``, ``knows``) or a number (``value``); :meth:`score_steps` grades
    a reply's ``## Step n ##`` blocks."""

    def _make(self) -> list[dict[str, Any]]:
        c = self.config
        return make_items(kind=c.kind, size=c.size, seed=self.seed, order=c.order,
                          agents=(c.min_agents, c.max_agents), events=(c.min_events, c.max_events),
                          deception=c.deception, children=(c.min_children, c.max_children),
                          muddy=(1, c.max_children))

    def score_answer(self, answer: Optional[str], entry: dict[str, Any]) -> float:
        return open_score(answer, entry)

    def score_steps(self, answer: Optional[str], entry: dict[str, Any],
                    labels: str = "step") -> Optional[float]:
        """The share of steps graded right (``labels="prefix"``: prefix-correct) against
        the entry's certified trace; 0.0 without steps; None for an entry with no trace."""
        return step_score(answer, entry, labels)


class OpenCurriculum(BaseCurriculum):
    def __init__(self):
        super().__init__(OpenCurriculum.__name__, OpenConfig)
        self._define_attributes(
            *_order_and_agents(),
        )


for _name, _cls, _cfg, _cur in (("mindgames_nli", NliDataset, NliConfig, NliCurriculum),
                                ("mindgames_story", StoryDataset, StoryConfig, StoryCurriculum),
                                ("mindgames_puzzle", PuzzleDataset, PuzzleConfig, PuzzleCurriculum),
                                ("mindgames_functional", FunctionalDataset, FunctionalConfig,
                                 FunctionalCurriculum),
                                ("mindgames_open", OpenDataset, OpenConfig, OpenCurriculum)):
    if _name not in DATASETS:  # a second import (importlib.reload) registers nothing twice
        register_dataset(_name, _cls, _cfg, _cur)
