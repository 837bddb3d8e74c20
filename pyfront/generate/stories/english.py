"""The English of generated stories, questions and hypotheses (wording in
``templates/english.json``; ToMi/Hi-ToM phrasing)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

import jinja2

from ...tomi.scene import SceneStep
from .sampler import DrawnStory


@lru_cache(maxsize=1)
def _templates() -> dict[str, dict[str, jinja2.Template]]:
    text = (resources.files("pyfront.generate.stories").joinpath("templates/english.json")
            .read_text("utf-8"))
    data = json.loads(text)
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
    return {group: {k: env.from_string(v) for k, v in entries.items()}
            for group, entries in data.items() if not group.startswith("_")}


def sentence(step: SceneStep) -> str | None:
    """The sentence of a step (None: looking around on entering goes without saying)."""
    if step.kind in ("look", "none"):
        return None
    return _templates()["sentences"][step.kind].render(
        agent=step.agent, room=step.room, obj=step.obj, container=step.container,
        listener=step.listener)


def story_lines(drawn: DrawnStory) -> list[str]:
    noise: dict[int, list[tuple[str, str, str]]] = {}
    for index, agent, verb, thing in drawn.noise:
        noise.setdefault(index, []).append((agent, verb, thing))
    decoys: dict[int, list[tuple[str, str, str, str]]] = {}
    for index, kind, agent, obj, container in drawn.decoys:
        decoys.setdefault(index, []).append((kind, agent, obj, container))
    out = []
    for i in range(len(drawn.steps) + 1):
        for agent, verb, thing in noise.get(i, ()):
            out.append(_templates()["sentences"]["noise"].render(agent=agent, verb=verb, thing=thing))
        for kind, agent, obj, container in decoys.get(i, ()):
            out.append(_templates()["sentences"][kind].render(
                agent=agent, room=drawn.room, obj=obj, container=container, listener=None))
        if i < len(drawn.steps):
            text = sentence(drawn.steps[i])
            if text:
                out.append(text)
    return out


def story_text(drawn: DrawnStory) -> str:
    return " ".join(story_lines(drawn))


def question(kind: str, obj: str, agents: tuple[str, ...] = ()) -> str:
    return _templates()["questions"][kind].render(obj=obj, agents=agents)


def hypothesis(kind: str, obj: str, container: str, agents: tuple[str, ...] = ()) -> str:
    return _templates()["hypotheses"][kind].render(obj=obj, agents=agents, container=container)
