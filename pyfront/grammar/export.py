"""Export the DSL's LALR tables from lark into ``pyfront/grammar/problem_tables.py``.

    python -m pyfront.grammar.export          # after changing grammars/problem.lark
    python -m pyfront.grammar.export --check  # exit 1 when the tables are stale

lark builds the automaton, the contextual lexer (one scanner a parser state, with the
keywords that the name pattern also matches turned into their own types afterwards) and the
tree-shaping of each rule (filtered tokens, inlined ``_rules``, ``?rules`` that give their
only child, placeholders for ``[optional]`` parts).  This module writes all of it down as
plain data; :mod:`.runtime` reads it back.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

OUT = Path(__file__).with_name("problem_tables.py")
GRAMMAR = "problem.lark"


def _lark_version() -> str:
    import lark

    return lark.__version__


def grammar_sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _plan(rule) -> tuple:
    """How a rule's children become the tree's: lark's child filter, as data."""
    expansion = rule.expansion
    marks = rule.options.empty_indices
    if marks:
        bits = "".join(str(int(b)) for b in marks)
        empty = [len(ones) for ones in bits.split("0")]
    else:
        empty = [0] * (len(expansion) + 1)
    include, pending = [], 0
    for i, sym in enumerate(expansion):
        pending += empty[i]
        if rule.options.keep_all_tokens or not (sym.is_term and sym.filter_out):
            include.append((i, int(not sym.is_term and sym.name.startswith("_")), pending))
            pending = 0
    pending += empty[len(expansion)]
    plain = not marks and len(include) == len(expansion) and not any(e for _, e, _ in include)
    return (None if plain else tuple(include)), pending


def _order(t) -> tuple:
    """lark's order of terminals in a scanner: each state's list is this order, restricted."""
    return (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name)


def _newline_types(parser) -> set:
    return set(parser.parser.lexer.lexer.root_lexer.newline_types)


def _canonical_states(table) -> list:
    """lark's states in an order that does not depend on hashing: breadth first from the
    start state, following symbols in name order (lark's own numbers vary between runs)."""
    (start,) = table.start_states.values()
    order, seen = [start], {start}
    for s in order:
        for sym in sorted(table.states[s]):
            action, arg = table.states[s][sym]
            if action.name == "Shift" and arg not in seen:
                seen.add(arg)
                order.append(arg)
    missing = set(table.states) - seen
    if missing:
        raise SystemExit(f"states {sorted(missing)} cannot be reached from the start")
    return order


def _lexers(parser, order: list):
    """Every terminal in lark's order, as ``(name, kind, text)`` (``s``: a literal, ``r``: a
    regular expression), and each state's scanner as the indices it tries in that order and
    the keywords that a matched pattern turns into (``(pattern, ((word, keyword), …))``)."""
    contextual = parser.parser.lexer.lexer
    ordered = sorted(parser.terminals, key=_order)
    index = {t.name: i for i, t in enumerate(ordered)}
    terminals = []
    for t in ordered:
        if t.pattern.flags:
            raise SystemExit(f"terminal {t.name}: flags {t.pattern.flags} are not supported")
        kind = "s" if t.pattern.type == "str" else "r"
        terminals.append((t.name, kind, t.pattern.value if kind == "s" else t.pattern.to_regexp()))
    lexers, lexer_of, seen = [], [], {}
    for s in order:
        basic = contextual.lexers[s]
        if id(basic) not in seen:
            tried = [t.name for t in basic.scanner.terminals]  # builds it and the callbacks
            if tried != sorted(tried, key=index.__getitem__):
                raise SystemExit(f"state {s}: lark's scanner order is not the global order")
            unless = []
            for name, cb in sorted(basic.callback.items()):
                words = []
                for t in cb.scanner.terminals:
                    if t.pattern.type != "str" or t.pattern.flags:
                        raise SystemExit(f"keyword {t.name}: only plain strings are supported")
                    words.append((t.pattern.value, t.name))
                unless.append((index[name], tuple(words)))
            seen[id(basic)] = len(lexers)
            lexers.append((tuple(index[n] for n in tried), tuple(unless)))
        lexer_of.append(seen[id(basic)])
    return terminals, lexers, lexer_of


def build() -> str:
    """The text of the tables module for the grammar as it is now."""
    from pyfront.problem.dsl_syntax import lark_parser
    from mindgames_grammars import grammar_text

    text = grammar_text(GRAMMAR)
    parser = lark_parser()
    table = parser.parser.parser._parse_table
    rules = sorted(parser.rules, key=lambda r: (r.origin.name, [x.name for x in r.expansion],
                                                 str(r.alias)))
    index = {r: i for i, r in enumerate(rules)}
    order = _canonical_states(table)
    number = {s: i for i, s in enumerate(order)}
    states = []
    for s in order:
        row = table.states[s]
        cells = []
        for sym in sorted(row):
            action, arg = row[sym]
            cells.append(f"{sym}=s{number[arg]}" if action.name == "Shift"
                         else f"{sym}=r{index[arg]}")
        states.append(" ".join(cells))
    terminals, lexers, lexer_of = _lexers(parser, order)
    rows = []
    for r in rules:
        plan, append = _plan(r)
        name = r.alias or r.options.template_source or r.origin.name
        rows.append((str(r.origin.name), len(r.expansion), str(name),
                     int(bool(r.options.expand1 and not r.alias)), plan, append))
    (start,) = (number[s] for s in table.start_states.values())
    (end,) = (number[s] for s in table.end_states.values())
    parts = [
        '"""LALR tables of grammars/problem.lark, exported from lark by pyfront.grammar.export.',
        "",
        "Do not edit: run ``python -m pyfront.grammar.export`` after changing the grammar.",
        "One table a line: TERMINALS in lark's order, LEXERS (the terminals each scanner tries",
        "and the keywords a pattern turns into), RULES (how a reduction shapes the tree) and",
        "STATES (one string a state: symbol=s<state> to shift, symbol=r<rule> to reduce).",
        '"""',
        "",
        f"GRAMMAR_SHA = {grammar_sha(text)!r}",
        f"LARK = {_lark_version()!r}",
        f"START = {start!r}",
        f"END = {end!r}",
        f"IGNORE = {tuple(sorted(parser.lexer_conf.ignore))!r}",
        f"NEWLINE = {tuple(sorted(_newline_types(parser)))!r}",
        f"TERMINALS = {tuple(terminals)!r}",
        f"LEXER_OF = {tuple(lexer_of)!r}",
        f"LEXERS = {tuple(lexers)!r}",
        f"RULES = {tuple(rows)!r}",
        f"STATES = {tuple(states)!r}",
        "",
    ]
    return "\n".join(parts)


def stale() -> bool:
    """Whether the written tables were built from another grammar text."""
    from mindgames_grammars import grammar_text

    from . import problem_tables

    return problem_tables.GRAMMAR_SHA != grammar_sha(grammar_text(GRAMMAR))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyfront.grammar.export",
                                 description="write the DSL's parse tables")
    ap.add_argument("--check", action="store_true", help="exit 1 when the tables are stale")
    args = ap.parse_args(argv)
    if args.check:
        if stale():
            print(f"{OUT}: stale; run python -m pyfront.grammar.export", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(build(), encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
