"""The generation pipeline's guarantees, on small runs.

Labels are re-derived from the written SMCDEL text (parser + native backend), a path
independent of the one the pipeline labels with (formula trees straight to the engine).
"""

from __future__ import annotations

import json
from collections import Counter
from smcdel_bridge.values import replace

import pytest

from pyfront.generate.card import render_card
from pyfront.generate.names import sex_of
from pyfront.generate.pipeline import COLUMNS, GenerateConfig, generate, verify, write_splits
from pyfront.generate.sampling import SamplingParams
from pyfront.generate.split import SPLIT_NAMES
from pyfront.verbalize import premise as premise_text
from pyfront.problem.to_smcdel import render as smcdel_text

SMALL = GenerateConfig(size=24, seed=5)


@pytest.fixture(scope="module")
def small():
    return generate(SMALL, workers=1)


def _files(result, tmp_path) -> dict[str, bytes]:
    write_splits(result, tmp_path)
    (tmp_path / "README.md").write_text(render_card(result), encoding="utf-8")
    return {p.name: p.read_bytes() for p in sorted(tmp_path.iterdir())}


def _rederive(rows):
    from smcdel_bridge.backend import get_backend
    from smcdel_bridge.syntax import parse_input

    backend = get_backend("native")
    out = []
    for r in rows:
        valid = backend.run(parse_input(r["smcdel_problem"]))[0].value
        contradictory = backend.run(parse_input(r["pbcheck"]))[0].value
        out.append(("entailment" if valid else "not_entailment", contradictory))
    return out


def test_sizes_balance_and_columns(small):
    rows = small.rows
    assert len(rows) == 4 * 24
    by_setup = Counter((r["setup"], r["label"]) for r in rows)
    for setup in SMALL.setups:
        assert by_setup[(setup, "entailment")] == by_setup[(setup, "not_entailment")] == 12
    for r in rows:
        assert tuple(r) == COLUMNS
    assert verify(small) == []


def test_labels_rederive_from_the_written_text(small):
    rows = small.rows
    for r, (label, contradictory) in zip(rows, _rederive(rows)):
        assert not contradictory, r["id"]
        assert label == r["label"], r["id"]


def test_no_duplicates_no_leaks(small):
    pairs = [(r["premise"], r["hypothesis"]) for r in small.rows]
    assert len(set(pairs)) == len(pairs)
    assert len({r["id"] for r in small.rows}) == len(pairs)
    homes = {}
    for name in SPLIT_NAMES:
        for r in small.splits[name]:
            assert homes.setdefault(r["premise"], name) == name
    # the same premise (up to names) is never in two splits either
    structural = {}
    for name in SPLIT_NAMES:
        for r in small.splits[name]:
            assert structural.setdefault((r["setup"], r["pbcheck"]), name) == name


def test_every_split_is_balanced_per_setup(small):
    for name in SPLIT_NAMES:
        c = Counter((r["setup"], r["label"]) for r in small.splits[name])
        for setup in SMALL.setups:
            assert c[(setup, "entailment")] == c[(setup, "not_entailment")]
    sizes = [len(small.splits[n]) for n in SPLIT_NAMES]
    assert sizes[0] > sizes[1] > 0 and sizes[2] > 0


def test_rows_are_consistent(small):
    from pyfront.problem.dsl import parse_problem

    for r in small.rows:
        assert len(r["names"]) == r["n_agents"] == len(set(r["names"]))
        sexes = Counter(sex_of(n) for n in r["names"])
        assert abs(sexes["F"] - sexes["M"]) <= 1
        assert r["smcdel_problem"].count("[ !") - 1 == r["n_announcements"]
        assert r["premise"].count("It is publicly announced") - 1 == r["n_announcements"]
        pb = parse_problem(r["problem"])  # the DSL text reads back to the same problem
        assert smcdel_text(pb, 0) == r["smcdel_problem"]
        assert pb.hypotheses[0].expected_label == r["label"]
        assert premise_text(pb) == r["premise"]


def test_same_seed_same_bytes_whatever_the_workers(small, tmp_path):
    one = _files(small, tmp_path / "a")
    again = _files(generate(SMALL, workers=2), tmp_path / "b")
    assert one == again
    other = _files(generate(replace(SMALL, seed=6), workers=1), tmp_path / "c")
    assert other["train.jsonl"] != one["train.jsonl"]


def test_many_agents_and_deep_hypotheses(tmp_path):
    config = GenerateConfig(
        size=8, seed=2, setups=("forehead", "explicit"),
        sampling=SamplingParams(agents=(7, 8), orders=(3, 4), announcements=(0, 3)),
    )
    result = generate(config, workers=1)
    assert verify(result) == []
    rows = result.rows
    assert len(rows) == 16
    assert {r["n_agents"] for r in rows} <= {7, 8}
    assert {r["hypothesis_depth"] for r in rows} <= {2, 3}
    for r, (label, contradictory) in zip(rows, _rederive(rows)):
        assert not contradictory and label == r["label"]


def test_too_small_a_space_gives_what_exists_balanced():
    config = GenerateConfig(
        size=400, seed=0, setups=("forehead_mirror",),
        sampling=SamplingParams(agents=(2, 2), orders=(1, 1), announcements=(0, 0)),
    )
    result = generate(config, workers=1)
    got = result.shortfalls()
    assert set(got) == {"forehead_mirror"} and 0 < got["forehead_mirror"] < 400
    assert verify(result) == []
    assert len({r["premise"] for r in result.rows}) == 1  # the only premise there is


def test_odd_or_empty_sizes_are_rejected():
    with pytest.raises(ValueError):
        GenerateConfig(size=5)
    with pytest.raises(ValueError):
        GenerateConfig(size=0)
    with pytest.raises(ValueError):
        GenerateConfig(size=4, setups=())


def test_jsonl_lines_are_plain_json(small, tmp_path):
    write_splits(small, tmp_path)
    for name in SPLIT_NAMES:
        lines = (tmp_path / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        assert len(lines) == len(small.splits[name])
        for line in lines:
            row = json.loads(line)
            assert isinstance(row["names"], list) and isinstance(row["n_agents"], int)
