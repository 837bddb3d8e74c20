"""``mindgames export lm-eval``: task YAML for lm-evaluation-harness over a dataset's
local JSON-lines files, in both forms:

* ``multiple_choice``: the harness scores each option by log-likelihood (local models);
* ``generate_until``: the model writes an answer, a regex filter takes the first
  True/False (or option letter) from it, exact match scores it (chat APIs, which give no
  log-probabilities).

NLI rows (``premise``, ``hypothesis``, ``label``) give ``<name>_nli_mc`` / ``_nli_gen``;
question-answer rows (``question``, ``answer``, ``choices`` and ``story`` or ``premise``)
give ``<name>_qa_mc`` / ``_qa_gen``; rows with a problem (MindGames rows) also give the
multiple-choice form of ``mindgames eval --format mcq`` (``<name>_mcq_mc`` / ``_mcq_gen``:
its items, options shuffled and checked, are written beside the YAML as JSON lines, since
they are built, not read).  The prompts are exactly those of ``mindgames eval``.

The folder is self-contained: the dataset's split files are copied into it
(``data/<dataset>/<split>.jsonl``) and the YAML names them relative to the folder
(``dataset_kwargs.data_files``), so it can be moved or shared without the dataset; lm-eval
hands the paths to ``datasets``, which reads them from the working directory: run
``lm_eval`` in the task folder (``--include_path .``).

Usage::

    from pyfront.evaluation.lm_eval_export import data_folder
    assert data_folder("runs/mg-4k/test.jsonl") == "data/mg_4k"
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

from ..errors import UserError
from .prompts import LETTERS

SPLITS = ("train", "validation", "test")

NLI_TEXT = "{{premise}}\nQuestion: {{hypothesis}} True or False?\nAnswer:"
NLI_GOLD = "(label|string|lower) in ['entailment', 'true', 'yes', '1']"
LETTER_SET = LETTERS[:8]


def _qa_text(context: str) -> str:
    return ("{{" + context + "}}\nQuestion: {{question}}\n"
            "{% for c in choices %}{{ '" + LETTER_SET + "'[loop.index0] }}. {{ c }}\n{% endfor %}Answer:")


def split_files(dataset: str | Path) -> dict[str, Path]:
    """split -> file: a folder's train/validation/test files, or one file as ``test``."""
    p = Path(dataset)
    if p.is_dir():
        files = {s: p / f"{s}.jsonl" for s in SPLITS if (p / f"{s}.jsonl").is_file()}
        if not files:
            raise UserError("no train/validation/test .jsonl file in this folder", file=str(p))
        return files
    if not p.is_file():
        raise UserError("no such file or folder", file=str(p))
    if p.suffix.lower() not in (".jsonl", ".ndjson"):
        raise UserError("lm-eval reads JSON lines: give a .jsonl file or a dataset folder", file=str(p))
    return {"test": p}


def _columns(files: dict[str, Path]) -> set[str]:
    """The columns every row of every file has (rows are read, so a broken one is an error)."""
    from pyfront.data.loading import read_rows

    common: set[str] | None = None
    for path in files.values():
        for _, fields in read_rows(path):
            common = set(fields) if common is None else common & set(fields)
    if common is None:
        raise UserError("the dataset has no rows", file=str(next(iter(files.values()))))
    return common


def data_folder(dataset: str | Path) -> str:
    """Where the export keeps the dataset's rows, relative to the task folder: ``data/``
    and the dataset's name (a story dataset's ``qa``/``nli`` folder with its parent's), so
    the forms of one dataset exported into one folder keep apart."""
    return "data/" + task_name(dataset).removeprefix("mindgames_")


def _base(files: dict[str, Path], data: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "dataset_path": "json",
        "dataset_kwargs": {"data_files": {s: f"{data}/{s}.jsonl" for s in files}},
    }
    if "train" in files:
        out["training_split"] = "train"
    if "validation" in files:
        out["validation_split"] = "validation"
    out["test_split"] = "test" if "test" in files else ("validation" if "validation" in files else "train")
    return out


def _mc(task: str, base: dict, text: str, choice: Any, target: str) -> dict[str, Any]:
    return {"task": task, **base, "output_type": "multiple_choice", "doc_to_text": text,
            "doc_to_choice": choice, "doc_to_target": target,
            "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True},
                            {"metric": "acc_norm", "aggregation": "mean", "higher_is_better": True}],
            "metadata": {"version": 1.0}}


def _gen(task: str, base: dict, text: str, target: str, pattern: str) -> dict[str, Any]:
    return {"task": task, **base, "output_type": "generate_until", "doc_to_text": text,
            "doc_to_target": target,
            "generation_kwargs": {"until": ["\n\n"], "max_gen_toks": 16, "do_sample": False,
                                  "temperature": 0.0},
            "filter_list": [{"name": "get-answer", "filter": [
                {"function": "regex", "regex_pattern": pattern},
                {"function": "take_first"}]}],
            "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
                             "ignore_case": True, "ignore_punctuation": True}],
            "metadata": {"version": 1.0}}


MCQ_TEXT = "{{prompt}}"


def _task(name: str, form: str, kind: str) -> str:
    """``<name>_<form>_<kind>``, the form not repeated when the name ends with it."""
    return f"{name}_{kind}" if name.endswith(f"_{form}") else f"{name}_{form}_{kind}"


def mcq_items(files: dict[str, Path], seed: int = 0) -> dict[str, list[dict[str, Any]]]:
    """split -> the rows' retrospective multiple-choice items (``mindgames eval --format
    mcq``: hard distractors, no probe) as documents: prompt, letters, gold index."""
    from pyfront.data.loading import read_rows

    from .items import Setting, build_items
    from .prompts import LETTERS as L

    out: dict[str, list[dict[str, Any]]] = {}
    for split, path in files.items():
        built = build_items(list(read_rows(path)), [Setting("mcq", "retrospective", "hard", "none")],
                            seed=seed)
        out[split] = [{"id": it.id, "prompt": it.prompt, "options": list(it.options),
                       "letters": list(L[:len(it.options)]), "gold": it.gold}
                      for it in built.items]
    return out


def tasks(dataset: str | Path, name: str) -> dict[str, dict[str, Any]]:
    """task name -> its YAML content (data paths relative to the task folder, where
    :func:`export` copies the rows: :func:`data_folder`)."""
    files = split_files(dataset)
    cols = _columns(files)
    base = _base(files, data_folder(dataset))
    out: dict[str, dict[str, Any]] = {}
    if {"premise", "hypothesis", "label"} <= cols:
        mc, gen = _task(name, "nli", "mc"), _task(name, "nli", "gen")
        out[mc] = _mc(mc, base, NLI_TEXT, ["True", "False"], "{{ 0 if " + NLI_GOLD + " else 1 }}")
        out[gen] = _gen(gen, base, NLI_TEXT, "{{ 'True' if " + NLI_GOLD + " else 'False' }}",
                        r"(?i)\b(true|false)\b")
    context = "story" if "story" in cols else "premise"
    if {"question", "answer", "choices", context} <= cols:
        text = _qa_text(context)
        mc, gen = _task(name, "qa", "mc"), _task(name, "qa", "gen")
        out[mc] = _mc(mc, base, text, "{{choices}}", "{{choices.index(answer)}}")
        out[gen] = _gen(gen, base, text, "{{ '" + LETTER_SET + "'[choices.index(answer)] }}",
                        r"\b([A-H])\b")
    if not out:
        raise UserError("no lm-eval form fits: rows need premise/hypothesis/label or "
                        "question/answer/choices", file=str(dataset))
    return out


def _mcq_tasks(name: str, data: dict[str, str], splits: dict[str, list]) -> dict[str, dict[str, Any]]:
    base: dict[str, Any] = {"dataset_path": "json", "dataset_kwargs": {"data_files": data}}
    for key, split in (("training_split", "train"), ("validation_split", "validation")):
        if split in data:
            base[key] = split
    base["test_split"] = "test" if "test" in data else next(iter(data))
    mc, gen = _task(name, "mcq", "mc"), _task(name, "mcq", "gen")
    return {mc: _mc(mc, base, MCQ_TEXT, "{{letters}}", "{{gold}}"),
            gen: _gen(gen, base, MCQ_TEXT, "{{ letters[gold] }}", r"\b([A-H])\b")}


def task_name(dataset: str | Path) -> str:
    p = Path(dataset).resolve()
    stem = p.name if p.is_dir() else (p.parent.name or p.stem)
    if p.is_dir() and p.name in ("qa", "nli") and p.parent.name:
        stem = f"{p.parent.name}_{p.name}"  # one form of a story dataset
    slug = re.sub(r"[^a-z0-9]+", "_", stem.lower()).strip("_") or "dataset"
    return f"mindgames_{slug}"


# --- a small YAML writer (strings as JSON strings: valid YAML) --------------------------------------

def _scalar(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return json.dumps(v)
    return json.dumps(str(v), ensure_ascii=False)


def to_yaml(value: Any, indent: int = 0) -> str:
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, (dict, list)) and v:
                lines.append(f"{pad}{k}:")
                lines.append(to_yaml(v, indent + 1))
            else:
                lines.append(f"{pad}{k}: {_scalar(v) if not isinstance(v, (dict, list)) else '[]'}")
    elif isinstance(value, list):
        for v in value:
            if isinstance(v, dict) and v:
                inner = to_yaml(v, indent + 1).splitlines()
                lines.append(f"{pad}- {inner[0].lstrip()}")
                lines.extend(inner[1:])
            elif isinstance(v, list):
                lines.append(f"{pad}- {json.dumps(v, ensure_ascii=False)}")
            else:
                lines.append(f"{pad}- {_scalar(v)}")
    return "\n".join(lines)


def export(dataset: str | Path, out_dir: str | Path, name: str | None = None) -> list[Path]:
    """Write one YAML file per task (and the multiple-choice items it reads); returns their
    paths.  Everything is worked out before the folder is touched: a failure leaves no
    folder behind that was not there."""
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise UserError("not a folder", file=str(out))
    name = name or task_name(dataset)
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", name):
        raise UserError(f"task name {name!r}: use letters, digits, '_', '.' and '-'")
    content = tasks(dataset, name)
    files = split_files(dataset)
    rows_dir = out / data_folder(dataset)
    mcq: dict[str, list] = {}
    if "problem" in _columns(files) or "smcdel_problem" in _columns(files):
        mcq = {s: docs for s, docs in mcq_items(files).items() if docs}
    data_dir = f"{_task(name, 'mcq', 'data')}"
    if mcq:
        content.update(_mcq_tasks(name, {s: f"{data_dir}/{s}.jsonl" for s in mcq}, mcq))
    created = not out.exists()
    written: list[Path] = []
    try:
        out.mkdir(parents=True, exist_ok=True)
        rows_dir.mkdir(parents=True, exist_ok=True)
        for split, source in files.items():
            target = rows_dir / f"{split}.jsonl"
            if not (target.exists() and target.samefile(source)):
                shutil.copyfile(source, target)
            written.append(target)
        if mcq:
            (out / data_dir).mkdir(exist_ok=True)
            for split, docs in mcq.items():
                path = out / data_dir / f"{split}.jsonl"
                path.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs),
                                encoding="utf-8", newline="\n")
                written.append(path)
        for task, body in content.items():
            path = out / f"{task}.yaml"
            path.write_text(to_yaml(body) + "\n", encoding="utf-8", newline="\n")
            written.append(path)
    except OSError as err:
        if created:
            shutil.rmtree(out, ignore_errors=True)
        raise UserError(f"cannot write the tasks: {err.strerror or err}", file=str(out)) from None
    return [p for p in written if p.suffix == ".yaml"]
