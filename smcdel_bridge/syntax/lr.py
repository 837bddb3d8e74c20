"""The LR(1) driver: run the SMCDEL parse tables over the token stream and build the tree.

The automaton's tables come from :mod:`.lalr` (cached in ``lr_tables``).  Like the reference
it asks for the next token right after each shift, so a lexical error is reported only once
every token before it has been accepted, and a parse error names the first token that cannot
continue the input (``line 1, column 1`` when the input ends too early, as the reference
reports it).  Positions are worked out only for the token an error names, which keeps the
scanner fast.  :mod:`.parser` holds the entry points built on it.

Where a list or chain of literals (``AND(1, ~2)``, ``(1 & (Not 2))``, ``(3)``) or a list of
numbers (``VARS 1, 2, 3``) starts, the moves over it are made at once: its tokens' kinds,
one character each, are matched by a regular expression and the value built as the moves
would build it (:mod:`.simple_groups`), when the token after it calls for the reduction
that ends it (else the moves are made one by one, and find the error where they always
did).  The dining cryptographers 100: 65 ms of parsing instead of 95, laid out 85 instead
of 120.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..errors import LexError, ParseError
from ..language import (
    BOT, TOP, Announce, AnnounceW, Ck, Ckw, Conj, Disj, Dk, Dkw, Equi, Exists, Forall,
    Impl, K, Kw, Neg, Prp, PubAnnounce, PubAnnounceW, Xor,
)
from ..program import CheckInput, Structure, TrueQ, ValidQ, WhereQ
from . import lr_tables
from .lexer import Token, position, scan, scan_quick
from .one_of import one_of
from .sharing import KEYS as SHARING_KEYS
from .simple_groups import (
    TOKEN_GROUP, group_reading, numbers_end, token_codes, token_group,
)


#: semantic actions by name (see grammar.RULES); each gets the right-hand-side values
ACTIONS: dict[str, Callable[[list], object]] = {
    "start": lambda v: v[0],
    "first": lambda v: v[0],
    "second": lambda v: v[1],
    "singleton": lambda v: (v[0],),
    "cons": lambda v: (v[0],) + v[2],
    "cons_adjacent": lambda v: (v[0],) + v[1],
    "check_input": lambda v: CheckInput(Structure(v[1], v[3], v[5]), v[6]),
    "check_input_nojobs": lambda v: CheckInput(Structure(v[1], v[3], v[5]), ()),
    "top": lambda v: TOP,
    "bot": lambda v: BOT,
    "neg": lambda v: Neg(v[1]),
    "conj_list": lambda v: Conj(v[2]),
    "disj_list": lambda v: Disj(v[2]),
    "xor_list": lambda v: Xor(v[2]),
    "oneof_list": lambda v: one_of(v[2]),
    "conj2": lambda v: Conj((v[0], v[2])),
    "disj2": lambda v: Disj((v[0], v[2])),
    "impl": lambda v: Impl(v[0], v[2]),
    "equi": lambda v: Equi(v[0], v[2]),
    "prp": lambda v: Prp(v[0]),
    "prefix_k": lambda v: K(v[1], v[2]),
    "prefix_kw": lambda v: Kw(v[1], v[2]),
    "infix_k": lambda v: K(v[0], v[2]),
    "infix_kw": lambda v: Kw(v[0], v[2]),
    "infix_kw_list": lambda v: Conj(tuple(Kw(v[0], f) for f in v[3])),
    "ck": lambda v: Ck(v[0], v[2]),
    "ckw": lambda v: Ckw(v[0], v[2]),
    "ck_paren": lambda v: Ck(v[1], v[4]),
    "ckw_paren": lambda v: Ckw(v[1], v[4]),
    "dk": lambda v: Dk(v[0], v[2]),
    "dkw": lambda v: Dkw(v[0], v[2]),
    "dk_paren": lambda v: Dk(v[1], v[4]),
    "dkw_paren": lambda v: Dkw(v[1], v[4]),
    "pub_announce": lambda v: PubAnnounce(v[2], v[4]),
    "pub_announce_w": lambda v: PubAnnounceW(v[3], v[5]),
    "pub_diamond": lambda v: Neg(PubAnnounce(v[2], Neg(v[4]))),
    "pub_diamond_w": lambda v: Neg(PubAnnounceW(v[3], Neg(v[5]))),
    "announce": lambda v: Announce(v[1], v[3], v[5]),
    "announce_w": lambda v: AnnounceW(v[1], v[4], v[6]),
    "diamond": lambda v: Neg(Announce(v[1], v[3], Neg(v[5]))),
    "diamond_w": lambda v: Neg(AnnounceW(v[1], v[4], Neg(v[6]))),
    "forall": lambda v: Forall(v[1], v[2]),
    "exists": lambda v: Exists(v[1], v[2]),
    "observe_line": lambda v: (v[0], v[2]),
    "empty_state": lambda v: (),
    "true_q": lambda v: TrueQ(v[1], v[2]),
    "valid_q": lambda v: ValidQ(v[1]),
    "where_q": lambda v: WhereQ(v[1]),
}


#: parse actions (the tables' encoding; see lalr.py) and the end-of-input terminal
SHIFT, REDUCE, ACCEPT, FAIL = "s", "r", "a", "f"
EOF = "$eof"


def decode_rows(text: str, actions: bool) -> list[dict]:
    """Read table rows written by ``lalr.encode_rows``: one line a state, ``SYMBOL=ACTION``
    cells (an action is a letter and a number; a goto is a number)."""
    rows = []
    for line in text.split("\n"):
        row = {}
        for cell in line.split():
            sym, _, act = cell.partition("=")
            row[sym] = (act[0], int(act[1:])) if actions else int(act)
        rows.append(row)
    return rows


def _compile_rows(rows: list[dict]) -> list[dict[str, int]]:
    """Action rows as ints for the driver's inner loop: ``n > 0`` shifts to state ``n-1``,
    ``n < 0`` reduces by rule ``-n-1``, ``0`` accepts; error entries are left out."""
    out = []
    for row in rows:
        coded = {}
        for sym, (what, arg) in row.items():
            if what == SHIFT:
                coded[sym] = arg + 1
            elif what == REDUCE:
                coded[sym] = -arg - 1
            elif what == ACCEPT:
                coded[sym] = 0
        out.append(coded)
    return out


ACTION_TABLE = _compile_rows(decode_rows(lr_tables.ACTION, actions=True))
GOTO_TABLE = decode_rows(lr_tables.GOTO, actions=False)
#: per rule: left-hand side, length of the right-hand side, semantic action
RULE_TABLE = [(lhs, size, ACTIONS[name]) for lhs, size, name in lr_tables.RULES]


class ReversedList(list):
    """A list being built by right-recursive rules (``x , xs``): its last element first,
    so that each rule appends instead of copying (linear, not quadratic, in its length).
    It becomes the tuple the semantic actions expect as soon as another rule takes it."""

    __slots__ = ()


#: how the driver builds lists itself: 1 starts one, 2 puts ``x`` (before ``, xs``) in
#: front, 3 puts ``x`` (directly before ``xs``) in front
_LISTING = {"singleton": 1, "cons": 2, "cons_adjacent": 3}
LIST_OF_RULE = [_LISTING.get(name, 0) for _, _, name in lr_tables.RULES]


def _list_positions() -> list[tuple[int, ...]]:
    """Per rule, where its right-hand side holds a list (the tables number the start rules
    first, then the grammar's rules in order); every position when that does not match."""
    from .grammar import RULES, STARTS

    lists = {r.lhs for r in RULES if r.action in _LISTING}
    rhs = [(sym,) for _, sym in STARTS] + [r.rhs for r in RULES]
    if len(rhs) != len(lr_tables.RULES) or any(
            len(r) != size for r, (_, size, _) in zip(rhs, lr_tables.RULES)):
        return [tuple(range(size)) for _, size, _ in lr_tables.RULES]
    return [tuple(j for j, sym in enumerate(r) if sym in lists) for r in rhs]


LIST_AT = _list_positions()

#: the binary connectives ``a OP b`` by their constructors of two values, which the
#: drivers call themselves (a chain of ``∧`` is one such node a link)
_BINARY = {"conj2": lambda a, b: Conj((a, b)), "disj2": lambda a, b: Disj((a, b)),
           "impl": Impl, "equi": Equi}

#: per rule, what :func:`_run` needs in one tuple: left-hand side, size, action (for 7,
#: the constructor), how it reduces (1-3: lists, see _LISTING; 4: a single value passed
#: on as it is, 5: an atom, 6: a parenthesised formula, 7: a binary connective, 0: the
#: action), and where its right-hand side holds a list
_PASS_ON = {"first", "start"}
RUN_RULES = [
    (lhs, size, _BINARY.get(name, build) if size == 3 else build,
     listing or (4 if size == 1 and name in _PASS_ON else
                 5 if name == "prp" else
                 6 if name == "second" and size == 3 and not lists else
                 7 if name in _BINARY and size == 3 else 0),
     lists)
    for (lhs, size, build), (_, _, name), listing, lists
    in zip(RULE_TABLE, lr_tables.RULES, LIST_OF_RULE, LIST_AT)
]


def parse_tokens(tokens: Iterable[Token], start: str = "CheckInput"):
    """Parse a token stream from the entry point ``start`` (``CheckInput``, ``Form`` or
    ``FormList``); raise :class:`ParseError` (or the lexer's ``LexError``, when the
    stream raises it as the parser asks for the next token)."""
    kinds, values, where = [], [], []
    lex_error = None
    try:
        for tok in tokens:
            kinds.append(tok.kind)
            values.append(tok.value)
            where.append((tok.line, tok.column))
    except LexError as err:
        lex_error = (err.line, err.column)
    return _run(kinds, values, where.__getitem__, lex_error, start)


def parse_text(text: str, start: str = "CheckInput"):
    """Parse ``text`` from the entry point ``start``."""
    quick = scan_quick(text)
    if quick is not None:  # no lexical error; positions only for a parse error
        kinds, values = quick
        return _run(kinds, values, lambda i: position(text, scan(text)[2][i]), None, start)
    kinds, values, offsets, lex_error = scan(text)
    return _run(kinds, values, lambda i: position(text, offsets[i]), lex_error, start)


def _number_list_moves(act: int) -> tuple:
    """How ``INT , INT , … INT`` is read from the shift ``act`` of its first number, when
    there it is an ``IntList`` (a ``,`` after the number is shifted, and the number after
    the ``,`` leads back to the same state): the reduction of the last number to a list,
    the state after ``INT , IntList``, and the reduction that ends each pair; a token after
    the list that calls for other moves leaves it to the plain ones.  () elsewhere (a
    number that is a formula, in a list of formulas)."""
    number = act - 1
    comma = ACTION_TABLE[number].get("COMMA", 0)
    if comma <= 0 or ACTION_TABLE[comma - 1].get("INT") != act:
        return ()
    rules = [rule[:3] for rule in lr_tables.RULES]
    return (-rules.index(("IntList", 1, "singleton")) - 1,
            GOTO_TABLE[comma - 1]["IntList"],
            -rules.index(("IntList", 3, "cons")) - 1)


#: the tokens a list or chain of literals starts with
_GROUP_STARTS = frozenset(("LPAREN", "CON", "DIS", "XOR"))


def _run(kinds, values, where, lex_error, start):
    """The LR automaton over pre-scanned tokens.  ``lex_error`` is the position of the
    character after the last token that the scanner could not read: it is reported as
    soon as the parser asks for that token, i.e. once every token before it is shifted."""
    action, goto, rules = ACTION_TABLE, GOTO_TABLE, RUN_RULES
    keys, nodes, atoms = SHARING_KEYS, {}, {}
    readings: dict = {}  # the shift of a group's first token -> how it is read at once
    int_lists: dict = {}  # the shift of a number -> how a list of numbers is read at once
    codes = token_codes(kinds)
    group_match = TOKEN_GROUP.match
    state = lr_tables.STARTS[start]
    states = [state]
    stack: list = []
    n = len(kinds)
    i = 0
    if n == 0 and lex_error is not None:
        raise LexError(*lex_error)
    kind = kinds[0] if n else EOF
    while True:
        act = action[state].get(kind)
        if act is None:
            # at the end of the input the reference reports line 1, column 1
            raise ParseError(*(where(i) if i < n else (1, 1)))
        if act > 0:
            if kind == "INT" and i + 1 < n and kinds[i + 1] == "COMMA":
                # a list of numbers (VARS, OBS, TRUE?'s state): its moves at once
                moves = int_lists.get(act)
                if moves is None:
                    moves = int_lists[act] = _number_list_moves(act)
                if moves:
                    last = numbers_end(codes, i)
                    after = kinds[last + 1] if last + 1 < n else (EOF if lex_error is None else None)
                    if (after is not None and action[act - 1].get(after) == moves[0]
                            and action[moves[1]].get(after) == moves[2]):
                        stack.append(ReversedList(values[i:last + 1:2][::-1]))
                        state = goto[state]["IntList"]
                        states.append(state)
                        i = last + 1
                        kind = after
                        continue
            elif kind in _GROUP_STARTS and (m := group_match(codes, i)) is not None:
                # a list or chain of literals (see .simple_groups): its moves at once
                close = m.end() - 1
                if close + 1 < n or lex_error is None:
                    after = kinds[close + 1] if close + 1 < n else EOF
                    reading = readings.get(act, False)
                    if reading is False:
                        reading = readings[act] = group_reading(act, kind, action, goto)
                    if reading is not None and action[reading[1]].get(after) == reading[2]:
                        stack.append(token_group(codes, values, i, close, atoms, nodes))
                        state = goto[state][reading[0]]
                        states.append(state)
                        i = close + 1
                        kind = after
                        continue
            state = act - 1
            states.append(state)
            stack.append(values[i])
            i += 1
            if i < n:
                kind = kinds[i]
            elif lex_error is not None:
                raise LexError(*lex_error)
            else:
                kind = EOF
        elif act < 0:
            rule = rules[-act - 1]
            reduce_by(rule, stack, states, atoms, nodes, keys)
            lhs = rule[0]
            state = goto[states[-1]][lhs]
            states.append(state)
        else:
            value = stack[-1]
            if type(value) is ReversedList:
                value.reverse()
                value = tuple(value)
            return value


def reduce_by(rule: tuple, stack: list, states: list, atoms: dict, nodes: dict, keys) -> object:
    """One reduction by ``rule`` (a row of ``RUN_RULES``) on the value and state stacks,
    and the value it leaves on top.  Both drivers reduce here: the call costs the token
    driver 2 to 4 % of its time against the step written into it (2,400 MindGames rows'
    texts: 161 → 166 ms; a 0.67 MB text of repeated groups: 263 → 271 ms) and the group
    driver nothing measurable, which one reduction step for both is worth.  Equal
    subformulas are one object, an atom one object a number (see .sharing); a list being
    read is a :class:`ReversedList` until its rule ends."""
    _lhs, size, build, how, lists = rule
    if how == 4:  # (the value stays where it is)
        states.pop()
    elif how == 5:  # an atom
        atom = atoms.get(stack[-1])
        if atom is None:
            atom = atoms[stack[-1]] = Prp(stack[-1])
        stack[-1] = atom
        states.pop()
    elif how == 6:  # ( Form )
        value = stack[-2]
        del stack[-3:]
        stack.append(value)
        del states[-3:]
    elif how == 7:  # a OP b
        value = build(stack[-3], stack[-1])
        value = nodes.setdefault((type(value), keys[type(value)](value)), value)
        del stack[-2:]
        stack[-1] = value
        del states[-3:]
    elif how == 1:
        stack[-1] = ReversedList((stack[-1],))
        states.pop()
    elif how:
        tail = stack.pop()
        tail.append(stack[-size + 1])
        del stack[-size + 1:]
        stack.append(tail)
        del states[-size:]
    else:
        args = stack[-size:]
        for j in lists:
            value = args[j]
            if type(value) is ReversedList:
                value.reverse()
                args[j] = tuple(value)
        value = build(args)
        key = keys.get(type(value))
        if key is not None:
            value = nodes.setdefault((type(value), key(value)), value)
        if size == 1:
            stack[-1] = value
            states.pop()
        else:
            del stack[-size:]
            del states[-size:]
            stack.append(value)
    return stack[-1]
