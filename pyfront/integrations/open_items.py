"""Open-answer items with certified answers and certified steps, for training with rewards
(the verifiers environment, :mod:`.verifiers_env`, and reasoning-gym's ``mindgames_open``).

Four kinds, each answered in words, not by picking an option:

* ``where``: a story (its sentences numbered) and "Where does Anne think that Sally thinks
  that the marble is?" (a chain of ``order`` agents; order 0 asks where it really is); the
  answer is a container, and the item carries the certified trace of that chain after every
  sentence (:func:`pyfront.steps.trace.story_trace`), so a reply written in ``## Step n ##``
  blocks can be graded step by step (:func:`step_score`);
* ``who``: the same stories, "Who thinks that the marble is in the box?": the answer is the
  set of agents whose belief is that container at the end (possibly nobody);
* ``knows``: a MindGames premise (``mindgames generate``'s) and "Who can now know whether
  Ann picked a red card?": the agents who know whether it holds at every state the
  announcements leave (the model checker's Kripke model);
* ``value``: muddy children, the asking at which some child first knows (a number, from the
  model checker).

The story's sentences are the story file's own (``Anne moves the marble to the box``): the
grader aligns a step to the sentence it quotes.  Items are made from the seed and the knobs
only: the same call gives the same items.  A reply's final answer is what follows its last
``Answer:``, else its first line (:func:`final_answer`); ``score_answer`` is 1.0 exactly
when that answer is the certified one (for ``who`` and ``knows``: the same set of names, in
any order).

Use::

    from pyfront.integrations.open_items import make_items, score_answer
    items = make_items(kind="where", size=4, seed=0, order=2)
    score_answer("Answer: " + items[0]["answer"], items[0])    # 1.0
"""

from __future__ import annotations

import hashlib
import math
import random
import re
from functools import lru_cache
from typing import Any, Iterable

from .open_answers import accepts, normalise

__all__ = ["KINDS", "make_items", "story_items", "puzzle_item", "final_answer", "agent_set",
           "certified_steps", "story_item", "knows_item", "knows_items",
           "score_answer", "step_score"]

KINDS = ("where", "who", "knows", "value")
#: what a reply may say for an empty set of agents
_NOBODY = {"nobody", "no one", "none", "noone"}
_ANSWER = re.compile(r"^\s*\**\s*answer\s*\**\s*:\s*\**\s*(.*)$", re.IGNORECASE | re.MULTILINE)


@lru_cache(maxsize=1)
def _macros():
    import jinja2
    from pathlib import Path

    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
    text = (Path(__file__).parent / "open_items.j2").read_text(encoding="utf-8")
    return env.from_string(text).module


def _stories(seed: int, size: int, order: int, agents: tuple[int, int],
             events: tuple[int, int], deception: bool) -> list:
    """``size`` generated stories (parsed from their DSL), by the story generator's seed."""
    from ..generate.stories.pipeline import StoriesConfig, generate
    from ..story.dsl import parse_story
    from .story_knobs import story_actions

    result = generate(StoriesConfig(size=size, seed=seed, orders=(order, order), agents=agents,
                                    actions=story_actions(deception, False), events=events))
    seen, out = set(), []
    rows = sorted((r for name in ("train", "validation", "test") for r in result.qa[name]),
                  key=lambda r: r["id"])
    for r in rows:
        story_id = r["id"].rsplit("-", 1)[0]
        if story_id not in seen:
            seen.add(story_id)
            out.append((story_id, parse_story(r["problem"])))
    return out


def _object(variable: str) -> str:
    m = re.fullmatch(r"\w+\((\w+)\)", variable)
    return m[1] if m else variable


def story_item(story, kind: str, order: int, key: str, chain: str | None = None,
               container: str | None = None) -> dict[str, Any] | None:
    """One item of a parsed story (``key`` seeds the draws of its variable, chain and
    container; ``chain``, ``container``: asked instead of drawn); None for a ``where`` item
    when no chain of ``order`` agents has a single certified value at the end."""
    from ..generate.stories import english
    from ..steps.trace import chain_name, chains, sentence
    from ..story.compile import answer_engine, answer_where, compile_story

    rng = random.Random(key)
    variable = rng.choice([v.name for v in story.variables])
    obj = _object(variable)
    compiled = compile_story(story, answer_engine(story, "auto"))
    states, failure = compiled.run()
    if failure is not None:
        raise failure
    n = len(states) - 1
    sentences = [sentence(story, t) for t in range(n)]

    def value(path: tuple[str, ...], t: int) -> dict:
        allowed = answer_where(story, path, variable, t, compiled)
        single = allowed[0] if len(allowed) == 1 else None
        return {"chain": chain_name(path), "order": len(path), "variable": variable,
                "value": single,
                "reason": None if single else ("no belief" if not allowed else "several")}

    places = list(story.variable(variable).values)
    meta = {"id": f"{story.name}-{kind}", "kind": kind, "order": order,
            "n_agents": len(story.agents), "variable": variable, "object": obj,
            "choices": places}
    if kind == "where":
        if chain is None:
            paths = [p for p in chains(story.agents, order)
                     if len(p) == order and value(p, n)["value"] is not None]
            if not paths:
                return None
            path = rng.choice(paths)
        else:
            path = tuple(chain.split("->")) if chain != "real" else ()
        chain = chain_name(path)
        question = english.question("belief" if path else "reality", obj, path)
        trace = [{"t": t, "sentence": sentences[t - 1], "chains": [value(path, t)]}
                 for t in range(1, n + 1)]
        answer = trace[-1]["chains"][0]["value"]
        meta.update(chain=chain, answers=[answer], trace=trace)
    else:
        last = {a: value((a,), n)["value"] for a in story.agents}
        containers = sorted({v for v in last.values() if v} | {value((), n)["value"]})
        container = rng.choice(containers) if container is None else container
        who = [a for a in story.agents if last[a] == container]
        question = str(_macros().who_question(obj, container))
        answer = ", ".join(who) if who else "nobody"
        chain = "real"
        meta.update(agents=who, container=container, answers=[answer])
    prompt = str(_macros().prompt(sentences, question, chain, obj, kind))
    return {"question": prompt, "answer": answer, "metadata": meta}


def story_items(kind: str, seed: int, size: int, order: int = 1,
                agents: tuple[int, int] = (2, 4), events: tuple[int, int] = (3, 8),
                deception: bool = False) -> list[dict[str, Any]]:
    """``size`` items of kind ``where`` (chains of exactly ``order`` agents) or ``who``,
    from generated stories."""
    from ..steps.trace import sentence

    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    drawn, batch, need = 0, 0, size
    while len(out) < size:
        # batch 0 is the seed's own stories; later batches (when some stories have no chain
        # of the order answered) take seeds derived from it, as many as the yield so far asks
        batch_seed = seed if batch == 0 else int(
            hashlib.sha256(f"{seed}/{batch}".encode()).hexdigest()[:8], 16)
        for story_id, story in _stories(batch_seed, need, max(order, 1) if kind == "who"
                                        else order, agents, events, deception):
            text = "\n".join(sentence(story, t) for t in range(len(story.events)))
            if text in seen or len(out) == size:
                continue
            seen.add(text)
            item = story_item(story, kind, order, f"{seed}\0{kind}\0{story_id}")
            if item is not None:
                item["metadata"]["id"] = f"{story_id}-{kind}"
                out.append(item)
        drawn += need
        batch += 1
        need = math.ceil((size - len(out)) * drawn / max(len(out), 1) * 1.2)
    return out


def knows_item(problem, premise: str, key: str,
               proposition: str | None = None) -> dict[str, Any] | None:
    """One ``knows`` item of a parsed MindGames problem (``premise``: its English; ``key``
    seeds the draw of the proposition, unless ``proposition`` names one): the agents who
    know whether it holds at every state left after the announcements (the model checker's
    Kripke model); None when the announcements leave no state."""
    from smcdel_bridge.language import Disj, K, Neg, Prp

    from ..explain.build import propositions_of, structure_of
    from ..explain.kripke import KripkeStep
    from ..verbalize import formula_text

    model = KripkeStep.initial(structure_of(problem))
    for ann in problem.announcements:
        model = model.announce(ann.formula)
    if not model.states:
        return None
    props = propositions_of(problem)
    prop = (random.Random(key).choice(props) if proposition is None
            else next(p for p in props if p.symbol == proposition))
    p = Prp(prop.atom)
    ids = {problem.agent_name(a): a for a in problem.agent_ids()}
    who = [name for name, a in ids.items()
           if all(model.true_at(Disj((K(a, p), K(a, Neg(p)))), i)
                  for i in range(len(model.states)))]
    question = str(_macros().knows_question(formula_text(problem, p).rstrip(".")))
    answer = ", ".join(who) if who else "nobody"
    meta = {"id": f"{problem.name}-knows", "kind": "knows", "n_agents": len(ids),
            "proposition": prop.symbol, "agents": who, "everyone": list(ids),
            "answers": [answer]}
    return {"question": str(_macros().knows_prompt(premise, question)), "answer": answer,
            "metadata": meta}


def knows_items(seed: int, size: int, agents: tuple[int, int] = (2, 4)) -> list[dict[str, Any]]:
    """``size`` items of kind ``knows`` from ``mindgames generate``'s premises (every
    setup): "Who can now know whether P?" (:func:`knows_item`)."""
    from ..generate.pipeline import GenerateConfig, generate
    from ..generate.sampling import paper_params
    from ..problem.dsl import parse_problem

    out: list[dict[str, Any]] = []
    per_setup = size
    while len(out) < size:
        out = []
        rows = generate(GenerateConfig(size=per_setup + per_setup % 2, seed=seed,
                                       sampling=paper_params(agents=agents))).rows
        seen = set()
        for r in sorted(rows, key=lambda r: r["id"]):
            if r["premise"] in seen or len(out) == size:
                continue
            seen.add(r["premise"])
            item = knows_item(parse_problem(r["problem"]), r["premise"],
                              f"{seed}\0knows\0{r['id']}")
            if item is not None:
                item["metadata"]["setup"] = r["setup"]
                out.append(item)
        per_setup *= 2  # premises whose announcements leave no state: draw more
    return out


_NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy",
          "Mallory", "Oscar")


def _first_asking(n: int, m: int, cache: dict) -> int:
    """The asking at which some child first knows, from the model checker: after ``k``
    rounds of "nobody knows", does someone know (children 1..m muddy; the others are a
    renaming)?"""
    if (n, m) not in cache:
        from smcdel_bridge.backend import get_backend
        from ..puzzles.programs import rounds_until_someone_knows

        answers = get_backend("native").run(rounds_until_someone_knows(n, m))
        cache[(n, m)] = next(k for k, a in enumerate(answers) if a.value) + 1
    return cache[(n, m)]


def puzzle_item(seed: int, idx: int, children: tuple[int, int], muddy: tuple[int, int],
                cache: dict) -> dict[str, Any]:
    """One muddy-children item (``value``): drawn from the seed and the index only."""
    rng = random.Random(f"{seed}\0puzzle\0{idx}")
    n = rng.randint(*children)
    m = rng.randint(min(muddy[0], n), min(muddy[1], n))
    names = rng.sample(_NAMES, n)
    dirty = sorted(rng.sample(names, m), key=names.index)
    answer = str(_first_asking(n, m, cache))
    return {"question": str(_macros().puzzle(names, dirty)), "answer": answer,
            "metadata": {"answers": [answer], "children": n, "muddy": m, "kind": "value"}}


def make_items(kind: str = "where", size: int = 20, seed: int = 0, order: int = 1,
               agents: tuple[int, int] = (2, 4), events: tuple[int, int] = (3, 8),
               deception: bool = False, children: tuple[int, int] = (2, 5),
               muddy: tuple[int, int] = (1, 5)) -> list[dict[str, Any]]:
    """``size`` items of ``kind`` (``where``, ``who`` or ``value``)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}: got {kind!r}")
    if kind == "knows":
        return knows_items(seed, size, agents)
    if kind == "value":
        cache: dict = {}
        return [puzzle_item(seed, i, children, muddy, cache) for i in range(size)]
    return story_items(kind, seed, size, order, agents, events, deception)


def final_answer(reply: str | None) -> str | None:
    """What follows the reply's last ``Answer:``, else its first non-empty line."""
    if reply is None:
        return None
    found = _ANSWER.findall(reply)
    if found:
        return found[-1].strip()
    return next((ln.strip() for ln in reply.strip().splitlines() if ln.strip()), "")


def agent_set(text: str) -> frozenset[str] | None:
    """Names listed with commas and "and" (normalised); the empty set for "nobody"; None
    for an empty reply."""
    said = normalise(text or "")
    if not said:
        return None
    if said in _NOBODY:
        return frozenset()
    parts = re.split(r"\s*,\s*|\s+and\s+", re.sub(r"[^\w,\s]", " ", text.lower()))
    return frozenset(normalise(p) for p in parts if normalise(p))


def score_answer(reply: str | None, item: dict[str, Any]) -> float:
    """1.0 exactly when the reply's final answer is the certified one, else 0.0."""
    said = final_answer(reply)
    meta = item["metadata"]
    if meta.get("kind") in ("who", "knows"):
        names = agent_set(said or "")
        return 1.0 if names is not None and names == {normalise(a) for a in meta["agents"]} else 0.0
    return 1.0 if accepts(said, meta["answers"]) else 0.0


def step_score(reply: str | None, item: dict[str, Any], labels: str = "step") -> float | None:
    """The share of the reply's ``## Step n ##`` blocks that the grader labels right
    (``labels="prefix"``: prefix-correct) against the item's certified trace; 0.0 for a
    reply without steps, None for an item that has no trace (``who``, ``value``)."""
    from ..steps.grade import grade_response
    from ..steps.responses import Response, split_steps

    meta = item["metadata"]
    if "trace" not in meta:
        return None
    steps = split_steps(reply or "", meta["chain"])
    if not steps:
        return 0.0
    graded = grade_response(Response(0, meta["id"], None, meta["variable"], None, tuple(steps)),
                            meta["trace"], meta["variable"])
    key = "label" if labels == "step" else "prefix_label"
    return sum(r[key] for r in graded["steps"]) / len(graded["steps"])


def certified_steps(item: dict[str, Any]) -> Iterable[tuple[str, str | None]]:
    """(sentence, certified value) of every sentence of a ``where`` item: what a reply with
    every step right says."""
    return [(s["sentence"], s["chains"][0]["value"]) for s in item["metadata"]["trace"]]
