"""Formulas and programs back to text.

* :func:`pp_form` is the reference's own pretty-printing (``ppForm``), the text shown in
  its ``Is … valid on F?`` lines: ``T``/``F``, ``~f``, ``(f & g)``, ``(f->g)``, ``f=g``
  without parentheses, ``XOR{"f","g"}`` and ``Ck "a","b" f`` with Haskell-quoted strings,
  ``Forall {P 1}: f``, ``[a, b ?! f]g``.  It is lossy (``f=g=h`` hides its bracketing).
* :func:`to_input` writes fully parenthesised SMCDEL input that parses back to the same
  tree; :func:`render_input` writes a whole :class:`~smcdel_bridge.program.CheckInput`.

Both walk the tree with an explicit stack, so deeply nested formulas do not hit Python's
recursion limit.
"""

from __future__ import annotations

from ..language import (
    Announce, AnnounceW, Bot, Ck, Ckw, Conj, Disj, Dk, Dkw, Dynamic, Equi, Exists, Forall,
    Form, Impl, K, Kw, Neg, Prp, PubAnnounce, PubAnnounceW, Top, Xor, fold, show_with,
)
from ..errors import UnsupportedFormula
from ..program import CheckInput, TrueQ, ValidQ, WhereQ
from .emit import HOLE, cut, emit, fold_releasing
from .one_of import one_of


# --- Haskell ``show`` ------------------------------------------------------------------

_ASCII_NAMES = (
    "NUL SOH STX ETX EOT ENQ ACK a b t n v f r SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB "
    "CAN EM SUB ESC FS GS RS US"
).split()


def hs_show_string(s: str) -> str:
    """Haskell's ``show`` of a ``String``: double quotes, with Haskell escapes."""
    if s.isascii() and s.isprintable():  # (no numeric escape, so no ``\&`` either)
        if '"' not in s and "\\" not in s:
            return f'"{s}"'  # (nothing to escape: an agent's name, as a rule)
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    out = ['"']
    prev_numeric = prev_so = False
    for ch in s:
        code = ord(ch)
        if prev_numeric and ch.isdigit() and code < 128:
            out.append("\\&")
        if prev_so and ch == "H":
            out.append("\\&")
        prev_numeric = prev_so = False
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif code < 32:
            out.append("\\" + _ASCII_NAMES[code])
            prev_so = code == 14
        elif code == 127:
            out.append("\\DEL")
        elif code > 127:
            out.append(f"\\{code}")
            prev_numeric = True
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def hs_show_int(n: int) -> str:
    return str(n)


def hs_show_prp(n: int) -> str:
    """``show (P n)``: ``P 5``, ``P (-5)``."""
    return f"P ({n})" if n < 0 else f"P {n}"


def hs_show_int_list(ns) -> str:
    """``show [Int]``: ``[1,2,3]``."""
    return "[" + ",".join(str(n) for n in ns) + "]"


# --- the reference's pretty-printing -----------------------------------------------------

def _pp(node: Form, sub: list[str]) -> str:
    t = type(node)
    if t is Top:
        return "T"
    if t is Bot:
        return "F"
    if t is Prp:
        return hs_show_int(node.n)
    if t is Neg:
        return "~" + sub[0]
    if t is Conj:
        return "(" + " & ".join(sub) + ")"
    if t is Disj:
        return "(" + " | ".join(sub) + ")"
    if t is Xor:
        return "XOR{" + ",".join(hs_show_string(s) for s in sub) + "}"
    if t is Impl:
        return "(" + sub[0] + "->" + sub[1] + ")"
    if t is Equi:
        return sub[0] + "=" + sub[1]
    if t is Forall or t is Exists:
        name = "Forall" if t is Forall else "Exists"
        return f"{name} {{{','.join(hs_show_prp(p) for p in node.props)}}}: {sub[0]}"
    if t is K:
        return f"K {node.agent} {sub[0]}"
    if t is Kw:
        return f"Kw {node.agent} {sub[0]}"
    if t in _GROUP_NAMES:
        return f"{_GROUP_NAMES[t]} {','.join(hs_show_string(a) for a in node.group)} {sub[0]}"
    if t is PubAnnounce:
        return f"[! {sub[0]}] {sub[1]}"
    if t is PubAnnounceW:
        return f"[?! {sub[0]}] {sub[1]}"
    if t is Announce:
        return f"[{', '.join(node.group)} ! {sub[0]}]{sub[1]}"
    if t is AnnounceW:
        return f"[{', '.join(node.group)} ?! {sub[0]}]{sub[1]}"
    if isinstance(node, Form):
        raise UnsupportedFormula.node(node, "SMCDEL's syntax")
    raise TypeError(f"not a formula: {node!r}")


_GROUP_NAMES = {Ck: "Ck", Ckw: "Ckw", Dk: "Dk", Dkw: "Dkw"}


def pp_form(f: Form) -> str:
    """The reference's ``ppForm``: how it shows a formula in its answers."""
    try:
        text = emit(f, _pp_shape)
    except (UnsupportedFormula, TypeError):
        text = None
    # what the reference cannot show, or a text that cannot be cut: the fold meets and
    # raises the same error as before (children first), or joins the texts
    return fold_releasing(f, _pp) if text is None else text


def _pp_shape(item: Form, children):
    """A node's own :func:`_pp` text in pieces, for :func:`.emit.emit`.  A leaf is its
    own text at once; each part of an ``XOR`` is written whole (a hundred atoms a list in
    the dining cryptographers)."""
    t = type(item)
    if (t is Conj or t is Disj) and children:  # (most nodes of a chain of ``&``)
        return ["(", *[" & " if t is Conj else " | "] * (len(children) - 1), ")"], children
    if t is Xor:  # (its parts are shown as strings: each is written whole first)
        parts = [emit(c, _pp_shape) for c in children]
        return None if None in parts else ([_pp(item, parts)], ())
    return cut(_pp(item, [HOLE] * len(children)), children)


def _pp_any(node: Form, sub: list[str]) -> str:
    if type(node) is Dynamic:
        return f"[{node.action.label}] {sub[0]}"
    return _pp(node, sub)


def pp_any(f: Form) -> str:
    """``pp_form``, also for formulas with event-model modalities (shown ``[label] f``),
    which the reference cannot show: for messages and ``str()``, not for SMCDEL output."""
    return fold(f, _pp_any)


# --- SMCDEL input text -------------------------------------------------------------------

def _check_agent(agent: str) -> str:
    from .lexer import WORD_KEYWORDS

    ok = (
        isinstance(agent, str)
        and agent[:1].isascii() and agent[:1].isalpha()
        and agent.isascii() and agent.isalnum()
        and agent not in WORD_KEYWORDS
    )
    if not ok:
        raise ValueError(f"agent name {agent!r} cannot be written in SMCDEL input")
    return agent


def _check_atom(n: int) -> str:
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"atom {n!r} cannot be written in SMCDEL input")
    return str(n)


def _group(agents) -> str:
    if not agents:
        raise ValueError("an empty group of agents cannot be written in SMCDEL input")
    return ",".join(_check_agent(a) for a in agents)


def _atoms(props) -> str:
    if not props:
        raise ValueError("an empty list of atoms cannot be written in SMCDEL input")
    return ",".join(_check_atom(p) for p in props)


def _is_one_of(node: Form) -> bool:
    return (
        type(node) is Conj and len(node.fs) == 2 and type(node.fs[0]) is Disj
        and len(node.fs[0].fs) > 0 and node == one_of(node.fs[0].fs)
    )


def _inp(node: Form, sub: list[tuple[str, list[str]]]) -> str:
    """Input text of ``node`` given its children's ``(text, parts)`` pairs."""
    t = type(node)
    texts = [text for text, _ in sub]
    if t is Top:
        return "Top"
    if t is Bot:
        return "Bot"
    if t is Prp:
        return _check_atom(node.n)
    if t is Neg:
        return f"(~ {texts[0]})"
    if t is Conj:
        if _is_one_of(node):
            return "ONEOF(" + ", ".join(sub[0][1]) + ")"
        if not texts:
            return "Top"  # the empty conjunction cannot be written; Top is equivalent
        if len(texts) == 2:
            return f"({texts[0]} & {texts[1]})"
        return "AND(" + ", ".join(texts) + ")"
    if t is Disj:
        if not texts:
            return "Bot"  # the empty disjunction cannot be written; Bot is equivalent
        if len(texts) == 2:
            return f"({texts[0]} | {texts[1]})"
        return "OR(" + ", ".join(texts) + ")"
    if t is Xor:
        if not texts:
            return "Bot"  # the empty exclusive or cannot be written; Bot is equivalent
        return "XOR(" + ", ".join(texts) + ")"
    if t is Impl:
        return f"({texts[0]} -> {texts[1]})"
    if t is Equi:
        return f"({texts[0]} iff {texts[1]})"
    if t is Forall:
        return f"(Forall {_atoms(node.props)} {texts[0]})"
    if t is Exists:
        return f"(Exists {_atoms(node.props)} {texts[0]})"
    if t is K:
        return f"(K {_check_agent(node.agent)} {texts[0]})"
    if t is Kw:
        return f"(Kw {_check_agent(node.agent)} {texts[0]})"
    if t in _GROUP_PHRASES:
        return f"(({_group(node.group)}) {_GROUP_PHRASES[t]} {texts[0]})"
    if t is PubAnnounce:
        return f"([ ! {texts[0]} ] {texts[1]})"
    if t is PubAnnounceW:
        return f"([ ? ! {texts[0]} ] {texts[1]})"
    if t is Announce:
        return f"([ {_group(node.group)} ! {texts[0]} ] {texts[1]})"
    if t is AnnounceW:
        return f"([ {_group(node.group)} ? ! {texts[0]} ] {texts[1]})"
    if isinstance(node, Form):
        raise UnsupportedFormula.node(node, "SMCDEL's syntax")
    raise TypeError(f"not a formula: {node!r}")


_GROUP_PHRASES = {
    Ck: "comknow that", Ckw: "comknow whether", Dk: "distknow that", Dkw: "distknow whether",
}


def to_input(f: Form) -> str:
    """Fully parenthesised SMCDEL input text for ``f``; parses back to the same tree.

    Expansions of ``ONEOF(…)`` are written as ``ONEOF(…)`` again.  Empty ``Conj``/``Disj``/
    ``Xor`` (which the input language cannot write) become the equivalent ``Top``/``Bot``.
    Raises ValueError for agent names or atoms the language cannot write.
    """
    text = emit(f, _input_shape)
    if text is None:  # (an agent named with a hole: the texts joined)
        text, _ = fold(f, lambda node, sub: (_inp(node, sub), [text for text, _ in sub]))
    return text


def _input_shape(node: Form, children):
    """A node's own :func:`_inp` text in pieces, for :func:`.emit.emit` (``ONEOF`` is
    written around the disjuncts it expands to)."""
    if type(node) is Conj and _is_one_of(node):
        alternatives = node.fs[0].fs
        return ["ONEOF(", *[", "] * (len(alternatives) - 1), ")"], alternatives
    return cut(_inp(node, [(HOLE, [])] * len(children)), children)


def render_input(program: CheckInput) -> str:
    """A whole SMCDEL input (structure and jobs) that parses back to ``program``."""
    s = program.structure
    lines = [f"VARS {_atoms(s.vocab)}", f"LAW  {to_input(s.law)}"]
    if not s.obs:
        raise ValueError("SMCDEL input needs at least one agent in OBS")
    for i, (agent, props) in enumerate(s.obs):
        lines.append(f"{'OBS ' if i == 0 else '    '}{_check_agent(agent)}: {_atoms(props)}")
    for job in program.jobs:
        if isinstance(job, TrueQ):
            state = ",".join(_check_atom(p) for p in job.state)
            lines.append(f"TRUE? {{{state}}} {to_input(job.form)}")
        elif isinstance(job, ValidQ):
            lines.append(f"VALID? {to_input(job.form)}")
        elif isinstance(job, WhereQ):
            lines.append(f"WHERE? {to_input(job.form)}")
        else:
            raise TypeError(f"not a job: {job!r}")
    return "\n".join(lines) + "\n"


# ``str()`` of every formula is the reference's pretty-printing
show_with(pp_any)
