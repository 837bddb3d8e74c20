"""The same input written another way: comments, blanks and line breaks between tokens,
the other spellings of an operator (``not``/``Not``/``¬`` for ``~``, ``∧``, ``∨``, ``→``,
``Forall``) and redundant parentheses give the same tree, and an error in the same
token, as the plain text; and no rendering is more than 1.6 times as slow to parse.

The renderings are built token by token from the reference-conformant scanner's tokens of
the plain text, so each token's offset in the rendering is known: an error position in the
rendering must name the same token as in the plain text."""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smcdel_bridge.errors import LexError, ParseError
from smcdel_bridge.language import Conj, Disj, K, Kw, Neg, Prp, PubAnnounce
from smcdel_bridge.program import CheckInput, Structure, TrueQ, ValidQ
from smcdel_bridge.syntax import fastpath, lr, lr_groups, parse_input, render_input
from smcdel_bridge.syntax.lexer import TAB_SIZE, canonical_text, regular_text, scan

from strategies import check_inputs

_TOKEN = re.compile(
    r"(?:knows|comknow|distknow) (?:that|whether)|(?:TRUE|VALID|WHERE)\?|->"
    r"|[:,()\[\]{}<>!?~&|¬∧∨→]|[A-Za-z][A-Za-z0-9]*|[0-9]+|[\s\S]"
)
_SEPARATORS = (" ", "\n", "\t", "  ", "\n    ", " -- a note ( [\n", "\n-- ) }\n\t", " --\n")
_SPELLINGS = {"~": ("~", "not", "Not", "¬"), "&": ("&", "∧"), "|": ("|", "∨"),
              "->": ("->", "→"), "ForAll": ("ForAll", "Forall"), "Forall": ("ForAll", "Forall")}
_LIST_OPENERS = {"CON", "DIS", "XOR", "ONEOF", "KNOWSWHETHER"}
_GROUP_KNOWLEDGE = {"CKNOWTHAT", "CKNOWWHETHER", "DKNOWTHAT", "DKNOWWHETHER"}


def tokens_of(text: str) -> tuple[list[str], list[str]]:
    """Texts and kinds of the tokens of ``text`` (a blank-free text: no comments), with
    one pseudo-token for a character no rule accepts."""
    kinds, _, offsets, error = scan(text)
    texts = [_TOKEN.match(text, at).group() for at in offsets]
    if error is not None:
        at = offsets[-1] + len(texts[-1]) if offsets else 0
        at += len(text[at:]) - len(text[at:].lstrip())
        texts.append(text[at])
        kinds.append("BAD")
    return texts, kinds


def doubled_parens(kinds: list[str]) -> dict[int, tuple[int, int]]:
    """Indices of the ``(`` and ``)`` of groups ``( Form )`` that may be written twice, to
    the span of their group."""
    out, opened = {}, []
    for i, kind in enumerate(kinds):
        if kind == "LPAREN":
            opened.append(i)
        elif kind == "RPAREN" and opened:
            j = opened.pop()
            before = kinds[j - 1] if j else None
            after = kinds[i + 1] if i + 1 < len(kinds) else None
            if before not in _LIST_OPENERS and after not in _GROUP_KNOWLEDGE \
                    and "COMMA" not in kinds[j:i] and "KNOWSTHAT" != after:
                out[j] = out[i] = (j, i)
    return out


def render(texts, kinds, rng: random.Random, parens: bool,
           alike: bool = False) -> tuple[str, list[int]]:
    """The tokens written with random separators, spellings and (``parens``) doubled
    parentheses; the offset of each token in the result.  ``alike``: each choice is drawn
    from the token and the one before it (and a group's doubling from its tokens), so that
    repeated parts of the text are written alike, as a person or a program writes them."""
    doubled = doubled_parens(kinds) if parens else {}
    if alike:
        seed = rng.random()
        doubled = {i: span for i, span in doubled.items()
                   if hash((seed, *texts[span[0]:span[1] + 1])) % 2}
    parts, offsets, at = [], [], 0
    for i, tok in enumerate(texts):
        if alike:
            rng = random.Random(hash((seed, texts[i - 1] if i else "", tok)))
        sep = rng.choice(_SEPARATORS)
        if i in doubled and kinds[i] == "RPAREN":
            tok = tok + rng.choice(("", " ", "\n")) + ")"
        word = rng.choice(_SPELLINGS.get(tok, (tok,)))
        parts.append(sep)
        at += len(sep)
        if i in doubled and kinds[i] == "LPAREN":
            parts.append("(" + rng.choice(("", " ", "\n  ")))
            at += len(parts[-1])
        offsets.append(at)
        parts.append(word)
        at += len(word)
    parts.append(rng.choice(("", "\n", " -- the end")))
    return "".join(parts), offsets


def offset_of(text: str, line: int, column: int) -> int:
    """The offset a (line, column) of the reference's counting names."""
    at = 0
    for _ in range(line - 1):
        at = text.index("\n", at) + 1
    col = 1
    while col < column:
        col += TAB_SIZE - (col - 1) % TAB_SIZE if text[at] == "\t" else 1
        at += 1
    return at


def outcome(text: str):
    try:
        return "ok", parse_input(text)
    except (LexError, ParseError) as err:
        return type(err).__name__, err.line, err.column


def the_same(plain: str, rendering: str, offsets: list[int], texts: list[str]) -> None:
    expected, got = outcome(plain), outcome(rendering)
    assert got[0] == expected[0], (plain, rendering)
    if expected[0] == "ok":
        assert got[1] == expected[1], (plain, rendering)
    elif expected[1:] == (1, 1):  # the input ended too early, or its first token is wrong
        assert got[1:] == (1, 1) or offset_of(rendering, *got[1:]) == offsets[0]
    else:
        _, _, starts, _ = scan(plain)
        at = offset_of(plain, *expected[1:])
        index = starts.index(at) if at in starts else len(starts)  # else: the bad character
        assert offset_of(rendering, *got[1:]) == offsets[index], (plain, rendering, expected, got)


def plain_text(program: CheckInput) -> str:
    """The program on one line a token apart: a blank-free text for :func:`tokens_of`."""
    texts, _ = tokens_of(render_input(program))
    return " ".join(texts)


def damaged(text: str, rng: random.Random) -> str:
    """``text`` with one token dropped or doubled, or a character no rule accepts put in."""
    texts, _ = tokens_of(text)
    i = rng.randrange(len(texts))
    pick = rng.randrange(3)
    if pick == 0:
        texts[i:i + 1] = []
    elif pick == 1:
        texts[i:i + 1] = [texts[i], texts[i]]
    else:
        texts[i:i] = ["$"]
    return " ".join(texts)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program=check_inputs(), seed=st.integers(0, 2**32 - 1), damage=st.booleans())
def test_renderings_parse_to_the_same_tree_and_the_same_error(program, seed, damage):
    rng = random.Random(seed)
    plain = plain_text(program)
    if damage:
        plain = damaged(plain, rng)
    texts, kinds = tokens_of(plain)
    rendering, offsets = render(texts, kinds, rng, parens=not damage)
    the_same(plain, rendering, offsets, texts)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program=check_inputs(max_jobs=2), seed=st.integers(0, 2**32 - 1), damage=st.booleans())
def test_long_renderings_through_the_group_driver_agree(program, seed, damage):
    # jobs repeated until the text is long enough for the group driver
    rng = random.Random(seed)
    jobs = program.jobs or (ValidQ(program.structure.law),)
    while len(plain := plain_text(CheckInput(program.structure, jobs))) < lr_groups.GROUPS_FROM:
        jobs = jobs * 2
    if damage:  # (a character no rule accepts ends the tokens there: a short text again)
        plain = damaged(plain, rng)
    texts, kinds = tokens_of(plain)
    rendering, offsets = render(texts, kinds, rng, parens=not damage)
    the_same(plain, rendering, offsets, texts)


def test_knows_then_that_apart_is_two_names_in_a_long_text_too():
    job = "VALID? AND((knows knows that 1), (a knows that 1), (a knows that 1))"
    text = "VARS 1 LAW Top OBS a: 1 knows: 1 " + " ".join([job] * 80)
    assert len(text) > lr_groups.GROUPS_FROM
    program = parse_input(text)
    assert {job.form for job in program.jobs} == {
        Conj((K("knows", Prp(1)), K("a", Prp(1)), K("a", Prp(1))))}
    for blanks in ("\t", "  ", "\n"):  # "knows", "knows", "that": no phrase, an error
        broken = text + " " + job.replace("knows that", "knows" + blanks + "that", 1)
        with pytest.raises(ParseError) as err:
            parse_input(broken)
        assert (err.value.line, err.value.column) == (
            lambda e: (e.line, e.column))(pytest.raises(ParseError, lr.parse_text, broken).value)


# --- speed: no rendering is much slower to parse than the plain text ----------

def muddy(n: int, rounds: int) -> CheckInput:
    atoms = tuple(range(1, n + 1))
    nobody = Conj(tuple(Neg(Kw(f"c{i}", Prp(i))) for i in atoms))
    father = Disj(tuple(Prp(i) for i in atoms))
    jobs = []
    for r in range(rounds):
        f = nobody
        for _ in range(r):
            f = PubAnnounce(nobody, f)
        jobs.append(TrueQ(atoms, PubAnnounce(father, f)))
    obs = tuple((f"c{i}", tuple(a for a in atoms if a != i)) for i in atoms)
    return CheckInput(Structure(atoms, Conj((Prp(1),)), obs), tuple(jobs))


def pairs(n: int) -> CheckInput:
    atoms = tuple(range(1, 3 * n + 1))
    groups = [Conj((Prp(i), Neg(Prp(i + 1)), K("b", Disj((Prp(i + 2), Prp(1))))))
              for i in range(1, 3 * n, 3)]
    law = Disj(tuple(Conj((g, groups[(k * 7) % n])) for k, g in enumerate(groups)))
    return CheckInput(Structure(atoms, law, (("b", atoms[:n]),)),
                      (ValidQ(Disj(tuple(K("b", g) for g in groups))),) * 4)


def corpus_jobs(path) -> CheckInput:
    jobs = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            try:
                jobs.extend(parse_input(json.loads(line)["input"]).jobs)
            except (LexError, ParseError):
                continue
    return CheckInput(Structure((0,), Prp(0), (("a", (0,)),)), tuple(jobs))


def cpu_seconds(texts: list[str], runs: int = 7) -> list[float]:
    """Each text's best CPU time to parse, the texts timed in turn within every round: a
    burst of load on the machine slows one round of all of them, not one text's rounds."""
    best = [float("inf")] * len(texts)
    for _ in range(runs):
        for i, text in enumerate(texts):
            fastpath.clear_caches()
            start = time.process_time()
            parse_input(text)
            best[i] = min(best[i], time.process_time() - start)
    return best


@pytest.mark.parametrize("make", [lambda _: muddy(20, 14), lambda _: pairs(150), corpus_jobs],
                         ids=["muddy", "pairs", "corpus"])
def test_no_rendering_is_much_slower_to_parse(make, corpus_path):
    plain = plain_text(make(corpus_path))
    assert len(plain) > 30_000
    texts, kinds = tokens_of(plain)
    rng = random.Random(44)
    renderings = [render(texts, kinds, rng, parens, alike=True)[0] for parens in (False, True)]
    for rendering in renderings:
        assert outcome(rendering) == outcome(plain)
    # without doubled parentheses, the group driver reads the very text it reads for the
    # plain form: blanks, comments and spellings cannot change what it does
    assert canonical_text(regular_text(renderings[0])) == canonical_text(regular_text(plain))
    # CPU time, best of several runs, on texts of tens of kilobytes: a load on the machine
    # slows both alike; the rendering is also longer than the plain text (measured at
    # 1.1-1.35 times the plain text's time; the bound leaves room for noise)
    base, *times = cpu_seconds([plain, *renderings])
    for seconds in times:
        assert seconds <= 1.6 * base + 0.005


@pytest.mark.parametrize("text", [
    "VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] Agentb knows whether 1",
    "VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] [ ! ~(Agentb knows that 2) ] 1",
])
def test_a_published_row_with_comments_and_line_breaks_keeps_the_fast_path(text):
    fastpath.clear_caches()
    written = "-- a row\n" + text.replace(" OBS ", "\nOBS  ").replace("] ", "]\n\t") + " -- end"
    assert fastpath.parse_published(written) is not None
    assert parse_input(written) == lr.parse_text(text)
    apart = written.replace("knows ", "knows\t")  # two names: not the published form
    assert fastpath.parse_published(apart) is None
