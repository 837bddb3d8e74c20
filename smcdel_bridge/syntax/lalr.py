"""LALR(1) parse tables with yacc/Happy conflict resolution.

Why build tables instead of writing a recursive-descent or precedence-climbing parser: the
reference parser is a Happy LALR(1) automaton whose ambiguities are settled by precedence
declarations and by Happy's default choices (shift wins when a rule or token has no
precedence, which is why prefix ``K a`` swallows everything to its right).  Which inputs
it accepts, which trees it builds and at which token it reports an error all follow from
those tables; building the same tables from the same grammar reproduces every quirk,
including error positions, without describing the quirks one by one.  lark's LALR mode has
no yacc precedence declarations, so it cannot express this grammar as it stands.

Conflict resolution follows Happy: a rule's precedence is that of its last terminal (none
if that terminal has none); shift/reduce goes to the higher precedence, equal precedence
by associativity (left: reduce, right: shift, nonassoc: error), and to shift when either
side has no precedence; reduce/reduce goes to the earlier rule.

The tables are computed once and cached in the generated module
``smcdel_bridge/syntax/lr_tables.py`` (regenerate with ``python -m
smcdel_bridge.syntax.lalr``); a test checks that the cache matches the grammar.
"""

from __future__ import annotations

from pathlib import Path

from smcdel_bridge.values import value

from .lr import ACCEPT, EOF, FAIL, REDUCE, SHIFT


@value
class Tables:
    """Parse tables: ``action[state][terminal]`` is ``(SHIFT, state)``, ``(REDUCE, rule)``,
    ``(ACCEPT, 0)`` or ``(FAIL, 0)`` (absent means error too); ``goto[state][nonterminal]``
    is a state; ``rules[i]`` is ``(lhs, len(rhs), action)``; ``starts`` maps an entry
    point to its initial state."""

    action: list[dict[str, tuple[str, int]]]
    goto: list[dict[str, int]]
    rules: list[tuple[str, int, str]]
    starts: dict[str, int]
    conflicts: list[str]


def build_tables(terminals, rules, precedence, starts) -> Tables:
    """LALR(1) tables for ``rules`` (see :mod:`.grammar` for the shapes of the inputs)."""
    # --- augmented grammar: one start rule per entry point, numbered first (as Happy) ---
    prods: list[tuple[str, tuple[str, ...], str]] = []
    start_syms = {}
    for name, sym in starts:
        s = f"%start_{name}"
        start_syms[name] = s
        prods.append((s, (sym,), "start"))
    prods.extend((r.lhs, tuple(r.rhs), r.action) for r in rules)
    terms = set(terminals) | {EOF}
    nonterms = {lhs for lhs, _, _ in prods}
    by_lhs: dict[str, list[int]] = {}
    for i, (lhs, _, _) in enumerate(prods):
        by_lhs.setdefault(lhs, []).append(i)

    # --- precedence: the first declaration of a terminal counts --------------------------
    prio: dict[str, tuple[int, str]] = {}
    for level, (assoc, names) in enumerate(precedence, start=1):
        for t in names:
            prio.setdefault(t, (level, assoc))

    def rule_prio(i: int):
        rhs_terms = [x for x in prods[i][1] if x in terms]
        return prio.get(rhs_terms[-1]) if rhs_terms else None

    # --- FIRST sets (with nullability, though the grammar has no empty rules) ------------
    nullable: set[str] = set()
    first: dict[str, set[str]] = {n: set() for n in nonterms}
    changed = True
    while changed:
        changed = False
        for lhs, rhs, _ in prods:
            before = (len(first[lhs]), lhs in nullable)
            all_null = True
            for x in rhs:
                if x in terms:
                    first[lhs].add(x)
                    all_null = False
                    break
                first[lhs] |= first[x]
                if x not in nullable:
                    all_null = False
                    break
            if all_null:
                nullable.add(lhs)
            if (len(first[lhs]), lhs in nullable) != before:
                changed = True

    def first_seq(seq, la):
        out = set()
        for x in seq:
            if x in terms:
                out.add(x)
                return out
            out |= first[x]
            if x not in nullable:
                return out
        out |= la
        return out

    # --- LR(0) collection ----------------------------------------------------------------
    def closure0(kernel):
        items = list(kernel)
        seen = set(items)
        k = 0
        while k < len(items):
            r, d = items[k]
            k += 1
            rhs = prods[r][1]
            if d < len(rhs) and rhs[d] in nonterms:
                for j in by_lhs[rhs[d]]:
                    if (j, 0) not in seen:
                        seen.add((j, 0))
                        items.append((j, 0))
        return items

    states: list[tuple[tuple[int, int], ...]] = []
    index: dict[tuple, int] = {}
    transitions: list[dict[str, int]] = []

    def add_state(kernel) -> int:
        kernel = tuple(sorted(kernel))
        if kernel not in index:
            index[kernel] = len(states)
            states.append(kernel)
            transitions.append({})
        return index[kernel]

    start_state = {}
    for i, (name, _) in enumerate(starts):
        start_state[name] = add_state([(i, 0)])
    k = 0
    while k < len(states):
        moves: dict[str, list[tuple[int, int]]] = {}
        for r, d in closure0(states[k]):
            rhs = prods[r][1]
            if d < len(rhs):
                moves.setdefault(rhs[d], []).append((r, d + 1))
        for sym in sorted(moves):
            transitions[k][sym] = add_state(moves[sym])
        k += 1

    # --- LALR(1) lookaheads by spontaneous generation and propagation -------------------
    HASH = "#"

    def closure1(items):
        """LR(1) closure of ``{item: lookahead set}``."""
        la = {it: set(s) for it, s in items.items()}
        work = list(la)
        while work:
            it = work.pop()
            r, d = it
            rhs = prods[r][1]
            if d < len(rhs) and rhs[d] in nonterms:
                new = first_seq(rhs[d + 1:], la[it])
                for j in by_lhs[rhs[d]]:
                    cur = la.setdefault((j, 0), set())
                    if not new <= cur:
                        cur |= new
                        work.append((j, 0))
        return la

    lookahead: dict[tuple[int, tuple[int, int]], set[str]] = {}
    for st, kernel in enumerate(states):
        for it in kernel:
            lookahead[(st, it)] = set()
    for i, (name, _) in enumerate(starts):
        lookahead[(start_state[name], (i, 0))].add(EOF)
    propagate: dict[tuple, list[tuple]] = {}
    for st, kernel in enumerate(states):
        for kit in kernel:
            for (r, d), las in closure1({kit: {HASH}}).items():
                rhs = prods[r][1]
                if d >= len(rhs):
                    continue
                target = (transitions[st][rhs[d]], (r, d + 1))
                for a in las:
                    if a == HASH:
                        propagate.setdefault((st, kit), []).append(target)
                    else:
                        lookahead[target].add(a)
    changed = True
    while changed:
        changed = False
        for src, targets in propagate.items():
            s = lookahead[src]
            for t in targets:
                if not s <= lookahead[t]:
                    lookahead[t] |= s
                    changed = True

    # --- actions, resolved as Happy resolves them -----------------------------------------
    conflicts: list[str] = []
    action: list[dict[str, tuple[str, int]]] = []
    goto: list[dict[str, int]] = []
    n_starts = len(starts)
    for st, kernel in enumerate(states):
        items = closure1({it: lookahead[(st, it)] for it in kernel})
        acts: dict[str, tuple[str, int, object]] = {}

        def put(t, new):
            old = acts.get(t)
            if old is None or old[:2] == new[:2]:
                acts[t] = new
                return
            if old[0] == FAIL:
                return
            if ACCEPT in (old[0], new[0]):
                acts[t] = old if old[0] == ACCEPT else new
                return
            if old[0] == SHIFT and new[0] == REDUCE:
                old, new = new, old
            if old[0] == REDUCE and new[0] == SHIFT:
                rp, sp = old[2], new[2]
                if rp is None or sp is None:
                    conflicts.append(f"state {st}: shift/reduce on {t} -> shift")
                    acts[t] = new
                elif rp[0] != sp[0]:
                    acts[t] = new if rp[0] < sp[0] else old
                else:
                    acts[t] = {"left": old, "right": new}.get(rp[1], (FAIL, 0, None))
                return
            # reduce/reduce: higher precedence, else the earlier rule
            a, b = (old, new) if old[1] < new[1] else (new, old)
            pa, pb = a[2], b[2]
            if pa is not None and pb is not None and pa[0] < pb[0]:
                acts[t] = b
            else:
                acts[t] = a
            conflicts.append(f"state {st}: reduce/reduce on {t} -> rule {acts[t][1]}")

        for (r, d), las in sorted(items.items()):
            rhs = prods[r][1]
            if d < len(rhs):
                t = rhs[d]
                if t in terms:
                    put(t, (SHIFT, transitions[st][t], prio.get(t)))
            elif r < n_starts:
                put(EOF, (ACCEPT, 0, None))
            else:
                for t in sorted(las):
                    put(t, (REDUCE, r, rule_prio(r)))
        action.append({t: (a[0], a[1]) for t, a in sorted(acts.items()) if a[0] != FAIL}
                      | {t: (FAIL, 0) for t, a in acts.items() if a[0] == FAIL})
        goto.append({s: n for s, n in transitions[st].items() if s in nonterms})
    rules_out = [(lhs, len(rhs), act) for lhs, rhs, act in prods]
    return Tables(action, goto, rules_out, start_state, conflicts)


def grammar_tables() -> Tables:
    """Tables of the SMCDEL grammar (:mod:`.grammar`)."""
    from . import grammar

    return build_tables(grammar.TERMINALS, grammar.RULES, grammar.PRECEDENCE, grammar.STARTS)


def encode_rows(rows: list[dict[str, tuple[str, int]]] | list[dict[str, int]]) -> str:
    """Compact text of table rows (one line a state: ``SYMBOL=ACTION`` pairs), which
    Python compiles and ``lr.decode_rows`` reads back far faster than nested literals."""
    out = []
    for row in rows:
        cells = []
        for sym, act in row.items():
            cells.append(f"{sym}={act[0]}{act[1]}" if isinstance(act, tuple) else f"{sym}={act}")
        out.append(" ".join(cells))
    return "\n".join(out)


def render_module(tables: Tables) -> str:
    """Python source of the cached-tables module."""
    return "\n".join([
        '"""Parse tables of the SMCDEL grammar, generated by smcdel_bridge.syntax.lalr.',
        "",
        "Do not edit: run ``python -m smcdel_bridge.syntax.lalr`` after changing grammar.py.",
        "ACTION and GOTO hold one line a state (see lalr.encode_rows).",
        '"""',
        "",
        f"STARTS = {tables.starts!r}",
        f"RULES = {tables.rules!r}",
        f"ACTION = {encode_rows(tables.action)!r}",
        f"GOTO = {encode_rows(tables.goto)!r}",
        "",
    ])


TABLES_PATH = Path(__file__).with_name("lr_tables.py")


def main() -> None:
    tables = grammar_tables()
    TABLES_PATH.write_text(render_module(tables), encoding="utf-8")
    print(f"wrote {TABLES_PATH} ({len(tables.action)} states, "
          f"{len(tables.conflicts)} conflicts resolved by default)")
    for c in tables.conflicts:
        print("  " + c)


if __name__ == "__main__":
    main()
