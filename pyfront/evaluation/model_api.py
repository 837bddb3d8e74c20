"""What every model of ``mindgames eval`` is: the :class:`Model` interface and its
:class:`Reply` (kept apart from :mod:`.models`, which names the concrete models, so that
those models' modules import the interface without importing their own factory)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Sequence

from smcdel_bridge.values import value

from .items import EvalItem
from .prompts import LETTERS


@value(frozen=True)
class Reply:
    text: str
    usage: dict[str, int] | None = None


def option_reply(item: EvalItem, index: int) -> str:
    """How a model that picked option ``index`` says so: its letter, or True/False."""
    return LETTERS[index] if item.letters else item.options[index]


class Model(ABC):
    """What the runner needs of a model."""

    #: the spec it was made from (``openai:NAME`` …)
    spec: str = ""
    #: whether replies are worth keeping in the response cache (they cost something)
    cached: bool = False
    #: whether it must see the train split's items first
    needs_train: bool = False
    #: how many items it may answer at once
    concurrency: int = 1
    #: how an answer is obtained: ``generate`` (the model writes it, parsed), ``loglikelihood``
    #: (the likeliest option) or ``baseline``
    scoring: str = "baseline"

    def identity(self) -> dict[str, Any]:
        """What, besides the prompt, decides its reply (the cache key)."""
        return {"model": self.spec}

    def fit(self, train: Sequence[EvalItem]) -> None:
        """Learn from the train split (baselines)."""

    @abstractmethod
    def respond(self, item: EvalItem) -> Reply:
        """The model's reply to ``item`` (may be called from several threads at once when
        ``concurrency`` > 1); raises UserError when the model cannot answer at all."""

    def close(self) -> None:
        """Stop what is under way (other threads' requests)."""
