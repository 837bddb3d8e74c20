"""The problem DSL's syntax layer: the parse tree (from the exported tables; lark reads a
text that does not parse again, for the wording), syntax errors worded for people
(line, column, what was expected, "did you mean"), and helpers every DSL reader shares
(problem and story): quoted strings, chains of ``and``/``or``, the formula depth guard.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache

from smcdel_bridge.language import Form

from pyfront.errors import UserError

#: words a reader may not know the grammar's names for
_TERMINAL_WORDS = {
    "_NL": "end of line",
    "NAME": "a name",
    "STRING": 'a quoted string',
    "RAW": 'smcdel"…"',
    "DIGITS": "a number",
    "CMP": "a comparison (=, !=, <, <=, >, >=)",
    "ANSWER": "an answer (true, false, entailment, not_entailment)",
    "POSSESSIVE": "'s",
    "NOTHING": "nothing",
    "$END": "end of file",
}


#: deepest nesting of operators a formula may have: far beyond what people write, and
#: within reach of every recursive stage downstream (English, explanations, engines)
MAX_FORMULA_DEPTH = 200


def load_lark() -> None:
    """Import lark without the third-party ``regex`` module it takes up when installed:
    lark uses it only for grammars built with ``regex=True`` and Unicode categories, and
    the DSL's grammar is built with ``re``; importing ``regex`` costs more start-up than a
    one-problem check's own work.  Later imports of ``regex`` are not affected."""
    if "lark" in sys.modules or "regex" in sys.modules:
        return
    sys.modules["regex"] = None  # type: ignore[assignment]  # "import regex" fails in lark
    try:
        import lark  # noqa: F401
    finally:
        del sys.modules["regex"]


@lru_cache(maxsize=1)
def lark_parser():
    """The grammar's lark parser: it builds the run-time tables and words the errors."""
    load_lark()
    from lark import Lark

    from mindgames_grammars import grammar_text
    from pyfront.cache import lark_cache
    from pyfront.grammar.postlex import ParenNewlines

    text = grammar_text("problem.lark")
    return Lark(
        text,
        parser="lalr",
        lexer="contextual",
        postlex=ParenNewlines(),
        propagate_positions=True,
        maybe_placeholders=True,
        cache=lark_cache("problem-grammar", text),  # the tables, built once per grammar
    )


def _describe_terminal(parser, name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    try:
        term = parser.get_terminal(name)
    except KeyError:
        return name
    if term.pattern.type == "str":
        return repr(term.pattern.value).replace("'", '"') if '"' not in term.pattern.value else term.pattern.value
    return name.lower()


def _expected_text(parser, expected) -> str:
    words = sorted({_describe_terminal(parser, t) for t in expected})
    if not words:
        return "something else"
    if len(words) > 12:
        words = words[:12] + ["…"]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def _token_text(tok) -> str:
    if tok.type == "$END":
        return "end of file"
    if tok.type == "_NL":
        return "end of line"
    return repr(str(tok))


def parse_tree(text: str, filename: str = "<string>"):
    """The parse tree of a DSL text; UserError at the first syntax error."""
    from pyfront.grammar.runtime import NoParse, parse

    if not text.endswith("\n"):
        text += "\n"
    try:
        return parse(text)
    except NoParse:
        pass  # lark reads it again and words the error
    return lark_tree(text, filename)


def lark_tree(text: str, filename: str = "<string>"):
    """What lark makes of ``text``: a tree (as the run-time parser's) or a UserError at the
    first syntax error, worded for people."""
    load_lark()
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    from pyfront.grammar.runtime import from_lark
    from pyfront.problem.dsl_expect import expectation, keyword_hint, misspelt_opening

    parser = lark_parser()
    if not text.endswith("\n"):
        text += "\n"
    try:
        return from_lark(parser.parse(text))
    except UnexpectedToken as err:
        tok = err.token
        line, col = (err.line, err.column) if tok.type != "$END" else _end_position(text)
        found = expectation(parser, text, tok.start_pos) if tok.type != "$END" else None
        expected = found.accepted if found else err.expected
        opening = misspelt_opening(parser, text, found, tok)  # "anounce someone"
        if opening is not None:
            raise UserError(f"unknown keyword {str(opening[0])!r}{opening[1]}", file=filename,
                            line=opening[0].line, column=opening[0].column) from None
        raise UserError(
            f"expected {_expected_text(parser, expected)}, got {_token_text(tok)}"
            f"{keyword_hint(parser, expected, tok)}",
            file=filename, line=line, column=col,
        ) from None
    except UnexpectedCharacters as err:
        found = expectation(parser, text, err.pos_in_stream)
        allowed = found.accepted if found else (err.allowed or set())
        what = f"expected {_expected_text(parser, allowed)}, " if allowed else ""
        raise UserError(
            f"{what}got unexpected character {text[err.pos_in_stream]!r}",
            file=filename, line=err.line, column=err.column,
        ) from None
    except UnexpectedEOF as err:
        line, col = _end_position(text)
        raise UserError(
            f"expected {_expected_text(parser, err.expected)}, got end of file",
            file=filename, line=line, column=col,
        ) from None


def _end_position(text: str) -> tuple[int, int]:
    lines = text.rstrip("\n").split("\n")
    return len(lines), len(lines[-1]) + 1


def unquote(s: str) -> str:
    """The text of a quoted string token (``\\x`` stands for ``x``)."""
    if len(s) >= 2 and s.startswith('"') and s.endswith('"'):
        inner = s[1:-1]
        return re.sub(r"\\(.)", r"\1", inner) if "\\" in inner else inner
    return s


def did_you_mean(word: str, options) -> str:
    import difflib

    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def chain_operands(kind: str, children: list) -> list:
    """The operands of a chain written ``a and b and c``: one Conj (parentheses keep
    nesting).  The tree nests it to the left, so walk the chain instead of recursing."""
    from pyfront.grammar.tree import Tree

    operands: list = []
    stack = list(reversed(children))
    while stack:
        c = stack.pop()
        if isinstance(c, Tree) and c.data == kind:
            stack.extend(reversed(c.children))
        else:
            operands.append(c)
    return operands


class FormulaReader:
    """The depth guard every DSL formula reader shares: subclasses write ``_formula`` (one
    tree node to a formula) and ``error`` (a UserError at a node).

    A formula line read before stands for itself again as a node whose ``meta.origin`` is
    the tree read then (:func:`pyfront.grammar.runtime.parse`): it is read as that tree,
    and an error inside it is moved to where this one is written (:meth:`reused`)."""

    depth = 0

    def formula(self, node) -> Form:
        origin = getattr(getattr(node, "meta", None), "origin", None)
        if origin is not None:
            return self.reused(node, origin)
        self.depth += 1
        try:
            if self.depth > MAX_FORMULA_DEPTH:
                raise self.error(f"formula nested more than {MAX_FORMULA_DEPTH} levels deep", node)
            return self._formula(node)
        finally:
            self.depth -= 1

    def reused(self, node, origin) -> Form:
        """The formula of ``origin``, read for ``node`` (the same text, on one line):
        an error is placed in ``node``'s line, columns moved by as much as the text."""
        try:
            return self.formula(origin)
        except UserError as err:
            if err.line == origin.meta.line:
                err.line = node.meta.line
                if err.column is not None:
                    err.column += node.meta.column - origin.meta.column
            raise


def raw_error(err, tok, text: str, filename: str) -> UserError:
    """An error of the SMCDEL parser inside ``smcdel"…"``, placed in the DSL file.

    The reference parser reports an unexpected end of input as line 1, column 1; here it
    points at the closing quote.  Other positions count characters of the formula text,
    which start after ``smcdel"`` (an escaped ``\\"`` is two characters of the file)."""
    from smcdel_bridge.errors import LexError, ParseError

    line, col = getattr(err, "line", None), getattr(err, "column", None)
    if not isinstance(err, (LexError, ParseError)) or line != 1:
        return UserError(f'in smcdel"…": {err}', file=filename, line=tok.line, column=tok.column)
    source = str(tok)[len('smcdel"'):-1]  # as written, escapes included
    offset = col - 1
    if isinstance(err, ParseError) and _at_end_of_input(text, offset):
        offset, what = len(text), "the formula ends too early"
    else:
        what = ("unexpected character" if isinstance(err, LexError)
                else f"unexpected {text[offset:].split()[0]!r}" if text[offset:].strip()
                else "unexpected end")
    # characters of the unquoted text -> characters of the source (escapes take two)
    i = k = 0
    while k < offset and i < len(source):
        i += 2 if source[i] == "\\" else 1
        k += 1
    return UserError(f'in smcdel"…": {what} (SMCDEL syntax)', file=filename, line=tok.line,
                     column=tok.column + len('smcdel"') + i)


def _at_end_of_input(text: str, offset: int) -> bool:
    """Whether a parse error the reference reports at line 1, column 1 is really at the
    end of the input: the first token could start a formula, so the parser stopped later."""
    if offset != 0:
        return False
    from smcdel_bridge.syntax.lexer import scan
    from smcdel_bridge.syntax.parser import ACTION_TABLE, lr_tables

    try:
        kinds = scan(text)[0]
    except Exception:  # a lexical error: not the end-of-input quirk
        return False
    return not kinds or ACTION_TABLE[lr_tables.STARTS["Form"]].get(kinds[0]) is not None


def remember(seen: set, name) -> bool:
    """Add ``name`` to ``seen``; False when it was there already.  A set, so that reading
    n names takes time linear in n (a list scan made long files quadratic)."""
    if name in seen:
        return False
    seen.add(name)
    return True


def formula_depth(f: Form) -> int:
    """Levels of operators in ``f`` (an atom is 1), counted without recursion."""
    from smcdel_bridge.language import fold

    return fold(f, lambda _node, depths: 1 + max(depths, default=0))
