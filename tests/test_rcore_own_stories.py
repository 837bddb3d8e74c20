"""The same reading for our own stories: stories drawn by the ``generate --family
stories`` sampler (comings and goings and moves, the kinds reasoning-core shares), written
as reasoning-core rows (its specs and its prose), are answered alike by the story model of
our own story, by the translation of the row, and by the re-simulation of the library's
tracker, for every chain of believers up to depth 3."""

from __future__ import annotations

import itertools
import json
import random

import pytest

import rcore_oracle as oracle
from pyfront.generate.stories.labels import to_story
from pyfront.generate.stories.sampler import StoryParams, draw_story
from pyfront.rcore.certify import answers_for
from pyfront.rcore.reader import read_row
from pyfront.rcore.translate import translate
from pyfront.story.compile import answer_where, compile_story
from pyfront.tomi.translate import variable_name

PARAMS = StoryParams(actions=("enter", "exit", "move"), agents=(3, 3), events=(4, 9))


def _join(names):
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + f", and {names[-1]}"


def _as_row(drawn):
    """The drawn story as a reasoning-core row (None: not of its kinds, e.g. somebody
    missed where the object was put)."""
    place = next(s for s in drawn.steps if s.kind == "place")
    if set(place.observers) != set(drawn.agents):
        return None
    specs, texts = [], []
    for s in drawn.steps:
        if s.kind != "move":
            continue
        others = [a for a in s.observers if a != s.agent]
        spec = {"kind": "move", "actor": s.agent, "target": None, "policy": None,
                "report_type": None, "object": drawn.obj, "destination": s.container,
                "observers": others, "content_source_chain": [], "asserted_proposition_chain": [],
                "attribution_update": True, "adoption_policy": "attribute_only",
                "delivery_observers": [], "awareness_chains": [], "false_claim": None,
                "claim_options": [], "surface_form": "explicit_quote", "role": ""}
        move = f"{s.agent} moves the {drawn.obj} to the {s.container}."
        if others:
            spec["scene"] = "public_observation"
            texts.append(f"{move} {_join([s.agent, *others])} watch together and can see one another.")
        else:
            spec["scene"] = "private_observation"
            texts.append(f"{move} No one else sees the move.")
        specs.append(spec)
    if not specs:
        return None
    meta = {"init": {"loc": {drawn.obj: place.container}}, "specs": specs,
            "trace": [{"details": [], "views": []} for _ in specs], "object": drawn.obj,
            "agents": list(drawn.agents), "containers": list(drawn.containers),
            "knobs": {"modal_depth": 3}, "chain": [drawn.agents[0]]}
    prompt = (f"Initially, everyone knows that the {drawn.obj} is in the {place.container}."
              f"\n\nStory: {' '.join(texts)}\n\nQuestion: ?\n\nAnswer with one container name.")
    return {"prompt": prompt, "answer": place.container, "metadata": meta}


def _chains(agents):
    return [c for n in (1, 2, 3) for c in itertools.product(agents, repeat=n)
            if all(a != b for a, b in zip(c, c[1:]))]


@pytest.mark.parametrize("seed", range(6))
def test_our_stories_read_alike(seed):
    rng = random.Random(seed)
    for _ in range(50):  # a story of the shared kinds where someone is wrong
        drawn = draw_story(rng, PARAMS)
        row = _as_row(drawn)
        if row is not None and any(
                oracle.answer(row["metadata"], chain=c) != oracle.answer(row["metadata"], chain=())
                for c in _chains(drawn.agents)):
            break
    else:
        pytest.fail("no story of the shared kinds with a false belief in 50 draws")
    story = to_story(drawn)
    compiled = compile_story(story)
    rrow = read_row("own.jsonl", 0, 1, json.dumps(row))
    tr = translate(rrow)
    chains = _chains(drawn.agents)
    theirs = answers_for(tr, chains)
    for chain in chains:
        ours = answer_where(story, chain, variable_name(drawn.obj), None, compiled)
        assert theirs.at(chain, tr.n_events) == ours, chain
        assert ours == [oracle.answer(row["metadata"], chain=chain)], chain
