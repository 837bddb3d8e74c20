"""Groups of literals built in one step, for the group driver (:mod:`.lr_groups`).

Most of a generated text that does not repeat itself is made of innermost groups of
literals: ``AND(8, 9, ~13)``, ``(1 ∧ 2 ∧ (Not 6))``, ``AND((15), (~ (19)))``.  Read token
by token each literal costs four to seven moves of the automaton (a literal in
parentheses, as a layout writes it, seven); Sum and Product spends about half of its moves
on them.  A group whose text is such a list (``AND``/``OR``/``XOR`` of literals) or such a
chain (literals joined by ``&`` and ``|``, inside ``(`` … ``)``) is matched by one regular
expression and built here, node for node as the automaton builds it: atoms are one object
a number, negations and connectives shared (:mod:`.sharing`), ``&`` and ``|`` grouped to
the left on one level with ``~`` binding tighter (the grammar's precedence).  The driver
pushes the result as it pushes a group read before: only when the token after the group
calls for the reduction that ends it, so that no error is passed over.  Anything else in
a group (a name, a modality, ``->``, a number of 19 digits, nested lists) leaves it to the
automaton.
"""

from __future__ import annotations

import functools
import re
from itertools import repeat

from ..language import Conj, Disj, Neg, Prp, Xor
from . import lr_tables

_B = r"[ \t\n\f\v\r]*"
#: a number the lexer reads as it is (19 digits or more wrap as Haskell's Int does)
_NUMBER = r"[0-9]{1,18}(?![0-9])"
_ATOM = rf"(?:{_NUMBER}|\({_B}{_NUMBER}{_B}\))"
_NOT = r"(?:~|[Nn]ot(?![A-Za-z0-9]))"
_LITERAL = rf"{_B}(?:{_ATOM}|{_NOT}{_B}{_ATOM}|\({_B}{_NOT}{_B}{_ATOM}{_B}\)){_B}"
#: what a literal can start with: a group that does not is not tried (one look, in C)
LITERAL_START = re.compile(rf"{_B}(?:[0-9~]|\({_B}[0-9~Nn]|[Nn]ot)")


@functools.cache
def _patterns() -> tuple[re.Pattern, re.Pattern]:
    """A list's inside, and a whole parenthesised chain (compiled on first use: a few
    milliseconds that a short text, read by the token driver, does not need)."""
    listed = re.compile(rf"{_LITERAL}(?:,{_LITERAL})*+")
    chained = re.compile(rf"\((?:{_LITERAL}(?:[&|]{_LITERAL})*+)\)")
    return listed, chained


def chain_group():
    """The ``match`` of a whole parenthesised chain of literals, where its ``(`` is (for
    the short groups, which the driver finds no ``)`` for: see :mod:`.closes`)."""
    return _patterns()[1].match


#: the tokens that make the value, once the group's text is known to be one of the above
_TOKENS = re.compile(r"[0-9]+|[~&|]|[Nn]ot")

_LIST_RULES = {"CON": ("conj_list", Conj), "DIS": ("disj_list", Disj),
               "XOR": ("xor_list", Xor)}


def _reduction(name: str) -> int:
    """The action that reduces by the rule with semantic action ``name``."""
    return -[rule[2] for rule in lr_tables.RULES].index(name) - 1


def group_reading(act: int, kind: str, action: list[dict], goto: list[dict]):
    """How a group whose first token ``kind`` is shifted by ``act`` (of the parse tables
    ``action`` and ``goto``) is built here: ``(lhs, state after its ")", the reduction that
    ends it, builder)``, or None when such a group is not one this module builds (the
    builder gives None for a text that is not a list or chain of literals)."""
    try:
        if kind == "LPAREN":
            inner = goto[act - 1]["Form"]
            after = action[inner]["RPAREN"] - 1
            return "Form", after, _reduction("second"), _chain
        rule, cls = _LIST_RULES[kind]
        opened = action[act - 1]["LPAREN"] - 1
        inner = goto[opened]["FormList"]
        after = action[inner]["RPAREN"] - 1
    except (KeyError, IndexError):
        return None

    def listed(text, start, end, atoms, nodes, matched=False):
        return _list(cls, text, start, end, atoms, nodes)

    return "Form", after, _reduction(rule), listed


def _atom(n: int, atoms: dict):
    node = atoms.get(n)
    if node is None:
        node = atoms[n] = Prp(n)
    return node


def _negation(f, nodes: dict):
    key = (Neg, id(f))
    node = nodes.get(key)
    if node is None:
        node = nodes[key] = Neg(f)
    return node


def _listed(cls, items: list, nodes: dict):
    """The ``cls`` of ``items``, shared (:mod:`.sharing`)."""
    fs = tuple(items)
    key = (cls, tuple(map(id, fs)))
    node = nodes.get(key)
    if node is None:
        node = nodes[key] = cls(fs)
    return node


def _linked(op, out, item, nodes: dict):
    """``out op item``, shared: a link of a chain."""
    key = (op, (id(out), id(item)))
    node = nodes.get(key)
    if node is None:
        node = nodes[key] = op((out, item))
    return node


def _list(cls, text: str, start: int, end: int, atoms: dict, nodes: dict):
    """The ``cls`` of the literals in ``text[start:end]`` (a group's inside), or None."""
    if _patterns()[0].fullmatch(text, start, end) is None:
        return None
    items, negated = [], False
    for tok in _TOKENS.findall(text, start, end):
        if tok[0] in "~Nn":
            negated = True
            continue
        item = _atom(int(tok), atoms)
        if negated:
            item, negated = _negation(item, nodes), False
        items.append(item)
    return _listed(cls, items, nodes)


def _chain(text: str, start: int, end: int, atoms: dict, nodes: dict, matched=False):
    """The literals of ``text[start:end]`` joined by ``&`` and ``|`` (to the left), or
    None (``text[start - 1]`` and ``text[end]`` are the group's parentheses; ``matched``:
    the group is known to be such a chain)."""
    if not matched and _patterns()[1].fullmatch(text, start - 1, end + 1) is None:
        return None
    out = op = None
    negated = False
    for tok in _TOKENS.findall(text, start, end):
        first = tok[0]
        if first in "~Nn":
            negated = True
            continue
        if first == "&" or first == "|":
            op = Conj if first == "&" else Disj
            continue
        item = _atom(int(tok), atoms)
        if negated:
            item, negated = _negation(item, nodes), False
        if out is None:
            out = item
            continue
        out = _linked(op, out, item, nodes)
    return out


# --- the same groups in a token stream (the token driver, :mod:`.lr`) ---------------------

#: one character a token kind, for the patterns below (anything else: ``.``)
_CODES = {"INT": "I", "LPAREN": "(", "RPAREN": ")", "COMMA": ",", "NEG": "~", "AND": "&",
          "OR": "|", "CON": "C", "DIS": "D", "XOR": "X"}
_TOKEN_LITERAL = r"(?:~?(?:I|\(I\))|\(~(?:I|\(I\))\))"
#: a list or chain of literals, where its first token is
TOKEN_GROUP = re.compile(rf"[CDX]\({_TOKEN_LITERAL}(?:,{_TOKEN_LITERAL})*+\)"
                         rf"|\({_TOKEN_LITERAL}(?:[&|]{_TOKEN_LITERAL})*+\)")
_LIST_CLASSES = {"C": Conj, "D": Disj, "X": Xor}


def token_codes(kinds: list[str]) -> str:
    """The kinds of a token stream as one string, a character each."""
    return "".join(map(_CODES.get, kinds, repeat(".")))


_NUMBERS = re.compile(r"I(?:,I)*+")


def numbers_end(codes: str, i: int) -> int:
    """The index of the last number of the list of numbers (``1, 2, 3``) at token ``i``."""
    return _NUMBERS.match(codes, i).end() - 1


def token_group(codes: str, values: list, i: int, end: int, atoms: dict, nodes: dict):
    """The formula of the group of literals from token ``i`` to ``end`` (its ``)``), built
    as the automaton builds it (see :func:`_list` and :func:`_chain`)."""
    cls = _LIST_CLASSES.get(codes[i])
    first = i + 2 if cls is not None else i + 1
    items, out, op, negated = [], None, None, False
    for j in range(first, end):
        code = codes[j]
        if code == "I":
            item = _atom(values[j], atoms)
            if negated:
                item, negated = _negation(item, nodes), False
            if cls is not None:
                items.append(item)
            elif out is None:
                out = item
            else:
                out = _linked(op, out, item, nodes)
        elif code == "~":
            negated = True
        elif code == "&":
            op = Conj
        elif code == "|":
            op = Disj
    return out if cls is None else _listed(cls, items, nodes)
