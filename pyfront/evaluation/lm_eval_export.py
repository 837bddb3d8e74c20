"""``mindgames export lm-eval``: task YAML for lm-evaluation-harness over a dataset's
local JSON-lines files, in both forms:

* ``multiple_choice``: the harness scores each option by log-likelihood (local models);
* ``generate_until``: the model writes an answer, a regex filter takes the first
  True/False (or option letter) from it, exact match scores it (chat APIs, which give no
  log-probabilities).

NLI rows (``premise``, ``hypothesis``, ``label``) give ``<name>_nli_mc`` / ``_nli_gen``;
question-answer rows (``question``, ``answer``, ``choices`` and ``story`` or ``premise``)
give ``<name>_qa_mc`` / ``_qa_gen``.  The prompts are exactly those of ``mindgames eval``.
"""

from __future__ import annotations

import json
import re
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


def _base(files: dict[str, Path]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "dataset_path": "json",
        "dataset_kwargs": {"data_files": {s: str(p.resolve()) for s, p in files.items()}},
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


def tasks(dataset: str | Path, name: str) -> dict[str, dict[str, Any]]:
    """task name -> its YAML content."""
    files = split_files(dataset)
    cols = _columns(files)
    base = _base(files)
    out: dict[str, dict[str, Any]] = {}
    if {"premise", "hypothesis", "label"} <= cols:
        out[f"{name}_nli_mc"] = _mc(f"{name}_nli_mc", base, NLI_TEXT, ["True", "False"],
                                    "{{ 0 if " + NLI_GOLD + " else 1 }}")
        out[f"{name}_nli_gen"] = _gen(f"{name}_nli_gen", base, NLI_TEXT,
                                      "{{ 'True' if " + NLI_GOLD + " else 'False' }}",
                                      r"(?i)\b(true|false)\b")
    context = "story" if "story" in cols else "premise"
    if {"question", "answer", "choices", context} <= cols:
        text = _qa_text(context)
        out[f"{name}_qa_mc"] = _mc(f"{name}_qa_mc", base, text, "{{choices}}", "{{choices.index(answer)}}")
        out[f"{name}_qa_gen"] = _gen(f"{name}_qa_gen", base, text,
                                     "{{ '" + LETTER_SET + "'[choices.index(answer)] }}",
                                     r"\b([A-H])\b")
    if not out:
        raise UserError("no lm-eval form fits: rows need premise/hypothesis/label or "
                        "question/answer/choices", file=str(dataset))
    return out


def task_name(dataset: str | Path) -> str:
    p = Path(dataset)
    stem = p.name if p.is_dir() else (p.parent.name or p.stem)
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
    """Write one YAML file per task; returns their paths."""
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise UserError("not a folder", file=str(out))
    out.mkdir(parents=True, exist_ok=True)
    name = name or task_name(dataset)
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", name):
        raise UserError(f"task name {name!r}: use letters, digits, '_', '.' and '-'")
    written = []
    for task, content in tasks(dataset, name).items():
        path = out / f"{task}.yaml"
        path.write_text(to_yaml(content) + "\n", encoding="utf-8", newline="\n")
        written.append(path)
    return written
