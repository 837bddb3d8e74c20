"""One audit: the items of every setting, their baselines, positions and "None of the
above" shares, and the shortcut model's columns; the result as ``audit.json`` data."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from smcdel_bridge.values import field, value

from pyfront.evaluation.items import NOTA, ItemBuilder, Setting
from .baselines import MARGIN, cross_fit
from .stats import uniformity

DEFAULT_FOLDS = 5


@value
class Source:
    """Rows read together (a file, a dataset folder's splits, or one form of a story
    dataset)."""

    name: str
    rows: list[tuple[int, dict[str, Any]]]
    settings: list[Setting] = field(default_factory=list)


def default_settings(rows: Sequence[tuple[int, dict[str, Any]]]) -> list[Setting]:
    """What the rows are as they stand: multiple choice with and without "None of the
    above" for question rows (with hard and with easy distractors when they carry
    ``easy_choices``), NLI for premise/hypothesis/label rows."""
    from .rows import row_form

    forms = {row_form(f) for _, f in rows[:200]}
    if "qa" in forms:
        graded = any(f.get("easy_choices") for _, f in rows[:200])
        return [Setting("mcq", "retrospective", d, p)
                for d in (("hard", "easy") if graded else ("hard",)) for p in ("none", "nota")]
    return [Setting("nli", "retrospective")]


def setting_name(setting: Setting, items) -> str:
    if setting.format == "mcq" and items and all(it.meta.get("distractors") == "given" for it in items):
        return f"mcq/{setting.kind}/given/{setting.probe}"
    return setting.tag


def _groups(rows) -> dict[str, str]:
    """Row id -> its premise or item (the unit of the folds)."""
    from .rows import fold_group

    out = {}
    for row, fields in rows:
        rid = str(fields.get("id") or f"row{row}")
        out[rid] = fold_group(fields, rid)
    return out


def audit_source(source: Source, *, folds: int = DEFAULT_FOLDS, seed: int = 0,
                 nota_share: float | None = None, shortcut: bool = True) -> dict[str, Any]:
    """The audit of one source (its rows get the shortcut columns when ``shortcut``)."""
    built = ItemBuilder(source.rows, seed=seed, nota_share=nota_share).build(source.settings)
    groups = _groups(source.rows)
    out_settings = []
    for s in source.settings:
        items = [it for it in built.items if it.setting == s]
        if not items:
            continue
        item_groups = [groups.get(it.id.rsplit("/" + s.tag, 1)[0], it.id) for it in items]
        scores = cross_fit(items, item_groups, folds=folds, seed=seed)
        by_k: dict[int, list[int]] = {}
        for it in items:
            by_k.setdefault(len(it.options), []).append(it.gold)
        entry: dict[str, Any] = {
            "setting": setting_name(s, items),
            "items": len(items),
            "chance": scores[0].chance,
            "baselines": {sc.baseline: {"accuracy": sc.accuracy, "margin": round(sc.margin, 4),
                                        "ci95": list(sc.interval), "leaks": sc.leaks}
                          for sc in scores},
            "positions": [uniformity(g, k) for k, g in sorted(by_k.items())],
        }
        if s.format == "mcq" and s.probe == "nota":
            right = sum(it.options[it.gold] == NOTA for it in items)
            expected = sum(1 / len(it.options) for it in items) / len(items)
            entry["nota"] = {"right": right, "share": round(right / len(items), 4),
                             "expected": round(expected, 4) if nota_share is None else nota_share}
        out_settings.append(entry)
    result: dict[str, Any] = {"source": source.name, "rows": len(source.rows),
                              "settings": out_settings,
                              "skipped": dict(sorted(built.skipped.items()))}
    from .rows import row_form
    from .trackers import cross_fit_trackers

    forms = {row_form(f) for _, f in source.rows} - {None}
    if forms:
        form = "qa" if "qa" in forms else "nli"
        result["trackers"] = cross_fit_trackers(
            [f for _, f in source.rows if row_form(f) == form], form, folds=folds, seed=seed)
    if shortcut:
        from .shortcut import annotate

        result["shortcut"] = annotate([f for _, f in source.rows], folds=folds, seed=seed)
    return result


def leaks(result: dict[str, Any]) -> list[str]:
    """One line per baseline more than :data:`MARGIN` above chance, and per heuristic
    tracker more than that above chance overall or on one order."""
    from .trackers import tracker_leaks

    out = []
    for src in result["sources"]:
        if src.get("trackers"):
            out += tracker_leaks(src["source"], src["trackers"])
        for st in src["settings"]:
            for name, b in st["baselines"].items():
                if b["leaks"]:
                    out.append(f"{src['source']}: {st['setting']}: {name} {b['accuracy']:.3f} "
                               f"against chance {st['chance']:.3f} (+{100 * b['margin']:.1f} points)")
    return out


def audit(sources: Sequence[Source], *, dataset: str, folds: int = DEFAULT_FOLDS, seed: int = 0,
          nota_share: float | None = None, shortcut: bool = True) -> dict[str, Any]:
    result: dict[str, Any] = {
        "dataset": dataset, "folds": folds, "seed": seed, "margin": MARGIN,
        "sources": [audit_source(s, folds=folds, seed=seed, nota_share=nota_share,
                                 shortcut=shortcut) for s in sources],
    }
    result["leaks"] = leaks(result)
    result["passed"] = not result["leaks"]
    return result


# --- reading a dataset ---------------------------------------------------------------------------

SPLITS = ("train", "validation", "test")


def _read(path: Path):
    from pyfront.data.loading import read_rows

    return list(read_rows(path))


def _split_rows(folder: Path) -> list[tuple[int, dict[str, Any]]] | None:
    rows: list[tuple[int, dict[str, Any]]] = []
    found = False
    for split in SPLITS:
        for ext in (".jsonl", ".csv"):
            p = folder / f"{split}{ext}"
            if p.is_file():
                found = True
                rows += [(len(rows) + i, f) for i, (_, f) in enumerate(_read(p))]
                break
    return rows if found else None


def sources_of(dataset: str | Path) -> list[Source]:
    """A file, a dataset folder (its splits together) or a story dataset's top folder
    (``qa`` and ``nli`` apart)."""
    from ..errors import UserError

    p = Path(dataset)
    if p.is_file():
        return [Source(p.name, _read(p))]
    if not p.is_dir():
        raise UserError("no such file or folder", file=str(p))
    rows = _split_rows(p)
    if rows is not None:
        return [Source(p.name, rows)]
    subs = [Source(f"{p.name}/{sub.name}", r) for sub in sorted(p.iterdir())
            if sub.is_dir() and (r := _split_rows(sub)) is not None]
    if not subs:
        raise UserError("no train/validation/test file here nor in a sub-folder", file=str(p))
    return subs
