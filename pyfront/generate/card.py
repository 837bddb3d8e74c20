"""The dataset card (``README.md``): Hugging Face datasets style, YAML header then prose.

The header and the files come from :mod:`pyfront.generate.card` (shared by every dataset
writer); the prose lives in ``templates/dataset_card.md.j2``; this module computes the
figures.
The card holds nothing that varies between runs of the same command (no paths, times or
worker counts), so it is byte-identical whenever the data files are.
"""

from __future__ import annotations

import shlex
from collections import Counter
from importlib import resources
from itertools import zip_longest
from typing import Iterable, Sequence

from pyfront.data.card import CardMetadata, Feature, card_header, size_category, write_dataset
from .audited import SHORTCUT_FEATURES, card_section
from .pipeline import GenerateConfig, GenerationResult
from .split import SPLIT_NAMES

#: the columns of a generated dataset, in file order
FEATURES = (
    Feature("id", "string", doc="stable identifier: setup and a hash of premise and hypothesis"),
    Feature("premise", "string", doc="the situation and the public announcements, in English"),
    Feature("smcdel_problem", "string",
            doc="SMCDEL input whose `VALID?` answer is the label (agents `Agenta`, `Agentb`, … in the order of `names`; atom i is the predicate of the i-th agent)"),
    Feature("n_announcements", "int64", doc="announcements after the opening \"someone …\" one"),
    Feature("pbcheck", "string",
            doc="contradiction check: SMCDEL input that is valid exactly when no state survives the announcements (always not valid here)"),
    Feature("hypothesis", "string", doc="what someone can now know, in English"),
    Feature("setup", "string", doc="forehead, forehead_mirror, internal or explicit"),
    Feature("hypothesis_depth", "int64", doc="nested knowledge operators minus one (0 = first order)"),
    Feature("n_agents", "int64", doc="number of people"),
    Feature("label", "string", doc="`entailment` or `not_entailment`"),
    Feature("names", "string", sequence=True, doc="display names of the agents, in atom order"),
    Feature("problem", "string", doc="the same problem (with this hypothesis and its label) in the mindgames DSL"),
)

TITLE = "MindGames-style theory-of-mind NLI (generated)"

METADATA = CardMetadata(
    pretty_name=TITLE,
    task_categories=("text-classification",),
    task_ids=("natural-language-inference",),
    tags=("theory-of-mind", "epistemic-logic", "dynamic-epistemic-logic", "synthetic"),
)


#: how the card names each selection mode of ``--balance``
BALANCE_TEXT = {
    "none": "none: published-calibrated (pairs of any hypotheses of a premise)",
    "hypothesis": "hypothesis: pairs of the same hypothesis shape only (every shape 50/50)",
}


def _range(pair: tuple[int, int | None], none_text: str) -> str:
    lo, hi = pair
    hi_text = none_text if hi is None else str(hi)
    return str(lo) if hi is not None and lo == hi else f"{lo}–{hi_text}"


def _num(x: float) -> str:
    """Shortest text that reads back to ``x`` (``0.8``, ``1``, ``0.123456789``)."""
    short = f"{x:g}"
    return short if float(short) == x else repr(float(x))


def _weights(weights: tuple[float, ...] | None) -> str:
    return "uniform" if weights is None else ",".join(_num(w) for w in weights)


def command_line(config: GenerateConfig) -> str:
    """The ``mindgames generate`` command that reproduces ``config`` (all options spelt out)."""
    s = config.sampling
    lo, hi = s.announcements
    args = [
        "mindgames", "generate",
        "--size", str(config.size),
        "--seed", str(config.seed),
        "--setups", ",".join(config.setups),
        "--agents", f"{s.agents[0]}-{s.agents[1]}",
        "--order", f"{s.orders[0]}-{s.orders[1]}",
        "--announcements", f"{lo}-{'N' if hi is None else hi}",
        "--agent-weights", _weights(s.agent_weights),
        "--order-weights", _weights(s.order_weights),
        "--announcement-weights", _weights(s.announcement_weights),
        "--knowledge-rate", _num(s.knowledge_rate),
        "--negate-knowledge", _num(s.negate_knowledge),
        "--negate-other", _num(s.negate_other),
        "--atom-rate", _num(s.atom_rate),
        "--announcement-atom-rate", _num(
            s.atom_rate if s.announcement_atom_rate is None else s.announcement_atom_rate
        ),
        "--knows-that-rate", _num(s.knows_that_rate),
        "--hypotheses-per-premise", str(s.hypotheses_per_premise),
        "--pair-rate", _num(config.pair_rate),
        *(["--pairs-per-premise", str(config.pairs_per_premise)]
          if config.pairs_per_premise is not None else []),
        "--balance", config.balance,
        *(["--allow-leaks"] if config.balance == "none" else []),
        "--split", "/".join(f"{r * 100:g}" for r in config.ratios),
        "--style", config.style,
        "--engine", config.engine,
        "-o", "DIR",
    ]
    return " ".join(shlex.quote(a) for a in args)


def parameters(config: GenerateConfig) -> list[tuple[str, str]]:
    s = config.sampling
    return [
        ("seed", str(config.seed)),
        ("rows per setup", str(config.size)),
        ("setups", ", ".join(config.setups)),
        ("agents", _range(s.agents, "")),
        ("hypothesis order K (depth + 1)", _range(s.orders, "")),
        ("further announcements", _range(s.announcements, "N (number of agents)")),
        ("draw weights of the agent counts", _weights(s.agent_weights)),
        ("draw weights of the orders", _weights(s.order_weights)),
        ("draw weights of the announcement counts", _weights(s.announcement_weights)),
        ("share of announcements about knowledge", _num(s.knowledge_rate)),
        ("negation rate, knowledge announcements", _num(s.negate_knowledge)),
        ("negation rate, other announcements", _num(s.negate_other)),
        ("share of hypotheses' statements about one agent (vs someone/everyone/nobody)",
         _num(s.atom_rate)),
        ("the same share in announcements", _num(
            s.atom_rate if s.announcement_atom_rate is None else s.announcement_atom_rate)),
        ("share of \"knows that\" (vs \"knows whether\") in hypotheses", _num(s.knows_that_rate)),
        ("hypotheses drawn per premise (repeats dropped)", str(s.hypotheses_per_premise)),
        ("pairs per two distinct hypotheses (pair rate)", _num(config.pair_rate)),
        ("most pairs per premise",
         "no limit" if config.pairs_per_premise is None else str(config.pairs_per_premise)),
        ("selection (balance)", BALANCE_TEXT[config.balance]),
        ("split ratios (train/validation/test)", "/".join(f"{r * 100:g}" for r in config.ratios)),
        ("English style", config.style),
        ("engine", f"native ({config.engine})"),
    ]


def _label_rows(rows: Iterable[dict], key: str, order_of: Sequence[str] = ()) -> list[dict]:
    counts: dict[str, Counter] = {}
    for r in rows:
        counts.setdefault(str(r[key]), Counter())[r["label"]] += 1

    def order(v: str):
        if v in order_of:
            return (0, list(order_of).index(v), "")
        return (1, int(v), "") if v.isdigit() else (2, 0, v)

    return [
        {"value": v, "rows": sum(c.values()), "entailment": c["entailment"],
         "not_entailment": c["not_entailment"]}
        for v, c in sorted(counts.items(), key=lambda kv: order(kv[0]))
    ]


def _split_row(name: str, rows: list[dict]) -> dict:
    labels = Counter(r["label"] for r in rows)
    return {
        "name": name,
        "file": f"{name}.jsonl",
        "rows": len(rows),
        "premises": len({r["premise"] for r in rows}),
        "entailment": labels["entailment"],
        "not_entailment": labels["not_entailment"],
    }


def context(result: GenerationResult, audit: dict | None = None) -> dict:
    """Everything the template shows."""
    from .. import __version__

    rows = result.rows
    splits = [_split_row(n, result.splits[n]) for n in SPLIT_NAMES]
    total = _split_row("total", rows)
    agents = _label_rows(rows, "n_agents")
    anns = _label_rows(rows, "n_announcements")
    blank = {"value": "", "rows": ""}
    return {
        "title": TITLE,
        "size_category": size_category(len(rows)),
        "splits": splits,
        "total": total,
        "columns": FEATURES,
        "by_setup": _label_rows(rows, "setup", result.config.setups),
        "by_depth": _label_rows(rows, "hypothesis_depth"),
        "agents_announcements": list(zip_longest(agents, anns, fillvalue=blank)),
        "parameters": parameters(result.config),
        "command": command_line(result.config),
        "version": __version__,
        "hypothesis_only": _hypothesis_only(result),
        "balance": result.config.balance,
        "audit_section": card_section(audit),
    }


def _hypothesis_only(result: GenerationResult):
    """The dataset-artifact check (see :mod:`pyfront.evaluation.artifacts`)."""
    from ..evaluation.artifacts import hypothesis_only

    return hypothesis_only(result.splits.get("train", []), result.splits.get("test", []))


def render_body(result: GenerationResult, audit: dict | None = None) -> str:
    """The card's prose (below the YAML header)."""
    import jinja2

    text = (
        resources.files("pyfront.generate")
        .joinpath("templates/dataset_card.md.j2")
        .read_text(encoding="utf-8")
    )
    env = jinja2.Environment(
        undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True
    )
    return env.from_string(text).render(**context(result, audit))


def render_card(result: GenerationResult) -> str:
    """The whole card: the YAML header ``datasets`` reads, then the prose."""
    return card_header(result.splits, FEATURES, METADATA) + "\n" + render_body(result)


def write_generated(result: GenerationResult, out_dir, audit: dict | None = None) -> list:
    """The split files and the card of a generated dataset (with an audit: its section in
    the card and the shortcut model's columns, which the rows then hold)."""
    features = FEATURES + SHORTCUT_FEATURES if audit is not None else FEATURES
    return write_dataset(out_dir, {n: result.splits[n] for n in SPLIT_NAMES}, features,
                         METADATA, render_body(result, audit))
