"""The summary of a reasoning-core check: agreement by level × question depth, by level,
by depth and by event kind (a row counts under every kind its story has), and the
disagreements by class."""

from __future__ import annotations

from collections import Counter

from smcdel_bridge.values import field, value

from ..tomi.report import TomiSummary


@value
class RcoreSummary(TomiSummary):
    KEYS = ("level", "depth")
    TITLES = ("level", "question depth")
    NAME = "reasoning-core"
    #: every disagreement is listed, each with its explanation and class
    SHOWN = 1 << 30

    classes: Counter = field(default_factory=Counter)
    #: event kind -> Counter(items, agree, disagree, failed)
    kinds: dict = field(default_factory=dict)

    def add(self, record: dict) -> None:
        super().add(record)
        outcome = ("failed" if record.get("error") else
                   "agree" if record.get("agrees") else "disagree")
        for kind in record.get("kinds") or ():
            cell = self.kinds.setdefault(kind, Counter())
            cell["items"] += 1
            cell[outcome] += 1
        if outcome == "disagree":
            self.classes[record.get("class") or "other"] += 1

    def disagreement_line(self, record: dict) -> str:
        return (f"{record['source']}: row {record['row']} (level {record.get('level')}, depth "
                f"{record.get('depth')}) [{record.get('class')}]: "
                f"{record.get('explanation') or record['question']}")

    def cross(self) -> list[tuple[str, list[tuple[int, int]]]]:
        """Rows by level: per depth 1-4 and all, (agree, answered)."""
        levels = sorted({k[0] for k in self.cells}, key=lambda x: (len(x), x))
        depths = sorted({k[1] for k in self.cells}, key=lambda x: (len(x), x))
        out = []
        for lv in levels:
            row = []
            for d in (*depths, None):
                agree = answered = 0
                for (kl, kd), c in self.cells.items():
                    if kl == lv and (d is None or kd == d):
                        agree += c["agree"]
                        answered += c["agree"] + c["disagree"]
                row.append((agree, answered))
            out.append((lv, row))
        return out

    def render(self, console) -> None:
        from rich import box
        from rich.table import Table

        depths = sorted({k[1] for k in self.cells}, key=lambda x: (len(x), x))
        table = Table(box=box.SIMPLE_HEAD, title="reasoning-core agreement by level × "
                      "question depth", title_justify="left")
        for i, col in enumerate(("level", *(f"depth {d}" for d in depths), "all")):
            table.add_column(col, justify="left" if i == 0 else "right")
        totals = [[0, 0] for _ in range(len(depths) + 1)]
        for level, row in self.cross():
            cells = []
            for j, (agree, answered) in enumerate(row):
                totals[j][0] += agree
                totals[j][1] += answered
                cells.append(_pct(agree, answered))
            table.add_row(level, *cells)
        table.add_row("total", *(_pct(a, n) for a, n in totals), style="bold")
        console.print(table)
        kinds = Table(box=box.SIMPLE_HEAD, title="reasoning-core agreement by event kind (rows "
                      "whose story has it)", title_justify="left")
        for i, col in enumerate(("event kind", "rows", "agree", "disagree", "failed")):
            kinds.add_column(col, justify="left" if i == 0 else "right")
        for kind, c in sorted(self.kinds.items()):
            kinds.add_row(kind, *(str(c[k]) for k in ("items", "agree", "disagree", "failed")))
        console.print(kinds)
        super().render(console)
        if self.classes:
            console.print("[bold]disagreements by class[/bold]: " + ", ".join(
                f"{k} {v}" for k, v in sorted(self.classes.items(), key=lambda kv: -kv[1])),
                highlight=False)


def _pct(agree: int, answered: int) -> str:
    return f"{agree}/{answered} ({100 * agree / answered:.1f} %)" if answered else "-"
