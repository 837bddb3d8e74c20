"""The columns and dataset card of functional datasets (the toolkit's card format:
:mod:`pyfront.data.card`)."""

from __future__ import annotations

import shlex
from importlib import resources

from pyfront.data.card import CardMetadata, Feature
from ..audited import SHORTCUT_FEATURES, card_section
from ..split import SPLIT_NAMES
from .items import FRAMINGS, KINDS
from .pipeline import FunctionalConfig, FunctionalResult

FEATURES = (
    Feature("id", "string", doc="the item's id and its framing"),
    Feature("story", "string",
            doc="context framing: the story or situation; state framing: the mental-state "
                "profile only, in English"),
    Feature("framing", "string", doc="`context` or `state`"),
    Feature("question", "string", doc="the rule of rational action and the question"),
    Feature("answer", "string", doc="the right option, as computed by the engines"),
    Feature("choices", "string", sequence=True, doc="the options, with hard distractors"),
    Feature("easy_choices", "string", sequence=True,
            doc="the answer with easy distractors (from outside the item)"),
    Feature("choice_keys", "string", sequence=True,
            doc="what each of `choices` is to `check`: a name, `nobody`, a container or an "
                "announcement in the DSL"),
    Feature("question_type", "string", doc=", ".join(KINDS)),
    Feature("order", "int64", doc="the order of the mental states the question needs"),
    Feature("n_agents", "int64", doc="people in the item"),
    Feature("item", "string", doc="the item both framings share"),
    Feature("problem", "string",
            doc="the story (with its question) or the muddy-children problem the answer is "
                "re-derived from, in the mindgames DSL (no expectation: the answer is in "
                "`answer` only)"),
    Feature("query", "string",
            doc="JSON: what `check` asks of the problem (`kind`; `rule`, `muddy`: the "
                "muddy children; `chain`: the believers)"),
)

METADATA = CardMetadata(
    pretty_name="Functional theory of mind: what will they do, which announcement works "
                "(generated)",
    task_categories=("question-answering",), task_ids=("multiple-choice-qa",),
    tags=("theory-of-mind", "functional-theory-of-mind", "epistemic-planning",
          "dynamic-epistemic-logic", "synthetic"))


def command_line(cfg: FunctionalConfig) -> str:
    args = ["mindgames", "generate", "--family", "functional", "--size", str(cfg.size),
            "--seed", str(cfg.seed), "--split", "/".join(f"{r * 100:g}" for r in cfg.ratios),
            *(["--balance", "none"] if cfg.balance == "none" else []), "-o", "DIR"]
    return " ".join(shlex.quote(a) for a in args)


def body(result: FunctionalResult, audit: dict | None = None) -> str:
    import jinja2

    from ... import __version__

    cfg = result.config
    rows = [r for n in SPLIT_NAMES for r in result.splits[n]]
    splits = [{"name": n, "file": f"{n}.jsonl", "rows": len(result.splits[n]),
               "n_items": len({r["item"] for r in result.splits[n]})} for n in SPLIT_NAMES]
    total = {"rows": len(rows), "n_items": len({r["item"] for r in rows})}
    by_type = [{"value": k, **{f: sum(r["question_type"] == k and r["framing"] == f
                                     for r in rows) for f in FRAMINGS}}
               for k in KINDS]
    parameters = [("seed", str(cfg.seed)), ("items", str(cfg.size)),
                  ("split ratios (train/validation/test)",
                   "/".join(f"{r * 100:g}" for r in cfg.ratios)),
                  ("balance", "trackers: story items carry the story family's decoy object"
                   if cfg.balance == "trackers" else "none: story items without decoys")]
    text = (resources.files("pyfront.generate.functional").joinpath("templates/card.md.j2")
            .read_text(encoding="utf-8"))
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False,
                             keep_trailing_newline=True)
    return env.from_string(text).render(
        title=METADATA.pretty_name, splits=splits, total=total, columns=FEATURES,
        by_type=by_type, parameters=parameters, draws=result.draws, items=result.items,
        command=command_line(cfg), version=__version__, audit_section=card_section(audit))


def write(result: FunctionalResult, out_dir, audit: dict | None = None) -> list:
    """``DIR/{train,validation,test}.jsonl`` and ``DIR/README.md``."""
    from pyfront.data.card import write_dataset

    features = FEATURES + (SHORTCUT_FEATURES if audit is not None else ())
    return write_dataset(out_dir, {n: result.splits[n] for n in SPLIT_NAMES}, features,
                         METADATA, body(result, audit))
