"""Distributions at the default settings against the published split, and what steers them.

The published figures are read from ``STATS.md`` of the shared MindGames data (the tests
that need them skip with a reason when it is absent).  Runs are seeded, so the measured
distances are fixed numbers; the tolerances leave room for changes of the procedure that
keep the fit, and fail on ones that lose it (the generator before calibration measured
TV 0.115 on agents, 0.093 on depth, 0.090 on announcement counts, 0.111 on hypotheses).
"""

from __future__ import annotations

import random
from collections import Counter
from smcdel_bridge.values import replace

import pytest
from conftest import shared_file

from pyfront.generate import calibration as C
from pyfront.generate import stats as S
from pyfront.generate.pipeline import (
    CheckedDraw, CheckResult, GenerateConfig, SetupProgress, generate, verify,
)
from pyfront.generate.sampling import (
    Draw, PremiseDraft, SamplingParams, calibrated_weights, paper_params, weighted_pick,
)

#: table -> largest total variation distance accepted at the default settings
TOLERANCE = {
    "n_agents": 0.04,
    "hypothesis_depth": 0.03,
    "n_announcements": 0.05,
    "further announcements": 0.06,
    "hypotheses": 0.075,
}


@pytest.fixture(scope="module")
def default_rows():
    rows = []
    for seed in (0, 1):
        # the published-calibrated selection, explicitly (not --balance hypothesis)
        result = generate(GenerateConfig(size=300, seed=seed, balance="none"), workers=1)
        assert verify(result) == []
        rows += result.rows
    return rows


@pytest.fixture(scope="module")
def published():
    return S.read_stats_markdown(shared_file("mindgames", "STATS.md"))


@pytest.mark.parametrize("table", sorted(TOLERANCE))
def test_default_distribution_is_close_to_the_published_split(default_rows, published, table):
    ours = S.distribution(default_rows)
    tv = S.total_variation(ours[table], published[table])
    assert tv <= TOLERANCE[table], (table, round(tv, 3), S.comparison_rows(ours[table], published[table]))


def test_steered_shares_are_close_to_the_published_ones(default_rows, published):
    ours = S.rate_shares(S.distribution(default_rows))
    target = S.rate_shares(published)
    for name, value in target.items():
        assert abs(ours[name] - value) <= 0.04, (name, ours[name], value)


def test_more_agents_give_more_rows_per_premise():
    """Like the published pipeline's, a premise's rows grow with its distinct hypotheses."""
    config = GenerateConfig(size=200, seed=3, setups=("forehead",), pair_rate=1.0)
    result = generate(config, workers=1)
    per_premise: dict[int, list[int]] = {}
    for group in result.progress["forehead"].groups.values():
        per_premise.setdefault(group.premise.n_agents, []).append(len(group.rows))
    mean = {n: sum(v) / len(v) for n, v in per_premise.items()}
    assert mean[4] > mean[2]


def test_weights_steer_the_draws():
    rng = random.Random(0)
    assert {weighted_pick(rng, 2, 4, (0.0, 1.0, 0.0)) for _ in range(50)} == {3}
    counts = Counter(weighted_pick(rng, 0, 1, (1.0, 3.0)) for _ in range(4000))
    assert 0.7 < counts[1] / 4000 < 0.8
    # counts beyond the range a problem allows are never drawn (0-N with N = 2)
    assert {weighted_pick(rng, 0, 2, C.PAPER_ANNOUNCEMENT_WEIGHTS) for _ in range(300)} == {0, 1, 2}
    # a weighted pick uses exactly one number of the stream (draws stay aligned)
    a, b = random.Random(5), random.Random(5)
    weighted_pick(a, 0, 3, (1.0, 2.0, 3.0, 4.0))
    b.random()
    assert a.random() == b.random()
    config = GenerateConfig(size=40, seed=1, setups=("internal",),
                            sampling=paper_params(agent_weights=(0.0, 0.0, 1.0)))
    assert {r["n_agents"] for r in generate(config, workers=1).rows} == {4}


def test_calibrated_weights_apply_only_to_the_paper_ranges():
    assert paper_params().agent_weights == C.PAPER_AGENT_WEIGHTS
    assert paper_params().knowledge_rate == C.PAPER_RATES["knowledge_rate"]
    wide = paper_params(agents=(2, 8), orders=(1, 4))
    assert wide.agent_weights is None and wide.order_weights is None
    assert wide.announcement_weights is None  # 0-N with 8 agents needs 9 weights
    assert calibrated_weights((2, 3), (1, 2), (0, None))["announcement_weights"] is not None
    assert calibrated_weights((2, 4), (1, 2), (0, 3))["announcement_weights"] is None
    assert GenerateConfig(size=2).sampling == paper_params()
    assert SamplingParams().agent_weights is None  # the nominal settings stay uniform


@pytest.mark.parametrize(
    "kwargs",
    [
        {"agent_weights": (1.0, 1.0)},
        {"order_weights": (0.0, 0.0)},
        {"order_weights": (1.0, -1.0)},
        {"agents": (2, 4), "announcement_weights": (1.0, 1.0, 1.0, 1.0)},
        {"announcement_atom_rate": 1.5},
    ],
)
def test_bad_weights_are_rejected(kwargs):
    with pytest.raises(ValueError):
        SamplingParams(**kwargs)


def test_bad_pair_rates_are_rejected():
    for rate in (0.0, -0.5, 1.5):
        with pytest.raises(ValueError):
            GenerateConfig(size=2, pair_rate=rate)


def _premise() -> PremiseDraft:
    return PremiseDraft("internal", 2, ((1,), (2,)), (("some", 2),))


def _checked(want: int, labels: tuple[bool, ...]) -> CheckedDraw:
    hyps = tuple(("k", 0, ("p", i)) for i in range(len(labels)))
    return CheckedDraw(Draw(_premise(), 0, hyps), False, labels, want=want)


def _result(*checked: CheckedDraw) -> CheckResult:
    return CheckResult("internal", 0, list(checked), 0.0, 0.0, 0)


def test_selection_takes_the_pairs_a_draw_asks_for():
    p = SetupProgress("internal", quota_pairs=10)
    labels = (True, True, True, False, False, False)
    assert p.consume(_result(_checked(2, labels)), None) == 2
    # the same premise again: only hypotheses not yet taken, at most one label's worth
    assert p.consume(_result(_checked(3, labels)), None) == 1
    assert p.consume(_result(_checked(3, labels)), None) == 0 and p.one_sided == 1
    # a thinned draw (want 0) gives nothing and labels nothing
    assert p.consume(_result(CheckedDraw(Draw(_premise(), 0), False, ())), None) == 0
    assert p.thinned == 1
    [group] = p.groups.values()
    assert len(group.rows) == 6 and sum(label for _, _, label in group.rows) == 3
    assert len({h for h, _, _ in group.rows}) == 6 and p.repeated == 1


def test_selection_respects_the_cap_and_the_quota():
    labels = (True,) * 4 + (False,) * 4
    capped = SetupProgress("internal", quota_pairs=10)
    capped.consume(_result(_checked(3, labels), _checked(3, labels)), 2)
    assert capped.pairs == 2 and capped.capped == 1
    quota = SetupProgress("internal", quota_pairs=3)
    quota.consume(_result(_checked(4, labels)), None)
    assert quota.pairs == 3 and quota.done


def test_pair_rate_trades_premises_for_rows_per_premise():
    base = GenerateConfig(size=100, seed=2, setups=("explicit",))
    few = generate(replace(base, pair_rate=1.0), workers=1)
    many = generate(base, workers=1)
    assert verify(few) == [] and verify(many) == []
    assert len(few.progress["explicit"].groups) < len(many.progress["explicit"].groups)
