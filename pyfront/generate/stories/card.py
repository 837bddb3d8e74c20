"""The columns and dataset cards of story datasets (the card format is the toolkit's
one: :mod:`pyfront.generate.card`)."""

from __future__ import annotations

import shlex
from collections import Counter
from importlib import resources
from itertools import zip_longest

from pyfront.data.card import CardMetadata, Feature
from ..audited import SHORTCUT_FEATURES, card_section
from ..split import SPLIT_NAMES
from .pipeline import StoriesConfig, StoriesResult

_SHARED = (
    Feature("question_type", "string",
            doc="memory, reality, first_order, order_2, order_3 or order_4"),
    Feature("order", "int64", doc="believers in the question's chain (0: memory and reality)"),
    Feature("chain", "string", sequence=True, doc="the believers, outermost first"),
    Feature("story_type", "string", doc="`true_belief` or `false_belief` (see below)"),
    Feature("false_belief", "bool", doc="the answer is not where the object really is"),
    Feature("n_agents", "int64", doc="people in the story"),
    Feature("actions", "string", sequence=True, doc="the kinds of action the story holds"),
    Feature("problem", "string",
            doc="the story with this question (QA) or hypothesis (NLI) and its expected "
                "answer, in the mindgames story DSL"),
)

QA_FEATURES = (
    Feature("id", "string", doc="story hash and question number"),
    Feature("story", "string", doc="the story, in English"),
    Feature("question", "string", doc="the question, in English"),
    Feature("answer", "string", doc="the container, as computed by the checker"),
    Feature("choices", "string", sequence=True, doc="the containers of the story"),
    *_SHARED,
)

NLI_FEATURES = (
    Feature("id", "string", doc="story hash, question number, e (entailed) or n (not)"),
    Feature("premise", "string", doc="the story, in English"),
    Feature("hypothesis", "string", doc="where someone thinks the object is, in English"),
    Feature("label", "string", doc="`entailment` or `not_entailment`"),
    *_SHARED,
)

TAGS = ("theory-of-mind", "false-belief", "dynamic-epistemic-logic", "synthetic")

QA_METADATA = CardMetadata(
    pretty_name="ToMi/Hi-ToM-style theory-of-mind stories, question answering (generated)",
    task_categories=("question-answering",), task_ids=("multiple-choice-qa",), tags=TAGS)

NLI_METADATA = CardMetadata(
    pretty_name="ToMi/Hi-ToM-style theory-of-mind stories, NLI (generated)",
    task_categories=("text-classification",), task_ids=("natural-language-inference",),
    tags=TAGS)


#: the card's words for each --balance mode
BALANCE_TEXT = {
    "trackers": "trackers: a second object per story (put in a container of the room, then "
                "moved or spoken of by people there, and in the story the checker answers; every "
                "answer is the one of the story without it), "
                "its sentences chosen among 24 drawn arrangements so that the heuristic "
                "trackers of the audit stay at chance per question kind",
    "none": "none: the stories alone (the heuristic trackers read many answers off them: "
            "see the audit)",
}


def _world_options(cfg: StoriesConfig) -> list[str]:
    """``--objects`` and ``--rooms`` when they are not the defaults (the cards of earlier
    datasets keep their bytes)."""
    out = [] if cfg.objects == (2 if cfg.balance == "trackers" else 1) else [
        "--objects", str(cfg.objects)]
    return out + ([] if cfg.rooms == 2 else ["--rooms", str(cfg.rooms)])


def command_line(cfg: StoriesConfig) -> str:
    args = ["mindgames", "generate", "--family", "stories", "--size", str(cfg.size),
            "--seed", str(cfg.seed), "--order", f"{cfg.orders[0]}-{cfg.orders[1]}",
            "--agents", f"{cfg.agents[0]}-{cfg.agents[1]}", "--actions", ",".join(cfg.actions),
            "--events", f"{cfg.events[0]}-{cfg.events[1]}", *_world_options(cfg),
            "--split", "/".join(f"{r * 100:g}" for r in cfg.ratios),
            *(["--balance", "none", "--allow-leaks"] if cfg.balance == "none" else []),
            "-o", "DIR"]
    return " ".join(shlex.quote(a) for a in args)


def _count(rows, key) -> list[dict]:
    c = Counter(str(v) for r in rows for v in (r[key] if isinstance(r[key], list) else [r[key]]))
    return [{"value": k, "rows": c[k]} for k in sorted(c, key=lambda x: (len(x), x))]


def body(result: StoriesResult, form: str, audit: dict | None = None) -> str:
    import jinja2

    from ... import __version__

    cfg = result.config
    splits_rows = result.qa if form == "qa" else result.nli
    rows = [r for n in SPLIT_NAMES for r in splits_rows[n]]
    story_key = "story" if form == "qa" else "premise"
    splits = [{"name": n, "file": f"{n}.jsonl", "rows": len(splits_rows[n]),
               "stories": len({r[story_key] for r in splits_rows[n]})} for n in SPLIT_NAMES]
    total = {"rows": len(rows), "stories": len({r[story_key] for r in rows})}
    by_type = []
    order = ["memory", "reality", "first_order", "order_2", "order_3", "order_4"]
    for t in sorted({r["question_type"] for r in rows}, key=order.index):
        sel = [r for r in rows if r["question_type"] == t]
        by_type.append({"value": t, "rows": len(sel),
                        "true_belief": sum(r["story_type"] == "true_belief" for r in sel),
                        "false_belief": sum(r["story_type"] == "false_belief" for r in sel)})
    blank = {"value": "", "rows": ""}
    form_text = ("Each row is a story, a question and its answer (one of `choices`)."
                 if form == "qa" else
                 "Each row is a story (`premise`), a statement about where someone thinks the "
                 "object is (`hypothesis`) and whether the story entails it (`label`), as in "
                 "MindGames; every question gives one entailed and one non-entailed row.")
    parameters = [("seed", str(cfg.seed)), ("stories", str(cfg.size)),
                  ("question orders", f"{cfg.orders[0]}–{cfg.orders[1]}"),
                  ("agents", f"{cfg.agents[0]}–{cfg.agents[1]}"),
                  ("actions", ", ".join(cfg.actions)),
                  ("events after the opening", f"{cfg.events[0]}–{cfg.events[1]}"),
                  *([("objects in the room", str(cfg.objects)), ("rooms", str(cfg.rooms))]
                    if _world_options(cfg) else []),
                  ("split ratios (train/validation/test)",
                   "/".join(f"{r * 100:g}" for r in cfg.ratios)),
                  ("balance", BALANCE_TEXT[cfg.balance])]
    text = (resources.files("pyfront.generate.stories").joinpath("templates/card.md.j2")
            .read_text(encoding="utf-8"))
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False,
                             keep_trailing_newline=True)
    return env.from_string(text).render(
        title=(QA_METADATA if form == "qa" else NLI_METADATA).pretty_name,
        form_text=form_text, splits=splits, total=total,
        columns=QA_FEATURES if form == "qa" else NLI_FEATURES, by_type=by_type,
        by_label=_count(rows, "label") if form == "nli" else [],
        agents_actions=list(zip_longest(_count(rows, "n_agents"), _count(rows, "actions"),
                                        fillvalue=blank)),
        parameters=parameters, draws=result.draws, stories=result.stories,
        command=command_line(cfg), version=__version__,
        audit_section=card_section(audit))


def write(result: StoriesResult, out_dir, audits: dict | None = None) -> list:
    """``DIR/qa`` and ``DIR/nli``: the split files and a card each (``audits``: form ->
    its audit, whose section goes in the card and whose columns the rows then hold)."""
    from pathlib import Path

    from pyfront.data.card import write_dataset

    out = Path(out_dir)
    paths = []
    for form, splits, features, meta in (("qa", result.qa, QA_FEATURES, QA_METADATA),
                                         ("nli", result.nli, NLI_FEATURES, NLI_METADATA)):
        audit = (audits or {}).get(form)
        if audit is not None:
            features = features + SHORTCUT_FEATURES
        paths += write_dataset(out / form, {n: splits[n] for n in SPLIT_NAMES}, features, meta,
                               body(result, form, audit))
    top = out / "README.md"
    top.write_text(top_card(), encoding="utf-8", newline="\n")
    return paths + [top]


def top_card() -> str:
    """The top folder's card: two configurations and no default, so that
    ``datasets.load_dataset(DIR)`` asks for ``qa`` or ``nli`` instead of mixing the two
    forms' files."""
    import yaml

    header = {"pretty_name": "ToMi/Hi-ToM-style theory-of-mind stories (generated)",
              "configs": [{"config_name": form,
                           "data_files": [{"split": n, "path": f"{form}/{n}.jsonl"}
                                          for n in SPLIT_NAMES]}
                          for form in ("qa", "nli")]}
    return ("---\n" + yaml.safe_dump(header, sort_keys=False, width=1000) + "---\n\n"
            "# Generated theory-of-mind stories\n\n"
            "Two forms of the same stories, each with its own card: `qa/` (question answering, "
            "multiple choice) and `nli/` (premise, hypothesis, label). Load one of them:\n\n"
            "```python\nimport datasets\n\n"
            "qa = datasets.load_dataset(\"DIR\", \"qa\")    # or \"nli\"\n```\n")
