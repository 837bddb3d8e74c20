"""The LR driver over the text itself, reading each repeated bracketed group once.

Generated inputs repeat bracketed subformulas massively (Sum and Product spells every
number pair out in the law and seven times in the protocol: of its 1.4 MB, 87 % are groups
already seen).  This driver lexes lazily, one token at a time, and, about to shift the
first token of a group — ``(`` or ``AND``/``OR``/``XOR``/``ONEOF`` before ``(`` — up to
its matching ``)``, looks the group up by (parser state, the group's text, the kind of
the token after it).  The automaton's moves from that state over those tokens, up to a
reduction right after the ``)`` that turns exactly the group into one symbol, depend on
nothing else, so a group met before is not read again: its value is pushed and the parser
goes to the state it reached then.  A group is recorded when such a reduction is seen
(not when the rule goes on past the ``)``, as in ``(a, b) comknow that …``, nor when
something spanning its start was reduced on the way); errors are found as the plain driver
finds them (neither ever shifts an erroneous token).

Only long texts that repeat groups (:func:`repeated_share`), made of tokens and blanks,
take this path (no comment, no character that no
rule accepts: no lexical error to place); the others, and token streams, use
:func:`.lr.parse_text`.  The tree is the one :mod:`.lr` builds, node for node.
"""

from __future__ import annotations

import re

from ..errors import ParseError
from . import lr_tables
from .lexer import FIXED_TOKENS, WORD_KEYWORDS, haskell_int, position
from .lr import (
    ACTION_TABLE, EOF, GOTO_TABLE, RULE_TABLE, LIST_AT, LIST_OF_RULE, ReversedList,
    parse_text as parse_tokens_of_text,
)
from .sharing import KEYS as SHARING_KEYS

# characters outside every token and blank, a comment, a ``-`` not starting ``->``: any of
# them sends the text to the plain driver
_IRREGULAR = re.compile(r"[^A-Za-z0-9 \t\n\f\v\r:,()\[\]{}<>!?~&|¬∧∨→-]|--|-(?!>)")
# one token after blanks; groups: 1 fixed text, 2 word, 3 digits; none at the end
_NEXT = re.compile(
    r"[ \t\n\f\v\r]*(?:((?:knows|comknow|distknow) (?:that|whether)|(?:TRUE|VALID|WHERE)\?"
    r"|->|[:,()\[\]{}<>!?~&|¬∧∨→])|([A-Za-z][A-Za-z0-9]*)|([0-9]+)|\Z)"
)
_PARENS = re.compile(r"[()]")
#: token kinds that start a group when a ``(`` follows them (``(`` itself starts one)
_PREFIXED = frozenset(("CON", "DIS", "XOR", "ONEOF"))


#: texts shorter than this go to the token driver, which is faster on them (a quarter on
#: a MindGames row) since they hardly repeat a group
GROUPS_FROM = 4096


#: the share of a text's first quarter that must lie in groups met before (outermost
#: first) for the group driver to pay: lexing one token at a time costs half as much
#: again as the token driver's one pass (Sum and Product: 0.65, muddy children 100: 0.97;
#: the dining cryptographers, 0: their lists hardly repeat)
REPEATED_FROM = 0.5


def parse_text(text: str, start: str = "CheckInput"):
    """Parse ``text`` from the entry point ``start``, as :func:`.lr.parse_text` does."""
    if len(text) < GROUPS_FROM or repeated_share(text) < REPEATED_FROM:
        return parse_tokens_of_text(text, start)
    return parse_text_by_groups(text, start)


def repeated_share(text: str) -> float:
    """The share of the first quarter of ``text`` (at least :data:`GROUPS_FROM`
    characters) inside bracketed groups whose text came before, outermost first: what
    the group driver would not read again."""
    limit = min(len(text), max(GROUPS_FROM, len(text) // 4))
    closing = _matching_parens(text, limit)
    seen: set[str] = set()
    skipped, inside = 0, -1
    for at in sorted(closing):
        if at < inside:
            continue
        end = closing[at] + 1
        group = text[at:end]
        if group in seen:
            skipped += end - at
            inside = end
        else:
            seen.add(group)
    return skipped / limit if limit else 0.0


def parse_text_by_groups(text: str, start: str = "CheckInput"):
    """:func:`parse_text` with repeated groups read once, whatever the length of ``text``."""
    if _IRREGULAR.search(text) is not None:
        return parse_tokens_of_text(text, start)
    return _run(text, _matching_parens(text), start)


def _matching_parens(text: str, end: int | None = None) -> dict[int, int]:
    """Offset of each ``(`` that is closed (before ``end``) to the offset of its ``)``."""
    closing: dict[int, int] = {}
    opened: list[int] = []
    for m in _PARENS.finditer(text, 0, len(text) if end is None else end):
        at = m.start()
        if text[at] == "(":
            opened.append(at)
        elif opened:
            closing[opened.pop()] = at
    return closing


def _run(text, closing, start):
    action, goto, rules, listings = ACTION_TABLE, GOTO_TABLE, RULE_TABLE, LIST_OF_RULE
    keys, nodes, list_at = SHARING_KEYS, {}, LIST_AT
    fixed, words, prefixed = FIXED_TOKENS, WORD_KEYWORDS, _PREFIXED
    match = _NEXT.match
    memo: dict = {}
    pending: list = []  # groups being read: (stack height before them, key, end offset)
    state = lr_tables.STARTS[start]
    states = [state]
    stack: list = []

    def lex(pos):
        """(kind, value, start offset, end offset) of the token at ``pos`` or after."""
        m = match(text, pos)
        g = m.lastindex
        if g is None:
            return EOF, None, len(text), len(text)
        tok = m.group(g)
        if g == 1:
            return fixed[tok], tok, m.start(g), m.end()
        if g == 2:
            return words.get(tok, "STR"), tok, m.start(g), m.end()
        return "INT", (int(tok) if len(tok) < 19 else haskell_int(tok)), m.start(g), m.end()

    kind, value, at, end = lex(0)
    shifted = -1  # start offset of the last shifted token
    while True:
        act = action[state].get(kind)
        if act is None:
            # at the end of the input the reference reports line 1, column 1
            raise ParseError(*(position(text, at) if kind != EOF else (1, 1)))
        if act > 0:
            close = None
            if kind == "LPAREN":
                close = closing.get(at)
            elif kind in prefixed:
                paren = text.find("(", end)
                if paren >= 0 and not text[end:paren].strip(" \t\n\f\v\r"):
                    close = closing.get(paren)
            if close is not None:
                after = lex(close + 1)
                key = (state, text[at:close + 1], after[0])
                known = memo.get(key)
                if known is not None:
                    value, lhs = known
                    stack.append(value)
                    state = goto[state][lhs]
                    states.append(state)
                    shifted = close
                    kind, value, at, end = after
                    continue
                pending.append((len(states), key, close))
            state = act - 1
            states.append(state)
            stack.append(value)
            shifted = at
            kind, value, at, end = lex(end)
        elif act < 0:
            lhs, size, build = rules[-act - 1]
            listing = listings[-act - 1]
            if listing == 1:
                stack[-1] = node = ReversedList((stack[-1],))
                states.pop()
            elif listing:
                node = stack.pop()
                node.append(stack[-size + 1])
                del stack[-size + 1:]
                stack.append(node)
                del states[-size:]
            else:
                args = stack[-size:]
                for j in list_at[-act - 1]:
                    item = args[j]
                    if type(item) is ReversedList:
                        item.reverse()
                        args[j] = tuple(item)
                node = build(args)
                key = keys.get(type(node))
                if key is not None:  # equal subformulas: one object (see .sharing)
                    node = nodes.setdefault((type(node), key(node)), node)
                if size == 1:
                    stack[-1] = node
                    states.pop()
                else:
                    del stack[-size:]
                    del states[-size:]
                    stack.append(node)
            height = len(states)
            while pending and pending[-1][0] >= height:
                h, key, close = pending.pop()
                if h == height and shifted == close and type(node) is not ReversedList:
                    memo[key] = (node, lhs)
            state = goto[states[-1]][lhs]
            states.append(state)
        else:
            value = stack[-1]
            if type(value) is ReversedList:
                value.reverse()
                value = tuple(value)
            return value
