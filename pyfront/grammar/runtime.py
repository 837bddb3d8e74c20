"""Run the exported tables: a contextual lexer and an LALR(1) driver that build lark's trees.

Each token is lexed as the parser state's own lark scanner would lex it: the first of the
state's terminals, in lark's order, that matches (found with one alternation of every
terminal, compiled once, and the state's later terminals only when the winner is not the
state's); a name that spells a keyword becomes the keyword where the keyword is accepted.  Newlines inside parentheses are dropped before the parser sees them.
Reductions shape the tree as lark does: filtered tokens and ``_inlined`` rules, ``?rules``
giving their only child, ``None`` for an ``[optional]`` part left out, and positions
propagated from the first and last token a node covers.  On any error :class:`NoParse` is
raised; the caller asks lark for the wording.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from . import problem_tables as T
from .postlex import ParenNewlines
from .tree import Meta, Token, Tree
from ..errors import UserError


class NoParse(UserError):
    """The text is not in the grammar at ``offset`` (lark then says where and why)."""

    def __init__(self, offset: int):
        super().__init__(f"not in the grammar at offset {offset}")
        self.offset = offset


_states: list = [None] * len(T.STATES)
_lexers: list = [None] * len(T.LEXERS)
_single: list = [None] * len(T.TERMINALS)
_IGNORE = frozenset(T.IGNORE)
_NEWLINE = frozenset(T.NEWLINE)
_INDEX = {name: i for i, (name, _, _) in enumerate(T.TERMINALS)}


def _row(state: int) -> dict:
    row = _states[state]
    if row is None:
        row = {}
        for cell in T.STATES[state].split():
            sym, _, act = cell.partition("=")
            row[sym] = (act[0] == "s", int(act[1:]))
        _states[state] = row
    return row


@lru_cache(maxsize=1)
def _master():
    """One alternation of every terminal, in lark's order, compiled on first use."""
    return re.compile("|".join(
        f"(?P<{name}>{re.escape(text_) if kind == 's' else text_})"
        for name, kind, text_ in T.TERMINALS)).match


def _first_match(text: str, pos: int):
    """The first terminal, in lark's order, that matches at ``pos``: ``(index, value)``.

    One alternation of every terminal, compiled once; a state's own scanner tries a subset
    in the same order, so where the winner is in the state's subset it is the state's
    winner too (see :func:`_tokens`)."""
    m = _master()(text, pos)
    return (None, None) if m is None else (_INDEX[m.lastgroup], m.group(0))


def _match_one(i: int, text: str, pos: int):
    """The text terminal ``i`` matches at ``pos``, or None."""
    name, kind, body = T.TERMINALS[i]
    if kind == "s":
        return body if text.startswith(body, pos) else None
    match = _single[i]
    if match is None:
        match = _single[i] = re.compile(body).match
    m = match(text, pos)
    return None if m is None else m.group(0)


def _lexer(state: int):
    k = T.LEXER_OF[state]
    lx = _lexers[k]
    if lx is None:
        tried, unless = T.LEXERS[k]
        lx = _lexers[k] = (tried, frozenset(tried), {i: dict(words) for i, words in unless})
    return lx


def _tokens(text: str, stack: list, spans=None):
    """Tokens of ``text``, each lexed in the state the parser is in (``stack[-1]``), as the
    state's lark scanner would: the first of its terminals, in order, that matches; then a
    keyword where the matched pattern spells one the state accepts."""
    pos, line, line_start, end = 0, 1, 0, len(text)
    while pos < end:
        tried, allowed, unless = _lexer(stack[-1])
        i, value = _first_match(text, pos)
        if i is None:
            raise NoParse(pos)
        if i not in allowed:  # the winner is not the state's: try the state's later ones
            for j in tried[bisect_right(tried, i):]:
                value = _match_one(j, text, pos)
                if value is not None:
                    i = j
                    break
            else:
                raise NoParse(pos)
        kind = T.TERMINALS[i][0]
        start, start_line, column = pos, line, pos - line_start + 1
        if kind in _NEWLINE:
            n = value.count("\n")
            if n:
                line += n
                line_start = pos + value.rindex("\n") + 1
        pos += len(value)
        if kind in _IGNORE:
            continue
        words = unless.get(i)
        if words is not None:
            kind = words.get(value, kind)
        token = Token(kind, value, start, start_line, column, line, pos - line_start + 1, pos)
        if spans is not None:
            skip = spans.lookup(token, stack)
            if skip is not None:  # a formula read before: its tree is on the stack
                pos = skip
                continue
        yield token


#: texts at least this long read a repeated formula line once (:func:`parse`)
SHARE_FROM = 1 << 16
#: the shortest formula text worth looking up (a formula line of muddy children with 300
#: children is 15,000 characters)
SPAN_FROM = 200
_SPAN_BREAKERS = re.compile(r'["#\r]')


def parse(text: str, share: bool | None = None) -> Tree:
    """The tree of ``text`` (which ends with a newline), or :class:`NoParse`.

    With ``share`` (the default for texts of :data:`SHARE_FROM` characters or more), a
    problem formula that runs to the end of its line (``announce …``, ``law …``) and
    whose text, parser state included, was read before is not read again (muddy
    children 300: the same announcement 297 times, 900,000 tokens; 13 s instead of 0.3
    s): the tree read then stands for it, as a node whose ``meta`` is placed here and
    whose ``meta.origin`` is that tree (readers move the positions of an error inside it,
    :class:`pyfront.problem.dsl_syntax.FormulaReader`).  Only a text without quotes,
    comments or carriage returns and with balanced parentheses qualifies, whose moves from
    that state up to the end of the line then depend on nothing else; errors are found
    where the plain reading finds them (a reused text read without one)."""
    stack = [T.START]
    values: list = []
    token = None
    if share is None:
        share = len(text) >= SHARE_FROM
    spans = _Spans(text, values) if share else None
    for token in ParenNewlines().process(_tokens(text, stack, spans)):
        _feed(token, stack, values, spans=spans)
    return _feed(Token("$END", "", token.end_pos if token else 0), stack, values, True)


@lru_cache(maxsize=1)
def _formula_states() -> frozenset:
    """The states where a problem formula starts (a move over ``formula``)."""
    return frozenset(i for i, row in enumerate(T.STATES) if " formula=" in " " + row)


class _Spans:
    """Formula texts read before: (state, text) -> (tree, rule), and the ones being read."""

    def __init__(self, text: str, values: list) -> None:
        self.text, self.values = text, values
        self.starts = _formula_states()
        self.read: dict[tuple, tuple] = {}
        self.pending: list[tuple] = []  # (stack height, key, end of its last token)
        self.line = 0  # one look-up a line, at its first formula
        self.depth = 0  # parentheses open, as the post-lexer counts them
        self.last_end = -1  # end offset of the last token shifted

    def lookup(self, token: Token, stack: list) -> int | None:
        """Where reading goes on when the formula from ``token`` to the end of its line
        was read before (its tree pushed), else None."""
        depth = self.depth
        if token.type == "LPAR":
            self.depth += 1
        elif token.type == "RPAR":
            self.depth = max(0, depth - 1)
        if (depth or token.line == self.line or stack[-1] not in self.starts
                or token.type == "_NL"):
            return None
        self.line = token.line
        text = self.text
        eol = text.find("\n", token.start_pos)
        eol = len(text) if eol < 0 else eol
        span = text[token.start_pos:eol]
        if len(span) < SPAN_FROM or _SPAN_BREAKERS.search(span) or not _balanced(span):
            return None
        key = (stack[-1], span)
        hit = self.read.get(key)
        if hit is None:
            self.pending.append((len(stack), key, token.start_pos + len(span.rstrip(" \t\f"))))
            return None
        node, origin = hit
        meta = Meta()
        shift, width = token.start_pos - node.meta.start_pos, len(span.rstrip(" \t\f"))
        meta.line = meta.end_line = meta.container_line = meta.container_end_line = token.line
        meta.column = meta.container_column = token.column
        meta.end_column = meta.container_end_column = token.column + width
        meta.start_pos = meta.container_start_pos = node.meta.start_pos + shift
        meta.end_pos = meta.container_end_pos = node.meta.end_pos + shift
        meta.empty, meta.origin = False, node
        self.depth = depth  # the span's parentheses are balanced
        self.values.append(Tree(node.data, node.children, meta))
        stack.append(_row(stack[-1])[origin][1])
        self.last_end = token.start_pos + width
        return eol

    def reduced(self, height: int, node, origin: str) -> None:
        """A reduction left ``height`` states below ``node``: a formula read through."""
        pending = self.pending
        while pending and pending[-1][0] > height:  # reduced with what came before it
            pending.pop()
        if pending and pending[-1][0] == height and pending[-1][2] == self.last_end:
            _, key, _ = pending.pop()  # (a reduction of a part of it leaves it pending)
            if isinstance(node, Tree):
                self.read[key] = (node, origin)


def _balanced(span: str) -> bool:
    depth = 0
    for c in span:
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def _feed(token: Token, stack: list, values: list, at_end: bool = False, spans=None):
    rules = T.RULES
    while True:
        act = _row(stack[-1]).get(token.type)
        if act is None:
            raise NoParse(token.start_pos)
        shift, arg = act
        if shift:
            if at_end:
                raise NoParse(token.start_pos)
            stack.append(arg)
            values.append(token)
            if spans is not None:
                spans.last_end = token.end_pos
            return None
        origin, size, name, expand1, plan, append = rules[arg]
        if size:
            children = values[-size:]
            del stack[-size:]
            del values[-size:]
        else:
            children = []
        value = _reduce(children, name, expand1, plan, append)
        if spans is not None and spans.pending:
            spans.reduced(len(stack), value, origin)
        goto = _row(stack[-1])[origin]
        stack.append(goto[1])
        values.append(value)
        if at_end and stack[-1] == T.END:
            return values[-1]


def _reduce(children: list, name: str, expand1: int, plan, append: int):
    if plan is None:
        kept = children
    else:
        kept = []
        for i, inline, nones in plan:
            if nones:
                kept += [None] * nones
            if inline:
                if kept:
                    kept += children[i].children
                else:  # left recursion: reuse the inlined node's list
                    kept = children[i].children
            else:
                kept.append(children[i])
    if append:
        kept += [None] * append
    if expand1 and len(kept) == 1:
        res = kept[0]
    else:
        res = Tree(name, kept)
    if isinstance(res, Tree):
        _place(res.meta, children)
    return res


def _first(children) -> object | None:
    for c in children:
        if isinstance(c, Tree):
            if not c.meta.empty:
                return c.meta
        elif isinstance(c, Token):
            return c
    return None


def _place(meta: Meta, children: list) -> None:
    """lark's propagated positions: a node spans its children's containers."""
    first = _first(children)
    if first is not None:
        line = getattr(first, "container_line", first.line)
        column = getattr(first, "container_column", first.column)
        start = getattr(first, "container_start_pos", first.start_pos)
        if not hasattr(meta, "line"):
            meta.line, meta.column, meta.start_pos, meta.empty = line, column, start, False
        meta.container_line, meta.container_column, meta.container_start_pos = line, column, start
    last = _first(reversed(children))
    if last is not None:
        line = getattr(last, "container_end_line", last.end_line)
        column = getattr(last, "container_end_column", last.end_column)
        end = getattr(last, "container_end_pos", last.end_pos)
        if not hasattr(meta, "end_line"):
            meta.end_line, meta.end_column, meta.end_pos, meta.empty = line, column, end, False
        meta.container_end_line, meta.container_end_column = line, column
        meta.container_end_pos = end


def from_lark(node):
    """A lark tree as the run-time parser's classes (lark reads a text the tables did not)."""
    if node is None:
        return None
    if not hasattr(node, "children"):  # a lark token
        return Token(node.type, str(node), node.start_pos, node.line, node.column,
                     node.end_line, node.end_column, node.end_pos)
    meta = Meta()
    for key, value in vars(node.meta).items():
        setattr(meta, key, value)
    return Tree(str(node.data), [from_lark(c) for c in node.children], meta)
