"""The summary of a DEL-ToM check: the questions' agreement by order × Tell/No_Tell (Hi-ToM's
tables), and the traces': lines and entries compared, stale lines, and the disagreements by
class and order."""

from __future__ import annotations

from collections import Counter

from smcdel_bridge.values import field, value

from ..hitom.report import HitomSummary, pct


@value
class DeltomSummary(HitomSummary):
    TITLES = ("question order", "Tell (deception)")
    NAME = "DEL-ToM"
    #: disagreements listed (the trace's are counted by class, not listed)
    SHOWN = 40

    #: entries, agree, disagree, lines, stale lines, failed traces
    trace: Counter = field(default_factory=Counter)
    #: (class, order) -> entries
    trace_classes: Counter = field(default_factory=Counter)
    trace_failures: list = field(default_factory=list)
    _lines: set = field(default_factory=set)
    _stale: set = field(default_factory=set)

    def add(self, record: dict) -> None:
        if "chain" not in record:
            super().add(record)
            return
        if record.get("error"):
            self.trace["failed"] += 1
            if len(self.trace_failures) < self.SHOWN:
                self.trace_failures.append(record["error"])
            return
        key = (record["story"], record["t"])
        self._lines.add(key)
        if record.get("stale"):
            self._stale.add(key)
        self.trace["entries"] += 1
        if record.get("agrees"):
            self.trace["agree"] += 1
        else:
            self.trace["disagree"] += 1
            self.trace_classes[(record.get("class") or "unclassed", record["order"])] += 1

    def trace_counts(self) -> dict:
        """Lines, stale lines, entries, agreeing, disagreeing, failed traces."""
        return {"lines": len(self._lines), "stale_lines": len(self._stale),
                "entries": self.trace["entries"], "agree": self.trace["agree"],
                "disagree": self.trace["disagree"], "failed": self.trace["failed"]}

    def by_trace_class(self) -> dict[str, Counter]:
        """class -> Counter(order -> entries)."""
        out: dict[str, Counter] = {}
        for (cls, order), n in self.trace_classes.items():
            out.setdefault(cls, Counter())[order] += n
        return out

    @property
    def exit_code(self) -> int:
        return 1 if super().exit_code or self.trace["failed"] or self.trace["disagree"] else 0

    def render(self, console) -> None:
        from rich import box
        from rich.table import Table

        table = Table(box=box.SIMPLE_HEAD, title="DEL-ToM questions: agreement by order × "
                      "Tell/No_Tell", title_justify="left")
        for i, col in enumerate(("order", "No_Tell", "Tell", "all")):
            table.add_column(col, justify="left" if i == 0 else "right")
        totals = [[0, 0], [0, 0], [0, 0]]
        for order, row in self.cross():
            for j, (agree, answered) in enumerate(row):
                totals[j][0] += agree
                totals[j][1] += answered
            table.add_row(order, *(pct(a, n) for a, n in row))
        table.add_row("total", *(pct(a, n) for a, n in totals), style="bold")
        console.print(table)
        if self.classes:
            console.print("[bold]question disagreements by class[/bold]: " + ", ".join(
                f"{k} {v}" for k, v in sorted(self.classes.items(), key=lambda kv: -kv[1])),
                highlight=False)
        self._render_trace(console)
        for title, entries, count in (("failed questions", self.failures, self.counts["failed"]),
                                      ("failed traces", self.trace_failures, self.trace["failed"])):
            if entries:
                console.print(f"[bold]{title}[/bold] ({count}):", highlight=False)
                for entry in entries:
                    console.print(f"  {entry}", markup=False, highlight=False)

    def _render_trace(self, console) -> None:
        from rich import box
        from rich.table import Table

        c = self.trace_counts()
        if not c["entries"]:
            return
        console.print(f"[bold]traces[/bold]: {c['lines']} lines compared, {c['stale_lines']} "
                      f"stale (an entry that is not their oracle's own after the sentence); "
                      f"{c['entries']} entries, {pct(c['agree'], c['entries'])} agree",
                      highlight=False)
        table = Table(box=box.SIMPLE_HEAD, title="DEL-ToM trace entries that differ, by class "
                      "× order", title_justify="left")
        table.add_column("class")
        for o in range(5):
            table.add_column(str(o), justify="right")
        table.add_column("all", justify="right")
        for cls, by in sorted(self.by_trace_class().items(), key=lambda kv: -sum(kv[1].values())):
            table.add_row(cls, *(str(by.get(o, 0)) for o in range(5)), str(sum(by.values())))
        console.print(table)
