"""The reference CLI's output text, character for character.

An info line and a blank line; per job a question line (``Is … valid on F?``, ``Is … true
at [..]?``, ``At which states is … true?``) and its answer; finally ``Doei!``.  Answers
are wrapped in the colour codes the reference writes (bright white, then reset); pass
``colour=False`` for the same text without them.  These strings are the reference's fixed
output format, not wording of ours, so they live here as constants rather than in
templates (which would also slow down the start of ``mindgames smcdel``).
"""

from __future__ import annotations

import re
from typing import Iterable

from ..program import Answer, BoolAnswer, Job, StatesAnswer, TrueQ, ValidQ, WhereQ
from .printer import hs_show_int_list, pp_form

VERSION = "1.3.0"
INFO_LINE = f"SMCDEL {VERSION} -- https://github.com/jrclogic/SMCDEL"
#: what the reference prints before reading any job (its info line ends in a newline)
HEADER = INFO_LINE + "\n\n"
FOOTER = "\nDoei!\n"
VIVID = "\x1b[97m"
RESET = "\x1b[m"

_SGR = re.compile(r"\x1b\[[0-9;]*m")


def strip_colour(text: str) -> str:
    """``text`` without ANSI colour codes."""
    return _SGR.sub("", text)


def format_job_header(job: Job) -> str:
    """The question line of a job, newline included."""
    if isinstance(job, ValidQ):
        return f"Is {pp_form(job.form)} valid on F?\n"
    if isinstance(job, TrueQ):
        return f"Is {pp_form(job.form)} true at {hs_show_int_list(job.state)}?\n"
    if isinstance(job, WhereQ):
        return f"At which states is {pp_form(job.form)} true?\n"
    raise TypeError(f"not a job: {job!r}")


def _vivid(line: str, colour: bool) -> str:
    return f"{VIVID}{line}\n{RESET}" if colour else f"{line}\n"


def format_answer(answer: Answer, colour: bool = True) -> str:
    """The answer block that follows a question line."""
    if isinstance(answer, BoolAnswer):
        return _vivid(f"{answer.value}\n", colour)
    if isinstance(answer, StatesAnswer):
        return "".join(_vivid(hs_show_int_list(s), colour) for s in answer.states) + "\n"
    raise TypeError(f"not an answer: {answer!r}")


def format_job(job: Job, answer: Answer, colour: bool = True) -> str:
    """Question line and answer of one job."""
    return format_job_header(job) + format_answer(answer, colour)


def format_failed_job(job: Job, colour: bool = True) -> str:
    """What the reference has printed for a job when evaluating it fails (its question
    line, and for yes/no questions the colour code it writes before the answer)."""
    head = format_job_header(job)
    if colour and not isinstance(job, WhereQ):
        head += VIVID
    return head


def format_results(
    jobs: Iterable[Job], answers: Iterable[Answer], colour: bool = True
) -> str:
    """The whole standard output of a successful run."""
    body = "".join(format_job(j, a, colour) for j, a in zip(jobs, answers, strict=True))
    return HEADER + body + FOOTER
