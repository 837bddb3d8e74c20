"""A fast path for the one-line form of published MindGames problems.

Datasets hold thousands of inputs of one shape::

    VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] [ ! ~(Agentb knows whether 2) ] Agentb knows whether 1

and their ``pbcheck`` twins, which repeat the same announcements.  :func:`parse_published`
reads that shape: the part before ``VALID?`` (vocabulary, law, observations) is parsed
once per distinct text by the full parser and then shared, and every announcement and
hypothesis text is parsed once by a small recursive-descent parser for the subset of the
language the published form uses (atoms, ``Top``, ``Bot``, ``~``, ``&``, ``|``, ``->``,
``XOR(…)``, parentheses, ``knows that``, ``knows whether``) and its other spellings
(``not``, ``Not``, ``¬``, ``∧``, ``∨``, ``→``, ``AND(…)``, ``OR(…)``, ``K a …``,
``Kw a …``), with the full grammar's precedence: ``~`` and infix knowledge bind tightest
and take one operand, ``&`` and ``|`` share a level and group to the left, ``->`` is
loosest, and a prefix ``K``/``Kw`` takes all that follows.

A short text with comments or other blanks is tried again with its comments cut and
each run of blanks made one space (:func:`published_spacing`: the same tokens).
Anything else — another job, a keyword the subset does not cover, any error — returns ``None`` and the caller uses the
full parser, which also words every error.  So the fast path never decides an answer or
an error: it only produces, faster, the very tree the full parser produces (a test over
the conformance corpus, the published sample and random formulas checks that).
"""

from __future__ import annotations

import re

from ..language import BOT, TOP, Conj, Disj, Form, Impl, K, Kw, Neg, Prp, PubAnnounce, Xor
from ..errors import SmcdelError
from ..program import CheckInput, Structure, ValidQ
from .lexer import WORD_KEYWORDS, haskell_int, regular_text

#: distinct texts kept per cache before it starts afresh (bounds memory on huge inputs)
CACHE_LIMIT = 1 << 16

_JOB = "VALID? "
_ANNOUNCEMENT = re.compile(r"\[ ! ([^\[\]]*) \] ")
# the subset's tokens; whitespace between them is skipped.  A word is the lexer's word
# (letters and digits), so "Agentb" is one name and "knows that" one phrase.
_TOKEN = re.compile(
    r"[ \t\n\r]*(?:(?P<phrase>knows that|knows whether)|(?P<word>[A-Za-z][A-Za-z0-9]*)"
    r"|(?P<int>[0-9]+)|(?P<sym>->|[()~&|,¬∧∨→]))"
)
#: every spelling the lexer accepts, as the reader's kinds: a word keyword the subset reads
#: (prefix operators, lists) or a symbol's other spelling
_WORD_KINDS = {"Top": "Top", "Bot": "Bot", "XOR": "XOR", "AND": "AND", "OR": "OR",
               "Not": "~", "not": "~", "K": "K", "Kw": "Kw"}
_SYMBOL_KINDS = {"¬": "~", "∧": "&", "∨": "|", "→": "->"}
_LISTS = {"XOR": Xor, "AND": Conj, "OR": Disj}

_INTS = r"[0-9]+(?:,[0-9]+)*"
_HEADER = re.compile(
    rf"VARS ({_INTS}) LAW (.+?) OBS ((?:[A-Za-z][A-Za-z0-9]*:{_INTS} )+)\Z"
)

_structures: dict[str, Structure | None] = {}
#: formulas (``_formulas``) and single operands (``_operands``: hypotheses) by text
_formulas: dict[str, Form | None] = {}
_operands: dict[str, Form | None] = {}
#: runs of announcements (the text from the first ``[`` to the last ``] ``)
_runs: dict[str, tuple[Form, ...] | None] = {}
#: whole inputs read (a dataset's pbcheck texts repeat: one per premise, not per row), and
#: their pieces (:func:`published_parts`)
_programs: dict[str, CheckInput] = {}
_parts: dict[str, tuple | None] = {}


def clear_caches() -> None:
    """Forget every text read (for measurements from cold caches)."""
    for cache in (_structures, _formulas, _operands, _runs, _programs, _parts):
        cache.clear()


#: a cache's answer for a text never read (None is the answer "not this form")
_MISSING = object()


class _Unsupported(Exception):
    """Outside the subset: leave this text to the full parser."""


def parse_published(text: str) -> CheckInput | None:
    """The program of ``text`` when it has the published one-line shape, else ``None``;
    a short text with comments or other blanks is read in its published spacing."""
    program = _programs.get(text)
    if program is None:
        program = _read_published(text)
        if program is None and len(text) < RESPACED_UP_TO:
            spaced = published_spacing(text)
            if spaced is not None and spaced != text:
                program = _read_published(spaced)
        if program is not None:
            if len(_programs) >= CACHE_LIMIT:
                _programs.clear()
            _programs[text] = program
    return program


#: texts up to this length are tried again in their published spacing (rows are short)
RESPACED_UP_TO = 4096
# blanks other than one space between "knows" and "that": two names, which one space
# would make the phrase
_NOT_A_PHRASE = re.compile(r"knows?(?! (?:that|whether))[ \t\n\f\v\r]+(?:that|whether)")


def published_spacing(text: str) -> str | None:
    """``text`` without comments, each run of blanks one space, ends trimmed: the same
    tokens (``None`` when that cannot be promised: a character no rule accepts, or
    ``knows`` and ``that`` apart as two names).

    >>> published_spacing("VARS 1 -- one atom\n LAW  Top")
    'VARS 1 LAW Top'
    """
    regular = regular_text(text)
    if regular is None or ("know" in regular and _NOT_A_PHRASE.search(regular)):
        return None
    return " ".join(regular.split())


def _read_published(text: str) -> CheckInput | None:
    parts = published_parts(text)
    if parts is None:
        return None
    structure, announcements, form = parts
    for ann in reversed(announcements):
        form = PubAnnounce(ann, form)
    return CheckInput(structure, (ValidQ(form),))


def published_parts(text: str) -> tuple[Structure, tuple[Form, ...], Form] | None:
    """``(structure, announcements, hypothesis)`` of a text in the published one-line form
    (its job is ``VALID? [ ! a1 ] … [ ! an ] hypothesis``), else ``None``: the pieces of
    :func:`parse_published`'s tree without the tree, for a checker that walks the
    announcements itself.  Each piece is read once per distinct text and shared."""
    try:
        return _parts[text]
    except KeyError:
        pass
    parts = _read_parts(text)
    if len(_parts) >= CACHE_LIMIT:
        _parts.clear()
    _parts[text] = parts
    return parts


def _read_parts(text: str) -> tuple[Structure, tuple[Form, ...], Form] | None:
    # each piece's cache is looked up here first (a dataset's texts share their pieces:
    # 5,110 texts, 903 headers, 1,100 runs, 257 hypotheses), the reader called on a miss
    at = text.find(_JOB)
    if at <= 0 or text[at - 1] != " " or "--" in text or text.count("?") != 1:
        return None
    header = text[:at]
    structure = _structures.get(header, _MISSING)
    if structure is _MISSING:
        structure = _structure(header)
    if structure is None:
        return None
    start = at + len(_JOB)
    # the hypothesis is one operand without brackets (the subset has none), so the last
    # "] " ends the announcements; their run repeats from row to row and is read once
    end = text.rfind("] ", start) + 2
    if end > 1:
        run = text[start:end]
        announcements = _runs.get(run, _MISSING)
        if announcements is _MISSING:
            announcements = _announcements(run)
        if announcements is None:
            return None
    else:
        announcements, end = (), start
    # the hypothesis must be one operand (no top-level & | ->): an announcement's scope
    # then cannot depend on precedence
    operand = text[end:]
    form = _operands.get(operand, _MISSING)
    if form is _MISSING:
        form = _formula(operand, whole=False)
    if form is None:
        return None
    return structure, announcements, form


def _announcements(text: str) -> tuple[Form, ...] | None:
    """The formulas of a run of ``[ ! … ] `` announcements filling ``text``, stored in
    ``_runs`` (which :func:`_read_parts` looks in first)."""
    found: list[Form] | None = []
    pos = 0
    while pos < len(text):
        m = _ANNOUNCEMENT.match(text, pos)
        ann = None if m is None else _formula(m.group(1), whole=True)
        if ann is None:
            found = None
            break
        found.append(ann)
        pos = m.end()
    run = None if found is None else tuple(found)
    if len(_runs) >= CACHE_LIMIT:
        _runs.clear()
    _runs[text] = run
    return run


def _structure(header: str) -> Structure | None:
    """``VARS … LAW … OBS …``, parsed by the full parser once per distinct text: stored
    in ``_structures`` (which :func:`_read_parts` looks in first)."""
    structure = _plain_structure(header)
    if structure is None:
        from .lr_groups import parse_text  # (the tables: only for unusual headers)

        try:
            structure = parse_text(header + " VALID? Top").structure
        except SmcdelError:
            structure = None
    if len(_structures) >= CACHE_LIMIT:
        _structures.clear()
    _structures[header] = structure
    return structure


def _plain_structure(header: str) -> Structure | None:
    """``VARS 1,2 LAW … OBS Agenta:2 Agentb:1 `` without the full parser (or ``None``)."""
    m = _HEADER.match(header)
    if m is None:
        return None
    law = _formula(m.group(2), whole=True)
    if law is None:
        return None
    obs = []
    for entry in m.group(3).split():
        name, _, atoms = entry.partition(":")
        if name in WORD_KEYWORDS:
            return None
        obs.append((name, _ints(atoms)))
    return Structure(_ints(m.group(1)), law, tuple(obs))


def _ints(text: str) -> tuple[int, ...]:
    values = tuple(map(int, text.split(",")))  # (digits only: none is negative)
    if max(values) < 1 << 63:  # (then as haskell_int reads them)
        return values
    return tuple(haskell_int(t) for t in text.split(","))


def _formula(text: str, whole: bool) -> Form | None:
    """The formula of ``text`` (``whole``: any formula; else a single operand)."""
    cache = _formulas if whole else _operands
    try:
        return cache[text]
    except KeyError:
        pass
    try:
        reader = _Reader(text)
        form = reader.form() if whole else reader.operand()
        if reader.i != len(reader.kinds):
            raise _Unsupported
    except (_Unsupported, RecursionError):  # very deep nesting: the table-driven parser
        form = None
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[text] = form
    return form


class _Reader:
    """Recursive descent over the subset's tokens."""

    __slots__ = ("kinds", "values", "i")

    def __init__(self, text: str):
        kinds: list[str] = []
        values: list = []
        end = 0
        for m in _TOKEN.finditer(text):
            if m.start() != end:
                raise _Unsupported
            end = m.end()
            group = m.lastgroup
            tok = m.group(group)
            if group == "word":
                if tok not in WORD_KEYWORDS:
                    kinds.append("name")
                elif tok in _WORD_KINDS:
                    kinds.append(_WORD_KINDS[tok])
                else:
                    raise _Unsupported
            elif group == "int":
                kinds.append("int")
                tok = haskell_int(tok)
            else:
                kinds.append(_SYMBOL_KINDS.get(tok, tok))
            values.append(tok)
        if text[end:].strip(" \t\n\r") or not kinds:
            raise _Unsupported
        self.kinds, self.values, self.i = kinds, values, 0

    def peek(self) -> str | None:
        return self.kinds[self.i] if self.i < len(self.kinds) else None

    def take(self, kind: str) -> None:
        if self.peek() != kind:
            raise _Unsupported
        self.i += 1

    def form(self) -> Form:
        """``chain ('->' chain)*``, grouping to the left."""
        f = self.chain()
        while self.peek() == "->":
            self.i += 1
            f = Impl(f, self.chain())
        return f

    def chain(self) -> Form:
        """``operand (('&' | '|') operand)*``: one level, grouping to the left."""
        f = self.operand()
        while True:
            kind = self.peek()
            if kind == "&":
                self.i += 1
                f = Conj((f, self.operand()))
            elif kind == "|":
                self.i += 1
                f = Disj((f, self.operand()))
            else:
                return f

    def operand(self) -> Form:
        kind = self.peek()
        if kind is None:
            raise _Unsupported
        value = self.values[self.i]
        self.i += 1
        if kind == "int":
            return Prp(value)
        if kind == "(":
            f = self.form()
            self.take(")")
            return f
        if kind == "~":
            return Neg(self.operand())
        if kind == "Top":
            return TOP
        if kind == "Bot":
            return BOT
        if kind in _LISTS:  # XOR( … ), AND( … ), OR( … )
            self.take("(")
            fs = [self.form()]
            while self.peek() == ",":
                self.i += 1
                fs.append(self.form())
            self.take(")")
            return _LISTS[kind](tuple(fs))
        if kind == "K" or kind == "Kw":
            # the prefix rule has no precedence: the automaton shifts, so the operator
            # takes the longest formula that follows (``K a 1 & 2`` is ``K a (1 & 2)``)
            if self.peek() != "name":
                raise _Unsupported
            agent = self.values[self.i]
            self.i += 1
            return (K if kind == "K" else Kw)(agent, self.form())
        if kind == "name":
            phrase = self.peek()
            self.i += 1
            if phrase == "knows that":
                return K(value, self.operand())
            if phrase == "knows whether":
                return Kw(value, self.operand())
        raise _Unsupported


__all__ = ["clear_caches", "parse_published", "published_parts", "published_spacing"]
