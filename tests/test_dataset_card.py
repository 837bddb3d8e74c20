"""Written datasets load cleanly in Hugging Face ``datasets`` and in pandas.

The real libraries read the folders the toolkit writes (offline, local files only): no
warning, the three splits, the features and dtypes the card declares, and the card's row
counts and sizes.  When the card and the files disagree, the check says so and
``datasets`` refuses to load.
"""

from __future__ import annotations

import os

# before datasets is imported: it reads these once
os.environ["HF_DATASETS_OFFLINE"] = "1"
os.environ["HF_HUB_OFFLINE"] = "1"

import json  # noqa: E402
import logging  # noqa: E402
import shutil  # noqa: E402
import warnings  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from pyfront.cli import main  # noqa: E402
from pyfront.data.card import (  # noqa: E402
    CardMetadata, Feature, arrow_num_bytes, features_of, read_header, verify_dataset,
    write_dataset,
)

# the test extra installs both: a missing one is a failure, not a skip
import datasets  # noqa: E402
import pandas as pd  # noqa: E402

SPLITS = ("train", "validation", "test")


@contextmanager
def no_warnings():
    """Fails the test on any warning: Python warnings and log records of WARNING or above
    (``datasets`` reports a card it ignores through its logger, which does not propagate)."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(record)

    handler = Keep(logging.WARNING)
    loggers = [logging.getLogger(n) for n in ("", "datasets", "huggingface_hub", "fsspec")]
    for lg in loggers:
        lg.addHandler(handler)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield
    finally:
        for lg in loggers:
            lg.removeHandler(handler)
    assert [str(w.message) for w in caught] == []
    assert [r.getMessage() for r in records] == []


def load(directory: Path, cache: Path):
    datasets.disable_progress_bars()
    return datasets.load_dataset(str(directory), cache_dir=str(cache))


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gen") / "ds"
    assert main(["generate", "--size", "40", "--seed", "3", "-o", str(out), "--quiet"]) == 0
    return out


def _expected_feature(f: Feature):
    value = datasets.Value(f.dtype)
    return datasets.List(value) if f.sequence else value


def assert_loads_as_declared(directory: Path, cache: Path) -> None:
    header = read_header(directory / "README.md")
    features = features_of(header)
    infos = {i["name"]: i for i in header["dataset_info"]["splits"]}
    with no_warnings():
        ds = load(directory, cache)
    assert set(ds) == set(SPLITS) == set(infos)
    for split in SPLITS:
        d = ds[split]
        assert d.num_rows == infos[split]["num_examples"]
        assert list(d.features) == [f.name for f in features]
        for f in features:
            assert d.features[f.name] == _expected_feature(f), f.name
        assert d.data.nbytes == infos[split]["num_bytes"]
    # pandas
    for split in SPLITS:
        with no_warnings():
            df = pd.read_json(directory / f"{split}.jsonl", lines=True, dtype=False)
        assert len(df) == infos[split]["num_examples"]
        assert list(df.columns) == [f.name for f in features]
        for f in features:
            col = df[f.name]
            if f.sequence:
                assert all(isinstance(v, list) for v in col), f.name
            elif f.dtype == "int64":
                assert col.dtype == "int64", f.name
            elif f.dtype == "float64":
                assert col.dtype == "float64", f.name
            elif f.dtype == "bool":
                assert col.dtype == "bool", f.name
            else:
                assert pd.api.types.is_string_dtype(col), f.name


def test_generated_dataset_loads_without_warning(generated, tmp_path):
    assert verify_dataset(generated) == []
    assert_loads_as_declared(generated, tmp_path / "cache")


@pytest.fixture(scope="module")
def stories(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("stories") / "ds"
    assert main(["generate", "--family", "stories", "--size", "20", "--seed", "1", "-o",
                 str(out), "--quiet"]) == 0
    return out


@pytest.mark.parametrize("form", ["qa", "nli"])
def test_story_datasets_load_without_warning(stories, tmp_path, form):
    assert verify_dataset(stories / form) == []
    assert_loads_as_declared(stories / form, tmp_path / "cache")


def test_card_declares_every_documented_field(generated):
    header = read_header(generated / "README.md")
    for key in ("pretty_name", "license", "language", "task_categories", "task_ids",
                "size_categories", "tags", "configs", "dataset_info"):
        assert header.get(key), key
    info = header["dataset_info"]
    assert all(set(s) == {"name", "num_bytes", "num_examples"} for s in info["splits"])
    assert all(isinstance(s["num_bytes"], int) and isinstance(s["num_examples"], int)
               for s in info["splits"])
    assert info["dataset_size"] == sum(s["num_bytes"] for s in info["splits"])
    assert info["download_size"] == sum((generated / f"{s}.jsonl").stat().st_size for s in SPLITS)
    (config,) = header["configs"]
    assert [d["split"] for d in config["data_files"]] == list(SPLITS)


def test_card_and_files_disagreeing_is_found(generated, tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(generated, broken)
    path = broken / "test.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:-1]), encoding="utf-8")
    problems = verify_dataset(broken)
    assert any(f"the card says {len(lines)} rows, test.jsonl has {len(lines) - 1}" in p
               for p in problems), problems
    with pytest.raises(datasets.exceptions.NonMatchingSplitsSizesError):
        load(broken, tmp_path / "cache")


def test_a_value_of_the_wrong_type_is_found(generated, tmp_path):
    broken = tmp_path / "typed"
    shutil.copytree(generated, broken)
    path = broken / "validation.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    rows[1]["n_agents"] = str(rows[1]["n_agents"])
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert verify_dataset(broken) == ["validation row 1: n_agents must be int64, not str"]


FEATURES = (
    Feature("id", "string"),
    Feature("story", "string", doc="a story"),
    Feature("answer", "bool"),
    Feature("score", "float64"),
    Feature("steps", "int64", sequence=True),
    Feature("who", "string", sequence=True),
)


def _rows(n: int, start: int) -> list[dict]:
    return [{"id": f"r{start + k}", "story": "Anne moved the marble. ✓" * (k % 3),
             "answer": k % 2 == 0, "score": k / 7, "steps": list(range(k % 4)),
             "who": ["Sally", "Anne"][: k % 3]} for k in range(n)]


def test_write_dataset_serves_other_writers(tmp_path):
    out = tmp_path / "stories"
    splits = {"train": _rows(13, 0), "validation": _rows(5, 100), "test": _rows(9, 200)}
    meta = CardMetadata(pretty_name="stories", task_categories=("question-answering",))
    write_dataset(out, splits, FEATURES, meta, "# stories\n\nA test dataset.\n")
    assert verify_dataset(out) == []
    assert (out / "README.md").read_text(encoding="utf-8").endswith("A test dataset.\n")
    assert_loads_as_declared(out, tmp_path / "cache")


def test_write_dataset_rejects_rows_that_do_not_fit(tmp_path):
    bad = _rows(3, 0)
    bad[2]["score"] = "high"
    with pytest.raises(ValueError, match="train row 2: score must be float64, not str"):
        write_dataset(tmp_path / "x", {"train": bad}, FEATURES, CardMetadata("x"), "")
    assert not (tmp_path / "x").exists()
    with pytest.raises(ValueError, match="null"):
        arrow_num_bytes([{"id": None}], FEATURES[:1])
