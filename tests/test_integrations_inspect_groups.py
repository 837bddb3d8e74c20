"""Inspect's grouped scores carry their group names: a log's metrics say which key each
group belongs to (``order=1``, not ``1``), and each is the accuracy of the samples whose
metadata has that value, counted here from the log's own samples."""

from __future__ import annotations

from collections import defaultdict

from requirements import require_extra

require_extra("inspect_ai", "inspect")
require_extra("openai", "inspect")

from inspect_ai.log import read_eval_log  # noqa: E402

from integrations_support import inspect_eval  # noqa: E402
from pyfront.integrations.inspect_samples import GROUPS  # noqa: E402


def test_grouped_scores_are_named_by_their_key(tmp_path):
    log = read_eval_log(str(inspect_eval(tmp_path, "mindgames/stories", "mindgames/majority",
                                         "--limit", "20")))
    assert log.status == "success"
    (score,) = log.results.scores
    metrics = {name: m.value for name, m in score.metrics.items()}
    expected: dict[str, list[bool]] = defaultdict(list)
    for s in log.samples:
        (value,) = s.scores.values()
        for key in GROUPS:
            expected[f"{key}={s.metadata[key]}"].append(value.value == "C")
    grouped = {k: v for k, v in metrics.items() if k not in ("accuracy", "stderr")}
    assert set(grouped) == set(expected)
    for name, right in expected.items():
        assert abs(grouped[name] - sum(right) / len(right)) < 1e-9, name
    # every key is there, so a reader tells deception=False from shortcut groups
    assert {name.split("=", 1)[0] for name in grouped} == set(GROUPS)
