"""The summary of a ToMi check: agreement per question type and per story type."""

from __future__ import annotations

from collections import Counter

from smcdel_bridge.values import field, value

#: failures and disagreements listed before "… and N more"
SHOWN = 20


@value
class TomiSummary:
    """Agreement counts by two fields of the records (Hi-ToM's summary reuses it with its
    own fields)."""

    #: the two record fields the tables group by, their titles, the benchmark's name
    KEYS = ("question_type", "story_type")
    TITLES = ("question type", "story type")
    NAME = "ToMi"
    #: failures and disagreements listed before "… and N more"
    SHOWN = SHOWN

    #: (question type, story type) -> Counter(items, agree, disagree, failed)
    cells: dict[tuple[str, str], Counter] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)

    def add(self, record: dict) -> None:
        key = tuple(_text(record.get(k)) for k in self.KEYS)
        cell = self.cells.setdefault(key, Counter())
        cell["items"] += 1
        self.counts["items"] += 1
        if record.get("error"):
            cell["failed"] += 1
            self.counts["failed"] += 1
            if len(self.failures) < self.SHOWN:
                self.failures.append(record["error"])
        elif record.get("agrees"):
            cell["agree"] += 1
            self.counts["agree"] += 1
        else:
            cell["disagree"] += 1
            self.counts["disagree"] += 1
            if len(self.disagreements) < self.SHOWN:
                self.disagreements.append(self.disagreement_line(record))

    def disagreement_line(self, record: dict) -> str:
        return (f"{record['source']}: row {record['row']}: {record['question']} "
                f"{self.NAME} {record['expected']}, model {record['answer']}")

    @property
    def exit_code(self) -> int:
        return 1 if self.counts["failed"] or self.counts["disagree"] else 0

    def table(self, by: int) -> list[tuple[str, int, int, int, int]]:
        """(type, items, agree, disagree, failed) rows by question type (0) or story type (1)."""
        groups: dict[str, Counter] = {}
        for key, cell in self.cells.items():
            groups.setdefault(key[by], Counter()).update(cell)
        return [(name, c["items"], c["agree"], c["disagree"], c["failed"])
                for name, c in sorted(groups.items())]

    def render(self, console) -> None:
        from rich import box
        from rich.table import Table

        for by, title in enumerate(self.TITLES):
            table = Table(box=box.SIMPLE_HEAD, title=f"{self.NAME} check by {title}",
                          title_justify="left")
            for i, col in enumerate((title, "items", "agree", "disagree", "failed", "agree %")):
                table.add_column(col, justify="left" if i == 0 else "right")
            rows = self.table(by)
            total = [sum(r[k] for r in rows) for k in range(1, 5)]
            for name, *nums in rows + [("total", *total)]:
                answered = nums[0] - nums[3]
                pct = f"{100 * nums[1] / answered:.2f}" if answered else "-"
                table.add_row(name, *map(str, nums), pct,
                              style="bold" if name == "total" else None)
            console.print(table)
        for title, entries, count in (("failed questions", self.failures, self.counts["failed"]),
                                      (f"answers that differ from {self.NAME}'s", self.disagreements,
                                       self.counts["disagree"])):
            if not entries:
                continue
            console.print(f"[bold]{title}[/bold] ({count}):", highlight=False)
            for entry in entries:
                console.print(f"  {entry}", markup=False, highlight=False)
            if count > len(entries):
                console.print(f"  … and {count - len(entries)} more", highlight=False)


def _text(value) -> str:
    if value is None:
        return "?"
    return str(value).lower() if isinstance(value, bool) else str(value)
