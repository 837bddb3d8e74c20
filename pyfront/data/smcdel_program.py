"""An SMCDEL program (``VARS … LAW … OBS …`` and jobs) as problems ``explain`` tells.

The structure's agents become the problem's agents (by their SMCDEL names), its atoms the
problem's propositions (``p1`` … as SMCDEL numbers them: "p1 is true"), ``LAW`` its law and
``OBS`` its observations.  Each ``VALID?`` job is a hypothesis; its leading public
announcements ``[ ! f ]`` are the problem's announcements, and consecutive jobs with the
same announcements share one problem.  ``TRUE?`` and ``WHERE?`` ask about states, not about
validity: they are listed in :attr:`Converted.skipped` (``mindgames smcdel`` answers them).

Usage::

    from pyfront.data.smcdel_program import problems_from_smcdel
    out = problems_from_smcdel("VARS 1,2 LAW Top OBS alice:1 bob:2 "
                               "VALID? [ ! (1|2) ] alice knows whether 1", "demo.smcdel.txt")
    [(p.name, len(p.announcements), p.hypotheses[0].name) for p in out.problems]
    # [('job1', 1, 'job1')]
"""

from __future__ import annotations

import re

from smcdel_bridge.values import field, value

#: an SMCDEL program starts (after blanks and ``--`` comments) with ``VARS``
_FIRST_WORD = re.compile(r"\A(?:\s|--[^\n]*\n?)*VARS\b")
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_']*|\d+")


@value
class Converted:
    problems: list = field(default_factory=list)
    #: (1-based job number, kind) of the jobs that are not a ``VALID?``
    skipped: list = field(default_factory=list)


def is_smcdel(text: str, filename: str = "") -> bool:
    """Whether ``text`` (from ``filename``) is an SMCDEL program rather than DSL text."""
    return filename.endswith(".smcdel.txt") or bool(_FIRST_WORD.match(text))


def problems_from_smcdel(text: str, filename: str) -> Converted:
    """The problems of an SMCDEL program (errors as :class:`~pyfront.errors.UserError`
    naming the file, line and column the reference would)."""
    from smcdel_bridge.errors import SmcdelError
    from smcdel_bridge.syntax import parse_input, sanity_check

    from pyfront.errors import UserError

    try:
        program = sanity_check(parse_input(text))
    except SmcdelError as err:
        raise UserError(str(err), file=filename, line=getattr(err, "line", None),
                        column=getattr(err, "column", None)) from None
    _refuse_deep(program, text, filename)
    return _convert(program, _renamed(program))


def _refuse_deep(program, text: str, filename: str) -> None:
    """Refuse a law or ``VALID?`` job whose operators nest deeper than a DSL formula's may:
    the English and the steps of an explanation are written by recursion.  (A chain
    ``1|2|…`` nests one level per operand, as SMCDEL reads it.)"""
    from smcdel_bridge.syntax import tokenize

    from pyfront.errors import UserError
    from pyfront.problem.dsl import MAX_FORMULA_DEPTH, formula_depth

    deep = [(0, program.structure.law)] + [
        (k, job.form) for k, job in enumerate(program.jobs, start=1) if job.kind == "VALID?"]
    # operators only: formula_depth counts the atom as a level too
    deep = [k for k, form in deep if formula_depth(form) - 1 > MAX_FORMULA_DEPTH]
    if not deep:
        return
    # LAW, then the jobs' keywords: the k-th job's is keywords[k]
    keywords = [t for t in tokenize(text) if t.kind in ("LAW", "VALIDQ", "TRUEQ", "WHEREQ")]
    where = keywords[deep[0]] if deep[0] < len(keywords) else None
    what = "the law" if deep[0] == 0 else f"job {deep[0]} (VALID?)"
    raise UserError(f"{what} nests operators more than {MAX_FORMULA_DEPTH} levels deep, too "
                    f"deeply for explain (mindgames smcdel answers it)", file=filename,
                    line=getattr(where, "line", None), column=getattr(where, "column", None))


def _renamed(program):
    """The program with agents ``Agenta`` … and atoms ``1`` … ``n`` in the structure's order
    (the ids a problem uses), parsed again from its printed text."""
    from pyfront.problem.model import agent_id
    from smcdel_bridge.syntax import parse_input
    from pyfront.problem.to_smcdel import pub_form as pp_form

    st = program.structure
    agents = {name: agent_id(i) for i, (name, _) in enumerate(st.obs)}
    atoms = {str(v): str(i + 1) for i, v in enumerate(st.vocab)}

    def rename(form) -> str:
        return _TOKEN.sub(lambda m: agents.get(m.group(0), atoms.get(m.group(0), m.group(0))),
                          pp_form(form))

    obs = " ".join(f"{agents[a]}:{','.join(atoms[str(x)] for x in xs)}" for a, xs in st.obs)
    jobs = " ".join(f"VALID? {rename(j.form)}" for j in program.jobs if j.kind == "VALID?")
    return parse_input(f"VARS {','.join(atoms.values()) or '1'} LAW {rename(st.law)} "
                       f"OBS {obs} {jobs}")


def _convert(original, renamed) -> Converted:
    from smcdel_bridge.premise import split_announcements

    from pyfront.problem.model import Agent, Announcement, Hypothesis, Problem, Proposition

    st = original.structure
    agents = [Agent(name=name) for name, _ in st.obs]
    props = [Proposition(name=f"p{v}", positive=f"p{v} is true", negative=f"p{v} is false")
             for v in st.vocab]
    observations = [sorted(xs) for _, xs in renamed.structure.obs]
    out = Converted()
    valid = iter(renamed.jobs)
    for k, job in enumerate(original.jobs, start=1):
        if job.kind != "VALID?":
            out.skipped.append((k, job.kind))
            continue
        anns, hyp = split_announcements(next(valid).form)
        last = out.problems[-1] if out.problems else None
        if last is not None and [a.formula for a in last.announcements] == anns:
            last.hypotheses.append(Hypothesis(name=f"job{k}", formula=hyp))
            continue
        out.problems.append(Problem(
            name=f"job{k}", agents=agents, propositions=props, observations=observations,
            law=renamed.structure.law, announcements=[Announcement(formula=a) for a in anns],
            hypotheses=[Hypothesis(name=f"job{k}", formula=hyp)]))
    return out
