"""What the lexer's tokens go through before the parser (lark's post-lexer, shared by both)."""


class ParenNewlines:
    """Post-lexer: newlines inside parentheses do not end a statement."""

    always_accept = ("_NL",)

    def process(self, stream):
        depth = 0
        for tok in stream:
            if tok.type == "LPAR":
                depth += 1
            elif tok.type == "RPAR":
                depth = max(0, depth - 1)
            elif tok.type == "_NL" and depth:
                continue
            yield tok
