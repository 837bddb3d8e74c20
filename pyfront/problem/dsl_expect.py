"""What may follow at a syntax error of the DSL, exactly.

The LALR tables merge the lookaheads of states that look alike, so the terminals an
error lists from the table include words of other contexts (story words in a problem,
"end of line" where a line may not end).  Here the parse is replayed up to the error and
each terminal is tried on a copy of the parser there (lark's ``accepts``): only what would
really be accepted is listed.  The state before the previous token is kept too, so a
misspelt keyword taken for a name ("anounce someone") can be recognised.
"""

from __future__ import annotations

import difflib
import re

from smcdel_bridge.values import value


@value
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


def _close(word: str, options) -> str:
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def keyword_hint(parser, expected, tok) -> str:
    """" (did you mean 'moves'?)" when a misspelt word stands where a keyword was expected
    (a name, or a keyword of another place: "know" for "knows")."""
    if not re.fullmatch(r"[A-Za-z_]+", str(tok)):
        return ""
    return _close(str(tok), [w for w in keywords(parser, expected) if w != str(tok)])


def misspelt_opening(parser, text: str, found: Expectation | None, tok):
    """``(token, hint)`` when the statement before ``tok`` opens with a name close to a
    keyword that could open it ("anounce someone"), and ``tok`` itself is no typo; else
    None."""
    prev = found.previous if found else None
    if prev is None or prev.type != "NAME" or keyword_hint(parser, found.accepted, tok):
        return None
    start = text.rfind("\n", 0, prev.start_pos) + 1
    if text[start:prev.start_pos].strip():  # not the first word of its line
        return None
    hint = _close(str(prev), keywords(parser, found.accepted_before or ()))
    return (prev, hint) if hint else None
