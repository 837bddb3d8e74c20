"""Dataset rows -> evaluation items, chosen by the columns a row has.

* ``premise`` / ``hypothesis`` / ``label``: an NLI item (MindGames rows, story NLI rows);
* ``story`` (or ``premise``) / ``question`` / ``answer`` / ``choices``: a multiple-choice
  item with the row's own options (story QA rows; functional rows also carry
  ``easy_choices``, asked with ``distractors=easy``);
* ``smcdel_problem`` (with ``setup``, ``names``) or ``problem`` (DSL): the problem itself,
  from which multiple-choice options and prospective questions are built and checked.

A row that has no columns for a setting is skipped and counted, never guessed at.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from itertools import product
from typing import Any, Iterable, Sequence

from smcdel_bridge.language import Form
from smcdel_bridge.values import field, replace, value

from pyfront.problem.model import Problem
from . import prompts
from .questions import NOTA, choices, informative_announcements, say_clause, say_statement
from .truth import valid_after

FORMATS = ("nli", "mcq")
KINDS = ("retrospective", "prospective")
DISTRACTORS = ("hard", "easy")
PROBES = ("none", "nota")

#: columns copied into every item for the breakdowns, when the row has them
META_COLUMNS = ("setup", "hypothesis_depth", "n_agents", "order", "question_type", "story_type",
                "framing")

_LABELS = {
    "entailment": True, "not_entailment": False, "true": True, "false": False,
    "yes": True, "no": False, "1": True, "0": False,
}


@value(frozen=True)
class Setting:
    """One way of asking: format, question kind, distractors, probe."""

    format: str = "nli"
    kind: str = "retrospective"
    distractors: str = "hard"
    probe: str = "none"

    @property
    def tag(self) -> str:
        if self.format == "nli":
            return f"nli/{self.kind}"
        return f"mcq/{self.kind}/{self.distractors}/{self.probe}"


def settings(formats: Sequence[str], kinds: Sequence[str], distractors: Sequence[str],
             probes: Sequence[str]) -> list[Setting]:
    """Every combination (distractors and probes only matter for ``mcq``)."""
    out: list[Setting] = []
    for f, k, d, p in product(formats, kinds, distractors, probes):
        s = Setting(f, k, d, p) if f == "mcq" else Setting(f, k)
        if s not in out:
            out.append(s)
    return out


@value
class EvalItem:
    """A prompt, the options a model chooses among, and the gold option."""

    id: str
    setting: Setting
    prompt: str
    options: tuple[str, ...]
    gold: int
    #: breakdown fields: setup, hypothesis_depth, n_agents (when known), kind, …
    meta: dict[str, Any]
    #: what the hypothesis-only baseline may see (never the premise)
    statement: str = ""
    #: per option: SMCDEL text of its formula (None: "None of the above" or given text)
    option_forms: tuple[str | None, ...] = ()
    #: per option: the checker's verdict (None when not checked here)
    option_truths: tuple[bool | None, ...] = ()
    #: the announcement a prospective question adds, as SMCDEL text
    announcement: str | None = None

    @property
    def letters(self) -> bool:
        return self.setting.format == "mcq"


@value
class Built:
    items: list[EvalItem] = field(default_factory=list)
    #: reason -> rows skipped for it
    skipped: Counter = field(default_factory=Counter)


def label_value(value: Any) -> bool | None:
    return _LABELS.get(str(value).strip().lower()) if value is not None else None


def _row_problem(fields: dict[str, Any]) -> Problem | None:
    """The row's problem with its hypothesis, or None when it has none to offer."""
    from pyfront.data.loading import ROW_ERRORS
    from pyfront.data.mindgames_import import problem_from_row

    if fields.get("smcdel_problem") and fields.get("setup") and fields.get("names"):
        try:
            return problem_from_row(fields)
        except ROW_ERRORS:
            pass  # e.g. extra atoms for blind agents: the DSL column may still say it
    text = fields.get("problem")
    if isinstance(text, str) and text.strip():
        from pyfront.problem.dsl import parse_problems

        try:
            problems = parse_problems(text)
        except ROW_ERRORS:
            return None
        if len(problems) == 1 and isinstance(problems[0], Problem) and problems[0].hypotheses:
            return problems[0]
    return None


def _meta(fields: dict[str, Any], setting: Setting) -> dict[str, Any]:
    meta = {c: fields[c] for c in META_COLUMNS if c in fields and fields[c] not in (None, "")}
    meta["kind"] = setting.kind
    if setting.format == "mcq":
        meta["probe"] = setting.probe
    return meta


def _item_id(row_id: str, setting: Setting) -> str:
    return f"{row_id}/{setting.tag}"


class ItemBuilder:
    """Builds the items of one dataset for some settings (seeded: same rows, same items)."""

    def __init__(self, rows: Sequence[tuple[int, dict[str, Any]]], *, seed: int = 0,
                 style: str = "mindgames", nota_share: float | None = None):
        self.rows = rows
        self.seed = seed
        self.style = style
        #: share of "None of the above" items whose answer it is (None: 1/(k+1), k statements)
        self.nota_share = nota_share
        self._problems: dict[int, Problem | None] = {}
        self._pool: dict[int, dict[str, Counter]] | None = None
        self._totals: dict[int, Counter] = {}

    def problem(self, row: int, fields: dict[str, Any]) -> Problem | None:
        if row not in self._problems:
            self._problems[row] = _row_problem(fields)
        return self._problems[row]

    def asked(self, n_agents: int, own: str) -> Counter:
        """How many problems with ``n_agents`` agents and another premise than ``own`` ask
        each hypothesis: where easy distractors come from."""
        from pyfront.verbalize import premise as premise_text
        if self._pool is None:
            self._pool = {}
            for row, fields in self.rows:
                pb = self.problem(row, fields)
                if pb is not None:
                    key = (fields.get("premise") or premise_text(pb))
                    by = self._pool.setdefault(pb.n_agents, {})
                    by.setdefault(key, Counter())[pb.hypotheses[0].formula] += 1
        by = self._pool.get(n_agents, {})
        total = self._totals.get(n_agents)
        if total is None:
            total = self._totals[n_agents] = sum(by.values(), Counter())
        return total - by[own] if own in by else Counter(total)

    def rng(self, item_id: str, setting: Setting) -> random.Random:
        """The item's draws, the same for easy as for hard distractors (the announcement,
        the answer's position, whether "None of the above" is right): the two items of a
        row differ in their distractors alone."""
        paired = replace(setting, distractors="hard")
        key = item_id.removesuffix(setting.tag) + paired.tag
        digest = hashlib.sha256(f"{self.seed}\0{key}\0{paired.tag}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    def build(self, sets: Iterable[Setting]) -> Built:
        out = Built()
        for setting in sets:
            for row, fields in self.rows:
                row_id = str(fields.get("id") or f"row{row}")
                try:
                    item = self.one(row, row_id, fields, setting)
                except _Skip as skip:
                    out.skipped[f"{setting.tag}: {skip.reason}"] += 1
                    continue
                out.items.append(item)
        return out

    # -- one row in one setting ------------------------------------------------------------

    def one(self, row: int, row_id: str, fields: dict[str, Any], s: Setting) -> EvalItem:
        premise = fields.get("premise") or fields.get("story")
        meta = _meta(fields, s)
        iid = _item_id(row_id, s)
        if s.format == "nli":
            if s.kind == "retrospective":
                gold = label_value(fields.get("label"))
                if not premise or not fields.get("hypothesis") or gold is None:
                    raise _Skip("no premise, hypothesis and label")
                return EvalItem(iid, s, prompts.nli(str(premise), str(fields["hypothesis"])),
                                prompts.NLI_OPTIONS, 0 if gold else 1, meta,
                                statement=str(fields["hypothesis"]))
            return self._prospective_nli(row, iid, fields, s, meta)
        if {"question", "answer", "choices"} <= fields.keys() and premise:
            return self._given_choices(iid, fields, s, meta, str(premise))
        return self._built_choices(row, iid, fields, s, meta)

    def _need_problem(self, row: int, fields: dict[str, Any]) -> Problem:
        pb = self.problem(row, fields)
        if pb is None:
            raise _Skip("no problem (smcdel_problem or DSL problem) to build questions from")
        return pb

    def _premise(self, fields: dict[str, Any], pb: Problem) -> str:
        from pyfront.verbalize import premise as premise_text
        return str(fields.get("premise") or premise_text(pb, style=self.style))

    def _prospective_nli(self, row, iid, fields, s, meta) -> EvalItem:
        """The announcement's shape is drawn first, among the shapes some announcement of
        which makes the hypothesis valid and some not, then the answer (50/50), then an
        announcement of that shape with that answer: neither the announcement's wording
        nor the hypothesis's tells the answer."""
        from .shapes import form_shape

        pb = self._need_problem(row, fields)
        rng = self.rng(iid, s)
        h = pb.hypotheses[0].formula
        cands = informative_announcements(pb, rng)
        if not cands:
            raise _Skip("no announcement can be added")
        answers = valid_after_each(pb, h, cands)
        by_shape: dict[tuple, dict[bool, list[Form]]] = {}
        for b, v in zip(cands, answers):
            by_shape.setdefault(form_shape(pb, b), {True: [], False: []})[v].append(b)
        both = [k for k, v in by_shape.items() if v[True] and v[False]]
        if not both:
            raise _Skip("no announcement shape that both makes and leaves the hypothesis valid")
        group = by_shape[sorted(both)[rng.randrange(len(both))]]
        gold = rng.random() < 0.5
        b = group[gold][0]
        clause = say_clause(pb, b, self.style)
        statement = prompts.prospective_statement(clause, say_statement(pb, h, self.style))
        meta["announcement"] = clause
        return EvalItem(iid, s, prompts.nli(self._premise(fields, pb), statement),
                        prompts.NLI_OPTIONS, 0 if gold else 1, meta, statement=statement,
                        option_forms=(_text(h), None), option_truths=(gold, None),
                        announcement=_text(b))

    def _given_choices(self, iid, fields, s, meta, premise) -> EvalItem:
        if s.kind != "retrospective":
            raise _Skip("given choices have no prospective form")
        # rows with easy_choices (functional items) ask with either set of distractors
        graded = fields.get("easy_choices") not in (None, "", [])
        opts = fields["easy_choices" if graded and s.distractors == "easy" else "choices"]
        if isinstance(opts, str):
            import json

            try:
                opts = json.loads(opts)
            except ValueError:
                raise _Skip("choices is not a list") from None
        if not isinstance(opts, list) or len(opts) < 2:
            raise _Skip("choices is not a list of two or more")
        opts = [str(o) for o in opts]
        answer = str(fields["answer"])
        if answer not in opts:
            raise _Skip("answer is not one of the choices")
        rng = self.rng(iid, s)
        wrong = [o for o in opts if o != answer]
        rng.shuffle(wrong)
        if s.probe == "nota":
            # k = n - 1 statements and "None of the above", which is right in a share of
            # 1/(k+1) (every option as often the answer), a distractor otherwise
            share = 1 / len(opts) if self.nota_share is None else self.nota_share
            shown = wrong if rng.random() < share else wrong[:-1] + [answer]
            rng.shuffle(shown)
            opts = shown + [NOTA]
            gold = opts.index(answer) if answer in opts else len(opts) - 1
        else:
            opts = wrong + [answer]
            rng.shuffle(opts)
            gold = opts.index(answer)
        meta["distractors"] = s.distractors if graded else "given"
        return EvalItem(iid, s, prompts.mcq(premise, str(fields["question"]), opts),
                        tuple(opts), gold, meta)

    def _built_choices(self, row, iid, fields, s, meta) -> EvalItem:
        pb = self._need_problem(row, fields)
        rng = self.rng(iid, s)
        h = pb.hypotheses[0].formula
        now = valid_after(pb, [h])[0]
        extra: list[Form] = []
        clause = ""
        if s.kind == "retrospective":
            if not now:
                raise _Skip("hypothesis not entailed (its options would have no true one)")
        else:
            if now:
                raise _Skip("hypothesis already entailed (nothing to forecast)")
            cands = informative_announcements(pb, rng)
            answers = valid_after_each(pb, h, cands)
            if True not in answers:
                raise _Skip("no announcement makes the hypothesis entailed")
            b = cands[answers.index(True)]
            extra = [b]
            clause = say_clause(pb, b, self.style)
            meta["announcement"] = clause
        own = self._premise(fields, pb)
        asked = self.asked(pb.n_agents, own) if s.distractors == "easy" else None
        opts = choices(pb, h, rng, distractors=s.distractors, probe=s.probe, asked=asked,
                       extra=extra, nota_share=self.nota_share, style=self.style)
        if opts is None:
            raise _Skip(f"no false {s.distractors} distractor of the true option's shape")
        meta["distractors"] = s.distractors
        meta["distractor_kinds"] = sorted({c.made_as for c in opts if c.made_as not in ("true", "nota")})
        texts = tuple(c.text for c in opts)
        gold = next((i for i, c in enumerate(opts) if c.made_as == "true"), len(opts) - 1)
        return EvalItem(
            iid, s, prompts.mcq(own, prompts.mcq_question(s.kind, clause), texts), texts, gold,
            meta,
            option_forms=tuple(_text(c.form) if c.form is not None else None for c in opts),
            option_truths=tuple(c.true for c in opts),
            announcement=_text(extra[0]) if extra else None,
        )


class _Skip(Exception):
    def __init__(self, reason: str):
        self.reason = reason


def valid_after_each(pb: Problem, h: Form, announcements: Sequence[Form]) -> list[bool]:
    """Is ``h`` valid after the premise and then each announcement (one at a time)?"""
    from smcdel_bridge.language import PubAnnounce

    return valid_after(pb, [PubAnnounce(b, h) for b in announcements])


def _text(f: Form) -> str:
    from smcdel_bridge.syntax import to_input

    return to_input(f)


def build_items(rows: Sequence[tuple[int, dict[str, Any]]], sets: Sequence[Setting], *,
                seed: int = 0, nota_share: float | None = None) -> Built:
    return ItemBuilder(rows, seed=seed, nota_share=nota_share).build(sets)
