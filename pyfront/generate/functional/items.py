"""One functional item, before it becomes two rows (its context-driven and state-driven
framings share the question, the options and the answer)."""

from __future__ import annotations

from smcdel_bridge.values import field, value

#: the question types, in the order the generator cycles through them
KINDS = ("look", "step_forward", "say_i_know", "which_announcement")

#: the two framings (DialToM's): the story or problem given, or a mental-state profile only
FRAMINGS = ("context", "state")


@value
class Item:
    kind: str
    #: the order of the mental states the question needs (1: what X believes; 2: what X
    #: believes Y believes)
    order: int
    n_agents: int
    #: the story or problem, in English (context-driven framing)
    context: str
    #: the mental-state profile the question needs, rendered from the model (state-driven)
    state: str
    #: the rational-action rule and the question
    question: str
    answer: str
    #: the options with hard distractors (drawn from the item itself) and with easy ones
    #: (from other people, places or announcements than the item's)
    choices: list[str]
    easy_choices: list[str]
    #: what each of ``choices`` means to ``check`` (a name, ``nobody``, a container, a DSL
    #: announcement)
    choice_keys: list[str]
    #: the DSL problem (a problem or a story) the answer is re-derived from
    problem: str
    #: what ``check`` needs besides the problem (kind, rule, the actual muddy children)
    query: dict = field(default_factory=dict)
    #: story items: whether the answer is not where the object is
    false_belief: bool | None = None
