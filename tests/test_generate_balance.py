"""``--balance hypothesis``: every hypothesis shape exactly half entailed, every other
guarantee kept, and a premise-blind classifier at chance."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from pyfront.cli import main
from pyfront.data.card import verify_dataset
from pyfront.evaluation.artifacts import hypothesis_only
from pyfront.generate.balance import same_shape_pairs, shape
from pyfront.generate.pipeline import GenerateConfig, generate, verify

SPLITS = ("train", "validation", "test")


def premise_blind_view(row: dict) -> str:
    """The hypothesis as a reader without the premise sees it, names aside: each name
    replaced by its rank of first appearance (``X0 can now know that X1 …``)."""
    names = sorted(row["names"], key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    seen: dict[str, int] = {}
    return pattern.sub(lambda m: f"X{seen.setdefault(m.group(1), len(seen))}", row["hypothesis"])


@pytest.fixture(scope="module")
def balanced():
    return generate(GenerateConfig(size=200, seed=5, balance="hypothesis"))


def test_shape_sees_operators_agents_and_statement():
    assert shape(("k", 2, ("p", 3))) == (("k",), (0,), ("p", 0))
    assert shape(("kw", 0, ("p", 3))) == (("kw",), (0,), ("p", None))
    assert shape(("k", 1, ("kw", 0, ("p", 2)))) == (("k", "kw"), (0, 1), ("p", 0))
    assert shape(("kw", 1, ("k", 0, ("kw", 1, ("every", 3))))) == (("kw", "k", "kw"), (0, 1, 0), ("every",))
    assert shape(("k", 0, ("not", ("some", 4)))) == (("k",), (0,), ("nobody",))
    assert shape(("k", 0, ("some", 4))) != shape(("kw", 0, ("some", 4)))


def test_pairs_are_of_one_shape_and_deterministic():
    yes = [("kw", 0, ("some", 3)), ("k", 0, ("p", 1)), ("k", 1, ("p", 1))]
    no = [("k", 2, ("p", 3)), ("k", 1, ("p", 3)), ("k", 0, ("every", 3))]
    pairs = same_shape_pairs(yes, no, 5)
    assert pairs == [(("k", 0, ("p", 1)), ("k", 2, ("p", 3))),
                     (("k", 1, ("p", 1)), ("k", 1, ("p", 3)))]
    assert same_shape_pairs(yes, no, 1) == pairs[:1]
    assert same_shape_pairs(yes[:1], no, 3) == []


def test_every_stratum_of_every_split_is_exactly_balanced(balanced):
    assert verify(balanced) == []
    counts = Counter(
        (split, row["setup"], premise_blind_view(row), row["label"])
        for split in SPLITS for row in balanced.splits[split]
    )
    strata = {key[:3] for key in counts}
    assert len(strata) > 50
    for key in strata:
        assert counts[key + ("entailment",)] == counts[key + ("not_entailment",)], key
    # and by the sampler's own shapes, premise by premise
    for p in balanced.progress.values():
        for group in p.groups.values():
            by = Counter((shape(h), label) for h, _, label in group.rows)
            assert all(by[(s, True)] == by[(s, False)] for s, _ in by)


def test_the_default_selection_is_not_balanced_by_shape():
    result = generate(GenerateConfig(size=200, seed=5))
    assert result.config.balance == "none"
    counts = Counter((row["setup"], premise_blind_view(row), row["label"]) for row in result.rows)
    uneven = [k for k in {k[:2] for k in counts}
              if counts[k + ("entailment",)] != counts[k + ("not_entailment",)]]
    assert len(uneven) > 50


def test_balanced_mode_keeps_sizes_and_labels_per_setup(balanced):
    assert len(balanced.rows) == 800
    for setup, p in balanced.progress.items():
        labels = Counter(r["label"] for r in balanced.rows if r["setup"] == setup)
        assert labels == {"entailment": 100, "not_entailment": 100}, setup


def _bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_same_bytes_whatever_the_workers_and_card_matches(tmp_path):
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}"
        assert main(["generate", "--size", "100", "--seed", "7", "--balance", "hypothesis",
                     "--workers", str(workers), "--quiet", "-o", str(out)]) == 0
        outs.append(out)
    assert _bytes(outs[0]) == _bytes(outs[1])
    assert verify_dataset(outs[0]) == []
    card = (outs[0] / "README.md").read_text(encoding="utf-8")
    assert "--balance hypothesis" in card and "Selection `--balance hypothesis`" in card
    # the card's command line reproduces the files
    command = re.search(r"^mindgames generate .*$", card, re.M).group(0).split()[2:]
    again = tmp_path / "again"
    command[command.index("-o") + 1] = str(again)
    assert main(["generate", *command, "--quiet"]) == 0
    assert _bytes(again) == _bytes(outs[0])


def test_the_default_selection_is_balanced_and_the_published_one_is_named(tmp_path):
    out = tmp_path / "d"
    assert main(["generate", "--size", "100", "--seed", "7", "--quiet", "-o", str(out)]) == 0
    assert "--balance hypothesis" in (out / "README.md").read_text(encoding="utf-8")
    out = tmp_path / "n"
    assert main(["generate", "--size", "100", "--seed", "7", "--balance", "none", "--allow-leaks",
                 "--quiet", "-o", str(out)]) == 0
    card = (out / "README.md").read_text(encoding="utf-8")
    assert "--balance none --allow-leaks" in card and "published-calibrated" in card


def test_unknown_balance_mode_is_refused():
    with pytest.raises(ValueError, match="balance must be one of none, hypothesis"):
        GenerateConfig(size=10, balance="shape")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_hypothesis_only_baseline_sits_at_chance(seed):
    balanced = generate(GenerateConfig(size=1000, seed=seed, balance="hypothesis"))
    check = hypothesis_only(balanced.splits["train"], balanced.splits["test"])
    assert check.chance == 0.5 and check.n >= 780
    assert abs(check.accuracy - 0.5) <= 0.05, check
    assert not check.flagged
    published = generate(GenerateConfig(size=1000, seed=seed))
    assert hypothesis_only(published.splits["train"], published.splits["test"]).accuracy >= 0.7


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4])
def test_balanced_sweep_keeps_every_guarantee(tmp_path, seed):
    out = tmp_path / "g"
    assert main(["generate", "--size", "2000", "--seed", str(seed), "--balance", "hypothesis",
                 "-o", str(out), "--quiet"]) == 0
    assert verify_dataset(out) == []
    rows = {s: [json.loads(line) for line in (out / f"{s}.jsonl").read_text(encoding="utf-8").splitlines()]
            for s in SPLITS}
    every = [r for s in SPLITS for r in rows[s]]
    assert len(every) == 8000
    assert len({r["id"] for r in every}) == 8000
    assert len({(r["premise"], r["hypothesis"]) for r in every}) == 8000
    homes: dict[str, set[str]] = {}
    for s in SPLITS:
        for r in rows[s]:
            homes.setdefault(r["premise"], set()).add(s)
    assert all(len(v) == 1 for v in homes.values())
    counts = Counter((s, r["setup"], premise_blind_view(r), r["label"]) for s in SPLITS for r in rows[s])
    assert all(counts[k[:3] + ("entailment",)] == counts[k[:3] + ("not_entailment",)] for k in counts)
