"""The end of a ``mindgames check`` run: the summary table and the lists of problems.

One table row per source file: items; labels (``entail`` / ``not_entail``), items answered
without an entailment label (``answer``, shown when there are any: story questions, ``TRUE?``
and ``WHERE?`` jobs) and failures, which add up to the items; contradictory premises
(``contra``), agreement with the expected labels, and backend disagreements (``backends≠``)
when both ran.  Then the failed items, the items whose label differs from the expected one
(``file:line`` for DSL items), and, for ``--backend both``, a disagreement report naming each
item, its formula and each backend's answer.
"""

from __future__ import annotations

from collections import Counter

from smcdel_bridge.values import field, value

from pyfront.words import count

#: how many entries each list of problems shows before "… and N more"
SHOWN = 20


@value
class _Row:
    items: int = 0
    entailment: int = 0
    not_entailment: int = 0
    answered: int = 0
    contradictory: int = 0
    agree: int = 0
    disagree: int = 0
    failed: int = 0
    backend_disagreements: int = 0


def _name(record: dict) -> str:
    if record.get("line") is not None:  # DSL items: file:line, where an editor jumps
        where = f"{record['source']}:{record['line']}"
    elif record.get("row") is None:
        where = record["source"]
    else:
        where = f"{record['source']}: row {record['row']}"
    return where + (f" ({record['name']})" if record.get("name") else "")


#: how many hypotheses a file's table on the terminal shows
HYPOTHESES = 200


def _said(record: dict, key: str = "label") -> str:
    """An answer or an expectation as the DSL writes it: ``true``/``false`` for a
    hypothesis, the values for a question, ``failed`` for an item that failed."""
    if key == "label" and record.get("error"):
        return "failed"
    value = record.get(key)
    if value is None:
        return "-"
    if key == "label" and record.get("answer") is not None:
        return ", ".join(map(str, record["answer"])) or "(none)"
    return {"entailment": "true", "not_entailment": "false"}.get(value, str(value))


def _answer_text(answer: dict) -> str:
    if "error" in answer:
        return f"error: {answer['error']}"
    text = "valid" if answer.get("valid") else "not valid"
    if answer.get("contradictory"):
        text += ", contradictory premise"
    if "states" in answer:
        text += f", states {answer['states']}"
    return text


def formula_of(item) -> str:
    """The item's question as the reference prints it ("" when it cannot be read)."""
    problem = getattr(item, "problem", None)
    if not problem:
        return ""
    try:
        from smcdel_bridge.syntax import parse_input, pp_form

        return pp_form(parse_input(problem).jobs[0].form)
    except Exception:  # noqa: BLE001 - a report line must never fail the run
        return ""


@value
class Summary:
    """Counts and problem lists gathered record by record."""

    both: bool = False
    rows: dict[str, _Row] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)
    disagreements: list[tuple[str, str, str, str]] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    #: items the reference would not answer (their answers depend on belief revision)
    refusals: list[str] = field(default_factory=list)
    #: DSL items file by file, for the terminal's table per file: (name, line, answer,
    #: expected, agrees), at most HYPOTHESES a file
    hypotheses: dict[str, list[tuple[str, str, str, str, str]]] = field(default_factory=dict)
    #: records that are a whole file that could not be read (no row, an error)
    unreadable: int = 0
    #: files given by name (a file found in a directory gets its table only when one of its
    #: answers differs from the expected one or fails)
    named: set = field(default_factory=set)

    def add(self, record: dict, item=None, group: str | None = None) -> None:
        """Count ``record`` in the row of ``group`` (default: its source file)."""
        key = record["source"] if group is None else group
        row = self.rows.get(key)
        if row is None:  # (not setdefault: it would build a row for every record)
            row = self.rows[key] = _Row()
        row.items += 1
        if record.get("line") is not None:
            self._hypothesis(record, named=key == record["source"])
        if record.get("error") and record.get("row") is None:
            self.unreadable += 1
        if record.get("error"):
            row.failed += 1
            self.counts["failed"] += 1
            if len(self.failures) < SHOWN:
                self.failures.append(record["error"])
        elif record.get("label") == "entailment":
            row.entailment += 1
        elif record.get("label") == "not_entailment":
            row.not_entailment += 1
        else:
            row.answered += 1
        if record.get("refused"):
            self.counts["refused"] += 1
            if len(self.refusals) < SHOWN:
                self.refusals.append(record["refused"])
        if record.get("contradictory"):
            row.contradictory += 1
        if record.get("agrees") is True:
            row.agree += 1
        elif record.get("agrees") is False:
            row.disagree += 1
            self.counts["disagree"] += 1
            if len(self.mismatches) < SHOWN:
                self.mismatches.append(
                    f"{_name(record)}: {record['label']}, expected {record['expected']}")
        if record.get("backends_agree") is False:
            row.backend_disagreements += 1
            self.counts["backends"] += 1
            if len(self.disagreements) < SHOWN:
                answers = record.get("backends", {})
                self.disagreements.append((
                    _name(record), formula_of(item),
                    _answer_text(answers.get("native", {})),
                    _answer_text(answers.get("smcdel", {})),
                ))

    def _hypothesis(self, record: dict, named: bool) -> None:
        if named:
            self.named.add(record["source"])
        entries = self.hypotheses.setdefault(record["source"], [])
        if len(entries) >= HYPOTHESES:
            self.counts["hypotheses_more"] += 1
            return
        name = str(record.get("name") or "")
        agrees = record.get("agrees")
        entries.append((name.rsplit("/", 1)[-1], str(record["line"]), _said(record),
                        _said(record, "expected"),
                        {True: "yes", False: "NO", None: "-"}[agrees]))

    @property
    def only_unreadable_files(self) -> bool:
        """Whether every record is a file that could not be read (a typo in a DSL file):
        then the run's report is those files' one-line errors."""
        return bool(self.rows) and self.unreadable == sum(r.items for r in self.rows.values())

    @property
    def exit_code(self) -> int:
        return 1 if (self.counts["failed"] or self.counts["disagree"]
                     or self.counts["backends"]) else 0

    def verdict(self, total: _Row) -> str:
        """One line: how the run went."""
        if not total.items:
            return "no item checked"
        bad = [f"{n} {what}" for n, what in (
            (self.counts["failed"], "failed"),
            (self.counts["disagree"], "differ from the expected label"),
            (self.counts["backends"], "answered differently by the two backends")) if n]
        if bad:
            return f"{count(total.items, 'item')}: " + ", ".join(bad)
        refused = self.counts["refused"]
        if refused:
            checked = (f"{total.items - refused} of {total.items} items checked, {refused} "
                       "refused by the reference")
        else:
            checked = ("the 1 item checked" if total.items == 1
                       else f"all {total.items} items checked")
        return checked + (f", {total.agree} agree with their expected label" if total.agree else "")

    def cells(self) -> tuple[list[str], list[list[str]], list[str] | None]:
        """The summary table: column names, one row of cells per source, the total row
        (None for one source)."""
        # "answer" (items answered without a label) is shown when some item is one
        answers = any(row.answered for row in self.rows.values())
        columns = ["source", "items", "entail", "not_entail"] + (["answer"] if answers else []) + [
            "failed", "contra", "agree", "disagree"]
        if self.both:
            columns.append("backends≠")

        def values(source: str, row: _Row) -> list[str]:
            out = [row.items, row.entailment, row.not_entailment] + (
                [row.answered] if answers else []) + [
                row.failed, row.contradictory, row.agree, row.disagree]
            if self.both:
                out.append(row.backend_disagreements)
            return [source, *map(str, out)]

        total = _Row()
        body = []
        for source, row in self.rows.items():
            body.append(values(source, row))
            for name in vars(total):
                setattr(total, name, getattr(total, name) + getattr(row, name))
        self._total = total
        return columns, body, values("total", total) if len(self.rows) > 1 else None

    def total_verdict(self) -> str:
        """:meth:`verdict` of the whole run (call after :meth:`cells`)."""
        return self.verdict(self._total if len(self.rows) > 1
                            else next(iter(self.rows.values()), self._total))

    def render_hypotheses(self, console) -> None:
        """A table per DSL file given by name (and per file of a directory with a wrong
        answer or a failure): each hypothesis (or question), its line, the answer, the
        expected answer and whether they agree (on a terminal, before the summary)."""
        from rich import box
        from rich.markup import escape
        from rich.table import Table

        for source, entries in self.hypotheses.items():
            if source not in self.named and all(e[4] != "NO" and e[2] != "failed" for e in entries):
                continue
            table = Table(box=box.SIMPLE_HEAD, title=escape(source), title_justify="left",
                          padding=(0, 1, 0, 0), show_edge=False)
            for col in ("hypothesis", "line", "answer", "expected", "agrees"):
                table.add_column(col, justify="right" if col == "line" else "left",
                                 overflow="fold")
            for entry in entries:
                table.add_row(*map(escape, entry), style="bold red" if entry[4] == "NO" else None)
            console.print(table)
        if self.counts["hypotheses_more"]:
            console.print(f"… and {self.counts['hypotheses_more']} more (see -o or --json)",
                          highlight=False)

    def render(self, console) -> None:
        from rich import box
        from rich.markup import escape  # file names and formulas may hold [brackets]
        from rich.table import Table

        # the box's one space between columns and no padding: fits 80 columns with
        # 6-digit counts
        table = Table(box=box.SIMPLE_HEAD, title="mindgames check", title_justify="left",
                      padding=(0, 0), show_edge=False)
        columns, body, total = self.cells()
        for i, col in enumerate(columns):
            table.add_column(col, justify="left" if i == 0 else "right",
                             overflow="fold" if i == 0 else "ellipsis", no_wrap=i > 0,
                             min_width=min(8, max(map(len, self.rows), default=6))
                             if i == 0 else None)
        for source, *values in body:
            table.add_row(escape(source), *values)
        if total is not None:
            table.add_row(*total, style="bold")
        console.print(table)
        console.print(self.total_verdict(), markup=False, highlight=False)
        self._list(console, "failed items", self.failures, self.counts["failed"])
        self._list(console, "labels that differ from the expected ones", self.mismatches,
                   self.counts["disagree"])
        self._list(console, "refused by the reference", self.refusals, self.counts["refused"])
        if self.disagreements:
            report = Table(title="the backends disagree", title_justify="left")
            for col in ("item", "formula", "native", "smcdel"):
                report.add_column(col, overflow="fold")
            for entry in self.disagreements:
                report.add_row(*map(escape, entry))
            console.print(report)
            more = self.counts["backends"] - len(self.disagreements)
            if more > 0:
                console.print(f"… and {more} more (see the backends field of each line)")

    @staticmethod
    def _list(console, title: str, entries: list[str], count: int) -> None:
        if not entries:
            return
        console.print(f"[bold]{title}[/bold] ({count}):", highlight=False)
        for entry in entries:
            console.print(f"  {entry}", markup=False, highlight=False)
        if count > len(entries):
            console.print(f"  … and {count - len(entries)} more", highlight=False)
