"""SMCDEL text <-> formula AST, exactly as the reference reads and writes it.

* :func:`parse_input`, :func:`parse_formula` — text to :class:`~smcdel_bridge.program.CheckInput`
  / :class:`~smcdel_bridge.language.Form`; raise ``LexError``/``ParseError`` worded and
  positioned as the reference does (:mod:`.lexer`, :mod:`.parser`, tables from :mod:`.lalr`).
* :func:`sanity_check` — the reference's checks on a parsed input (:mod:`.sanity`).
* :func:`pp_form` — the reference's own pretty-printing; :func:`to_input`,
  :func:`render_input` — SMCDEL input text that parses back to the same tree (:mod:`.printer`).
* :func:`format_results` and friends — the reference's output text (:mod:`.output`).

Submodules are imported on first use, so importing this package costs nothing.
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "parse_input": "parser",
    "parse_formula": "parser",
    "parse_formula_list": "parser",
    "tokenize": "lexer",
    "Token": "lexer",
    "sanity_check": "sanity",
    "sanity_problems": "sanity",
    "pp_form": "printer",
    "to_input": "printer",
    "render_input": "printer",
    "INFO_LINE": "output",
    "format_results": "output",
    "format_job_header": "output",
    "format_answer": "output",
    "strip_colour": "output",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__():
    return __all__
