"""``mindgames trace``: every chain's value after every sentence, against a hand simulation.

The oracle (:func:`simulate`) knows only who is in the room at each move: with nobody
looking into containers, a chain of agents believes the object is where the last move that
all of them watched put it (a move with one of them away is, for them, a move that did not
happen), and before such a move they have no single belief (every place equally
plausible).  The real state is where the last move put it.
"""

from __future__ import annotations

import itertools
import json

from pyfront.cli import main

AGENTS = ("Sally", "Anne", "Carl")
PLACES = ("basket", "box", "drawer")

#: (sentence, kind, agent, place)
SCRIPT = (
    ("Carl leaves", "leave", "Carl", None),
    ("Sally puts the marble in the basket", "move", "Sally", "basket"),
    ("Anne moves the marble to the box", "move", "Anne", "box"),
    ("Sally leaves", "leave", "Sally", None),
    ("Anne moves the marble to the drawer", "move", "Anne", "drawer"),
    ("Sally enters", "enter", "Sally", None),
)



def story_text(script=SCRIPT, name="hidden_moves") -> str:
    """The story of ``script`` in the DSL."""
    return (f"story {name}\n  agents {', '.join(AGENTS)}\n  location(marble): {', '.join(PLACES)}\n"
            + "".join(f"  {s}\n" for s, *_ in script))


STORY = story_text()


def simulate(order: int, script=SCRIPT) -> list[dict[str, list[str]]]:
    """Chain name -> the places it allows, after each sentence (the oracle above)."""
    present, last_seen, real, out = set(AGENTS), {}, None, []
    chains = [c for k in range(1, order + 1) for c in itertools.permutations(AGENTS, k)]
    for _, kind, agent, place in script:
        if kind == "leave":
            present.discard(agent)
        elif kind == "enter":
            present.add(agent)
        else:
            real = place
            for c in chains:
                if set(c) <= present:
                    last_seen[c] = place
        step = {"real": [real] if real else list(PLACES)}
        for c in chains:
            step["->".join(c)] = [last_seen[c]] if c in last_seen else list(PLACES)
        out.append(step)
    return out


def _trace(tmp_path, capsys, *extra):
    path = tmp_path / "story.del"
    path.write_text(STORY)
    assert main(["trace", str(path), *extra]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_every_chain_to_order_three_matches_the_hand_simulation(tmp_path, capsys):
    lines = _trace(tmp_path, capsys, "--order", "3")
    expected = simulate(3)
    assert [line["t"] for line in lines] == list(range(1, len(SCRIPT) + 1))
    assert [line["sentence"] for line in lines] == [s for s, *_ in SCRIPT]
    for line, want in zip(lines, expected):
        got = {c["chain"]: c for c in line["chains"]}
        assert set(got) == set(want)  # 1 + 3 + 6 + 6 chains of distinct agents
        for chain, places in want.items():
            c = got[chain]
            assert sorted(c["values"]) == sorted(places), (line["t"], chain)
            assert c["order"] == (0 if chain == "real" else chain.count("->") + 1)
            if len(places) == 1:
                assert (c["value"], c["reason"]) == (places[0], None)
            else:
                assert (c["value"], c["reason"]) == (None, "several")


def test_the_stale_second_order_belief_after_sally_leaves():
    # spelled out once: after the drawer move Anne thinks Sally thinks the box
    assert simulate(2)[4]["Anne->Sally"] == ["box"]
    assert simulate(2)[4]["Sally"] == ["box"]
    assert simulate(2)[4]["Carl->Anne"] == list(PLACES)


def test_deltom_shape(tmp_path, capsys):
    lines = _trace(tmp_path, capsys, "--shape", "deltom", "--object", "marble")
    expected = simulate(4)
    keys = ("first", "second", "third", "fourth")
    for line, want in zip(lines, expected):
        assert set(line) == {"t", "real", *keys}
        single = {k: (v[0] if len(v) == 1 else None) for k, v in want.items()}
        assert line["real"] == single["real"]
        for order, key in enumerate(keys, start=1):
            assert line[key] == {k: v for k, v in single.items()
                                 if k != "real" and k.count("->") + 1 == order}
    assert lines[4]["second"]["Anne->Sally"] == "box"
    assert lines[4]["fourth"] == {}  # three agents: no chain of four distinct ones


def test_unknown_object_is_one_line(tmp_path, capsys):
    path = tmp_path / "story.del"
    path.write_text(STORY)
    assert main(["trace", str(path), "--object", "pear"]) == 1
    err = capsys.readouterr().err
    assert "no variable called 'pear'" in err and "Traceback" not in err


def eight_agents(tmp_path) -> tuple:
    """A story of 8 agents and 40 moves (its path, the moves; the first on line 4): to
    order 4, 2,081 chains a sentence (the real state's too), seconds of work."""
    agents = ("Ava", "Ben", "Cal", "Dan", "Eve", "Fay", "Gil", "Hal")
    moves = [f"{a} moves the apple to the {p}" for a, p in
             zip(agents * 5, ("box", "crate", "bag") * 14)]
    path = tmp_path / "eight.del"
    path.write_text(f"story eight\n  agents {', '.join(agents)}\n  location(apple): box, crate, bag\n"
                    + "".join(f"  {m}\n" for m in moves))
    return path, moves


def test_a_story_past_its_time_limit_keeps_its_steps_and_says_where(tmp_path, capsys):
    path, moves = eight_agents(tmp_path)
    assert main(["trace", str(path), "--order", "4", "--timeout", "0.5"]) == 1
    captured = capsys.readouterr()
    steps = [json.loads(line) for line in captured.out.splitlines()]
    # the steps made before the stop are written, in order, each its own sentence's
    assert [s["t"] for s in steps] == list(range(1, len(steps) + 1)) and len(steps) < 40
    assert [s["sentence"] for s in steps] == moves[:len(steps)]
    (said,) = captured.err.strip().splitlines()
    stop = f"{path}:1: story eight: timed out after 0.5 s (--timeout)"
    # (its start takes a few milliseconds, each step about a tenth of a second)
    assert steps
    head, applied, rest = said.partition(", with ")
    assert head == stop
    n = int(rest.split(" of its 40 events applied; the next, line ")[0])
    # (the next event's line: the story's fourth line holds its first event)
    assert rest == f"{n} of its 40 events applied; the next, line {n + 4}: {moves[n]}"
    # its step is being made, or the step of the event before it was the last one made
    assert len(steps) in (n - 1, n)


def test_a_negative_order_or_timeout_is_an_option_error_before_the_file_is_read(tmp_path, capsys):
    missing = tmp_path / "missing.del"  # read first, it would be the error
    assert main(["trace", str(missing), "--order", "-1"]) == 1
    assert capsys.readouterr().err == "mindgames: --order must be 0 or more, not -1\n"
    assert main(["trace", str(missing), "--timeout", "-1"]) == 1
    assert capsys.readouterr().err == "mindgames: --timeout must be 0 or more (0: no bound), not -1\n"


def test_an_output_that_names_the_story_is_refused(tmp_path, capsys):
    story = tmp_path / "s.del"
    story.write_text(STORY)
    assert main(["trace", str(story), "-o", str(story)]) == 1
    (said,) = capsys.readouterr().err.strip().splitlines()
    assert said.startswith(f"mindgames: {story}: ") and "overwritten" in said
    assert story.read_text() == STORY


def test_standard_input_is_named_as_the_other_commands_name_it(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"")))
    assert main(["trace", "-"]) == 1
    assert capsys.readouterr().err == "mindgames: <stdin>: no story\n"


def test_an_empty_story_name_is_looked_for_like_any_other(tmp_path, capsys):
    story = tmp_path / "s.del"
    story.write_text(STORY)
    assert main(["trace", str(story), "--story", ""]) == 1
    assert capsys.readouterr().err == f"mindgames: {story}: no story or problem called ''\n"
