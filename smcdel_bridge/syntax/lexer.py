"""The SMCDEL tokenizer, with the reference lexer's exact behaviour.

The reference lexer (an Alex scanner) takes at each position the longest match among its
rules, the earlier rule winning ties; that is why ``Not1`` is one name (not ``Not`` then
``1``), why ``knows that`` is one token only with exactly one space, and why ``Top`` is the
constant while ``Topx`` is a name.  Positions are counted the way Alex counts them: lines
and columns from 1, one column per character, a tab advancing to the next tab stop of 8.

:func:`tokenize` is a generator and the parser pulls tokens one at a time, because the
reference lexes lazily: a character no rule matches is only reported as a lexical error
when the parser asks for the token starting there, so an earlier parse error wins.
"""

from __future__ import annotations

import re
from typing import Iterator, NamedTuple

from ..errors import LexError

#: tab stops of the reference lexer's position counter
TAB_SIZE = 8

#: single-word keywords; a name equal to one of them is that keyword (earlier rule wins)
WORD_KEYWORDS: dict[str, str] = {
    "VARS": "VARS",
    "LAW": "LAW",
    "OBS": "OBS",
    "Top": "TOP",
    "Bot": "BOT",
    "Not": "NEG",
    "not": "NEG",
    "iff": "IFF",
    "AND": "CON",
    "OR": "DIS",
    "XOR": "XOR",
    "ONEOF": "ONEOF",
    "ForAll": "FORALL",
    "Forall": "FORALL",
    "Exists": "EXISTS",
    "K": "PK",
    "Kw": "PKW",
}

#: job keywords: a word directly followed by ``?``
QUESTION_KEYWORDS: dict[str, str] = {
    "TRUE": "TRUEQ",
    "VALID": "VALIDQ",
    "WHERE": "WHEREQ",
}

#: two-word keywords (exactly one space inside), tried by longest match against names
PHRASE_KEYWORDS: tuple[tuple[str, str], ...] = (
    ("knows whether", "KNOWSWHETHER"),
    ("knows that", "KNOWSTHAT"),
    ("comknow whether", "CKNOWWHETHER"),
    ("comknow that", "CKNOWTHAT"),
    ("distknow whether", "DKNOWWHETHER"),
    ("distknow that", "DKNOWTHAT"),
)

#: one-character tokens (``-`` alone is not a token)
SYMBOLS: dict[str, str] = {
    ":": "COLON",
    ",": "COMMA",
    "(": "LPAREN",
    ")": "RPAREN",
    "[": "LBRACK",
    "]": "RBRACK",
    "{": "LBRACE",
    "}": "RBRACE",
    "<": "LANGLE",
    ">": "RANGLE",
    "!": "EXCLAM",
    "?": "QUESTM",
    "~": "NEG",
    "¬": "NEG",
    "&": "AND",
    "∧": "AND",
    "|": "OR",
    "∨": "OR",
    "→": "IMPL",
}


class Token(NamedTuple):
    """One token: its terminal ``kind``, its ``value`` (int for INT, str for STR, else the
    text) and the position of its first character."""

    kind: str
    value: object
    line: int
    column: int


def haskell_int(digits: str) -> int:
    """The value the reference reads from a digit string: a 64-bit Haskell ``Int``, so
    literals beyond 2**63-1 wrap around as they do there.  Only the last 64 digits count
    (10**64 is a multiple of 2**64), which also keeps Python's limit on converting long
    digit strings out of the way."""
    n = int(digits[-64:]) & 0xFFFFFFFFFFFFFFFF
    return n - (1 << 64) if n >= 1 << 63 else n


# One pattern for "skip blanks and comments, then read one token", its alternatives
# ordered so that Python's first-match choice gives the reference's longest match:
# phrases before their first word, ``TRUE?`` before ``TRUE``.  ``bad`` catches the first
# character no rule accepts; the empty alternative ends the input.
_SCANNER = re.compile(
    r"(?:[ \t\n\f\v\r]|--[^\n]*)*"
    r"(?:(?P<fixed>(?:knows|comknow|distknow) (?:that|whether)|(?:TRUE|VALID|WHERE)\?|->"
    r"|[:,()\[\]{}<>!?~&|¬∧∨→])"
    r"|(?P<word>[A-Za-z][A-Za-z0-9]*)"
    r"|(?P<int>[0-9]+)"
    r"|(?P<bad>[\s\S])"
    r"|\Z)"
)
FIXED_TOKENS = {
    **SYMBOLS,
    "->": "IMPL",
    **dict(PHRASE_KEYWORDS),
    **{word + "?": kind for word, kind in QUESTION_KEYWORDS.items()},
}


def scan(text: str) -> tuple[list[str], list, list[int], tuple[int, int] | None]:
    """Tokens of ``text`` up to the first character no rule matches: their kinds, values
    and start offsets, and the (line, column) of that lexical error (None if there is
    none).  The parser raises the error only if it asks for the token that fails."""
    kinds: list[str] = []
    values: list = []
    offsets: list[int] = []
    words, fixed = WORD_KEYWORDS, FIXED_TOKENS
    for m in _SCANNER.finditer(text):
        group = m.lastgroup
        if group is None:
            break
        tok = m.group(group)
        if group == "fixed":
            kinds.append(fixed[tok])
            values.append(tok)
        elif group == "word":
            kinds.append(words.get(tok, "STR"))
            values.append(tok)
        elif group == "int":
            kinds.append("INT")
            values.append(haskell_int(tok))
        else:
            at = m.start(group)
            line, col = position(text, at)
            # after a dangling "-", or the first byte of a character that starts like
            # ``¬ ∧ ∨ →``, the reference has moved one column on before failing
            if tok == "-" or _partial_prefix(tok):
                col += 1
            return kinds, values, offsets, (line, col)
        offsets.append(m.start(group))
    return kinds, values, offsets, None


# The same tokens without positions, for inputs with neither characters that no rule
# accepts nor a lone ``-`` (the whole text is tokens, blanks and comments): one C-level pass
# finds them all, after another has cut the comments out.  A comment ends before its line
# break, so cutting it never joins two tokens.
_TOKEN = re.compile(
    r"(?:knows|comknow|distknow) (?:that|whether)|(?:TRUE|VALID|WHERE)\?|->"
    r"|[:,()\[\]{}<>!?~&|¬∧∨→]|[A-Za-z][A-Za-z0-9]*|[0-9]+"
)
_COMMENT = re.compile(r"--[^\n]*")
_BLANKS = " \t\n\f\v\r"
_KNOWN = {**FIXED_TOKENS, **WORD_KEYWORDS}
_PHRASES = tuple(kind for _, kind in PHRASE_KEYWORDS)
#: the spellings a token kind has besides its first one, found as whole lines of a text
#: holding one token a line, and that first spelling
_OTHER_SPELLINGS = re.compile("^(?:not|Not|Forall|¬|∧|∨|→)$", re.M)
SPELLING = {"not": "~", "Not": "~", "¬": "~", "∧": "&", "∨": "|", "→": "->",
            "Forall": "ForAll"}


def uncommented(text: str) -> str:
    """``text`` without its ``--`` comments (their line breaks stay)."""
    return _COMMENT.sub("", text) if "--" in text else text


def scan_quick(text: str) -> tuple[list[str], list] | None:
    """Kinds and values of the tokens of ``text`` as :func:`scan` finds them, or ``None``
    when the text has anything else than tokens, blanks and comments (a character no rule
    accepts): then :func:`scan` must read it.  Offsets are left out; an error message that
    needs one scans again."""
    text = uncommented(text)
    tokens = _TOKEN.findall(text)
    # kinds and values through maps of the distinct tokens (a few thousand in a text of a
    # million), so that the per-token work is C's (map over a dict's __getitem__)
    known = _KNOWN
    kind_of = {t: known.get(t) or ("INT" if t[0] <= "9" else "STR") for t in set(tokens)}
    kinds = list(map(kind_of.__getitem__, tokens))
    # every character is in a token or a blank (a phrase holds one blank of its own)
    blanks = sum(map(text.count, _BLANKS)) - sum(map(kinds.count, _PHRASES))
    if sum(map(len, tokens)) + blanks != len(text):
        return None
    value_of = {t: (int(t) if len(t) < 19 else haskell_int(t)) if k == "INT" else t
                for t, k in kind_of.items()}
    return kinds, list(map(value_of.__getitem__, tokens))


def regular_text(text: str) -> str | None:
    """``text`` without its comments when what is left is tokens and blanks only, else
    ``None`` (a character no rule accepts, a ``-`` not starting ``->``: a lexical error
    to place, which :func:`scan` does)."""
    text = uncommented(text)
    return text if only_tokens_and_blanks(text) else None


def only_tokens_and_blanks(text: str) -> bool:
    """Whether ``text`` (comments cut out) holds tokens and blanks only."""
    # (a dash not before ``>``: counted in C; a regex alternative for it would make the
    # search try each character twice, slowly on a text with ``∧`` in it)
    return _IRREGULAR.search(text) is None and text.count("-") == text.count("->")


_IRREGULAR = re.compile(r"[^A-Za-z0-9 \t\n\f\v\r:,()\[\]{}<>!?~&|¬∧∨→-]")


def normal_tokens(text: str) -> str:
    """The tokens of ``text`` (tokens and blanks only: see :func:`regular_text`) one a
    line, each kind in one spelling (``~`` for ``not``, ``Not`` and ``¬``; ``&`` for
    ``∧``; ``|`` for ``∨``; ``->`` for ``→``; ``ForAll`` for ``Forall``).  Two texts have
    the same normal tokens exactly when they differ only in blanks and spellings, and
    what the parser builds from a text depends on nothing else.  A line break never joins
    two tokens: ``knows`` and ``that`` on two lines stay two names.

    >>> normal_tokens("Not (1 ∧ 2)")
    '~\n(\n1\n&\n2\n)'
    """
    joined = "\n".join(_TOKEN.findall(text))
    if _OTHER_SPELLINGS.search(joined) is not None:
        joined = _OTHER_SPELLINGS.sub(lambda m: SPELLING[m.group()], joined)
    return joined


#: the one-character spellings and ``->``'s other one, with the first spelling of each
SYMBOL_SPELLINGS = (("¬", "~"), ("∧", "&"), ("∨", "|"), ("→", "->"))


def one_byte_spellings(text: str) -> str:
    """``text`` with the one-character spellings written as their first ones: the same
    tokens, in a string of one byte a character when nothing else is wider."""
    if not text.isascii():
        for spelled, first in SYMBOL_SPELLINGS:
            text = text.replace(spelled, first)
    return text


_NOT_WORDS = tuple(re.compile(word + r"(?![A-Za-z0-9])(?<![A-Za-z0-9]" + "." * len(word) + ")")
                   for word in ("Not", "not"))
_FORALL_WORD = re.compile(r"Forall(?![A-Za-z0-9])(?<![A-Za-z0-9]......)")
#: symbols that no blank beside them changes (``?`` is not one: ``TRUE ?`` is two tokens)
_TIGHT = ("->", ":", ",", "(", ")", "[", "]", "{", "}", "<", ">", "!", "~", "&", "|")
#: the two-word keywords as one control character each in :func:`canonical_text` (a
#: phrase starts where no letter or digit is before it, and ends whatever follows)
#: (the check on the character before comes after the phrase, so that the pattern starts
#: with the phrase's letters and the regex engine searches for them in C)
CANONICAL_PHRASES = tuple(
    (re.compile(phrase + r"(?<![A-Za-z0-9]" + "." * len(phrase) + ")"), chr(1 + k), kind)
    for k, (phrase, kind) in enumerate(PHRASE_KEYWORDS))
# blanks between ``knows`` and ``that`` other than one space: two names, which one space
# would make the phrase
_NOT_A_PHRASE = re.compile(r"knows?(?! (?:that|whether))[ \t\n\f\v\r]+(?:that|whether)")


def canonical_text(regular: str) -> str | None:
    """One text for all the ways of writing the same tokens: ``regular`` (tokens and
    blanks only: see :func:`regular_text`) with each kind in one spelling (as
    :func:`normal_tokens`; a two-word keyword as one control character,
    :data:`CANONICAL_PHRASES`), each run of blanks one space and no blank beside a symbol.
    A few whole-string passes, so a group's text is its key; ``None`` when ``knows`` and
    ``that`` stand apart as two names (one space would join them).

    >>> canonical_text("AND(\n    1 ,\n    Not  2 ) ∧ (3)")
    'AND(1,~2)&(3)'
    """
    if "know" in regular and _NOT_A_PHRASE.search(regular) is not None:
        return None
    # str.replace and ``in``: passes in C (translate and split look at each character
    # from Python objects; a regex's group reference calls Python per match)
    text = one_byte_spellings(regular)
    for blank in "\t\n\r\f\v":
        if blank in text:
            text = text.replace(blank, " ")
    while "  " in text:
        text = text.replace("  ", " ")
    text = text.strip(" ")
    for word, pattern in zip(("Not", "not"), _NOT_WORDS):
        if word in text:  # (a literal replacement: no Python call per match)
            text = pattern.sub("~", text)
    if "Forall" in text:
        text = _FORALL_WORD.sub("ForAll", text)
    if "know" in text:
        for phrase, char, _ in CANONICAL_PHRASES:
            if phrase.pattern[:6] in text:
                text = phrase.sub(char, text)
    for symbol in _TIGHT + tuple(c for _, c, _ in CANONICAL_PHRASES):
        for spaced in (" " + symbol, symbol + " "):
            if spaced in text:
                text = text.replace(spaced, symbol)
    return text


def position(text: str, offset: int) -> tuple[int, int]:
    """(line, column) of ``offset`` as the reference counts: from 1, one column per
    character, tabs to the next multiple of :data:`TAB_SIZE` plus one."""
    line = text.count("\n", 0, offset) + 1
    col = 1
    for ch in text[text.rfind("\n", 0, offset) + 1: offset]:
        col += TAB_SIZE - (col - 1) % TAB_SIZE if ch == "\t" else 1
    return line, col


def tokenize(text: str) -> Iterator[Token]:
    """Yield the tokens of ``text``; raise :class:`LexError` where no rule matches (only
    when that token is asked for, as the reference's lazy lexer does)."""
    kinds, values, offsets, error = scan(text)
    line, col, at = 1, 1, 0
    for kind, value, offset in zip(kinds, values, offsets):
        for ch in text[at:offset]:
            if ch == "\n":
                line, col = line + 1, 1
            else:
                col += TAB_SIZE - (col - 1) % TAB_SIZE if ch == "\t" else 1
        at = offset
        yield Token(kind, value, line, col)
    if error is not None:
        raise LexError(*error)


def _partial_prefix(ch: str) -> bool:
    """Whether the reference's byte-level scanner gets past the first UTF-8 byte of ``ch``
    (because it starts like one of ``¬ ∧ ∨ →``) before failing; it then reports the error
    one column further, its position having already moved past the character."""
    first = ch.encode("utf-8", "surrogatepass")[0]
    return first in _UNICODE_LEADS


_UNICODE_LEADS = frozenset(c.encode("utf-8")[0] for c, k in SYMBOLS.items() if ord(c) > 127)


def tokens_list(text: str) -> list[Token]:
    """All tokens of ``text`` at once (raises :class:`LexError` at the first bad one)."""
    return list(tokenize(text))
