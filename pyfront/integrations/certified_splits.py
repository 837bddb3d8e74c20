"""``mindgames certify FILE --format tomi|hitom|deltom|reasoning-core -o DIR``: a benchmark with its labels
certified, as a dataset ``datasets.load_dataset(DIR)`` reads.

``DIR/test.jsonl`` holds one row per question: every field of the original (ToMi: the
numbered story, the question, its answer, question and story type; Hi-ToM: every key of
its JSON line; DEL-ToM (a folder): the story folder, the order file, the numbered story,
the question and its answer; reasoning-core: every key of the row), then ``certified_answer`` (the list of containers the event-model checker
gives: one, or several when the story leaves the answer open), ``agrees`` (the original
label is that answer), ``class`` (``agrees``, the kind of disagreement, or ``unmodelled``
for a question the model does not cover) and ``explanation`` (why the label differs,
in words).  An item the benchmark's reader cannot read (not UTF-8, not JSON, a row without
the fields the benchmark has) is bad input: left out, named by its file and line.
``DIR/README.md`` is the dataset card: what changed and why, the counts by class, the
licence and the citation of the original.

Usage::

    from pyfront.integrations.certified_splits import certify
    summary = certify("../shared/hitom/hitom_shared.jsonl", "hitom", "out/hitom-certified")
    summary.counts  # class -> questions
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Callable, Iterator

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
    #: ``FILE:LINE: message`` of each item that could not be read (left out)
    unreadable: list[str] = field(default_factory=list)


def _read(path: str, fmt: str) -> tuple[dict, dict]:
    """The original's fields of every item the format's reader reads, and why it could
    not read the others (``FILE:LINE: message``), both keyed by ``(row, line)``: an item
    the reader cannot read is bad input, unlike one the model does not cover."""
    from ..data.guard import reader_of

    originals: dict = {}
    unreadable: dict = {}
    reader, _ = reader_of(fmt)
    if fmt in ("hitom", "reasoning-core"):
        from ..data.rows import json_value, numbered_lines

        for item, (row, n, raw) in zip(reader(path), numbered_lines(path)):
            if item.error:
                unreadable[row, n] = item.error
            else:  # (read by the reader: one JSON object)
                originals[row, n] = json_value(raw.decode("utf-8"))
        return originals, unreadable
    for q in reader(path):
        if q.error:
            unreadable[q.row, q.line] = q.error
            continue
        originals[q.row, q.line] = {
            "story": "\n".join(f"{ln.number} {ln.text}" for ln in q.story),
            "question": q.question, "answer": q.expected,
            "question_type": q.question_type, "story_type": q.story_type,
        }
    return originals, unreadable


def _deltom_rows(path: str, unreadable: Callable[[str], None]) -> Iterator[dict]:
    """DEL-ToM's questions: the original's fields and the question's check record; an
    order file that cannot be read goes to ``unreadable``."""
    from ..deltom.certify import question_records
    from ..deltom.reader import iter_stories

    row = 0
    for story in iter_stories(path):
        for hq, record in zip(story.questions, question_records(story, {}, "auto")):
            row += 1
            if hq.error:
                unreadable(hq.error)
                continue
            text = Path(record["source"]).read_text(encoding="utf-8", errors="replace")
            lines = "\n".join(ln for ln in text.split("\n") if ln[:1].isdigit())
            original = {"folder": record["story"], "file": record["source"],
                        "question_order": record["question_order"],
                        "tell": record["deception"], "story": lines,
                        "question": record["question"], "answer": record["expected"]}
            yield _certified({**record, "row": row - 1}, original)


def _checked(path: str, fmt: str) -> Iterator[dict]:
    if fmt == "hitom":
        from ..hitom.certify import check_file
    elif fmt == "reasoning-core":
        from ..rcore.certify import check_file
    else:
        from ..tomi.certify import check_file
    yield from check_file(path)


def _raise(message: str) -> None:
    raise UserError(message)


def certified_rows(path: str, fmt: str, unreadable: Callable[[str], None] = _raise
                   ) -> Iterator[dict]:
    """The rows of the certified split, in the original's order; each item the reader
    cannot read is left out and its ``FILE:LINE: message`` given to ``unreadable`` (by
    default raised)."""
    if fmt not in FORMATS:
        raise UserError(f"--format takes {' or '.join(FORMATS)}: got {fmt!r}")
    if fmt == "deltom":
        yield from _deltom_rows(path, unreadable)
        return
    originals, bad = _read(path, fmt)
    for record in _checked(path, fmt):
        key = (record.get("row"), record.get("line"))
        if key in bad:
            unreadable(bad[key])
        elif key[0] is not None:
            yield _certified(record, originals.get(key, {}))


def _certified(record: dict, original: dict) -> dict:
    """One row of the split: the original's fields, then the certified ones."""
    answer = record.get("answer")
    if record.get("error"):
        certified, agrees, cls, why = [], None, "unmodelled", record["error"]
    else:
        certified = answer if isinstance(answer, list) else [answer]
        agrees = bool(record.get("agrees"))
        cls = "agrees" if agrees else (record.get("class") or record.get("disagreement")
                                        or "disagrees")
        why = record.get("explanation")
    return {**original, "row": record["row"], "certified_answer": [str(a) for a in certified],
            "agrees": agrees, "class": str(cls), "explanation": why}


def certify(path: str, fmt: str, outdir: str | Path, *, force: bool = False,
            report: Callable[[str], None] | None = None) -> Certified:
    """Write ``outdir/test.jsonl`` and its card; a folder that already holds files only
    with ``force`` (then those two files are replaced, nothing else is touched).  An item
    the reader cannot read is left out, its ``FILE:LINE: message`` kept in
    ``unreadable`` and given to ``report`` as it is met; the others are written."""
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
    for name in (SPLIT_FILE, "README.md"):
        if p.is_file() and (out / name).is_file() and os.path.samefile(out / name, p):
            raise UserError("the file to certify is the one the certified split would "
                            "replace: write it to another folder", file=str(path))
    if fmt not in FORMATS:
        raise UserError(f"--format takes {' or '.join(FORMATS)}: got {fmt!r}")
    from ..data.guard import benchmark_items

    benchmark_items(str(path), fmt)  # nothing to certify: one line, and nothing written
    made = not out.exists()
    out.mkdir(parents=True, exist_ok=True)
    result = Certified(fmt)

    said: set[str] = set()

    def unreadable(message: str) -> None:  # (once: a ToMi story's line spoils its questions)
        if message not in said:
            said.add(message)
            result.unreadable.append(message)
            if report is not None:
                report(message)

    tmp = out / (SPLIT_FILE + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            for row in certified_rows(path, fmt, unreadable):
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
                result.rows += 1
                result.counts[row["class"]] += 1
        tmp.replace(out / SPLIT_FILE)
    except BaseException:  # (Ctrl-C too) no half split is left, nor a folder this run made
        tmp.unlink(missing_ok=True)
        if made and not any(out.iterdir()):
            out.rmdir()
        raise
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
of disagreement (`unmodelled`: a question the model does not cover); `explanation`, why
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
