"""Functional items on stories: with the rule "a person looks for a thing where that person
believes it is", *where will X look for the object?* (order 1) and *where does A think B
will look?* (order 2).  The stories, their labels and their decoy objects are the story
family's (:mod:`pyfront.generate.stories`); by the rule, where X looks is where X believes
the object is, so the answer is the checker's belief chain and the row's problem asks the
story DSL's ``look`` question (order 1) or its belief question (order 2).

The state-driven framing gives only the questioned person's beliefs, to order 2: where she
believes the object is, and where she thinks each other person of the story believes it is,
in an order drawn per item.
"""

from __future__ import annotations

import random

from ..stories.labels import Labelled, label
from ..stories.pipeline import Asked, QueryPrinter, with_decoys
from ..stories.sampler import StoryParams, draw_story, world
from ..stories import english as story_english
from .english import join, say
from .items import Item

#: the highest order a look item asks (its profile gives beliefs to this order)
MAX_ORDER = 2


def _named(lab: Labelled) -> set[str]:
    d = lab.drawn
    return ({st.agent for st in d.steps} | {st.listener for st in d.steps}
            | {agent for _, agent, _, _ in d.noise}) - {None}


def draw_look_item(rng: random.Random, decoy_rng: random.Random, balance, order: int,
                   false_belief: bool, engine: str = "auto") -> Item | None:
    """One look item of ``order`` whose answer is (``false_belief``) or is not where the
    object is, or None when the story drawn has no such question."""
    drawn = draw_story(rng, StoryParams(agents=(2, 4), engine=engine),
                       true_belief=not false_belief)
    lab = label(drawn, MAX_ORDER, engine)
    named = _named(lab)
    fits = [(chain, v[0]) for chain, v in sorted(lab.chains.items())
            if len(chain) == order and len(v) == 1 and (v[0] != lab.reality) == false_belief
            and named.issuperset(chain)]
    if not fits:
        return None
    chain, answer = fits[rng.randrange(len(fits))]
    asked = Asked("look" if order == 1 else "belief", order, chain, answer)
    if balance is not None and len(drawn.agents) <= 4:
        lab, _ = with_decoys(lab, [asked], decoy_rng, balance, MAX_ORDER, engine)
        drawn = lab.drawn
    holder = chain[0]
    others = [a for a in drawn.agents if a != holder and a in named]
    # per believer chain and container: sure it is there, thinks it may be, sure it is not
    # (every container named once per chain, the sentences in an order drawn)
    beliefs = [say("belief", list(ch), drawn.obj, c, list(lab.chains[ch]))
               for ch in [(holder,), *((holder, o) for o in others)]
               for c in drawn.containers]
    rng.shuffle(beliefs)
    hard = list(drawn.containers)
    rng.shuffle(hard)
    unused = [c for c in world()["containers"] if c not in drawn.containers]
    easy = [answer] + rng.sample(unused, len(hard) - 1)
    rng.shuffle(easy)
    problem = QueryPrinter(lab).query(asked, "look")
    return Item(kind="look", order=order, n_agents=len(drawn.agents),
                context=story_english.story_text(drawn), state=join(beliefs),
                question=join([say("rule", "look"), say("look_question", list(chain), drawn.obj)]),
                answer=answer, choices=hard, easy_choices=easy, choice_keys=list(hard),
                problem=problem, query={"kind": "look", "chain": list(chain)},
                false_belief=false_belief)
