"""The class pictures of a number puzzle: its possibilities on the natural table of its
variables' values, one picture per step (before the announcements, then after each).

Which table: when two agents observe disjoint sets of variables that together are all
of them (Albert the month and Bernard the day), their observations are the rows and the
columns, so that each agent's classes are rows or columns; otherwise the first two
variables are rows and columns and any others group the tables (small multiples), or,
with too many groups, are left out of the picture (a dot then stands for every
possibility with those values).  Classes come from the value engine's partitions.

    >>> from pyfront.data.loading import load_document
    >>> from pyfront.problem.puzzle_structure import PuzzleAnswers
    >>> pb = load_document("examples/puzzles/cheryls_birthday.del")[0]
    >>> pictures = puzzle_pictures(pb, PuzzleAnswers(pb))
    >>> pictures[0].grid.rows.title, pictures[0].grid.cols.title, len(pictures[-1].live)
    ('month', 'day', 1)
"""

from __future__ import annotations

from typing import Sequence

from .class_picture import Axis, ClassPicture, Grid, World

#: possibilities drawn as labelled boxes on a table at most this large
MAX_LABELLED, MAX_SIDE, MAX_GROUPS = 150, 16, 12
#: possibilities drawn at all (as dots beyond MAX_LABELLED)
MAX_DRAWN = 6000


def _display(pb, name: str) -> str:
    from pyfront.problem.puzzle_structure import atom_variable

    if name.startswith("#"):
        from .puzzle import atom_text

        return atom_text(pb, atom_variable(name))
    return name


def _observed(pb) -> list[set[str]]:
    """Per agent, the plain variables (and atoms) it observes (terms such as x + y are
    not variables: they do not make an axis)."""
    from smcdel_bridge.terms import Var

    from pyfront.problem.puzzle_structure import atom_name

    out = []
    for atoms, terms in zip(pb.observations, pb.observed_terms):
        seen = {atom_name(a) for a in atoms}
        seen |= {t.name for t in terms if isinstance(t, Var)}
        out.append(seen if all(isinstance(t, Var) for t in terms) else set())
    return out


def _axes(pb, names: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(row variables, column variables, group variables)."""
    observed = _observed(pb)
    everything = set(names)
    for i, a in enumerate(observed):
        for b in observed[i + 1:]:
            if a and b and not a & b and a | b == everything:
                return (tuple(n for n in names if n in a), tuple(n for n in names if n in b), ())
    if len(names) == 1:
        return (names[0],), (), ()
    return (names[0],), (names[1],), tuple(names[2:])


def _key_text(values: tuple) -> str:
    """``0110`` for bits, ``12`` for one-character values, else ``May, 15``."""
    if len(values) > 1 and all(v in (0, 1, False, True) for v in values):
        return "".join(str(int(v)) for v in values)
    if len(values) > 1 and all(len(str(v)) == 1 for v in values):
        return "".join(str(v) for v in values)
    return ", ".join(str(v) for v in values)


def _axis(title: str, idx: Sequence[int], states, domains) -> Axis:
    present = {tuple(s[i] for i in idx) for s in states}
    order = sorted(present, key=lambda key: tuple(domains[i].index(v) for i, v in zip(idx, key)))
    return Axis(title, tuple(order), tuple(_key_text(k) for k in order))


def _world_label(values: tuple, names: Sequence[str]) -> tuple[str, ...]:
    if len(values) > 3 or all(len(str(v)) == 1 for v in values):
        return (_key_text(values),)
    if any(isinstance(v, str) for v in values) or len(values) == 1:
        return (" ".join(str(v) for v in values),)
    return (", ".join(f"{n}={v}" for n, v in zip(names, values)),)


def puzzle_pictures(pb, answers, actual: str | None = None) -> list[ClassPicture | None]:
    """One picture per step (None when there are too many possibilities to draw)."""
    vs = answers.vs
    steps = len(pb.announcements) + 1
    if len(vs.states) > MAX_DRAWN:
        return [None] * steps
    names = list(vs.names)
    shown = [_display(pb, n) for n in names]
    rows, cols, groups = _axes(pb, names)
    pos = {n: i for i, n in enumerate(names)}

    def axis(vars_: tuple[str, ...]) -> Axis:
        return _axis(" ".join(shown[pos[v]] for v in vars_), [pos[v] for v in vars_],
                     vs.states, vs.domains)

    row_axis = axis(rows)
    col_axis = axis(cols) if cols else Axis("", ((),), ("",))
    group_axis = axis(groups) if groups else None
    note = None
    if group_axis is not None and len(group_axis.keys) > MAX_GROUPS:
        note = (f"each dot stands for the possibilities with these values of "
                f"{row_axis.title} and {col_axis.title} ({', '.join(shown[pos[g]] for g in groups)} "
                "not shown)")
        group_axis, groups = None, ()
    grid = Grid(row_axis, col_axis, group_axis)
    compact = (note is not None or len(vs.states) > MAX_LABELLED
               or max(len(row_axis.keys), len(col_axis.keys)) > MAX_SIDE)

    def cell(state) -> tuple:
        return (tuple(state[pos[g]] for g in groups) if groups else None,
                tuple(state[pos[r]] for r in rows), tuple(state[pos[c]] for c in cols))

    base = [World(f"s{i}", _world_label(tuple(s), shown), cell(s))
            for i, s in enumerate(vs.states)]
    out = []
    for k in range(steps):
        live = answers.live(k)
        worlds = tuple(World(w.name, w.label, w.cell, not live >> i & 1)
                       for i, w in enumerate(base))
        classes = _classes(pb, vs, live) if note is None else ()
        title = "At the start" if k == 0 else f"After announcement {k}"
        alive = actual is not None and actual.startswith("s") and actual[1:].isdigit() \
            and live >> int(actual[1:]) & 1
        out.append(ClassPicture(title, tuple(a.name for a in pb.agents), grid, worlds, classes,
                                actual=(actual,) if alive else (), note=note, compact=compact,
                                legend=tuple(shown)))
    return out


def _classes(pb, vs, live: int) -> tuple[tuple[int, tuple[str, ...]], ...]:
    from .kripke import bits

    out = []
    for position, ident in enumerate(pb.agent_ids()):
        if ident not in vs.observations:
            continue
        for mask in vs.partition(ident):
            members = mask & live
            if members & (members - 1):  # two or more
                out.append((position, tuple(f"s{i}" for i in bits(members))))
    return tuple(out)
