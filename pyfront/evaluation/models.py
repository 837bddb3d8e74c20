"""The models ``mindgames eval`` asks: ``openai:NAME``, ``hf:PATH``, ``baseline:…``.

A model turns an item into a :class:`Reply` (the text it answered, and the tokens it
cost when it says).  The same parser reads every model's reply, baselines included.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from typing import Any, Sequence

from ..errors import UserError
from .items import EvalItem
from .model_api import Model, Reply, option_reply

BASELINES = ("random", "majority", "hypothesis-only")


# --- baselines ---------------------------------------------------------------------------------

class RandomBaseline(Model):
    def __init__(self, seed: int):
        self.spec, self.seed = "baseline:random", seed

    def respond(self, item: EvalItem) -> Reply:
        digest = hashlib.sha256(f"{self.seed}\0{item.id}".encode()).digest()
        return Reply(option_reply(item, random.Random(digest).randrange(len(item.options))))


class MajorityBaseline(Model):
    needs_train = True

    def __init__(self):
        self.spec = "baseline:majority"
        self.best: dict[str, str] = {}

    def fit(self, train: Sequence[EvalItem]) -> None:
        by_setting: dict[str, Counter] = {}
        for it in train:
            by_setting.setdefault(it.setting.tag, Counter())[option_reply(it, it.gold)] += 1
        # most frequent answer; ties to the first in sorted order
        self.best = {tag: sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
                     for tag, c in by_setting.items()}

    def respond(self, item: EvalItem) -> Reply:
        if item.setting.tag not in self.best:
            raise UserError(f"baseline:majority: the train split has no {item.setting.tag} item")
        return Reply(self.best[item.setting.tag])


class HypothesisOnlyBaseline(Model):
    """Naive Bayes on what is asked, never the premise: the statement of an NLI item, each
    option's text of a multiple-choice item."""

    needs_train = True

    def __init__(self):
        self.spec = "baseline:hypothesis-only"
        self.models: dict[str, Any] = {}

    def fit(self, train: Sequence[EvalItem]) -> None:
        from .bag_of_words import NaiveBayes

        examples: dict[str, list[tuple[str, bool]]] = {}
        for it in train:
            ex = examples.setdefault(it.setting.tag, [])
            if it.letters:
                ex.extend((text, i == it.gold) for i, text in enumerate(it.options))
            else:
                ex.append((it.statement, it.gold == 0))
        self.models = {tag: NaiveBayes().fit(ex) for tag, ex in examples.items()}

    def respond(self, item: EvalItem) -> Reply:
        nb = self.models.get(item.setting.tag)
        if nb is None:
            raise UserError(f"baseline:hypothesis-only: the train split has no {item.setting.tag} item")
        if item.letters:
            scores = [nb.log_odds(text) for text in item.options]
            return Reply(option_reply(item, scores.index(max(scores))))
        return Reply(option_reply(item, 0 if nb.log_odds(item.statement) > 0 else 1))


# --- the spec on the command line ------------------------------------------------------------------

SCORES = ("generate", "loglikelihood", "steps")


def make_model(spec: str, *, seed: int = 0, base_url: str | None = None,
               api_key: str | None = None, score: str = "generate", **options: Any) -> Model:
    """``openai:NAME``, ``hf:PATH_OR_NAME`` or ``baseline:random|majority|hypothesis-only``;
    ``score`` chooses how an ``openai:`` model answers (:mod:`.openai_client`; ``steps``:
    a chat model writes a step-by-step trace, :mod:`.step_run`)."""
    if score not in SCORES:
        raise UserError(f"--score takes {' or '.join(SCORES)}: got {score!r}")
    kind, sep, name = spec.partition(":")
    if not sep or not name.strip():
        raise UserError(f"model {spec!r}: write openai:NAME, hf:PATH or baseline:NAME")
    if kind == "baseline":
        if name == "random":
            return RandomBaseline(seed)
        if name == "majority":
            return MajorityBaseline()
        if name == "hypothesis-only":
            return HypothesisOnlyBaseline()
        raise UserError(f"unknown baseline {name!r} (known: {', '.join(BASELINES)})")
    if kind == "openai":
        from .openai_client import OpenAIChat, OpenAICompletions

        if score == "loglikelihood":
            for unused in ("max_tokens", "temperature", "system"):
                options.pop(unused, None)
            return OpenAICompletions(name, base_url=base_url, api_key=api_key, **options)
        chat = OpenAIChat(name, base_url=base_url, api_key=api_key, **options)
        if score == "steps":  # the same chat client, asked for a trace (its own cache key)
            chat.scoring = "steps"
        return chat
    if kind == "hf":
        from .hf_model import HFLogLikelihood

        return HFLogLikelihood(name)
    raise UserError(f"model {spec!r}: unknown kind {kind!r} (openai, hf or baseline)")


def cache_key(model: Model, item: EvalItem) -> str:
    blob = json.dumps({**model.identity(), "prompt": item.prompt, "options": list(item.options)},
                      sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()
