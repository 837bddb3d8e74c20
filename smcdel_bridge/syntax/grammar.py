"""The grammar of SMCDEL's input language, as data.

This is the reference parser's grammar (a Happy LALR(1) grammar) rule for rule, in its
order, with its yacc-style precedence declarations.  Order and precedence are part of the
language: they decide which of two readings of an ambiguous input is built, and where an
error is detected.  :mod:`.lalr` turns this into parse tables; :mod:`.parser` runs them and
builds formulas with the action named in each rule.
"""

from __future__ import annotations

from typing import NamedTuple


class Rule(NamedTuple):
    lhs: str
    rhs: tuple[str, ...]
    action: str  # name of the semantic action in lr.ACTIONS


def _r(lhs: str, rhs: str, action: str) -> Rule:
    return Rule(lhs, tuple(rhs.split()), action)


#: terminal symbols, in declaration order; EOF is added by the table builder
TERMINALS: tuple[str, ...] = (
    "VARS", "LAW", "OBS", "TRUEQ", "VALIDQ", "WHEREQ", "COLON", "COMMA", "TOP", "BOT",
    "LPAREN", "RPAREN", "LBRACK", "RBRACK", "LBRACE", "RBRACE", "LANGLE", "RANGLE",
    "EXCLAM", "QUESTM", "AND", "OR", "NEG", "IMPL", "CON", "DIS", "XOR", "ONEOF",
    "STR", "INT", "IFF", "PK", "PKW", "KNOWSTHAT", "KNOWSWHETHER", "CKNOWTHAT",
    "CKNOWWHETHER", "DKNOWTHAT", "DKNOWWHETHER", "FORALL", "EXISTS",
)

#: precedence declarations, lowest first: (associativity, terminals).  As in the reference
#: a terminal declared twice keeps its FIRST declaration, so the ``nonassoc`` line has no
#: effect and ``&``/``|`` are left-associative on one level.
PRECEDENCE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("left", ("IMPL", "IFF")),
    ("left", ("OR", "AND")),
    ("nonassoc", ("AND", "OR")),
    ("left", ("KNOWSTHAT", "KNOWSWHETHER", "CKNOWTHAT", "CKNOWWHETHER",
              "DKNOWTHAT", "DKNOWWHETHER")),
    ("left", ("LBRACK", "RBRACK")),
    ("left", ("LANGLE", "RANGLE")),
    ("left", ("NEG",)),
)

#: entry points: parser name -> start non-terminal (all share one automaton)
STARTS: tuple[tuple[str, str], ...] = (
    ("CheckInput", "CheckInput"),
    ("Form", "Form"),
    ("FormList", "FormList"),
)

RULES: tuple[Rule, ...] = (
    _r("CheckInput", "VARS IntList LAW Form OBS ObserveSpec JobList", "check_input"),
    _r("CheckInput", "VARS IntList LAW Form OBS ObserveSpec", "check_input_nojobs"),
    _r("IntList", "INT", "singleton"),
    _r("IntList", "INT COMMA IntList", "cons"),
    _r("Form", "TOP", "top"),
    _r("Form", "BOT", "bot"),
    _r("Form", "LPAREN Form RPAREN", "second"),
    _r("Form", "NEG Form", "neg"),
    _r("Form", "CON LPAREN FormList RPAREN", "conj_list"),
    _r("Form", "Form AND Form", "conj2"),
    _r("Form", "Form OR Form", "disj2"),
    _r("Form", "Form IMPL Form", "impl"),
    _r("Form", "DIS LPAREN FormList RPAREN", "disj_list"),
    _r("Form", "XOR LPAREN FormList RPAREN", "xor_list"),
    _r("Form", "ONEOF LPAREN FormList RPAREN", "oneof_list"),
    _r("Form", "Form IFF Form", "equi"),
    _r("Form", "INT", "prp"),
    _r("Form", "PK String Form", "prefix_k"),
    _r("Form", "PKW String Form", "prefix_kw"),
    _r("Form", "String KNOWSTHAT Form", "infix_k"),
    _r("Form", "String KNOWSWHETHER Form", "infix_kw"),
    _r("Form", "String KNOWSWHETHER LPAREN FormList RPAREN", "infix_kw_list"),
    _r("Form", "StringList CKNOWTHAT Form", "ck"),
    _r("Form", "StringList CKNOWWHETHER Form", "ckw"),
    _r("Form", "LPAREN StringList RPAREN CKNOWTHAT Form", "ck_paren"),
    _r("Form", "LPAREN StringList RPAREN CKNOWWHETHER Form", "ckw_paren"),
    _r("Form", "StringList DKNOWTHAT Form", "dk"),
    _r("Form", "StringList DKNOWWHETHER Form", "dkw"),
    _r("Form", "LPAREN StringList RPAREN DKNOWTHAT Form", "dk_paren"),
    _r("Form", "LPAREN StringList RPAREN DKNOWWHETHER Form", "dkw_paren"),
    _r("Form", "LBRACK EXCLAM Form RBRACK Form", "pub_announce"),
    _r("Form", "LBRACK QUESTM EXCLAM Form RBRACK Form", "pub_announce_w"),
    _r("Form", "LANGLE EXCLAM Form RANGLE Form", "pub_diamond"),
    _r("Form", "LANGLE QUESTM EXCLAM Form RANGLE Form", "pub_diamond_w"),
    _r("Form", "LBRACK StringList EXCLAM Form RBRACK Form", "announce"),
    _r("Form", "LBRACK StringList QUESTM EXCLAM Form RBRACK Form", "announce_w"),
    _r("Form", "LANGLE StringList EXCLAM Form RANGLE Form", "diamond"),
    _r("Form", "LANGLE StringList QUESTM EXCLAM Form RANGLE Form", "diamond_w"),
    _r("Form", "FORALL IntList Form", "forall"),
    _r("Form", "EXISTS IntList Form", "exists"),
    _r("FormList", "Form", "singleton"),
    _r("FormList", "Form COMMA FormList", "cons"),
    _r("String", "STR", "first"),
    _r("StringList", "String", "singleton"),
    _r("StringList", "String COMMA StringList", "cons"),
    _r("ObserveLine", "STR COLON IntList", "observe_line"),
    _r("ObserveSpec", "ObserveLine", "singleton"),
    _r("ObserveSpec", "ObserveLine ObserveSpec", "cons_adjacent"),
    _r("JobList", "Job", "singleton"),
    _r("JobList", "Job JobList", "cons_adjacent"),
    _r("State", "LBRACE RBRACE", "empty_state"),
    _r("State", "LBRACE IntList RBRACE", "second"),
    _r("Job", "TRUEQ State Form", "true_q"),
    _r("Job", "VALIDQ Form", "valid_q"),
    _r("Job", "WHEREQ Form", "where_q"),
)
