"""Our baselines as Inspect model providers: ``--model mindgames/random`` and
``--model mindgames/majority`` (extra ``[inspect]``).

They read the prompt only (a provider sees no sample metadata): the options of a
multiple-choice prompt (lines ``A. …``, or Inspect's template's ``A) …``), True/False
for an NLI prompt, the containers a story names for an open question.

* ``random``: an option drawn from a hash of the seed (``-M seed=``, default 0) and the
  prompt: the same prompt gets the same answer, in any run;
* ``majority``: the constant answer: ``True``, ``A``, and for an open question the
  container the story names most often (the first named on a tie).

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
from typing import Any

from inspect_ai.model import (
    ChatMessage, GenerateConfig, ModelAPI, ModelOutput, ModelUsage, modelapi,
)
from inspect_ai.tool import ToolChoice, ToolInfo

from ..evaluation.prompts import LETTERS, NLI_OPTIONS

__all__ = ["Baseline", "BASELINE_NAMES", "prompt_options", "baseline_reply"]

BASELINE_NAMES = ("random", "majority")

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


def baseline_reply(name: str, prompt: str, seed: int = 0) -> str:
    kind, options = prompt_options(prompt)
    if not options:
        return ""
    if name == "random":
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
    """``mindgames/random`` or ``mindgames/majority``."""

    def __init__(self, model_name: str, base_url: str | None = None, api_key: str | None = None,
                 config: GenerateConfig = GenerateConfig(), seed: int | str = 0,
                 **model_args: Any) -> None:
        super().__init__(model_name, base_url, api_key, [], config)
        if model_name not in BASELINE_NAMES:
            raise ValueError(f"mindgames/{model_name}: the baselines are "
                             + ", ".join(f"mindgames/{n}" for n in BASELINE_NAMES))
        self.seed = int(seed)

    async def generate(self, input: list[ChatMessage], tools: list[ToolInfo],
                       tool_choice: ToolChoice, config: GenerateConfig) -> ModelOutput:
        prompt = next((m.text for m in reversed(input) if m.role == "user"), "")
        text = baseline_reply(self.model_name, prompt, self.seed)
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
