"""The LR driver over the text itself, reading each repeated bracketed group once.

Generated inputs repeat bracketed subformulas massively (Sum and Product spells every
number pair out in the law and seven times in the protocol: of its 1.4 MB, 87 % are groups
already seen).  This driver lexes lazily, one token at a time, and, about to shift the
first token of a group — ``(`` or ``AND``/``OR``/``XOR``/``ONEOF`` before ``(`` — up to
its matching ``)``, looks the group up by the state that first token leads to and the
group's text.  The automaton's moves from that state over those tokens up to the ``)``
depend on nothing else (not on the state before the group: they read only states pushed
from that first one on, and tokens of the group), and so does the reduction right after
the ``)`` when the token after the group calls for it: a group that reduction turned into
one symbol is not read again, in any surroundings whose state leads to the same one and
whose next token calls for the same reduction; its value is pushed and the parser goes on
from the state before it by the symbol it became (Sum and Product with ``∧`` chains: a
fifth fewer shifts than with groups keyed by the state before them and the token after
them).  A group is recorded when such a reduction is seen (not when the rule goes on past
the ``)``, as in ``(a, b) comknow that …``, nor when something spanning its start was
reduced on the way); errors are found as the plain driver finds them (neither ever shifts
an erroneous token).

The driver reads the text as written (comments cut out) when it repeats its groups alike,
else its canonical form (:func:`.lexer.canonical_text`: one spelling a kind, no blank
that does not separate two tokens), so that a group's text is its key whatever its
spacing, line breaks and spellings.  Only long texts that repeat groups
(:func:`repeated_share`) take this path, and a group's ``)`` is found only when the driver
asks (:mod:`.closes`); the others and token streams use :func:`.lr.parse_text`, which also
places every error (positions in the canonical form are not the text's): a character no
rule accepts stops the group driver where it meets it, and the token driver reads the text
again.  The tree is the one :mod:`.lr` builds, node for node.

A group of literals that was not read before (``AND(8, 9, ~13)``, ``(1 ∧ 2 ∧ (Not 6))``, a
short one too, which has no entry in :mod:`.closes`) is built in one step by
:mod:`.simple_groups`: about half of the moves over Sum and Product in any rendering.
"""

from __future__ import annotations

import gc
import re

from ..errors import ParseError
from ..language import Prp
from . import lr_tables
from .lexer import (
    CANONICAL_PHRASES, FIXED_TOKENS, SPELLING, WORD_KEYWORDS, canonical_text, haskell_int, normal_tokens,
    SYMBOL_SPELLINGS, one_byte_spellings, only_tokens_and_blanks, regular_text, uncommented,
)
from .lr import (
    ACTION_TABLE, EOF, GOTO_TABLE, RUN_RULES, ReversedList, reduce_by,
    parse_text as parse_tokens_of_text,
)
from .closes import Closes, matching_parens
from .simple_groups import LITERAL_START, chain_group as chain_group_matcher, group_reading
from .sharing import KEYS as SHARING_KEYS

# one token after blanks; groups: 1 fixed text, 2 word, 3 digits; none at the end
_NEXT = re.compile(
    r"[ \t\n\f\v\r]*(?:((?:knows|comknow|distknow) (?:that|whether)|(?:TRUE|VALID|WHERE)\?"
    r"|->|[:,()\[\]{}<>!?~&|¬∧∨→\x01-\x06])|([A-Za-z][A-Za-z0-9]*)|([0-9]+)|\Z)"
)
#: fixed tokens, with the canonical text's one-character phrases
_FIXED = {**FIXED_TOKENS, **{char: kind for _, char, kind in CANONICAL_PHRASES}}
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
    if len(text) < GROUPS_FROM:
        return parse_tokens_of_text(text, start)
    # a long text makes hundreds of thousands of objects and no cycle among them: the
    # cyclic collector's passes over them would be time lost (2 to 6 % of the parse of
    # Sum and Product and muddy children 100, in any rendering)
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _parse_long(text, start)
    finally:
        if collecting:
            gc.enable()


def _parse_long(text: str, start: str):
    """:func:`parse_text` of a text of :data:`GROUPS_FROM` characters or more."""
    # a text that repeats its groups as it writes them is read as it is, a group's text its
    # key: no pass over the whole text, not even for the characters no rule accepts (the
    # driver reads every character at least once, a group being stepped over only when its
    # very text was read before, and such a character stops it as it stops the token
    # driver, which then places the error; of the characters the driver takes, the
    # canonical spelling's phrase characters are the only ones no rule accepts)
    bare = one_byte_spellings(uncommented(text))  # (one byte a character: read faster)
    if (not any(map(bare.__contains__, _PHRASE_CHARACTERS))
            and repeated_share(bare, squeeze=False) >= REPEATED_FROM):
        return _groups_or_tokens(text, bare, start, bare)
    # one that writes them differently (indentation by depth, spellings mixed), in its
    # canonical spelling, made of a text known to hold tokens and blanks only
    if not only_tokens_and_blanks(bare):
        return parse_tokens_of_text(text, start)
    # (a text that repeats few groups even blanks aside, in a short sample, is not made
    # canonical to find out that it does not: the canonical text costs more than the
    # share, 15 ms of the 90 of the dining cryptographers 100, which never repeat a group)
    if repeated_share(bare, sample=SHARE_SAMPLE // 8) < REPEATED_FROM / 2:
        return parse_tokens_of_text(text, start)
    canonical = canonical_text(bare)
    if (repeated_share(bare) if canonical is None
            else repeated_share(canonical, squeeze=False)) < REPEATED_FROM:
        return parse_tokens_of_text(text, start)
    return _groups_or_tokens(text, bare, start, canonical)


_PHRASE_CHARACTERS = tuple(char for _, char, _ in CANONICAL_PHRASES)


#: blanks dropped and the one-character spellings unified, to compare groups' texts
_SQUEEZE = str.maketrans({**dict.fromkeys(" \t\n\f\v\r"), **dict(SYMBOL_SPELLINGS)})


#: at most this many characters are looked at by :func:`repeated_share`
SHARE_SAMPLE = 1 << 17


def repeated_share(text: str, squeeze: bool = True, sample: int = SHARE_SAMPLE) -> float:
    """The share of the first quarter of ``text`` (at least :data:`GROUPS_FROM`
    characters, at most ``sample``; comments cut out) inside bracketed groups met before,
    outermost first: what the group driver would not read again.  Groups are compared
    without their blanks (an estimate: ``a b`` and ``ab`` are not the same group, but
    they are rare)."""
    limit = min(len(text), max(GROUPS_FROM, min(len(text) // 4, sample)))
    text = text[:limit].translate(_SQUEEZE) if squeeze else text[:limit]
    closing = matching_parens(text)
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
    return skipped / len(text) if text else 0.0


def parse_text_by_groups(text: str, start: str = "CheckInput"):
    """:func:`parse_text` with repeated groups read once, whatever the length of ``text``."""
    regular = regular_text(text)
    if regular is None:  # a lexical error to place
        return parse_tokens_of_text(text, start)
    return _groups_or_tokens(text, regular, start, canonical_text(regular))


def _groups_or_tokens(text: str, regular: str, start: str, canonical: str | None):
    """The group driver over ``canonical`` (:func:`.lexer.canonical_text`, or ``regular``
    itself: a group's text is its key) or, when there is none, over ``regular`` (``text``
    without comments, groups keyed by :func:`group_key`); on a parse error the token driver reads ``text``
    again to place it (positions in either are not the text's): a group met again may
    only be faster, it never decides an error."""
    source = regular if canonical is None else canonical
    try:
        return _run(source, Closes(source), start, canonical is None)
    except ParseError:
        return parse_tokens_of_text(text, start)


#: symbols that no blank beside them changes (``?`` is not one: ``TRUE ?`` is two tokens)
_TIGHT = ("(", ")", ",", "&", "|", "~", "[", "]", "!", "->", "<", ">", "{", "}", ":")
_NOT_A_PHRASE = re.compile(r"knows?(?! (?:that|whether))[ \t\n\f\v\r]+(?:that|whether)")
_WORD_SPELLINGS = re.compile(r"(?<![A-Za-z0-9])(?:not|Not|Forall)(?![A-Za-z0-9])")
_SPELLINGS = str.maketrans(dict(SYMBOL_SPELLINGS))


def group_key(group: str) -> str:
    """A text that stands for the tokens of ``group`` (tokens and blanks only): two groups
    with the same key have the same tokens, and groups that differ in blanks, line breaks
    and the one-character spellings mostly have the same key.  Made of a few whole-string
    passes, not token by token: blank runs become one space, then the spaces beside a
    symbol go.  A run of blanks between ``knows`` and ``that`` (one name, then another)
    would become the phrase ``knows that``: a group holding ``know`` is keyed by its
    tokens (:func:`.lexer.normal_tokens`).

    >>> group_key("AND(\n    1 ,\n    ¬ 2 )") == group_key("AND(1, not 2)") == "AND(1,~2)"
    True
    """
    if "know" in group and _NOT_A_PHRASE.search(group) is not None:
        return normal_tokens(group)
    key = " ".join(group.split())
    for symbol in _TIGHT:
        if symbol in key:
            key = key.replace(" " + symbol, symbol).replace(symbol + " ", symbol)
    if "ot" in key or "rall" in key:  # not, Not, Forall: as whole words only
        key = _WORD_SPELLINGS.sub(lambda m: SPELLING[m.group()], key)
    return key if key.isascii() else key.translate(_SPELLINGS)


#: groups longer than this are known again by their very text, not by :func:`group_key`:
#: a key costs a pass over the group, and nested groups would pay it once per level
#: (Sum and Product: 0.7 s of keys without the bound); their inner groups are keyed
KEYED_UP_TO = 2048


def _run(text, closing, start, keyed=True):
    action, goto, rules = ACTION_TABLE, GOTO_TABLE, RUN_RULES
    keys, nodes, atoms = SHARING_KEYS, {}, {}
    fixed, words, prefixed = _FIXED, WORD_KEYWORDS, _PREFIXED
    match = _NEXT.match
    chain_group = chain_group_matcher()
    literal_first = LITERAL_START.match
    memo: dict = {}  # (first move, group) -> value, symbol, state after its ")", reduction
    readings: dict = {}  # first move -> how a group of literals is built (.simple_groups)
    shorts: dict = {}  # (first move, a short group of literals) -> as in memo
    normal: dict[str, str] = {}  # a group's text to its normal tokens
    # groups being read: (stack height before them, first move, text, its ')', its '(')
    pending: list = []
    state = lr_tables.STARTS[start]
    states = [state]
    stack: list = []

    def lex(pos):
        """(kind, value, start offset, end offset) of the token at ``pos`` or after."""
        m = match(text, pos)
        if m is None:  # a character no rule accepts
            raise ParseError(1, 1)
        g = m.lastindex
        if g is None:
            return EOF, None, len(text), len(text)
        tok = m.group(g)
        if g == 1:
            return fixed[tok], tok, m.start(g), m.end()
        if g == 2:
            return words.get(tok, "STR"), tok, m.start(g), m.end()
        return "INT", (int(tok) if len(tok) < 19 else haskell_int(tok)), m.start(g), m.end()

    def one_step(act, kind, start, close, after, matched=False):
        """(value, symbol, state after the ``)``, reduction) of the group of literals
        ``text[start:close]`` (known to be one when ``matched``), when the token after it
        calls for that reduction."""
        reading = readings.get(act, False)
        if reading is False:
            reading = readings[act] = group_reading(act, kind, action, goto)
        if reading is None or action[reading[1]].get(after[0]) != reading[2]:
            return None
        built = reading[3](text, start, close, atoms, nodes, matched)
        return None if built is None else (built, *reading[:3])

    kind, value, at, end = lex(0)
    shifted = -1  # start offset of the last shifted token
    fresh = False  # nothing reduced since then
    while True:
        act = action[state].get(kind)
        if act is None:
            raise ParseError(1, 1)  # (placed by the token driver: see _groups_or_tokens)
        if act > 0:
            close = None
            if kind == "LPAREN":
                close = closing.get(paren := at)
                if close is None and (short := chain_group(text, at)) is not None:
                    # a short group (one the driver keeps no entry for) of literals,
                    # known again by its text
                    after = lex(short.end())
                    key = (act, short.group())
                    built = shorts.get(key)
                    if built is None or action[built[2]].get(after[0]) != built[3]:
                        built = one_step(act, kind, at + 1, short.end() - 1, after, True)
                        if built is not None:
                            shorts[key] = built
                    if built is not None:
                        stack.append(built[0])
                        state = goto[state][built[1]]
                        states.append(state)
                        shifted = short.end() - 1
                        kind, value, at, end = after
                        continue
            elif kind in prefixed:
                paren = text.find("(", end)
                if paren >= 0 and not text[end:paren].strip(" \t\n\f\v\r"):
                    close = closing.get(paren)
            if close is not None:
                after = lex(close + 1)
                group = text[at:close + 1]
                tokens = normal.get(group) if keyed else group
                if tokens is None:
                    tokens = normal[group] = (
                        group_key(group) if close - at < KEYED_UP_TO else group)
                known = memo.get((act, tokens))
                # (when the token after it calls for the reduction the group ended with)
                if known is None or action[known[2]].get(after[0]) != known[3]:
                    # a list or chain of literals, not read before: built in one step
                    # (one look at its first token first: most other groups start with
                    # a group, a word or a name)
                    known = None
                    if literal_first(text, paren + 1) is not None:
                        known = one_step(act, kind, paren + 1, close, after)
                        if known is not None:
                            memo[(act, tokens)] = known
                if known is not None:
                    value, lhs = known[0], known[1]
                    stack.append(value)
                    state = goto[state][lhs]
                    states.append(state)
                    shifted = close
                    kind, value, at, end = after
                    continue
                pending.append((len(states), act, tokens, close, paren))
            state = act - 1
            states.append(state)
            stack.append(value)
            shifted = at
            fresh = True
            kind, value, at, end = lex(end)
        elif act < 0:
            rule = rules[-act - 1]
            node = reduce_by(rule, stack, states, atoms, nodes, keys)
            lhs = rule[0]
            height = len(states)
            while pending and pending[-1][0] >= height:
                h, first, tokens, close, paren = pending.pop()
                # (the reduction right after the ``)``, from ``state``, by ``act``)
                if h == height and shifted == close and fresh and type(node) is not ReversedList:
                    memo[(first, tokens)] = (node, lhs, state, act)
                    closing.remember(paren, close)
            fresh = False
            state = goto[states[-1]][lhs]
            states.append(state)
        else:
            value = stack[-1]
            if type(value) is ReversedList:
                value.reverse()
                value = tuple(value)
            return value
