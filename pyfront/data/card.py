"""Datasets on disk: one JSON-lines file per split and a dataset card that loaders trust.

Every dataset the toolkit writes goes through :func:`write_dataset`: it writes the split
files (columns in the declared order, atomically) and ``README.md``, whose YAML header is
what Hugging Face ``datasets`` reads — ``configs`` (which file is which split),
``dataset_info`` (features with their dtypes, and per split ``name``, ``num_bytes``,
``num_examples``; ``download_size``, ``dataset_size``) and the hub's descriptive fields.
``num_bytes`` is the split's size as an Arrow table, computed exactly the way Arrow
counts it, so the card says what a loader will find.  :func:`verify_dataset` reads a
written folder back and lists every way the card and the files disagree.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from smcdel_bridge.values import field, value

#: dtype -> (Python types a value may have, bytes per value in Arrow; 0: variable)
_DTYPES: dict[str, tuple[tuple[type, ...], int]] = {
    "string": ((str,), 0),
    "int64": ((int,), 8),
    "float64": ((float, int), 8),
    "bool": ((bool,), 0),
}

DEFAULT_SPLITS = ("train", "validation", "test")


@value(frozen=True)
class Feature:
    """One column: its name, its dtype (``string``, ``int64``, ``float64``, ``bool``),
    whether each value is a list of that dtype, and what it means (for the card's prose)."""

    name: str
    dtype: str
    sequence: bool = False
    doc: str = ""

    def __post_init__(self) -> None:
        if self.dtype not in _DTYPES:
            raise ValueError(f"unknown dtype {self.dtype!r} (known: {', '.join(_DTYPES)})")

    @property
    def type_text(self) -> str:
        return f"list of {self.dtype}" if self.sequence else self.dtype

    def yaml_entry(self) -> dict:
        """The feature as ``datasets`` writes it in a card (``list:`` for sequences)."""
        return {"name": self.name, "list" if self.sequence else "dtype": self.dtype}

    def check(self, value: Any) -> str | None:
        """Why ``value`` does not fit this feature (None when it does)."""
        types, _ = _DTYPES[self.dtype]
        values = value if self.sequence else [value]
        if self.sequence and not isinstance(value, list):
            return f"{self.name} must be a list of {self.dtype}, not {type(value).__name__}"
        for v in values:
            if not isinstance(v, types) or (self.dtype in ("int64", "float64") and isinstance(v, bool)):
                return f"{self.name} must be {self.type_text}, not {type(v).__name__}"
        return None


@value(frozen=True)
class CardMetadata:
    """The descriptive fields of a card's header (Hugging Face's dataset card fields)."""

    pretty_name: str
    task_categories: tuple[str, ...] = ("text-classification",)
    task_ids: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    license: str = "mit"
    language: tuple[str, ...] = ("en",)
    annotations_creators: tuple[str, ...] = ("machine-generated",)
    language_creators: tuple[str, ...] = ("machine-generated",)
    multilinguality: tuple[str, ...] = ("monolingual",)
    source_datasets: tuple[str, ...] = ("original",)
    config_name: str = "default"
    extra: Mapping[str, Any] = field(default_factory=dict)


def size_category(rows: int) -> str:
    """Hugging Face ``size_categories`` bucket."""
    bounds = [(1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"),
              (1_000_000, "100K<n<1M"), (10_000_000, "1M<n<10M")]
    for bound, name in bounds:
        if rows < bound:
            return name
    return "10M<n<100M"


def _utf8(text: str) -> int:
    return len(text.encode("utf-8"))


def arrow_num_bytes(rows: Sequence[Mapping], features: Sequence[Feature]) -> int:
    """The size Arrow gives the table of ``rows`` (what ``datasets`` records as
    ``num_bytes``): per string value its bytes plus a 4-byte offset, per number 8 bytes,
    per list a 4-byte offset plus its items; booleans are bits.  Values may not be null."""
    n = len(rows)
    total = 0
    for f in features:
        values = [r[f.name] for r in rows]
        if any(v is None for v in values):
            raise ValueError(f"column {f.name} has a null value: every value must be given")
        items = [x for v in values for x in v] if f.sequence else values
        if f.sequence:
            total += 4 * n
        if f.dtype == "string":
            total += 4 * len(items) + sum(_utf8(x) for x in items)
        elif f.dtype == "bool":
            total += math.ceil(len(items) / 8)
        else:
            total += _DTYPES[f.dtype][1] * len(items)
    return total


def dumps_row(row: Mapping, features: Sequence[Feature]) -> str:
    """One JSON line, columns in declared order."""
    return json.dumps({f.name: row[f.name] for f in features}, ensure_ascii=False)


def split_file(name: str) -> str:
    return f"{name}.jsonl"


def card_header(
    splits: Mapping[str, Sequence[Mapping]],
    features: Sequence[Feature],
    metadata: CardMetadata,
    *,
    file_sizes: Mapping[str, int] | None = None,
) -> str:
    """The YAML header (between ``---`` lines) for ``splits`` (name -> rows, in order).

    ``file_sizes`` (split -> bytes of its file) gives ``download_size``; without it the
    files' size is computed from the rows as :func:`write_dataset` writes them."""
    import yaml

    infos = []
    for name, rows in splits.items():
        infos.append({"name": name, "num_bytes": arrow_num_bytes(rows, features),
                      "num_examples": len(rows)})
    if file_sizes is None:
        file_sizes = {name: sum(_utf8(dumps_row(r, features)) + 1 for r in rows)
                      for name, rows in splits.items()}
    m = metadata
    header: dict[str, Any] = {"pretty_name": m.pretty_name, "license": m.license,
                              "language": list(m.language)}
    for key in ("annotations_creators", "language_creators", "multilinguality",
                "source_datasets", "task_categories", "task_ids", "tags"):
        value = list(getattr(m, key))
        if value:
            header[key] = value
    header["size_categories"] = [size_category(sum(len(r) for r in splits.values()))]
    header.update(dict(m.extra))
    header["configs"] = [{
        "config_name": m.config_name,
        "data_files": [{"split": name, "path": split_file(name)} for name in splits],
        "default": True,
    }]
    header["dataset_info"] = {
        "config_name": m.config_name,
        "features": [f.yaml_entry() for f in features],
        "splits": infos,
        "download_size": sum(file_sizes[name] for name in splits),
        "dataset_size": sum(i["num_bytes"] for i in infos),
    }
    text = yaml.safe_dump(header, sort_keys=False, allow_unicode=True, width=1000)
    return f"---\n{text}---\n"


def check_rows(splits: Mapping[str, Iterable[Mapping]], features: Sequence[Feature]) -> None:
    """ValueError naming split, row and column for the first row that does not fit."""
    names = [f.name for f in features]
    for split, rows in splits.items():
        for k, row in enumerate(rows):
            if set(row) != set(names):
                missing = [n for n in names if n not in row]
                extra = [n for n in row if n not in names]
                raise ValueError(f"{split} row {k}: columns differ from the declared ones"
                                 f" (missing {missing}, undeclared {extra})")
            for f in features:
                why = f.check(row[f.name])
                if why:
                    raise ValueError(f"{split} row {k}: {why}")


def write_dataset(
    out_dir: str | os.PathLike,
    splits: Mapping[str, Sequence[Mapping]],
    features: Sequence[Feature],
    metadata: CardMetadata,
    body: str,
) -> list[Path]:
    """Write ``<split>.jsonl`` for every split and ``README.md`` (header, then ``body``).

    Rows are checked against ``features`` first (a ValueError names the bad row); every
    file is written to a temporary file first, and only when all are written do they
    replace the old ones, so a failed or interrupted write leaves no half file and never
    one split of the new dataset beside splits of the old."""
    check_rows(splits, features)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    files: dict[Path, bytes] = {}
    sizes: dict[str, int] = {}
    for name, rows in splits.items():
        data = "".join(dumps_row(r, features) + "\n" for r in rows).encode("utf-8")
        sizes[name] = len(data)
        files[out / split_file(name)] = data
    card = card_header(splits, features, metadata, file_sizes=sizes) + "\n" + body.lstrip("\n")
    files[out / "README.md"] = card.encode("utf-8")
    return _write_together(files)


def _write_together(files: dict[Path, bytes]) -> list[Path]:
    temporary = {path: path.with_name(path.name + ".tmp") for path in files}
    path = next(iter(files))
    try:
        for path, data in files.items():
            temporary[path].write_bytes(data)
        for path, tmp in temporary.items():
            os.replace(tmp, path)
    except OSError as err:  # a directory in the way, a full disk: name the file
        raise OSError(err.errno, err.strerror, str(path)) from None
    finally:  # (Ctrl-C too) what was not renamed goes
        for tmp in temporary.values():
            tmp.unlink(missing_ok=True)
    return list(files)


def read_header(path: str | os.PathLike) -> dict:
    """The YAML header of a card (ValueError when there is none)."""
    import yaml

    text = Path(path).read_text(encoding="utf-8")
    if not text.startswith("---\n") or "\n---\n" not in text[3:]:
        raise ValueError(f"{path}: no YAML header between '---' lines")
    data = yaml.safe_load(text[4:text.index("\n---\n", 3) + 1])
    if not isinstance(data, dict):
        raise ValueError(f"{path}: the YAML header is not a mapping")
    return data


def features_of(header: Mapping) -> list[Feature]:
    """The features a card declares."""
    out = []
    for entry in header["dataset_info"]["features"]:
        if "list" in entry:
            out.append(Feature(entry["name"], entry["list"], sequence=True))
        else:
            out.append(Feature(entry["name"], entry["dtype"]))
    return out


def verify_dataset(out_dir: str | os.PathLike) -> list[str]:
    """Every way the card of ``out_dir`` and its files disagree (empty: they agree)."""
    out = Path(out_dir)
    try:
        header = read_header(out / "README.md")
        features = features_of(header)
        infos = {i["name"]: i for i in header["dataset_info"]["splits"]}
        (config,) = header["configs"]
        files = {d["split"]: d["path"] for d in config["data_files"]}
    except (OSError, ValueError, KeyError, TypeError) as err:
        return [f"{out / 'README.md'}: unreadable card ({err})"]
    problems: list[str] = []
    if set(files) != set(infos):
        problems.append(f"splits of configs {sorted(files)} differ from dataset_info's {sorted(infos)}")
    splits: dict[str, list[dict]] = {}
    sizes: dict[str, int] = {}
    for name, rel in files.items():
        path = out / rel
        try:
            data = path.read_bytes()
        except OSError as err:
            problems.append(f"{path}: {err.strerror or err}")
            continue
        sizes[name] = len(data)
        rows = []
        for line_no, line in enumerate(data.splitlines(), 1):
            try:
                rows.append(json.loads(line))
            except ValueError:
                problems.append(f"{path}:{line_no}: not a JSON object")
        splits[name] = rows
    if problems:
        return problems
    try:
        check_rows(splits, features)
    except ValueError as err:
        problems.append(str(err))
        return problems
    for name, rows in splits.items():
        info = infos.get(name, {})
        if info.get("num_examples") != len(rows):
            problems.append(f"{name}: the card says {info.get('num_examples')} rows, "
                            f"{files[name]} has {len(rows)}")
        if info.get("num_bytes") != arrow_num_bytes(rows, features):
            problems.append(f"{name}: the card's num_bytes {info.get('num_bytes')} is not the "
                            f"data's {arrow_num_bytes(rows, features)}")
    if header["dataset_info"].get("download_size") != sum(sizes.values()):
        problems.append(f"download_size {header['dataset_info'].get('download_size')} is not "
                        f"the files' {sum(sizes.values())} bytes")
    return problems
