"""The items of ``mindgames eval`` as Inspect samples, and where the rows come from.

An :class:`~pyfront.evaluation.items.EvalItem` becomes one ``Sample`` whose input is the
item's prompt, word for word (``mindgames eval``'s prompts), whose metadata holds the
item's breakdown fields with ``order``, ``deception`` and ``setting`` always present (for
Inspect's grouped metrics), and, for multiple choice, whose ``choices`` are the options
and whose target is the gold letter (Inspect's ``choice()`` scorer).  Open questions
(ToMi, Hi-ToM) carry the certified answer set as their target.

Usage::

    from pyfront.integrations.inspect_samples import story_rows, item_samples
    from pyfront.evaluation.items import Setting
    qa, nli = story_rows(size=2, seed=0, order=1, deception=False, agents=(2, 3))
    samples = item_samples(qa, [Setting("mcq")], seed=0)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from inspect_ai.dataset import Sample

from ..errors import UserError
from ..evaluation import prompts
from ..evaluation.items import EvalItem, Setting, build_items
from .story_knobs import is_deceptive, story_actions

__all__ = ["GROUPS", "mindgames_rows", "story_rows", "functional_rows", "item_samples",
           "certified_samples", "question_only", "sample_of"]

#: metadata keys every sample has: Inspect's grouped metrics need them on all samples
#: (``shortcut``: whether the cross-fitted shortcut model of ``mindgames audit`` answers
#: the row right from its words alone, ``n/a`` where it cannot read the row)
GROUPS = ("order", "deception", "setting", "shortcut", "framing")


def _rows_of(path: str | None, split: str) -> list[tuple[int, dict[str, Any]]] | None:
    if path is None:
        return None
    from ..evaluation.pipeline import dataset_file, read_dataset

    return read_dataset(dataset_file(path, split))


def mindgames_rows(path: str | None, *, size: int, seed: int, split: str
                   ) -> list[tuple[int, dict[str, Any]]]:
    """MindGames rows: the file (or the dataset folder's ``split``) at ``path``, else
    ``size`` rows per setup generated now (every split of them, or ``split``'s)."""
    given = _rows_of(path, split)
    if given is not None:
        return given
    from ..generate.pipeline import GenerateConfig, generate

    result = generate(GenerateConfig(size=size, seed=seed))
    rows = result.rows if split == "all" else result.splits.get(split)
    if rows is None:
        raise UserError(f"split takes all, train, validation or test: got {split!r}")
    return list(enumerate(rows))


def story_rows(*, size: int, seed: int, order: int, deception: bool,
               agents: tuple[int, int]) -> tuple[list, list]:
    """(QA rows, NLI rows) of ``size`` stories generated now, every split of them: one
    question of ``order`` per story (order 0: two), deceptive actions only if asked."""
    from ..generate.stories.pipeline import StoriesConfig, generate

    actions = story_actions(deception)
    try:
        cfg = StoriesConfig(size=size, seed=seed, orders=(order, order), agents=agents,
                            actions=actions)
        result = generate(cfg)
    except ValueError as err:
        raise UserError(str(err)) from None
    qa = [r for name in ("train", "validation", "test") for r in result.qa[name]]
    nli = [r for name in ("train", "validation", "test") for r in result.nli[name]]
    return list(enumerate(qa)), list(enumerate(nli))


def functional_rows(path: str | None, *, size: int, seed: int, split: str, framing: str
                    ) -> list[tuple[int, dict[str, Any]]]:
    """Functional rows (``generate --family functional``): the file or folder at ``path``
    (its ``split``), else ``size`` items generated now (every split, or ``split``'s); only
    the ``framing`` rows (``context``, ``state``, or ``both``)."""
    given = _rows_of(path, split)
    if given is None:
        from ..generate.functional.pipeline import FunctionalConfig, generate

        try:
            result = generate(FunctionalConfig(size=size, seed=seed))
        except ValueError as err:
            raise UserError(str(err)) from None
        names = ("train", "validation", "test") if split == "all" else (split,)
        if any(n not in result.splits for n in names):
            raise UserError(f"split takes all, train, validation or test: got {split!r}")
        given = list(enumerate(r for n in names for r in result.splits[n]))
    if framing not in ("both", "context", "state"):
        raise UserError(f"framing takes both, context or state: got {framing!r}")
    return [(i, f) for i, f in given if framing == "both" or f.get("framing") == framing]


def question_only(item: EvalItem) -> str:
    """The prompt without its option lines and ``Answer:``: the question Inspect's own
    multiple-choice solver is given (it writes the options itself)."""
    lines = item.prompt.split("\n")
    return "\n".join(lines[:len(lines) - len(item.options) - 1])


def _metadata(item: EvalItem, fields: dict[str, Any]) -> dict[str, Any]:
    meta = dict(item.meta)
    hardness = fields.get("difficulty")
    order = meta.get("order", meta.get("hypothesis_depth", fields.get("order")))
    meta.update({
        "order": order if order is not None else "n/a",
        "deception": is_deceptive(fields.get("actions")),
        "setting": item.setting.tag,
        "format": item.setting.format,
        "options": list(item.options),
        "gold_index": item.gold,
        "shortcut_difficulty": hardness,
        "shortcut": "n/a" if hardness is None else "right" if hardness < 1 else "wrong",
    })
    meta.setdefault("framing", "n/a")
    return meta


def sample_of(item: EvalItem, fields: dict[str, Any], *, inspect_solver: bool = False) -> Sample:
    meta = _metadata(item, fields)
    if item.letters:
        return Sample(id=item.id, input=question_only(item) if inspect_solver else item.prompt,
                      choices=list(item.options), target=prompts.LETTERS[item.gold],
                      metadata=meta)
    return Sample(id=item.id, input=item.prompt, target=item.options[item.gold], metadata=meta)


def item_samples(rows: Sequence[tuple[int, dict[str, Any]]], sets: Sequence[Setting], *,
                 seed: int, inspect_solver: bool = False) -> list[Sample]:
    """The items ``mindgames eval`` builds from ``rows`` (same seed: same options, same
    order), as samples."""
    from ..audit.shortcut import annotate

    built = build_items(rows, sets, seed=seed)
    by_id = {str(f.get("id") or f"row{r}"): dict(f) for r, f in rows}
    annotate(list(by_id.values()), seed=seed)  # the shortcut model's verdict per row
    out = []
    for item in built.items:
        row_id = item.id.removesuffix("/" + item.setting.tag)
        out.append(sample_of(item, by_id.get(row_id, {}), inspect_solver=inspect_solver))
    if not out:
        reasons = "; ".join(f"{k}: {v}" for k, v in sorted(built.skipped.items())[:3])
        raise UserError("no item for these settings" + (f" ({reasons})" if reasons else ""))
    return out


def certified_samples(path: str, fmt: str, labels: str) -> list[Sample]:
    """The questions of a ``mindgames certify`` folder (or its ``test.jsonl``) as open
    questions: the target is the certified answer set (``labels='certified'``) or the
    original label (``labels='original'``); unmodelled questions have no certified
    answer and are left out of the certified task."""
    if labels not in ("certified", "original"):
        raise UserError(f"labels takes certified or original: got {labels!r}")
    from .certified_splits import SPLIT_FILE

    p = Path(path)
    p = p / SPLIT_FILE if p.is_dir() else p
    if not p.is_file():
        raise UserError(f"no certified split here (make one with mindgames certify FILE "
                        f"--format {fmt} -o DIR)", file=str(path))
    out = []
    with open(p, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError:
                raise UserError("not a JSON line", file=str(p), line=n) from None
            answers = row.get("certified_answer") or []
            if labels == "certified" and not answers:
                continue
            target = answers if labels == "certified" else [str(row.get("answer"))]
            order = row.get("question_order", _tomi_order(row.get("question_type")))
            meta = {k: row.get(k) for k in ("question_type", "story_type", "story_length",
                                             "class", "agrees", "answer", "certified_answer")
                    if k in row}
            meta.update({"order": order, "deception": bool(row.get("deception", False)),
                         "setting": f"{fmt}/{labels}", "format": "open", "shortcut": "n/a",
                         "framing": "n/a"})
            out.append(Sample(id=f"{fmt}-{row.get('row', n - 1)}",
                              input=prompts.open_question(_story(row), str(row.get("question"))),
                              target=target, metadata=meta))
    return out


def _story(row: dict[str, Any]) -> str:
    """The story lines as the original numbers them (a Hi-ToM instruction line dropped)."""
    lines = [ln for ln in str(row.get("story", "")).split("\n") if ln.strip()]
    return "\n".join(ln for ln in lines if ln[:1].isdigit() or not row.get("prompting_type"))


def _tomi_order(question_type: str | None) -> int | str:
    qt = question_type or ""
    if qt.startswith("first_order"):
        return 1
    if qt.startswith("second_order"):
        return 2
    return 0 if qt in ("memory", "reality") else "n/a"
