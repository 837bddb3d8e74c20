"""``mindgames certify FILE --format tomi|hitom|deltom|reasoning-core -o DIR``: a benchmark with its labels
certified, as a dataset ``datasets.load_dataset(DIR)`` reads.

``DIR/test.jsonl`` holds one row per question: every field of the original (ToMi: the
numbered story, the question, its answer, question and story type; Hi-ToM: every key of
its JSON line; DEL-ToM (a folder): the story folder, the order file, the numbered story,
the question and its answer; reasoning-core: every key of the row), then ``certified_answer`` (the list of containers the event-model checker
gives: one, or several when the story leaves the answer open), ``agrees`` (the original
label is that answer), ``class`` (``agrees``, the kind of disagreement, or ``unmodelled``
for a question the checker could not read) and ``explanation`` (why the label differs,
in words).  ``DIR/README.md`` is the dataset card: what changed and why, the counts by
class, the licence and the citation of the original.

Usage::

    from pyfront.integrations.certified_splits import certify
    summary = certify("../shared/hitom/hitom_shared.jsonl", "hitom", "out/hitom-certified")
    summary.counts  # class -> questions
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Iterator

from smcdel_bridge.values import field, value

from ..errors import UserError

__all__ = ["FORMATS", "Certified", "certify", "certified_rows", "SPLIT_FILE"]

FORMATS = ("tomi", "hitom", "deltom", "reasoning-core")
SPLIT_FILE = "test.jsonl"

ORIGINALS = {
    "reasoning-core": {
        "name": "reasoning-core belief tracking",
        "license": "other",
        "licence_text": ("The licence of the reasoning-core package, from which the rows were "
                         "generated (its package metadata names none: check it before "
                         "publishing)"),
        "citation": ("@misc{reasoning-core,\n  title = {reasoning-core: procedural reasoning "
                     "tasks},\n  note = {Python package, belief\\_tracking task}\n}"),
        "rule": ("each scene read as its DEL event model: moves watched together or through a "
                 "window, secret moves, messages delivered or not (docs/reasoning-core.md)"),
    },
    "tomi": {
        "name": "ToMi",
        "license": "cc-by-nc-4.0",
        "licence_text": "CC BY-NC 4.0, the licence of the ToMi repository (facebookresearch/ToMi)",
        "citation": (
            "@inproceedings{le-etal-2019-revisiting,\n"
            "  title = {Revisiting the Evaluation of Theory of Mind through Question Answering},\n"
            "  author = {Le, Matthew and Boureau, Y-Lan and Nickel, Maximilian},\n"
            "  booktitle = {Proceedings of EMNLP-IJCNLP 2019},\n"
            "  year = {2019}\n}"),
        "rule": "an agent sees an event only when it is in the room where the event happens",
    },
    "hitom": {
        "name": "Hi-ToM",
        "license": "apache-2.0",
        "licence_text": "Apache-2.0, the licence of Hi-ToM",
        "citation": (
            "@inproceedings{wu-etal-2023-hi,\n"
            "  title = {Hi-ToM: A Benchmark for Evaluating Higher-Order Theory of Mind "
            "Reasoning in Large Language Models},\n"
            "  author = {Wu, Yufan and He, Yinghui and Jia, Yilin and Mihalcea, Rada and "
            "Chen, Yulong and Deng, Naihao},\n"
            "  booktitle = {Findings of EMNLP 2023},\n"
            "  year = {2023}\n}"),
        "rule": ("an agent sees an event only when it is in the room, and trusts what it is "
                 "told by an agent who left the room later than itself (Hi-ToM's own rules)"),
    },
    "deltom": {
        "name": "DEL-ToM",
        "license": "apache-2.0",
        "licence_text": "Apache-2.0, the licence of DEL-ToM (github joel-wu/DEL-ToM)",
        "citation": (
            "@inproceedings{wu-etal-2025-del-tom,\n"
            "  title = {DEL-ToM: Inference-Time Scaling for Theory-of-Mind Reasoning via "
            "Dynamic Epistemic Logic},\n"
            "  author = {Wu, Yuheng and others},\n"
            "  booktitle = {Proceedings of EMNLP 2025},\n"
            "  year = {2025}\n}"),
        "rule": ("an agent sees an event only when it is in the room, and trusts what it is "
                 "told by an agent who left the room later than itself (the rules of "
                 "DEL-ToM's notes, Hi-ToM's)"),
    },
}


@value
class Certified:
    """What ``certify`` wrote."""

    fmt: str
    rows: int = 0
    counts: Counter = field(default_factory=Counter)
    written: list[Path] = field(default_factory=list)


def _originals(path: str, fmt: str) -> Iterator[tuple[int, dict]]:
    """row -> the original's fields, in file order."""
    if fmt in ("hitom", "reasoning-core"):
        from ..data.rows import RowError, json_value, numbered_lines

        for row, _, raw in numbered_lines(path):
            try:
                obj = json_value(raw.decode("utf-8"))
            except UnicodeDecodeError:
                obj = {}
            yield row, {} if isinstance(obj, RowError) else obj
        return
    from ..tomi.reader import iter_questions

    for q in iter_questions(path):
        if q.row is None:
            continue
        yield q.row, {
            "story": "\n".join(f"{ln.number} {ln.text}" for ln in q.story),
            "question": q.question, "answer": q.expected,
            "question_type": q.question_type, "story_type": q.story_type,
        }


def _deltom_rows(path: str) -> Iterator[dict]:
    """DEL-ToM's questions: the original's fields and the question's check record."""
    from ..deltom.certify import check_dir

    row = 0
    for record in check_dir(path, traces=False):
        if "chain" in record:
            continue
        text = Path(record["source"]).read_text(encoding="utf-8", errors="replace")
        story = "\n".join(ln for ln in text.split("\n") if ln[:1].isdigit())
        original = {"folder": record["story"], "file": record["source"],
                    "question_order": record["question_order"],
                    "tell": record["deception"], "story": story,
                    "question": record["question"], "answer": record["expected"]}
        yield {**record, "row": row, "original": original}
        row += 1


def _checked(path: str, fmt: str) -> Iterator[dict]:
    if fmt == "deltom":
        yield from _deltom_rows(path)
        return
    if fmt == "hitom":
        from ..hitom.certify import check_file
    elif fmt == "reasoning-core":
        from ..rcore.certify import check_file
    else:
        from ..tomi.certify import check_file
    yield from check_file(path)


def certified_rows(path: str, fmt: str) -> Iterator[dict]:
    """The rows of the certified split, in the original's order."""
    if fmt not in FORMATS:
        raise UserError(f"--format takes {' or '.join(FORMATS)}: got {fmt!r}")
    originals = dict(_originals(path, fmt)) if fmt != "deltom" else {}
    for record in _checked(path, fmt):
        row = record.get("row")
        if row is None:
            continue
        original = record.get("original") or originals.get(row, {})
        answer = record.get("answer")
        if record.get("error"):
            certified, agrees, cls, why = [], None, "unmodelled", record["error"]
        else:
            certified = answer if isinstance(answer, list) else [answer]
            agrees = bool(record.get("agrees"))
            cls = "agrees" if agrees else (record.get("class") or record.get("disagreement")
                                            or "disagrees")
            why = record.get("explanation")
        yield {**original, "row": row, "certified_answer": [str(a) for a in certified],
               "agrees": agrees, "class": str(cls), "explanation": why}


def certify(path: str, fmt: str, outdir: str | Path, *, force: bool = False) -> Certified:
    """Write ``outdir/test.jsonl`` and its card; a folder that already holds files only
    with ``force`` (then those two files are replaced, nothing else is touched)."""
    p = Path(path)
    if fmt == "deltom" and not p.is_dir():
        raise UserError("no such folder" if not p.exists() else "not a folder (DEL-ToM's "
                        "data is a folder of story folders)", file=str(path))
    if fmt != "deltom" and not p.is_file():
        raise UserError("no such file" if not p.exists() else "not a file", file=str(path))
    out = Path(outdir)
    if out.exists() and not out.is_dir():
        raise UserError("not a folder", file=str(out))
    if out.is_dir() and any(out.iterdir()) and not force:
        raise UserError("the folder already holds files: give --force to replace the "
                        "certified split in it", file=str(out))
    if fmt not in FORMATS:
        raise UserError(f"--format takes {' or '.join(FORMATS)}: got {fmt!r}")
    from ..data.guard import benchmark_items

    benchmark_items(str(path), fmt)  # nothing to certify: one line, and nothing written
    out.mkdir(parents=True, exist_ok=True)
    result = Certified(fmt)
    tmp = out / (SPLIT_FILE + ".tmp")
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        for row in certified_rows(path, fmt):
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            result.rows += 1
            result.counts[row["class"]] += 1
    tmp.replace(out / SPLIT_FILE)
    (out / "README.md").write_text(card(fmt, p.name, result), encoding="utf-8", newline="\n")
    result.written = [out / SPLIT_FILE, out / "README.md"]
    return result


def card(fmt: str, source: str, result: Certified) -> str:
    """The dataset card: YAML header (licence, the file of the split), then the text."""
    o = ORIGINALS[fmt]
    agree = result.counts.get("agrees", 0)
    rows = "\n".join(f"| {cls} | {n} |" for cls, n in sorted(result.counts.items(),
                                                         key=lambda kv: (-kv[1], kv[0])))
    return f"""---
license: {o['license']}
pretty_name: {o['name']} (certified labels)
configs:
- config_name: default
  data_files:
  - split: test
    path: {SPLIT_FILE}
---

# {o['name']}, labels certified by an event-model checker

Made by `mindgames certify {source} --format {fmt}` from `{source}`: {result.rows} questions.

## What changed and why
Every original field is kept, the original label included (`answer`). Beside it:
`certified_answer`, the containers a dynamic epistemic logic model checker gives when the
story is read as event models ({o['rule']}; several containers when the story does not
decide); `agrees`, whether the original label is that answer; `class`, `agrees` or the kind
of disagreement (`unmodelled`: a question the checker could not read); `explanation`, why
the label differs. The original labels come from the benchmark's own story oracle, not a
logic: {result.rows - agree} of {result.rows} disagree with the certified answer.

## Counts by class
| class | questions |
|---|---|
{rows}

## Licence
{o['licence_text']}: this derived split keeps it.

## Citation of the original
```bibtex
{o['citation']}
```
"""
