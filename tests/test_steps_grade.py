"""``mindgames grade``: planted errors in a model's steps graded exactly as planted.

The certified values come from the hand simulation of ``test_steps_trace.simulate`` (who
watched which move), never from the engine; the planted errors are a stale step (the value
before the move, although the chain watched it), a wrong third-order step, and a step that
quotes a sentence the story does not have.
"""

from __future__ import annotations

import os

# before datasets is imported: it reads these once
os.environ["HF_DATASETS_OFFLINE"] = "1"
os.environ["HF_HUB_OFFLINE"] = "1"

import json  # noqa: E402

import pytest  # noqa: E402

from pyfront.cli import main  # noqa: E402
from test_steps_trace import eight_agents, simulate, story_text  # noqa: E402

# the test extra installs it: a missing one is a failure, not a skip
import datasets  # noqa: E402

#: Carl watches the first move only
SCRIPT = (
    ("Sally puts the marble in the basket", "move", "Sally", "basket"),
    ("Carl leaves", "leave", "Carl", None),
    ("Anne moves the marble to the box", "move", "Anne", "box"),
    ("Sally leaves", "leave", "Sally", None),
    ("Anne moves the marble to the drawer", "move", "Anne", "drawer"),
    ("Sally enters", "enter", "Sally", None),
)
SENTENCES = [s for s, *_ in SCRIPT]


def truth(chain: str) -> list[str]:
    """The right value of ``chain`` after each sentence (the oracle; ``unknown`` if several)."""
    return [v[0] if len(v) == 1 else "unknown" for v in (step[chain] for step in simulate(3, SCRIPT))]


def deltom_text(values: list[str], sentences: list[str]) -> str:
    return "\n".join(f"## Step {n} ##\nThe sentence: \"{s}.\" So the marble is thought to be "
                     f"somewhere.\n[{v}]" for n, (s, v) in enumerate(zip(sentences, values), start=1))


def responses() -> list:
    sally = truth("Sally")
    stale = sally[:2] + [sally[1]] + sally[3:]  # step 3 keeps the value before the move
    assert stale[2] != sally[2]
    third = truth("Sally->Anne->Carl")
    wrong = third[:2] + ["box"] + third[3:]      # step 3: as if Carl had watched
    assert wrong[2] != third[2]
    anne = truth("Anne")
    quotes = SENTENCES[:3] + ["Carl moves the marble to the drawer"] + SENTENCES[3:]
    return [
        {"id": "stale", "chain": "Sally", "response": deltom_text(stale, SENTENCES)},
        [{"sentence": s, "chain": "Sally->Anne->Carl", "value": v} for s, v in zip(SENTENCES, wrong)],
        {"id": "ghost", "chain": "Anne",
         "response": deltom_text(anne[:3] + ["drawer"] + anne[3:], quotes)},
    ]


#: the planted labels: each step's own, and prefix-correct
PLANTED = {
    "stale": [True, True, False, True, True, True],
    2: [True, True, False, True, True, True],
    "ghost": [True, True, True, False, True, True, True],
}


def prefix(labels: list[bool]) -> list[bool]:
    out, ok = [], True
    for x in labels:
        ok = ok and x
        out.append(ok)
    return out


@pytest.fixture
def files(tmp_path):
    story = tmp_path / "story.del"
    story.write_text(story_text(SCRIPT, "planted"))
    resp = tmp_path / "responses.jsonl"
    resp.write_text("".join(json.dumps(r) + "\n" for r in responses()))
    return story, resp, tmp_path


def _grade(capsys, *argv) -> list[dict]:
    assert main(["grade", *map(str, argv)]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def _check(graded):
    assert [g["id"] for g in graded] == list(PLANTED)
    for g in graded:
        want = PLANTED[g["id"]]
        assert [r["label"] for r in g["steps"]] == want
        assert [r["prefix_label"] for r in g["steps"]] == prefix(want)
        assert g["first_error"] == want.index(False) + 1
    ghost = graded[2]["steps"][3]
    assert (ghost["status"], ghost["t"], ghost["reason"]) == \
        ("unaligned", None, "quotes no sentence of the story")
    # the steps after the unaligned one are still placed by their quotes, not by index
    assert [r["t"] for r in graded[2]["steps"]] == [1, 2, 3, None, 4, 5, 6]
    assert graded[0]["steps"][2]["status"] == "wrong"
    assert graded[1]["steps"][2]["certified"] == "basket"


def test_planted_errors_against_the_story(files, capsys):
    story, resp, _ = files
    _check(_grade(capsys, resp, "--against", story))


@pytest.mark.parametrize("name", ["trace.jsonl", "trace.json"])
def test_planted_errors_against_a_written_trace(files, capsys, name):
    """Whatever the trace's file is named, it holds the lines ``trace -o`` wrote."""
    story, resp, tmp = files
    trace = tmp / name
    assert main(["trace", str(story), "--order", "3", "-o", str(trace)]) == 0
    _check(_grade(capsys, resp, "--against", trace))


@pytest.mark.parametrize("labels", ["step", "prefix"])
def test_prm_file_loads_with_datasets(files, capsys, labels):
    story, resp, tmp = files
    out = tmp / f"prm_{labels}.jsonl"
    _grade(capsys, resp, "--against", story, "--prm", out, "--labels", labels)
    rows = datasets.load_dataset("json", data_files=str(out), split="train",
                                 cache_dir=str(tmp / "hf"))
    assert rows.column_names == ["prompt", "completions", "labels"]
    want = [PLANTED[k] if labels == "step" else prefix(PLANTED[k]) for k in PLANTED]
    assert rows["labels"] == want
    assert [len(c) for c in rows["completions"]] == [len(w) for w in want]
    assert "Anne moves the marble to the box" in rows["prompt"][0]


def test_prm_messages_shape(files, capsys):
    story, resp, tmp = files
    out = tmp / "prm_messages.jsonl"
    _grade(capsys, resp, "--against", story, "--prm", out, "--prm-shape", "messages")
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["labels"] for r in rows] == list(PLANTED.values())
    assert [m["role"] for m in rows[0]["messages"]] == ["user"] + ["assistant"] * 6
    assert rows[0]["messages"][3]["content"].endswith(f"[{truth('Sally')[1]}]")


def test_chains_without_case_and_unknown_chains(files, capsys):
    story, _, tmp = files
    resp = tmp / "more.jsonl"
    steps = [{"sentence": SENTENCES[2], "chain": "anne -> SALLY", "value": "The box."},
             {"sentence": SENTENCES[4], "chain": "Anne->Zoe", "value": "drawer"},
             {"sentence": SENTENCES[4], "chain": "Anne", "value": "drawer"}]
    resp.write_text(json.dumps(steps) + "\n")
    (graded,) = _grade(capsys, resp, "--against", story)
    rows = graded["steps"]
    assert [r["status"] for r in rows] == ["right", "unknown chain", "unaligned"]
    assert rows[0]["certified"] == truth("Anne->Sally")[2] == "box"
    # the third step quotes the fifth sentence again, after a step placed there
    assert rows[2]["reason"] == "quotes sentence 5 again, after a step at sentence 5"


def test_a_story_past_the_time_limit_is_one_line_that_says_how_far_it_got(tmp_path, capsys):
    story, moves = eight_agents(tmp_path)
    resp = tmp_path / "deep.jsonl"  # a fourth-order chain: the story is traced to order 4
    resp.write_text(json.dumps({"chain": "Ava->Ben->Cal->Dan", "response":
                                f"## Step 1 ##\n{moves[0]}. [box]"}) + "\n")
    assert main(["grade", str(resp), "--against", str(story), "--timeout", "0.5"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    (said,) = captured.err.strip().splitlines()
    head, _, rest = said.partition(", with ")
    assert head == f"mindgames: {story}:1: story eight: timed out after 0.5 s (--timeout)"
    n = int(rest.split(" ")[0])
    assert rest == f"{n} of its 40 events applied; the next, line {n + 4}: {moves[n]}"


def _bad_trace(tmp, good: str, name: str) -> tuple:
    """A trace whose first line ``mindgames trace`` wrote, and the bad line after it."""
    bad = {
        "not_utf8": b"\xff\n",
        "chains_not_a_list": b'{"story": "planted", "t": 2, "sentence": "x", "chains": "no"}\n',
        "chain_not_text": b'{"story": "planted", "t": 2, "sentence": "x", "chains": [{"chain": 5}]}\n',
        "chain_without_variable": b'{"story": "planted", "t": 2, "sentence": "x", "chains": '
                                  b'[{"chain": "Sally", "order": 1, "value": "box", '
                                  b'"reason": null, "values": ["box"]}]}\n',
        "nested_too_deeply": b"[" * 100_000 + b"]" * 100_000 + b"\n",
    }[name]
    path = tmp / f"{name}.jsonl"
    path.write_bytes(good.encode() + bad)
    return path, 2


@pytest.mark.parametrize("name", ["not_utf8", "chains_not_a_list", "chain_not_text",
                                  "chain_without_variable", "nested_too_deeply"])
def test_a_malformed_trace_line_is_one_line_naming_the_trace_and_its_line(files, capsys, name):
    story, resp, tmp = files
    assert main(["trace", str(story), "-o", str(tmp / "trace.jsonl")]) == 0
    first = (tmp / "trace.jsonl").read_text().splitlines(keepends=True)[0]
    trace, line = _bad_trace(tmp, first, name)
    capsys.readouterr()
    assert main(["grade", str(resp), "--against", str(trace)]) == 1
    captured = capsys.readouterr()
    (said,) = captured.err.strip().splitlines()
    assert said.startswith(f"mindgames: {trace}:{line}:"), said
    assert "internal error" not in said and captured.out == ""


def test_an_empty_trace_says_it_has_no_steps(files, capsys):
    _, resp, tmp = files
    trace = tmp / "empty.jsonl"
    trace.write_text("")
    assert main(["grade", str(resp), "--against", str(trace)]) == 1
    (said,) = capsys.readouterr().err.strip().splitlines()
    assert said.startswith(f"mindgames: {trace}: the trace has no steps"), said


def test_a_response_line_nested_too_deeply_is_named_by_its_line(files, capsys):
    story, resp, _ = files
    resp.write_text(resp.read_text() + "[" * 100_000 + "]" * 100_000 + "\n")
    assert main(["grade", str(resp), "--against", str(story)]) == 1
    (said,) = capsys.readouterr().err.strip().splitlines()
    assert said == f"mindgames: {resp}:{len(PLANTED) + 1}: invalid JSON: nested too deeply"


# --- traces: what `mindgames trace` writes, and nothing else -------------------------------

def _written_trace(files) -> tuple:
    story, resp, tmp = files
    trace = tmp / "trace.jsonl"
    assert main(["trace", str(story), "-o", str(trace)]) == 0
    return [json.loads(x) for x in trace.read_text().splitlines()], resp, tmp


def _grade_fails(capsys, resp, trace) -> list[str]:
    capsys.readouterr()
    assert main(["grade", str(resp), "--against", str(trace)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "internal error" not in captured.err
    return captured.err.strip().splitlines()


@pytest.mark.parametrize("at", [1, 3])
def test_a_trace_line_without_chains_among_lines_with_chains_is_named(files, capsys, at):
    lines, resp, tmp = _written_trace(files)
    lines[at - 1]["chains"] = []
    trace = tmp / "damaged.jsonl"
    trace.write_text("".join(json.dumps(x) + "\n" for x in lines))
    (said,) = _grade_fails(capsys, resp, trace)
    assert said.startswith(f"mindgames: {trace}:{at}: "), said
    assert str(resp) not in said


def _damaged(lines: list[dict], how: str) -> tuple[list[dict], int]:
    """``mindgames trace``'s lines damaged ``how``, and the line to name."""
    lines = [dict(x, chains=[dict(c) for c in x["chains"]]) for x in lines]
    if how == "entry_missing":
        del lines[2]["chains"][-1]
        return lines, 3
    if how == "entry_repeated":
        lines[2]["chains"].append(dict(lines[2]["chains"][0]))
        return lines, 3
    if how == "values_not_places":
        lines[1]["chains"][0]["values"] = [1, 2]
        return lines, 2
    if how == "order_not_the_chains":
        lines[1]["chains"][1]["order"] = 3
        return lines, 2
    if how == "chain_without_an_agent":
        lines[1]["chains"][1]["chain"] = "Sally->"
        return lines, 2
    if how == "written_twice":  # the same trace appended again
        return lines + lines, len(lines) + 1
    lines[3]["t"] = 7  # a line missing
    return lines, 4


@pytest.mark.parametrize("how", ["entry_missing", "entry_repeated", "values_not_places",
                                 "order_not_the_chains", "chain_without_an_agent",
                                 "written_twice", "t_skips"])
def test_trace_lines_not_as_trace_writes_them_are_named(files, capsys, how):
    lines, resp, tmp = _written_trace(files)
    damaged, at = _damaged(lines, how)
    trace = tmp / "damaged.jsonl"
    trace.write_text("".join(json.dumps(x) + "\n" for x in damaged))
    (said,) = _grade_fails(capsys, resp, trace)
    assert said.startswith(f"mindgames: {trace}:{at}: "), said


def test_a_story_without_variables_is_said_of_the_story_not_the_responses(tmp_path, capsys):
    story = tmp_path / "plain.del"
    story.write_text("story plain\n  agents Sally, Anne\n  Sally leaves\n  Anne leaves\n")
    trace = tmp_path / "plain.jsonl"
    assert main(["trace", str(story), "-o", str(trace)]) == 0
    # what trace writes for it: a line per sentence, no chain (no variable to trace)
    assert [json.loads(x)["chains"] for x in trace.read_text().splitlines()] == [[], []]
    resp = tmp_path / "r.jsonl"
    resp.write_text(json.dumps([{"sentence": "Sally leaves", "chain": "Sally", "value": "x"}])
                    + "\n")
    for against in (trace, story):
        (said, _) = _grade_fails_with_count(capsys, resp, against)
        assert said.startswith(f"mindgames: {against}: story 'plain' has no variable"), said


def _grade_fails_with_count(capsys, resp, against) -> list[str]:
    """The error lines of a run that grades what it can, then the count."""
    capsys.readouterr()
    assert main(["grade", str(resp), "--against", str(against)]) == 1
    captured = capsys.readouterr()
    assert "internal error" not in captured.err
    return captured.err.strip().splitlines()


def test_a_response_that_cannot_be_graded_does_not_hide_the_others(files, capsys):
    story, resp, tmp = files
    good = resp.read_text().splitlines()
    mixed = tmp / "mixed.jsonl"
    odd = {"id": "odd", "story": "elsewhere", "chain": "Sally", "response": "## Step 1 ##\n[x]"}
    banana = {"id": "banana", "object": "banana", "steps": []}
    mixed.write_text("\n".join([good[0], good[1], json.dumps(odd), json.dumps(banana), good[2]])
                     + "\n")
    capsys.readouterr()
    assert main(["grade", str(mixed), "--against", str(story)]) == 1
    captured = capsys.readouterr()
    said = captured.err.strip().splitlines()
    assert said[0] == f"mindgames: {mixed}:3: no story called 'elsewhere' to grade against"
    assert said[1].startswith(f"mindgames: {mixed}:4: ") and "'banana'" in said[1]
    assert said[2].startswith("graded 3 responses") and said[2].endswith("; 2 not graded")
    _check([json.loads(x) for x in captured.out.splitlines()])


@pytest.mark.parametrize("line", [
    '{"steps": 5}', '{"story": ["planted"], "steps": []}', '{"object": 5, "steps": []}',
    '{"prompt": 5, "steps": []}', '[{"sentence": "Sally leaves", "chain": ["Sally"], "value": "x"}]',
    '{"chain": 5, "response": "## Step 1 ##\\nSally leaves [x]"}',
    '[{"sentence": {"a": 1}, "chain": "Sally", "value": "x"}]',
    '[{"sentence": "Sally leaves", "chain": "Sally", "value": ["box"]}]',
], ids=["steps", "story", "object", "prompt", "chain", "chain_of_response", "sentence", "value"])
def test_a_response_field_of_the_wrong_type_is_named_by_its_line(files, capsys, line):
    story, resp, _ = files
    resp.write_text(resp.read_text() + line + "\n")
    capsys.readouterr()
    assert main(["grade", str(resp), "--against", str(story)]) == 1
    captured = capsys.readouterr()
    (said,) = captured.err.strip().splitlines()
    assert said.startswith(f"mindgames: {resp}:{len(PLANTED) + 1}: "), said
    assert "internal error" not in said


def test_a_line_separator_inside_a_response_is_text_not_a_line_break(files, capsys):
    story, resp, _ = files
    lines = resp.read_text().splitlines()
    first = json.loads(lines[0])
    first["response"] = first["response"].replace("So the marble", "So\u2028the marble", 1)
    resp.write_text(json.dumps(first, ensure_ascii=False) + "\n" + "\n".join(lines[1:]) + "\n",
                    encoding="utf-8")
    _check(_grade(capsys, resp, "--against", story))


@pytest.mark.parametrize("which", ["responses", "trace", "prm"])
def test_an_output_that_names_an_input_is_refused(files, capsys, which):
    story, resp, tmp = files
    trace = tmp / "trace.jsonl"
    assert main(["trace", str(story), "-o", str(trace)]) == 0
    before = {p: p.read_bytes() for p in (resp, trace)}
    prm = tmp / "prm.jsonl"
    target = {"responses": resp, "trace": trace, "prm": prm}[which]
    capsys.readouterr()
    for flag in ("-o", "--prm"):
        if which == "prm" and flag == "--prm":
            continue
        extra = ["--prm", str(prm)] if which == "prm" else []
        assert main(["grade", str(resp), "--against", str(trace), flag, str(target), *extra]) == 1
        (said,) = capsys.readouterr().err.strip().splitlines()
        assert said.startswith(f"mindgames: {target}: "), said
    assert {p: p.read_bytes() for p in (resp, trace)} == before
