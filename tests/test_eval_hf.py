"""``-m hf:PATH``: a local transformers model scored by the log-likelihood of each option
(optional: needs transformers and torch; never downloads)."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from pyfront.cli import main
from pyfront.evaluation.items import build_items, settings
from pyfront.data.loading import read_rows

HAVE_HF = all(importlib.util.find_spec(m) is not None for m in ("transformers", "torch", "tokenizers"))


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("eval-hf") / "data"
    assert main(["generate", "--size", "10", "--seed", "9", "-o", str(out), "--quiet"]) == 0  # 8 test rows
    return out


def test_without_the_extra_one_line(dataset, tmp_path, capsys, monkeypatch):
    # the extra made absent whether or not it is installed: an import of either fails
    monkeypatch.setitem(sys.modules, "torch", None)
    monkeypatch.setitem(sys.modules, "transformers", None)
    assert main(["eval", str(dataset), "-m", "hf:/nowhere", "-o", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "mindgames[hf]" in err[0]


@pytest.mark.skipif(not HAVE_HF, reason="transformers, torch and tokenizers are not installed "
                                        "(pip install 'mindgames[hf]')")
def test_tiny_local_model(dataset, tmp_path):
    import torch
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import GPT2Config, GPT2LMHeadModel, PreTrainedTokenizerFast

    rows = list(read_rows(dataset / "test.jsonl"))[:3]
    items = build_items(rows, settings(["nli"], ["retrospective"], ["hard"], ["none"])).items
    words = sorted({w for it in items for w in re.findall(r"\S+", it.prompt + " True False")})
    vocab = {w: i for i, w in enumerate(["[UNK]", *words])}
    tok = Tokenizer(models.WordLevel(vocab=vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]", bos_token="[UNK]",
                                   eos_token="[UNK]")
    model_dir = tmp_path / "tiny"
    fast.save_pretrained(model_dir)
    torch.manual_seed(0)
    model = GPT2LMHeadModel(GPT2Config(vocab_size=len(vocab), n_positions=512, n_embd=16,
                                       n_layer=1, n_head=2))
    model.save_pretrained(model_dir)
    model.eval()  # no dropout: the log-likelihoods below are the model's, not a sample
    assert main(["eval", str(dataset), "-m", f"hf:{model_dir}", "-o", str(tmp_path / "run"),
                 "--limit", "3"]) == 0
    results = [json.loads(x) for x in (tmp_path / "run" / "results.jsonl").read_text().splitlines()]
    assert len(results) == 3 and all(r["prediction"] in ("True", "False") for r in results)

    def loglik(prompt: str, option: str) -> float:
        ids = [vocab.get(w, 0) for w in prompt.split()] + [vocab[option]]
        with torch.no_grad():
            logits = model(torch.tensor([ids])).logits[0]
        return float(torch.log_softmax(logits[-2], -1)[ids[-1]])

    for r in results:
        scores = {o: loglik(r["prompt"], o) for o in ("True", "False")}
        assert r["prediction"] == max(scores, key=scores.get)
