"""What may follow at a syntax error of the DSL, exactly.

The LALR tables merge the lookaheads of states that look alike, so the terminals an
error lists from the table include words of other contexts (story words in a problem,
"end of line" where a line may not end).  Here the parse is replayed up to the error and
each terminal is tried on a copy of the parser there (lark's ``accepts``): only what would
really be accepted is listed.  The state before the previous token is kept too, so a
misspelt keyword taken for a name ("anounce someone") can be recognised.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass
class Expectation:
    #: terminals accepted where the error is
    accepted: set[str]
    #: the token before the failing one and the terminals accepted in its place (or None)
    previous: object | None = None
    accepted_before: set[str] | None = None


def expectation(parser, text: str, offset: int) -> Expectation | None:
    """Replay ``text`` up to the error at character ``offset``; None if the replay does not
    fail where the parse did (the caller then keeps the table's list)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    line_start = text.rfind("\n", 0, offset)
    threshold = max(text.rfind("\n", 0, max(line_start, 0)), 0)  # copies only near the error
    ip = parser.parse_interactive(text)
    last = before_last = None  # (token, parser state before it)
    try:
        for tok in ip.iter_parse():
            if (tok.start_pos or 0) >= threshold:
                before_last, last = last, (tok, ip.copy(deepcopy_values=False))
    except UnexpectedToken as err:
        if last is not None and last[0] is err.token:  # the parser refused the token
            prev = before_last[0] if before_last else None
            return Expectation(last[1].accepts(), prev,
                               before_last[1].accepts() if before_last else None)
        # the contextual lexer found no terminal of this state: the parser stands after
        # the last token it was given
        return _after(ip, last)
    except UnexpectedCharacters:
        return _after(ip, last)
    return None


def _after(ip, last) -> Expectation:
    return Expectation(ip.accepts(), last[0] if last else None,
                       last[1].accepts() if last else None)


def keywords(parser, terminals) -> list[str]:
    """The words the ``terminals`` stand for: a string terminal's text, the plain-word
    alternatives of a pattern (``true|false|…``)."""
    out = []
    for name in terminals:
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            out.append(pattern.value)
        else:
            body = pattern.value
            while body.startswith("(?:") and body.endswith(")"):
                body = body[3:-1]
            out += [w for w in body.split("|") if re.fullmatch(r"[a-z_]+", w)]
    return out
