"""An independent re-simulation of reasoning-core's belief tracker, written for the tests
from the library's documented rule ("the last percept along each chain of agents"), with
no code of the translation: each event gives a percept to some chains of agents; the
belief of a chain is the initial state updated by the percepts that chain received, in
order; a report's content is, when honest, its source chain's belief, when deceptive the
first container of its options other than the speaker's belief."""

from __future__ import annotations

import itertools


def collapse(chain):
    out = []
    for a in chain:
        if not out or out[-1] != a:
            out.append(a)
    return tuple(out)


def chains(agents, depth):
    return {c for n in range(1, depth + 1) for c in itertools.product(agents, repeat=n)
            if all(a != b for a, b in zip(c, c[1:]))}


def percept_chains(spec, agents, depth):
    """The chains a spec gives its percept to (a move's destination, a report's content)."""
    got = set()
    actor = spec["actor"]
    if spec["kind"] == "move":
        scene, obs = spec["scene"], list(spec["observers"])
        if scene == "public_observation":
            who = {a for a in [actor, *obs] if a}
            got = {c for c in chains(agents, depth) if set(c) <= who}
        elif scene == "private_observation":
            got = {(a,) for a in [actor, *obs] if a} | {(o, actor) for o in obs if actor}
        elif scene == "one_way_observation":
            s, w = obs
            got = {(a,) for a in [actor, s, w] if a} | {(w, s)}
            if actor:
                got |= {(s, actor), (w, actor), (w, s, actor)}
        elif scene == "missed_observation":
            got = {(actor,)} if actor else set()
        got |= {tuple(c) for c in spec["awareness_chains"]}
    elif spec["scene"] != "failed_message":
        prop = tuple(spec["asserted_proposition_chain"])
        listener = spec["target"]
        if spec["report_type"] == "belief_report":
            got.add((listener,) + prop)
        if spec["adoption_policy"] == "accept":
            got.add((listener,))
        if spec["scene"] in ("face_to_face", "confirmed_message", "visible_conversation"):
            got.add((actor, listener) + prop)
    valid = chains(agents, depth)
    return {collapse(c) for c in got} & valid


def run(meta, specs=None):
    """Per spec, (the chains it reaches, its value): the library's trace, re-simulated."""
    specs = meta["specs"] if specs is None else specs
    agents, depth = meta["agents"], meta["knobs"]["modal_depth"]
    done = []
    for spec in specs:
        if spec["kind"] == "move":
            value = spec["destination"]
        elif spec["policy"] == "honest":
            value = belief(meta, done, tuple(spec["content_source_chain"]), spec["object"])
        elif spec["policy"] == "deceptive":
            source = tuple(spec["content_source_chain"]) or (spec["actor"],)
            held = belief(meta, done, source, spec["object"])
            value = next((c for c in spec["claim_options"] if c != held), spec["false_claim"])
        else:
            value = spec["false_claim"]
        done.append((spec, percept_chains(spec, agents, depth), value))
    return done


def belief(meta, done, chain, obj):
    """Where ``chain`` believes ``obj`` is after the events ``done`` (``()``: really)."""
    where = meta["init"]["loc"][obj]
    for spec, reached, value in done:
        if spec["object"] != obj:
            continue
        if chain == ():
            if spec["kind"] == "move":
                where = value
        elif tuple(chain) in reached:
            where = value
    return where


def answer(meta, specs=None, chain=None):
    done = run(meta, specs)
    return belief(meta, done, tuple(meta["chain"] if chain is None else chain), meta["object"])
