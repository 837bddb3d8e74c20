"""The story generator's knobs as the integrations name them: which actions make a story
deceptive, and the actions a story may use for given ``deception`` and ``distractors``.

Usage::

    from pyfront.integrations.story_knobs import story_actions
    story_actions(deception=False, distractors=True)   # no tells, claims or lies
"""

from __future__ import annotations

from ..generate.stories.sampler import ACTIONS

__all__ = ["DECEPTIVE_ACTIONS", "DISTRACTOR_ACTIONS", "story_actions", "is_deceptive"]

#: story actions that make a story deceptive (what is said may be false or partial)
DECEPTIVE_ACTIONS = ("tell", "tell_private", "claim", "lie")
#: sentences about nothing that matters ("X likes the Y")
DISTRACTOR_ACTIONS = ("noise",)


def story_actions(deception: bool = True, distractors: bool = True) -> tuple[str, ...]:
    left_out = set(() if deception else DECEPTIVE_ACTIONS) | set(() if distractors else DISTRACTOR_ACTIONS)
    return tuple(a for a in ACTIONS if a not in left_out)


def is_deceptive(actions) -> bool:
    return bool(set(actions or ()) & set(DECEPTIVE_ACTIONS))
