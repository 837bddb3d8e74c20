"""Pictures of S5 models by their equivalence classes, as data.

A public-announcement problem, a number puzzle or an SMCDEL knowledge structure is an S5
model: each agent's relation is a partition.  Drawing every indistinguishable pair as an
edge turns a class of eight worlds into 28 lines; the picture here draws the classes
themselves: the worlds sit on a grid by their valuation (rows and columns are values of
atoms or variables, as in a Karnaugh map or Cheryl's table of months and days), and each
agent's class is an outline around its worlds in that agent's colour.  The classes come
from the engine's partitions, the places from the valuations; :mod:`.class_svg` draws it.

    >>> cells = {"00": ("0", "0"), "01": ("0", "1"), "11": ("1", "1")}
    >>> grid = Grid(rows=Axis("p", ("0", "1"), ("0", "1")), cols=Axis("q", ("0", "1"), ("0", "1")))
    >>> pieces(grid, {"00", "01"}, {n: (None, r, c) for n, (r, c) in cells.items()})
    [(None, 0, 0, 0, 1)]
"""

from __future__ import annotations

from functools import cached_property
from typing import Hashable, Iterable, Sequence

from smcdel_bridge.values import field, value

#: a cell of the grid: (group key, row key, column key); the group is None without groups
Cell = tuple


@value(frozen=True)
class Axis:
    """One direction of the grid: its title, its keys in order and their header texts."""

    title: str
    keys: tuple[Hashable, ...]
    labels: tuple[str, ...]


@value(frozen=True)
class Grid:
    """Rows × columns, optionally repeated once per group (small multiples)."""

    rows: Axis
    cols: Axis
    groups: Axis | None = None

    @cached_property
    def _positions(self) -> tuple[dict, dict, dict]:
        return ({k: i for i, k in enumerate(self.groups.keys)} if self.groups else {None: 0},
                {k: i for i, k in enumerate(self.rows.keys)},
                {k: i for i, k in enumerate(self.cols.keys)})

    def index(self, cell: Cell) -> tuple[int, int, int]:
        group, row, col = cell
        groups, rows, cols = self._positions
        return groups[group], rows[row], cols[col]


@value(frozen=True)
class World:
    name: str
    #: the lines of its box (its name first)
    label: tuple[str, ...]
    cell: Cell
    #: removed by an earlier announcement: drawn greyed, still in its place
    removed: bool = False


@value(frozen=True)
class ClassPicture:
    """One step of an S5 model: worlds in their cells and each agent's classes."""

    title: str
    agents: tuple[str, ...]
    grid: Grid
    worlds: tuple[World, ...]
    #: (agent position, the names of the worlds of one class): classes of two or more
    #: live worlds (a world alone in its class is one the agent tells from every other)
    classes: tuple[tuple[int, tuple[str, ...]], ...]
    actual: tuple[str, ...] = ()
    #: a line under the picture (why classes are not drawn, say)
    note: str | None = None
    #: draw every world as a dot (many worlds): no labels, no class outlines unless few
    compact: bool = False
    #: the worlds' places came from these atoms or variables (for the legend)
    legend: tuple[str, ...] = field(default=())

    @property
    def live(self) -> tuple[World, ...]:
        return tuple(w for w in self.worlds if not w.removed)


def occupation(grid: Grid, cells: dict[str, Cell]) -> dict[tuple[int, int, int], str]:
    """Grid index -> the world in that cell."""
    return {grid.index(c): n for n, c in cells.items()}


def pieces(grid: Grid, members: set[str], cells: dict[str, Cell],
           occupied: dict | None = None) -> list[tuple]:
    """The rectangles ``(group, row0, row1, col0, col1)`` (grid indices) that cover a class:
    runs of a row's members (through cells no other world occupies) stacked with the same
    runs of the next rows.  One rectangle when the class is a block of the grid."""
    if occupied is None:
        occupied = occupation(grid, cells)
    by_row: dict[tuple[int, int], list[int]] = {}
    for name in members:
        g, r, c = grid.index(cells[name])
        by_row.setdefault((g, r), []).append(c)
    runs: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for (g, r), cols in by_row.items():
        cols.sort()
        out = [[cols[0], cols[0]]]
        for c in cols[1:]:
            start = out[-1][1]
            between = (occupied.get((g, r, x)) for x in range(start + 1, c))
            if all(w is None or w in members for w in between):
                out[-1][1] = c
            else:
                out.append([c, c])
        runs[(g, r)] = [tuple(x) for x in out]
    rects: list[list] = []
    open_rects: dict[tuple[int, int, int], list] = {}  # (group, col0, col1) -> rect
    for (g, r) in sorted(runs):
        for c0, c1 in runs[(g, r)]:
            rect = open_rects.get((g, c0, c1))
            if rect is not None and rect[2] == r - 1:
                rect[2] = r
                continue
            rect = [g, r, r, c0, c1]
            rects.append(rect)
            open_rects[(g, c0, c1)] = rect
    return [(grid.groups.keys[g] if grid.groups else None, r0, r1, c0, c1)
            for g, r0, r1, c0, c1 in rects]


def piece_count(grid: Grid, classes: Iterable[Iterable[str]], cells: dict[str, Cell]) -> int:
    """How many rectangles the classes take: 1 per class is a layout where every class
    is a block."""
    occupied = occupation(grid, cells)
    return sum(len(pieces(grid, set(c), cells, occupied)) for c in classes)


# -- Boolean valuations: a Karnaugh map --------------------------------------------------

def gray(n: int) -> list[str]:
    """The reflected Gray code on n bits: neighbours differ in one bit, and the codes
    with a given prefix are consecutive."""
    if n == 0:
        return [""]
    rest = gray(n - 1)
    return ["0" + c for c in rest] + ["1" + c for c in reversed(rest)]


def _bits_of(values: Sequence[bool], order: Sequence[int]) -> str:
    return "".join("1" if values[i] else "0" for i in order)


def boolean_grid(symbols: Sequence[str], valuations: dict[str, Sequence[bool]],
                 rows: Sequence[int], cols: Sequence[int]) -> tuple[Grid, dict[str, Cell]]:
    """The grid whose rows are the Gray code over the atoms ``rows`` (positions into each
    valuation) and whose columns are over ``cols``; only rows and columns with a world."""
    row_keys = {_bits_of(v, rows) for v in valuations.values()}
    col_keys = {_bits_of(v, cols) for v in valuations.values()}
    rk = tuple(k for k in gray(len(rows)) if k in row_keys)
    ck = tuple(k for k in gray(len(cols)) if k in col_keys)
    grid = Grid(rows=Axis(" ".join(symbols[i] for i in rows) or "", rk, rk),
                cols=Axis(" ".join(symbols[i] for i in cols) or "", ck, ck))
    cells = {n: (None, _bits_of(v, rows), _bits_of(v, cols)) for n, v in valuations.items()}
    return grid, cells


def best_boolean_layout(symbols: Sequence[str], valuations: dict[str, Sequence[bool]],
                        classes: Sequence[Sequence[str]], budget: int = 80
                        ) -> tuple[Grid, dict[str, Cell]]:
    """The Karnaugh map that breaks the fewest classes into pieces: the atoms are split
    between rows and columns and ordered by a bounded hill climb over swaps (the layout
    is computed once per problem, on its initial model, so that every world keeps its
    place from step to step)."""
    n = len(symbols)
    order = list(range(n))

    def layout(seq: Sequence[int], split: int):
        return boolean_grid(symbols, valuations, seq[:split], seq[split:])

    def cost(seq: Sequence[int], split: int) -> tuple[int, int]:
        grid, cells = layout(seq, split)
        # fewest pieces, then the squarest grid
        return (piece_count(grid, classes, cells),
                abs(len(grid.rows.keys) * 2 - len(grid.cols.keys)))

    best_split = n // 2
    best = cost(order, best_split)
    spent = 1
    if n >= 2 and classes:
        improved = True
        while improved and spent < budget:
            improved = False
            for i in range(n):
                for j in range(i + 1, n):
                    for split in {n // 2, (n + 1) // 2}:
                        if spent >= budget:
                            break
                        trial = order[:]
                        trial[i], trial[j] = trial[j], trial[i]
                        c = cost(trial, split)
                        spent += 1
                        if c < best:
                            best, order, best_split, improved = c, trial, split, True
    return layout(order, best_split)
