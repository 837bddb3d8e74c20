"""``hf:PATH_OR_NAME``: a local transformers causal language model that picks the option
whose continuation it finds most likely (the optional ``hf`` extra).

Only files already on this machine are read (``local_files_only``): nothing is downloaded.
"""

from __future__ import annotations

from ..errors import UserError
from .items import EvalItem
from .model_api import Model, Reply, option_reply


class HFLogLikelihood(Model):
    def __init__(self, name: str):
        import os

        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # and local_files_only below: no hub
        try:
            import torch
            import transformers
        except ImportError:
            raise UserError("hf: models need transformers and torch: pip install 'mindgames[hf]'") from None
        self.spec = f"hf:{name}"
        self.torch = torch
        try:
            self.tokenizer = transformers.AutoTokenizer.from_pretrained(name, local_files_only=True)
            self.model = transformers.AutoModelForCausalLM.from_pretrained(name, local_files_only=True)
        except (OSError, ValueError) as err:
            first = str(err).splitlines()[0] if str(err) else type(err).__name__
            raise UserError(f"hf:{name}: no local model there ({first})") from None
        self.model.eval()

    def loglikelihood(self, context: str, continuation: str) -> float:
        """log P(continuation | context), summed over the continuation's tokens."""
        torch = self.torch
        ctx = self.tokenizer(context, add_special_tokens=False)["input_ids"]
        whole = self.tokenizer(context + continuation, add_special_tokens=False)["input_ids"]
        n_ctx = len(ctx)
        if whole[:n_ctx] != ctx:  # the tokenizer merged across the boundary
            n_ctx = max(0, n_ctx - 1)
        if not n_ctx:
            bos = self.tokenizer.bos_token_id
            if bos is None:
                bos = self.tokenizer.eos_token_id
            whole, n_ctx = [bos, *whole], 1
        ids = torch.tensor([whole])
        with torch.no_grad():
            logits = self.model(ids).logits[0]
        logprobs = torch.log_softmax(logits.float(), dim=-1)
        return float(sum(logprobs[i - 1, whole[i]] for i in range(n_ctx, len(whole))))

    def respond(self, item: EvalItem) -> Reply:
        scores = [self.loglikelihood(item.prompt, " " + text) for text in item.options]
        return Reply(option_reply(item, scores.index(max(scores))))
