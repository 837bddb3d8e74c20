"""Inspect tasks: ``inspect eval mindgames/<task> --model …`` (extra ``[inspect]``).

* ``mindgames/nli``: MindGames NLI items (``-T path=`` a dataset file or folder, else
  ``-T size=`` rows per setup generated with ``-T seed=``; ``-T split=all|test|…``);
* ``mindgames/mcq``: the checker-built multiple choice of the same rows
  (``-T setting=retrospective|prospective -T distractors=hard|easy -T probe=none|nota``);
* ``mindgames/stories``: story QA (multiple choice) and NLI generated now with certified
  answers (``-T order=0..4 -T deception=true|false -T agents=2-4 -T size= -T seed=
  -T form=both|qa|nli``);
* ``mindgames/functional``: functional items, context- and state-driven (``-T path=`` a
  ``generate --family functional`` file or folder, else ``-T size=`` items generated with
  ``-T seed=``; ``-T framing=both|context|state -T distractors=hard|easy -T probe=none|nota``);
* ``mindgames/tomi``, ``mindgames/hitom``: a ``mindgames certify`` folder (``-T path=``),
  open answers scored against the certified answer set, or the original label with
  ``-T labels=original``.

Prompts are ``mindgames eval``'s, word for word, and so is the reading of a reply: the
default solver sends the prompt as it is and reads the reply with eval's parser
(marking the chosen option, so that Inspect's ``choice()`` scorer scores multiple
choice); ``-T solver=inspect`` uses Inspect's ``multiple_choice()`` instead (its own
template and its ``ANSWER: X`` format).  Every task reports accuracy overall and grouped
by order, by deception, by setting, by the shortcut model's verdict and by framing, each group named
with its key (``order=2``, ``shortcut=wrong``).

Usage::

    inspect eval mindgames/stories -T order=2 --model mindgames/majority --limit 20
"""

from __future__ import annotations

from inspect_ai import Task
from inspect_ai.scorer import (
    CORRECT, INCORRECT, Score, Target, accuracy, choice, grouped, scorer, stderr,
)
from inspect_ai.solver import Generate, TaskState, generate, multiple_choice, solver

from ..errors import UserError
from ..evaluation.answers import parse_choice, parse_nli
from ..evaluation.items import DISTRACTORS, KINDS, PROBES, Setting
from .inspect_samples import (
    GROUPS, certified_samples, functional_rows, item_samples, mindgames_rows, story_rows,
)
from .open_answers import accepts

__all__ = ["TASKS", "nli", "mcq", "stories", "functional", "tomi", "hitom", "as_prompted", "option_answer",
           "certified_answer", "SOLVERS"]

SOLVERS = ("mindgames", "inspect")


def _metrics() -> list:
    """Accuracy overall and by each of :data:`GROUPS`, each group's score named with its
    key (``order=2``, ``deception=False``): the values alone collide across keys and say
    nothing in a log."""
    return [accuracy(), stderr(),
            *(grouped(accuracy(), key, all=False, name_template=f"{key}={{group_name}}")
              for key in GROUPS)]


@solver
def as_prompted():
    """Send the prompt as it is; for multiple choice, read the reply as ``mindgames eval``
    does and mark that option chosen (what ``choice()`` scores)."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        state = await generate(state)
        if state.choices:
            idx = parse_choice(state.output.completion, [c.value for c in state.choices])
            for i in range(len(state.choices)):
                state.choices.mark_choice(i, i == idx)
        return state

    return solve


@scorer(metrics=[accuracy(), stderr()])
def option_answer():
    """An NLI reply read by ``mindgames eval``'s parser: right when it names the gold one
    of the sample's two options."""

    async def score(state: TaskState, target: Target) -> Score:
        idx = parse_nli(state.output.completion)
        options = state.metadata["options"]
        said = options[idx] if idx is not None else None
        return Score(value=CORRECT if idx == state.metadata["gold_index"] else INCORRECT,
                     answer=said, explanation=state.output.completion)

    return score


@scorer(metrics=[accuracy(), stderr()])
def certified_answer():
    """An open reply: right exactly when it is one of the target's answers
    (:func:`~pyfront.integrations.open_answers.accepts`)."""

    async def score(state: TaskState, target: Target) -> Score:
        reply = state.output.completion
        ok = accepts(reply, list(target))
        return Score(value=CORRECT if ok else INCORRECT, answer=reply.strip(),
                     explanation=f"accepted: {', '.join(target)}")

    return score


def _check(value: str, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise UserError(f"-T {name} takes {', '.join(allowed)}: got {value!r}")
    return value


def _flag(value) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text not in ("true", "false", "1", "0", "yes", "no"):
        raise UserError(f"-T deception takes true or false: got {value!r}")
    return text in ("true", "1", "yes")


def _span(value) -> tuple[int, int]:
    lo, _, hi = str(value).partition("-")
    try:
        return int(lo), int(hi or lo)
    except ValueError:
        raise UserError(f"-T agents takes N or LO-HI: got {value!r}") from None


def _form_task(samples, solver_name: str) -> Task:
    """NLI samples (no choices) and multiple-choice samples in one task: the solver and the
    scorer of each kind (Inspect's ``choice()`` for multiple choice)."""
    mc = any(s.choices for s in samples)
    nli_too = any(not s.choices for s in samples)
    if mc and nli_too:
        raise UserError("one task holds one form (qa or nli)")
    if mc:
        solve = multiple_choice() if solver_name == "inspect" else as_prompted()
        return Task(dataset=samples, solver=solve, scorer=choice(), metrics=_metrics())
    return Task(dataset=samples, solver=generate(), scorer=option_answer(), metrics=_metrics())


def nli(path: str | None = None, size: int = 10, seed: int = 0, split: str = "all",
        kind: str = "retrospective") -> Task:
    """MindGames NLI: True or False, the label certified by the model checker."""
    rows = mindgames_rows(path, size=size, seed=seed, split=split)
    sets = [Setting("nli", _check(kind, KINDS, "kind"))]
    return _form_task(item_samples(rows, sets, seed=seed), "mindgames")


def mcq(path: str | None = None, setting: str = "retrospective", distractors: str = "hard",
        probe: str = "none", size: int = 120, seed: int = 0, split: str = "all",
        solver: str = "mindgames") -> Task:
    """The checker-built multiple choice of MindGames problems (two to four options)."""
    rows = mindgames_rows(path, size=size, seed=seed, split=split)
    sets = [Setting("mcq", _check(setting, KINDS, "setting"),
                    _check(distractors, DISTRACTORS, "distractors"), _check(probe, PROBES, "probe"))]
    inspect_solver = _check(solver, SOLVERS, "solver") == "inspect"
    return _form_task(item_samples(rows, sets, seed=seed, inspect_solver=inspect_solver), solver)


def stories(order: int = 1, deception: bool | str = True, agents: str = "2-4", size: int = 20,
            seed: int = 0, form: str = "qa", solver: str = "mindgames") -> Task:
    """Story questions with certified answers: ``form=qa`` (where is it, multiple choice
    over the story's containers) or ``form=nli`` (True or False)."""
    order = int(order)
    if not 0 <= order <= 4:
        raise UserError(f"-T order takes 0 to 4: got {order}")
    qa, nli_rows = story_rows(size=int(size), seed=int(seed), order=order,
                              deception=_flag(deception), agents=_span(agents))
    _check(form, ("qa", "nli"), "form")
    inspect_solver = _check(solver, SOLVERS, "solver") == "inspect"
    if form == "qa":
        samples = item_samples(qa, [Setting("mcq")], seed=int(seed), inspect_solver=inspect_solver)
    else:
        samples = item_samples(nli_rows, [Setting("nli")], seed=int(seed))
    return _form_task(samples, solver)


def functional(path: str | None = None, size: int = 20, seed: int = 0, split: str = "all",
               framing: str = "both", distractors: str = "hard", probe: str = "none",
               solver: str = "mindgames") -> Task:
    """Functional theory of mind (what will X do under a stated rule, which announcement
    works): a ``generate --family functional`` file or folder, else ``size`` items generated
    now; context- and state-driven framings (``framing=both|context|state``)."""
    rows = functional_rows(path, size=int(size), seed=int(seed), split=split, framing=framing)
    sets = [Setting("mcq", "retrospective", _check(distractors, DISTRACTORS, "distractors"),
                    _check(probe, PROBES, "probe"))]
    inspect_solver = _check(solver, SOLVERS, "solver") == "inspect"
    return _form_task(item_samples(rows, sets, seed=int(seed), inspect_solver=inspect_solver),
                      solver)


def _open_task(path: str | None, fmt: str, labels: str) -> Task:
    if not path:
        raise UserError(f"mindgames/{fmt} reads a certified split: -T path=DIR (made by "
                        f"mindgames certify FILE --format {fmt} -o DIR)")
    samples = certified_samples(path, fmt, labels)
    return Task(dataset=samples, solver=generate(), scorer=certified_answer(), metrics=_metrics())


def tomi(path: str | None = None, labels: str = "certified") -> Task:
    """ToMi's questions, answered in words, scored against the certified answers."""
    return _open_task(path, "tomi", labels)


def hitom(path: str | None = None, labels: str = "certified") -> Task:
    """Hi-ToM's questions, answered in words, scored against the certified answers."""
    return _open_task(path, "hitom", labels)


#: the tasks, registered under these names by :mod:`mindgames.inspect_registry`
TASKS = (nli, mcq, stories, functional, tomi, hitom)
