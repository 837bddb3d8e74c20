"""A ``verifiers`` environment (extra ``[verifiers]``) over our open-answer items
(:mod:`.open_items`): stories asked "where does A think that B thinks …?" (a container) or
"who thinks …?" (a set of agents), MindGames premises asked "who can now know whether
…?" (a set of agents), and muddy children (a number).

verifiers 0.4 builds an environment from a *taskset* package: a module that exports its
``Taskset`` subclass in ``__all__`` (here :class:`MindgamesTaskset`, exported by the
package ``mindgames_verifiers``, id ``mindgames-verifiers``), whose ``load()`` yields
tasks, each scoring a rollout's trace with ``@vf.reward`` methods.
:func:`load_environment` builds that environment (``SingleAgentEnv`` over the taskset)
from keyword knobs; ``vf-eval`` / ``prime-rl`` reach the same taskset by its id
(``--env.taskset.id mindgames-verifiers``).

Rewards: ``answer`` (weight ``answer_weight``, default 1): 1.0 exactly when the reply's
final answer (after its last ``Answer:``) is the certified one; ``steps`` (weight
``step_weight``, default 0: off): the share of the reply's ``## Step n ##`` blocks the step
grader labels right against the certified trace (``step_labels="prefix"``: prefix-correct);
0 for a reply without steps; only ``where`` items have a trace.

Use::

    from pyfront.integrations.verifiers_env import load_environment
    env = load_environment(kind="where", size=50, seed=0, order=2, step_weight=0.5)
"""

from __future__ import annotations

from typing import Any, Iterable, Literal

import verifiers.v1 as vf

from .open_items import make_items, score_answer, step_score

__all__ = ["MindgamesTaskset", "load_environment"]


class MindgamesData(vf.TaskData):
    """One item: the prompt, the certified answer and what scoring needs."""

    answer: str
    #: the item's metadata (answers, kind, and for ``where`` the chain and its trace)
    item: dict[str, Any]


class MindgamesTaskConfig(vf.TaskConfig):
    #: ``step``: a step's own label; ``prefix``: right and every step before it right
    step_labels: Literal["step", "prefix"] = "step"


class MindgamesTask(vf.Task[MindgamesData, vf.State, MindgamesTaskConfig]):
    @vf.reward(weight=1.0)
    async def answer(self, trace) -> float:
        """The certified answer matched (normalised)."""
        return score_answer(trace.last_reply, {"metadata": self.data.item})

    @vf.reward(weight=0.0)
    async def steps(self, trace) -> float:
        """The share of steps graded right against the certified trace."""
        got = step_score(trace.last_reply, {"metadata": self.data.item}, self.config.step_labels)
        return 0.0 if got is None else got


class MindgamesTasksetConfig(vf.TasksetConfig):
    """The knobs (``--env.taskset.<knob>``)."""

    task: MindgamesTaskConfig = MindgamesTaskConfig()
    kind: Literal["where", "who", "knows", "value"] = "where"
    size: int = 100
    seed: int = 0
    #: the chain's length (``where``; 0 asks where the object really is)
    order: int = 1
    min_agents: int = 2
    max_agents: int = 4
    min_events: int = 3
    max_events: int = 8
    #: tells, claims and lies in the stories
    deception: bool = False
    min_children: int = 2
    max_children: int = 5


class MindgamesTaskset(vf.Taskset[MindgamesTask, MindgamesTasksetConfig]):
    """Our open-answer items as verifiers tasks; the same knobs give the same tasks."""

    def load(self) -> Iterable[MindgamesTask]:
        c = self.config
        items = make_items(kind=c.kind, size=c.size, seed=c.seed, order=c.order,
                           agents=(c.min_agents, c.max_agents),
                           events=(c.min_events, c.max_events), deception=c.deception,
                           children=(c.min_children, c.max_children))
        for n, it in enumerate(items):
            meta = it["metadata"]
            data = MindgamesData(id=str(meta.get("id", f"{c.kind}-{c.seed}-{n}")),
                                 prompt=it["question"], answer=it["answer"], item=meta)
            yield MindgamesTask(data, c.task)


TASKSET_ID = "mindgames-verifiers"


def taskset_config(*, answer_weight: float = 1.0, step_weight: float = 0.0,
                   step_labels: str = "step", **knobs: Any) -> MindgamesTasksetConfig:
    """The taskset's config from keyword knobs, with the rewards' weights."""
    task = MindgamesTaskConfig(step_labels=step_labels,
                               rewards={"answer": {"weight": answer_weight},
                                        "steps": {"weight": step_weight}})
    return MindgamesTasksetConfig(id=TASKSET_ID, task=task, **knobs)


def load_environment(**kwargs: Any) -> vf.Env:
    """The environment: verifiers' default single-agent env over :class:`MindgamesTaskset`
    (keyword knobs as :class:`MindgamesTasksetConfig`, plus ``answer_weight``,
    ``step_weight``, ``step_labels``)."""
    return vf.load_environment(vf.SingleAgentEnvConfig(taskset=taskset_config(**kwargs)))
