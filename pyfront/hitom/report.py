"""The summary of a Hi-ToM check: agreement by question order × deception, per order and
per deception (ToMi's tables, with Hi-ToM's fields), the disagreements by class, and the
twins (each story and question asked once per prompting type): how many pairs, how many
whose labels differ, and which label the model's answer is."""

from __future__ import annotations

from collections import Counter

from smcdel_bridge.values import field, value

from ..tomi.report import TomiSummary


@value
class HitomSummary(TomiSummary):
    KEYS = ("question_order", "deception")
    TITLES = ("question order", "deception")
    NAME = "Hi-ToM"
    #: every disagreement is listed, each with its explanation and class
    SHOWN = 1 << 30

    classes: Counter = field(default_factory=Counter)
    #: row -> (prompting type, label, the model's answer or None, twin row)
    twin_rows: dict = field(default_factory=dict)

    def add(self, record: dict) -> None:
        super().add(record)
        if not record.get("error") and record.get("agrees") is False:
            self.classes[record.get("class") or "unclassed"] += 1
        if record.get("twin_row") is not None:
            answer = None if record.get("error") else record.get("answer")
            self.twin_rows[record["row"]] = (record.get("prompting_type"), record["expected"],
                                             answer, record["twin_row"])

    def twins(self) -> tuple[int, int, Counter]:
        """(pairs, pairs whose labels differ, Counter of the side the model takes on those:
        a prompting type, or ``neither``)."""
        pairs = differ = 0
        sides: Counter = Counter()
        for row, (kind, label, answer, twin) in self.twin_rows.items():
            if twin not in self.twin_rows or twin < row:
                continue
            pairs += 1
            other_kind, other_label = self.twin_rows[twin][:2]
            if label == other_label:
                continue
            differ += 1
            sides[kind if answer == label else other_kind if answer == other_label else "neither"] += 1
        return pairs, differ, sides

    def twin_line(self) -> str | None:
        pairs, differ, sides = self.twins()
        if not pairs:
            return None
        side = ", ".join(f"{k} {v}" for k, v in sorted(sides.items()))
        return (f"twins (same story and question, VP and CoTP): {pairs} pairs, {differ} whose "
                f"labels differ" + (f"; the model's answer is the label of {side}" if differ else ""))

    def disagreement_line(self, record: dict) -> str:
        return (f"{record['source']}: row {record['row']} [{record.get('class')}]: "
                f"{record.get('explanation') or record['question']}")

    def cross(self) -> list[tuple[str, list[tuple[int, int]]]]:
        """Rows by order: per deception (false, true, both) (agree, answered)."""
        orders = sorted({k[0] for k in self.cells}, key=lambda x: (len(x), x))
        out = []
        for o in orders:
            row = []
            for dec in ("false", "true", None):
                agree = answered = 0
                for (ko, kd), c in self.cells.items():
                    if ko == o and (dec is None or kd == dec):
                        agree += c["agree"]
                        answered += c["agree"] + c["disagree"]
                row.append((agree, answered))
            out.append((o, row))
        return out

    def render(self, console) -> None:
        from rich import box
        from rich.table import Table

        table = Table(box=box.SIMPLE_HEAD, title="Hi-ToM agreement by question order × deception",
                      title_justify="left")
        for i, col in enumerate(("order", "no deception", "deception", "all")):
            table.add_column(col, justify="left" if i == 0 else "right")
        totals = [[0, 0], [0, 0], [0, 0]]
        for order, row in self.cross():
            cells = []
            for j, (agree, answered) in enumerate(row):
                totals[j][0] += agree
                totals[j][1] += answered
                cells.append(pct(agree, answered))
            table.add_row(order, *cells)
        table.add_row("total", *(pct(a, n) for a, n in totals), style="bold")
        console.print(table)
        super().render(console)
        if self.classes:
            console.print("[bold]disagreements by class[/bold]: " + ", ".join(
                f"{k} {v}" for k, v in sorted(self.classes.items(), key=lambda kv: -kv[1])),
                highlight=False)
        line = self.twin_line()
        if line:
            console.print(f"[bold]twins[/bold]: {line.split(': ', 1)[1]}", highlight=False)


def pct(agree: int, answered: int) -> str:
    return f"{agree}/{answered} ({100 * agree / answered:.1f} %)" if answered else "-"
