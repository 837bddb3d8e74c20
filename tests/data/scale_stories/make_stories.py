"""Seeded long, wide stories in the story DSL: agents going in and out of rooms, moving
objects between containers, peeking, looking and asserting aloud, with belief questions
up to a given order.  Every event can happen (only an agent in an object's room moves or
looks at it), so each story is checked whole.

    python tests/data/scale_stories/make_stories.py            # rewrites the .del files here
    python tests/data/scale_stories/make_stories.py 8 80 --seed 3   # one story on stdout
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eva", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou",
         "Max", "Ned", "Oda", "Pat"]
ROOMS = ["kitchen", "garden", "attic", "cellar"]
OBJECTS = ["apple", "ball", "coin", "hat", "key", "pen", "ring", "sock"]
CONTAINERS = ["box", "crate", "basket", "drawer", "jar", "bag"]
#: the stories the tests check: (agents, events, objects, rooms, question order, seed)
ROWS = [(8, 80, 4, 2, 4, 0), (10, 150, 4, 2, 4, 0)]


def story(n_agents: int, n_events: int, n_objects: int = 4, n_rooms: int = 2,
          order: int = 4, seed: int = 0, containers: int = 3) -> str:
    rng = random.Random(seed)
    agents, rooms = NAMES[:n_agents], ROOMS[:n_rooms]
    objects = OBJECTS[:n_objects]
    room_of = {o: rooms[i % n_rooms] for i, o in enumerate(objects)}
    places = {o: CONTAINERS[:containers] for o in objects}
    lines = [f"story scale{n_agents}x{n_events}s{seed}", "  agents " + ", ".join(agents),
             "  rooms " + ", ".join(rooms)]
    lines += [f"  location({o}) in the {room_of[o]}: " + ", ".join(places[o]) for o in objects]
    where: dict[str, str | None] = dict.fromkeys(agents)
    for a in agents:  # everyone starts somewhere, one room at a time
        room = rng.choice(rooms)
        lines.append(f"  {a} enters the {room}")
        where[a] = room
    for o in objects:
        present = [a for a in agents if where[a] == room_of[o]]
        who = rng.choice(present or agents)
        if where[who] != room_of[o]:
            lines.append(f"  {who} enters the {room_of[o]}") if where[who] is None else (
                lines.extend([f"  {who} leaves", f"  {who} enters the {room_of[o]}"]))
            where[who] = room_of[o]
        lines.append(f"  {who} puts the {o} in the {rng.choice(places[o])}")
    done = 0
    while done < n_events:
        a = rng.choice(agents)
        kind = rng.choices(["enter", "leave", "move", "look", "peek", "assert"],
                           [3, 3, 4, 1, 1, 1])[0]
        here = [o for o in objects if room_of[o] == where[a]]
        if kind == "enter" and where[a] is None:
            where[a] = rng.choice(rooms)
            lines.append(f"  {a} enters the {where[a]}")
        elif kind == "leave" and where[a] is not None:
            where[a] = None
            lines.append(f"  {a} leaves")
        elif kind == "move" and here:
            o = rng.choice(here)
            lines.append(f"  {a} moves the {o} to the {rng.choice(places[o])}")
        elif kind == "look" and here:
            lines.append(f"  {a} looks at the {rng.choice(here)}")
        elif kind == "peek":
            lines.append(f"  {a} peeks at the {rng.choice(objects)}")
        elif kind == "assert" and where[a] is not None:
            o = rng.choice(objects)
            lines.append(f"  {a} asserts that the {o} is in the {rng.choice(places[o])}")
        else:
            continue
        done += 1
    for k in range(1, order + 1):
        for o in objects[:2]:
            chain = [rng.choice(agents)]
            while len(chain) < k:
                chain.append(rng.choice([x for x in agents if x != chain[-1]]))
            thinks = " ".join(f"{x} thinks" for x in chain[1:])
            lines.append(f"  question q{k}_{o}: where does {chain[0]} think "
                         + (thinks + " " if thinks else "") + f"the {o} is?")
    lines.append(f"  question real: where is the {objects[0]}?")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("agents", type=int, nargs="?")
    ap.add_argument("events", type=int, nargs="?")
    ap.add_argument("--objects", type=int, default=4)
    ap.add_argument("--rooms", type=int, default=2)
    ap.add_argument("--order", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if args.agents is not None:
        sys.stdout.write(story(args.agents, args.events or 20, args.objects, args.rooms,
                               args.order, args.seed))
        return 0
    for n, e, o, r, k, s in ROWS:
        (HERE / f"scale_{n}x{e}.del").write_text(story(n, e, o, r, k, s), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
