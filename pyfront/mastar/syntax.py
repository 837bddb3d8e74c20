"""The mA* parser: a recursive descent over ``grammars/mastar.lark``, building the trees
lark builds from that grammar (same rule names, aliases and children), without loading
lark: importing lark and its tables took about half of a small instance's whole run.  A
test parses every shared instance both ways and compares the trees.

Usage::

    from pyfront.mastar.syntax import parse
    parse("fluent f; goal B(i, f);").children[1].data      # 'goal'
"""

from __future__ import annotations

import re

from ..errors import UserError
from ..grammar.tree import Meta, Token, Tree

_TOKEN = re.compile(r"(?P<ws>\s+)|(?P<comment>%[^\n]*)|(?P<NAME>[A-Za-z_][A-Za-z0-9_]*)"
                    r"|(?P<punct>[;,|()\[\]-])")
DECLARATIONS = {"fluent": "fluents", "action": "actions", "agent": "agents"}
LAWS = ("causes", "determines", "announces", "observes", "aware_of")
MODALITIES = {"B": "believes", "C": "common", "E": "everyone"}


def tokens(text: str, path: str) -> list[Token]:
    """The tokens of ``text`` (comments and white space dropped), then an end marker."""
    out: list[Token] = []
    pos, line, line_start = 0, 1, 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise UserError(f"mA*: unexpected {text[pos]!r}", file=path, line=line,
                            column=pos - line_start + 1)
        kind = m.lastgroup
        if kind in ("NAME", "punct"):
            out.append(Token(kind, m.group(), pos, line, pos - line_start + 1))
        newlines = m.group().count("\n")
        if newlines:
            line += newlines
            line_start = m.start() + m.group().rindex("\n") + 1
        pos = m.end()
    out.append(Token("$END", "", pos, line, pos - line_start + 1))
    return out


def parse(text: str, path: str = "<text>") -> Tree:
    """The tree of ``text``; a syntax error is one :class:`UserError` with its place."""
    return _Parser(tokens(text, path), path).start()


class _Parser:
    def __init__(self, toks: list[Token], path: str) -> None:
        self.toks, self.k, self.path = toks, 0, path

    def peek(self, ahead: int = 0) -> Token:
        return self.toks[min(self.k + ahead, len(self.toks) - 1)]

    def take(self, value: str | None = None, kind: str | None = None) -> Token:
        tok = self.peek()
        if (value is not None and tok != value) or (kind is not None and tok.type != kind) \
                or tok.type == "$END":
            what = "end of file" if tok.type == "$END" else repr(str(tok))
            raise UserError(f"mA*: unexpected {what}", file=self.path, line=tok.line,
                            column=tok.column)
        self.k += 1
        return tok

    def start(self) -> Tree:
        statements = []
        while self.peek().type != "$END":
            statements.append(self.statement())
        return Tree("start", statements)

    def statement(self) -> Tree:
        first = self.peek()
        word = str(first)
        if word in DECLARATIONS and self.peek(1).type == "NAME":
            self.take()
            node = Tree(DECLARATIONS[word], [self.names()])
        elif word == "executable":
            self.take()
            node = Tree("executable", [self.take(kind="NAME"), *self.condition()])
        elif word in ("initially", "goal") and self.peek(1) not in LAWS:
            self.take()
            node = Tree(word, [self.formula()])
        else:
            name = self.take(kind="NAME")
            law = str(self.take(kind="NAME"))
            if law not in LAWS:
                self.k -= 1
                self.take("causes")  # the error names the token found
            if law in ("observes", "aware_of"):
                node = Tree(law, [name, self.take(kind="NAME"), *self.condition()])
            else:
                node = Tree(law, [name, self.literals(), *self.condition()])
        self.take(";")
        meta = Meta()
        meta.empty, meta.line, meta.column = False, first.line, first.column
        node.meta = meta
        return node

    def names(self) -> Tree:
        out = [self.take(kind="NAME")]
        while self.peek() == ",":
            self.take()
            out.append(self.take(kind="NAME"))
        return Tree("names", out)

    def literals(self) -> Tree:
        out = [self.literal()]
        while self.peek() == ",":
            self.take()
            out.append(self.literal())
        return Tree("literals", out)

    def literal(self) -> Tree:
        if self.peek() == "-":
            self.take()
            return Tree("neg", [self.take(kind="NAME")])
        return Tree("pos", [self.take(kind="NAME")])

    def condition(self) -> list[Tree]:
        if self.peek() == "if" and self.peek().type == "NAME":
            self.take()
            return [Tree("condition", [self.formula()])]
        return []

    def formula(self) -> Tree:
        out = [self.conjunction()]
        while self.peek() == "|":
            self.take()
            out.append(self.conjunction())
        return Tree("or_", out)

    def conjunction(self) -> Tree:
        out = [self.unary()]
        while self.peek() == ",":
            self.take()
            out.append(self.unary())
        return Tree("and_", out)

    def unary(self) -> Tree:
        tok = self.peek()
        if tok == "-":
            self.take()
            return Tree("not_", [self.unary()])
        if tok == "(":
            self.take()
            inner = self.formula()
            self.take(")")
            return inner
        name = self.take(kind="NAME")
        if str(name) in MODALITIES and self.peek() == "(":
            self.take("(")
            if name == "B":
                head = self.take(kind="NAME")
            else:
                self.take("[")
                head = self.names()
                self.take("]")
            self.take(",")
            body = self.formula()
            self.take(")")
            return Tree(MODALITIES[str(name)], [head, body])
        return Tree("atom", [name])
