"""Our baselines as Inspect model providers: ``--model mindgames/random`` and
``--model mindgames/majority`` (extra ``[inspect]``).

They read the prompt only (a provider sees no sample metadata): the options of a
multiple-choice prompt (lines ``A. …``, or Inspect's template's ``A) …``), True/False
for an NLI prompt, the containers a story names for an open question.

* ``random``: an option drawn from a hash of the seed (``-M seed=``, default 0) and the
  prompt: the same prompt gets the same answer, in any run;
* ``majority``: the constant answer: ``True``, ``A``, and for an open question the
  container the story names most often (the first named on a tie);
* ``hypothesis-only``: ``mindgames eval``'s premise-blind naive Bayes, fitted on the
  items of a train split (``-M train=FILE``, NLI and multiple-choice items of its rows):
  it reads the statement of an NLI prompt, each option of a multiple-choice one, never
  the premise.

Tokens are counted here (words), so nothing is downloaded: Inspect's ``mockllm/model``
counts them with a tokenizer file it fetches.  A reply to Inspect's multiple-choice
template is written ``ANSWER: X``, as that template asks.

Usage::

    inspect eval mindgames/nli --model mindgames/random -M seed=3 --limit 20
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from inspect_ai.model import (
    ChatMessage, GenerateConfig, ModelAPI, ModelOutput, ModelUsage, modelapi,
)
from inspect_ai.tool import ToolChoice, ToolInfo

from ..evaluation.prompts import LETTERS, NLI_OPTIONS

__all__ = ["Baseline", "BASELINE_NAMES", "PremiseBlind", "prompt_options", "baseline_reply"]

BASELINE_NAMES = ("random", "majority", "hypothesis-only")

_OUR_OPTION = re.compile(r"^([A-Z])\. ", re.MULTILINE)
_INSPECT_OPTION = re.compile(r"^([A-Z])\) ", re.MULTILINE)
_CONTAINER = re.compile(r"\b(?:in|to|into) the ([A-Za-z_]+)")


def prompt_options(prompt: str) -> tuple[str, list[str]]:
    """(kind, options): ``mcq`` and its letters, ``inspect-mcq`` and its letters, ``nli``
    and True/False, or ``open`` and the containers the story names, in order, with their
    repetitions."""
    if prompt.rstrip().endswith("True or False?\nAnswer:"):
        return "nli", list(NLI_OPTIONS)
    ours = _OUR_OPTION.findall(prompt)
    if ours and ours == list(LETTERS[:len(ours)]):
        return "mcq", ours
    theirs = _INSPECT_OPTION.findall(prompt)
    if theirs and theirs == list(LETTERS[:len(theirs)]):
        return "inspect-mcq", theirs
    story = prompt.rsplit("\nQuestion:", 1)[0]
    return "open", _CONTAINER.findall(story)


_STATEMENT = re.compile(r"\nQuestion: (.*) True or False\?\nAnswer:$", re.DOTALL)
_OPTION_TEXT = re.compile(r"^[A-Z][.)] (.*)$", re.MULTILINE)


class PremiseBlind:
    """``mindgames eval``'s hypothesis-only baseline on prompts: one naive Bayes for NLI
    statements, one for multiple-choice options (an option true or not)."""

    def __init__(self, train: str, seed: int = 0):
        from ..evaluation.bag_of_words import NaiveBayes
        from ..evaluation.items import Setting, build_items
        from ..evaluation.pipeline import read_dataset

        rows = read_dataset(Path(train))
        items = build_items(rows, [Setting("nli"), Setting("mcq")], seed=seed).items
        nli = [(it.statement, it.gold == 0) for it in items if not it.letters]
        mcq = [(t, i == it.gold) for it in items if it.letters for i, t in enumerate(it.options)]
        self.models = {k: NaiveBayes().fit(ex) for k, ex in (("nli", nli), ("mcq", mcq)) if ex}

    def reply(self, prompt: str, kind: str, options: list[str]) -> str | None:
        key = "nli" if kind == "nli" else "mcq"
        nb = self.models.get(key)
        if nb is None or kind == "open":
            return None
        if kind == "nli":
            m = _STATEMENT.search(prompt)
            return NLI_OPTIONS[0 if m and nb.log_odds(m[1]) > 0 else 1]
        texts = _OPTION_TEXT.findall(prompt)[-len(options):]
        scores = [nb.log_odds(t) for t in texts]
        return options[scores.index(max(scores))]


def baseline_reply(name: str, prompt: str, seed: int = 0, blind: PremiseBlind | None = None) -> str:
    kind, options = prompt_options(prompt)
    if not options:
        return ""
    if name == "hypothesis-only":
        answer = blind.reply(prompt, kind, options) if blind is not None else None
        if answer is None:
            return ""
    elif name == "random":
        digest = hashlib.sha256(f"{seed}\0{prompt}".encode("utf-8")).digest()
        pool = list(dict.fromkeys(options))
        answer = pool[random.Random(digest).randrange(len(pool))]
    elif kind == "open":
        counts = Counter(options)
        answer = max(dict.fromkeys(options), key=lambda c: counts[c])
    else:
        answer = options[0]
    return f"ANSWER: {answer}" if kind == "inspect-mcq" else answer


class Baseline(ModelAPI):
    """``mindgames/random``, ``mindgames/majority`` or ``mindgames/hypothesis-only``."""

    def __init__(self, model_name: str, base_url: str | None = None, api_key: str | None = None,
                 config: GenerateConfig = GenerateConfig(), seed: int | str = 0,
                 **model_args: Any) -> None:
        super().__init__(model_name, base_url, api_key, [], config)
        if model_name not in BASELINE_NAMES:
            raise ValueError(f"mindgames/{model_name}: the baselines are "
                             + ", ".join(f"mindgames/{n}" for n in BASELINE_NAMES))
        self.seed = int(seed)
        self.blind = None
        if model_name == "hypothesis-only":
            train = model_args.get("train")
            if not train:
                raise ValueError("mindgames/hypothesis-only learns from a train split: "
                                 "-M train=FILE (a dataset file, as mindgames eval --train)")
            self.blind = PremiseBlind(str(train), self.seed)

    async def generate(self, input: list[ChatMessage], tools: list[ToolInfo],
                       tool_choice: ToolChoice, config: GenerateConfig) -> ModelOutput:
        prompt = next((m.text for m in reversed(input) if m.role == "user"), "")
        text = baseline_reply(self.model_name, prompt, self.seed, self.blind)
        out = ModelOutput.from_content(model=f"mindgames/{self.model_name}", content=text)
        n_in, n_out = len(prompt.split()), max(1, len(text.split()))
        out.usage = ModelUsage(input_tokens=n_in, output_tokens=n_out, total_tokens=n_in + n_out)
        return out

    async def count_text_tokens(self, text: str) -> int:
        return len(text.split())

    def max_connections(self) -> int:
        return 8


@modelapi(name="mindgames")
def mindgames_baselines():
    return Baseline
