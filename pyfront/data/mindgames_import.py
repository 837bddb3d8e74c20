"""Published MindGames rows -> :class:`~pyfront.problem.model.Problem`.

A row gives ``smcdel_problem`` (the semantics), ``setup`` and ``names`` (``Agenta`` is
``names[0]``, and so on; atom ``i`` is the predicate of ``names[i-1]``).

One quirk of the published ``explicit`` rows: their generator wrote the ``OBS`` section by
numbering the *non-empty* rows of the observation matrix ``Agenta``, ``Agentb``, … in turn,
so when someone sees no card, the SMCDEL form (which decides the label) gives later agents
the observations of earlier ones, while the premise states the matrix itself.  For
``['Trevor' 'Thomas' 'Michael' 'Keith']`` the premise says Trevor's card is shown to
Trevor and to Michael, but the form has ``Agenta:1 Agentb:1 Agentc:2,4``.  The problem's
``observations`` follow the form (that is what the label answers); when the row also has
its ``premise``, the stated matrix is read from its "Y's card is shown to X." sentences
and kept as ``stated_observations`` so that the premise can be re-rendered word for word.
Without a premise, the stated matrix is taken to be the semantic one.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any, Mapping

from smcdel_bridge.language import TOP, Conj, Disj, Form
from smcdel_bridge.premise import split_announcements
from smcdel_bridge.program import ValidQ
from smcdel_bridge.values import field_names, replace

from pyfront.errors import UserError
from pyfront.problem.model import Agent, Announcement, Hypothesis, Problem, agent_index
from pyfront.problem.setups import get_setup


def parse_names(value: Any) -> list[str]:
    """Agent names from a JSON list, a Python list, or numpy's ``['A' 'B']`` printing."""
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    text = str(value).strip()
    if text.startswith("[") and "," in text:
        try:
            out = json.loads(text)
        except json.JSONDecodeError:
            try:
                out = ast.literal_eval(text)
            except (ValueError, SyntaxError, RecursionError, MemoryError):
                out = None
        if not isinstance(out, list):
            raise ValueError(f"names must be a list, got {text[:40]!r}")
        return [str(v) for v in out]
    if not (text.startswith("[") and text.endswith("]")):
        raise ValueError(f"names must be a list, got {text[:40]!r}")
    tokens = re.findall(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"", text[1:-1])
    return [a if a or not b else b for a, b in tokens]


def normalize(f: Form) -> Form:
    """Flatten nested ``&`` / ``|`` chains (SMCDEL's parser nests them to the left)."""
    if isinstance(f, (Conj, Disj)):
        out: list[Form] = []
        for g in f.fs:
            g = normalize(g)
            if type(g) is type(f):
                out.extend(g.fs)  # type: ignore[attr-defined]
            else:
                out.append(g)
        return type(f)(tuple(out))
    changes = {}
    for name in field_names(f):
        v = getattr(f, name)
        if isinstance(v, Form):
            changes[name] = normalize(v)
        elif isinstance(v, tuple) and v and isinstance(v[0], Form):
            changes[name] = tuple(normalize(x) for x in v)
    return replace(f, **changes) if changes else f


def _stated_from_premise(premise: str, names: list[str], template: str) -> list[list[int]]:
    """The matrix a premise states with sentences like "Y's card is shown to X."."""
    alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    pattern = re.escape(template).replace(re.escape("{owner}"), rf"(?<![\w'])(?P<owner>{alt})").replace(
        re.escape("{viewer}"), rf"(?<![\w'])(?P<viewer>{alt})"
    )
    rows: list[list[int]] = [[] for _ in names]
    for m in re.finditer(pattern, premise):
        rows[names.index(m["viewer"])].append(names.index(m["owner"]) + 1)
    return [sorted(set(r)) for r in rows]


def _compact(rows: list[list[int]]) -> list[list[int]]:
    """Non-empty rows moved up in order, empty ones last: how the generator wrote OBS."""
    full = [r for r in rows if r]
    return full + [[] for _ in range(len(rows) - len(full))]


def problem_from_row(row: Mapping[str, Any], *, name: str = "problem", source: str | None = None,
                     line: int | None = None) -> Problem:
    """Import one published row (``smcdel_problem``, ``setup``, ``names``, optional
    ``premise``, ``label``) into a problem with one hypothesis."""
    from smcdel_bridge.syntax import parse_input

    for col in ("smcdel_problem", "setup", "names"):
        if row.get(col) in (None, ""):
            raise UserError(f"row has no {col!r}", file=source, line=line)
    names = parse_names(row["names"])
    setup_name = str(row["setup"])
    try:
        setup = get_setup(setup_name)
    except KeyError as err:
        raise UserError(str(err.args[0]), file=source, line=line) from None
    from smcdel_bridge.errors import SmcdelError

    if not isinstance(row["smcdel_problem"], str):
        raise UserError("smcdel_problem is not text", file=source, line=line)
    try:
        check = parse_input(row["smcdel_problem"])
    except SmcdelError as err:
        raise UserError(f"smcdel_problem: {err}", file=source, line=line) from None
    jobs = check.jobs
    if len(jobs) != 1 or not isinstance(jobs[0], ValidQ):
        raise UserError("smcdel_problem must hold exactly one VALID? job", file=source, line=line)
    structure = check.structure
    n = len(names)
    if tuple(structure.vocab) != tuple(range(1, n + 1)):
        raise UserError(
            f"VARS {','.join(map(str, structure.vocab))} do not match {n} agents",
            file=source, line=line,
        )
    observations: list[list[int]] = [[] for _ in names]
    for ident, atoms in structure.obs:
        try:
            idx = agent_index(ident)
        except ValueError:
            raise UserError(f"unexpected agent {ident!r} in OBS", file=source, line=line) from None
        if idx >= n:
            raise UserError(f"agent {ident} but only {n} names", file=source, line=line)
        observations[idx] = sorted(atoms)
    from pyfront.problem.dsl import MAX_FORMULA_DEPTH, formula_depth

    if max(formula_depth(jobs[0].form), formula_depth(structure.law or TOP)) > MAX_FORMULA_DEPTH:
        raise UserError(f"smcdel_problem: formula nested more than {MAX_FORMULA_DEPTH} levels deep",
                        file=source, line=line)
    anns, hyp = split_announcements(normalize(jobs[0].form))
    stated = None
    premise = row.get("premise")
    if premise and setup.observability == "given" and setup.observation_sentence:
        said = _stated_from_premise(str(premise), names, setup.observation_sentence)
        if said != observations:
            if _compact(said) != _compact(observations):
                raise UserError(
                    "premise observations do not match the OBS of smcdel_problem",
                    file=source, line=line,
                )
            stated = said
    from pyfront.data.rows import expected_label

    try:
        label = expected_label(row.get("label"))
    except ValueError as err:
        raise UserError(str(err), file=source, line=line) from None
    expected = None if label is None else label == "entailment"
    return Problem(
        name=name,
        agents=[Agent(name=x) for x in names],
        setup=setup_name,
        observations=observations,
        stated_observations=stated,
        law=normalize(structure.law) if structure.law is not None else TOP,
        announcements=[Announcement(formula=a) for a in anns],
        hypotheses=[Hypothesis(name="h1", formula=hyp, expected=expected)],
        line=line,
    )
