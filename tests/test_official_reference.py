"""The reference backend for event models and stories (SMCDEL.Explicit.K via our driver).

Tests marked by :func:`requirements.require_smcdel_home` run the real driver, compiled
against the reference's package database (skipped outside CI without it, failing in CI).
Expected answers come from the recorded conformance corpus (../shared/del-conformance,
answered by SMCDEL's library when it was made) and from the stories' own expectations.
Faults (a crash, a hang, garbage) come from small stand-in scripts: the real driver cannot
produce them on request.
"""

from __future__ import annotations

import json
import os
import stat
import textwrap

import pytest

from conftest import REPO, shared_file
from requirements import require_smcdel_home
from smcdel_bridge.dynamic.jsonio import case_from_json
from smcdel_bridge.official.kripke_reference import KripkeReference
from smcdel_bridge.official.reference_driver import DriverError, DriverProcess, DriverTimeout

STORIES = REPO / "examples" / "stories"


@pytest.fixture(scope="module")
def home():
    return require_smcdel_home()


@pytest.fixture(scope="module")
def reference(home):
    backend = KripkeReference(home)
    yield backend
    backend.close()


def _cases():
    with open(shared_file("del-conformance", "corpus.jsonl"), encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def test_the_event_model_corpus_gets_its_recorded_answers(reference):
    cases = _cases()
    assert len(cases) == 2000
    for raw in cases:
        case = case_from_json(raw)
        got = reference.run(case.model, case.actions, [q.formula for q in case.queries])
        assert got.answers == tuple((q.at_actual, q.valid) for q in case.queries), case.id
        assert got.final_worlds == raw["final_worlds"], case.id


def test_update_and_truth_sets_through_the_interface(reference):
    case = case_from_json(_cases()[3])
    model = case.model
    for action in case.actions:
        model = reference.update(model, action)
    assert len(model.worlds) == case.final_worlds
    for q in case.queries:
        truth = reference.truth_set(model, q.formula)
        assert (frozenset(model.actual) <= truth) == q.at_actual
        assert (truth == frozenset(model.worlds)) == q.valid


def test_del_command_with_both_backends(home, capsys, monkeypatch):
    from pyfront.cli import main

    monkeypatch.setenv("MINDGAMES_SMCDEL_HOME", str(home))
    path = shared_file("del-conformance", "corpus.jsonl")
    assert main(["del", str(path), "--backend", "both"]) == 0
    out, err = capsys.readouterr()
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 2000 and all(r["agrees"] and r["backends_agree"] for r in rows)
    assert "0 answered differently by the two backends" in err and "reference " in err


def _check(args, capsys) -> tuple[int, list[dict], str]:
    from pyfront.cli import main

    code = main(["check", *args, "--json"])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_example_stories_with_both_backends(home, capsys, monkeypatch):
    monkeypatch.setenv("MINDGAMES_SMCDEL_HOME", str(home))
    code, records, err = _check([str(STORIES), "--backend", "both"], capsys)
    assert code == 0, err
    refused = [r for r in records if r.get("refused")]
    # plan items are the embedded planner's whatever --backend says (docs/planning.md)
    plans = [r for r in records if "plan" in r]
    checked = [r for r in records if not r.get("refused") and "plan" not in r]
    assert plans and all("backends" not in r and r["agrees"] for r in plans)
    assert checked and all(r["backends_agree"] for r in checked)
    assert all(r["agrees"] is not False for r in records)
    # Sally looks at the marble: her false belief is revised, which product update cannot do
    assert any(r["name"] == "sally_anne/revised" for r in refused)
    assert all("belief revision" in r["refused"] and "\n" not in r["refused"] for r in refused)
    assert f"{len(refused)} refused by the reference" in err


def test_a_story_from_standard_input_with_both_backends(home, capsys, monkeypatch):
    """Standard input is read once: the reference's side gets the same stories (it had
    an empty input, and every item was "the reference has no such item")."""
    import io
    import sys

    monkeypatch.setenv("MINDGAMES_SMCDEL_HOME", str(home))
    path = STORIES / "coin.del"
    _, from_file, _ = _check([str(path), "--backend", "both"], capsys)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    code, records, err = _check(["-", "--backend", "both"], capsys)
    assert code == 0, err
    assert records and all(r["backends_agree"] for r in records if not r.get("refused"))
    assert [{**r, "source": None} for r in records] == \
        [{**r, "source": None} for r in from_file]


def test_example_stories_with_the_reference_alone(home, capsys, monkeypatch):
    monkeypatch.setenv("MINDGAMES_SMCDEL_HOME", str(home))
    code, records, _ = _check([str(STORIES / "sally_anne.del"), "--backend", "smcdel"], capsys)
    assert code == 0
    byname = {r["name"]: r for r in records}
    # the false belief, answered by SMCDEL's product update (the story states its expectations)
    assert byname["sally_anne/sally_false"]["valid"] is True
    assert byname["sally_anne/look"]["answer"] == ["basket"]
    assert all(r["agrees"] for r in records if not r.get("refused"))


# -- without a reference: never the embedded engine in its place ------------------------------

@pytest.mark.parametrize("backend", ["smcdel", "both"])
def test_stories_without_a_reference_fail_per_item(capsys, monkeypatch, backend, tmp_path):
    monkeypatch.delenv("MINDGAMES_SMCDEL_HOME", raising=False)
    fake = tmp_path / "smcdel"  # the binary is not what stories need
    fake.write_text("#!/bin/sh\nexit 3\n")
    fake.chmod(0o755)
    monkeypatch.setenv("SMCDEL_BIN", str(fake))
    code, records, err = _check([str(STORIES / "sally_anne.del"), "--backend", backend], capsys)
    assert code == 1 and "Traceback" not in err
    assert records and all("no reference backend for stories" in r["error"] for r in records)
    if backend == "both":  # the embedded answers are reported beside the note
        assert all("answer" in r["backends"]["native"] or "valid" in r["backends"]["native"]
                   for r in records)
    else:
        assert all(r["valid"] is None and r.get("answer") is None for r in records)


def test_a_story_from_standard_input_without_a_reference_names_it(capsys, monkeypatch, tmp_path):
    """Each item's note names standard input as the embedded side's messages do."""
    import io
    import sys

    monkeypatch.delenv("MINDGAMES_SMCDEL_HOME", raising=False)
    fake = tmp_path / "smcdel"
    fake.write_text("#!/bin/sh\nexit 3\n")
    fake.chmod(0o755)
    monkeypatch.setenv("SMCDEL_BIN", str(fake))
    text = (STORIES / "sally_anne.del").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    code, records, err = _check(["-", "--backend", "both"], capsys)
    assert code == 1 and "Traceback" not in err
    assert records and all(r["error"].startswith("<stdin>:") for r in records), records
    assert all(f"<stdin>:{r['line']}: {r['name']}: " in r["error"] for r in records)


# -- faults ------------------------------------------------------------------------------------

def _stand_in(tmp_path, body: str):
    script = tmp_path / "driver"
    script.write_text("#!/bin/sh\n" + textwrap.dedent(body))
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script)


def _with_process(process: DriverProcess) -> KripkeReference:
    backend = KripkeReference()
    backend._process = process
    return backend


def _one_case():
    from smcdel_bridge.dynamic.kripke import KripkeModel
    from smcdel_bridge.language import K, Prp

    model = KripkeModel(("a",), ("w0",), {"w0": {1}}, {"a": {"w0": {"w0"}}}, ("w0",))
    return model, (), (K("a", Prp(1)),)


def test_a_hanging_driver_times_out_and_the_next_case_runs(tmp_path):
    flag = tmp_path / "hung"
    exe = _stand_in(tmp_path, f"""\
        if [ ! -e {flag} ]; then touch {flag}; sleep 60; fi
        while read line; do echo "q 1 1"; done
        """)
    backend = _with_process(DriverProcess(exe, timeout=1.0))
    with pytest.raises(DriverTimeout):
        backend.run(*_one_case())
    assert backend.run(*_one_case()).answers == ((True, True),)


@pytest.mark.parametrize("body,words", [
    ("read line; exit 4\n", "crashed (exit status 4)"),
    ("while read line; do echo 'zz top'; done\n", "garbage"),
    ("while read line; do echo 'q 1 1 q 0 0'; done\n", "2 answer(s) for 1 step(s)"),
    ("while read line; do echo 'e Map.!: given key is not an element'; done\n",
     "the reference failed: Map.!"),
])
def test_driver_faults_are_one_line_errors(tmp_path, body, words):
    backend = _with_process(DriverProcess(_stand_in(tmp_path, body), timeout=5.0))
    with pytest.raises(DriverError) as err:
        backend.run(*_one_case())
    assert words in str(err.value) and "\n" not in str(err.value)


def test_a_crashing_driver_fails_the_story_items_it_concerns(tmp_path, capsys, monkeypatch):
    from pyfront.checking import story_reference

    exe = _stand_in(tmp_path, "read line; exit 9\n")
    real = story_reference.StoryReference.backend

    def crashing(self):
        if self._backend is None:
            self._backend = _with_process(DriverProcess(exe, timeout=5.0))
        return self._backend

    monkeypatch.setattr(story_reference.StoryReference, "backend", crashing)
    (tmp_path / "bin").mkdir()
    monkeypatch.setenv("SMCDEL_BIN", _stand_in(tmp_path / "bin", "exit 3\n"))
    code, records, err = _check([str(STORIES / "coin.del"), "--backend", "both"], capsys)
    monkeypatch.setattr(story_reference.StoryReference, "backend", real)
    assert code == 1 and "Traceback" not in err
    assert records and all("crashed" in r["error"] for r in records)


def test_a_driver_that_does_not_compile_is_one_line(home, tmp_path, capsys, monkeypatch):
    from pyfront.cli import main
    from smcdel_bridge.official import reference_driver

    scratch = tmp_path / "home"
    scratch.mkdir()
    os.symlink(home / "pkgdb", scratch / "pkgdb")
    monkeypatch.setattr(reference_driver, "driver_source",
                        lambda *_: "module Main where\nmain = \n")
    path = shared_file("del-conformance", "corpus.jsonl")
    code = main(["del", str(path), "--backend", "smcdel", "--smcdel-home", str(scratch)])
    err = capsys.readouterr().err
    assert code == 1 and "compiling the reference driver failed" in err
    assert len(err.strip().splitlines()) == 1


# -- agreement on random stories ----------------------------------------------------------------

def test_random_stories_agree_wherever_the_reference_answers(reference):
    """Generated stories (moves, tells, lies, peeks; a fixed seed per example): every
    first- and second-order question after every event, by both; each item the reference
    does not refuse gets the embedded engine's answer, and refusals name belief revision."""
    import random

    from hypothesis import HealthCheck, given, settings, strategies as st

    from pyfront.checking.story_reference import story_reference_records
    from pyfront.generate.stories.sampler import StoryParams, draw_story
    from pyfront.story import model as sm
    from pyfront.story.compile import evaluate
    from pyfront.tomi.translate import build_story, variable_name

    # The reference's product update lists every world and never contracts: a move
    # missed by someone multiplies its worlds by the places the object could have gone,
    # so its stories stay within three agents, five events and three places here (the
    # embedded engines are checked against each other on larger ones).
    small = StoryParams(agents=(2, 3), events=(3, 5), containers=(2, 3))

    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 10**6))
    def check(seed):
        drawn = draw_story(random.Random(seed), small)
        bare = build_story("s", drawn.agents, (drawn.room, drawn.other_room),
                           {drawn.obj: drawn.containers}, {drawn.obj: drawn.containers[0]},
                           drawn.steps)
        var = variable_name(drawn.obj)
        steps = range(len(bare.events) + 1)
        paths = [(a,) for a in drawn.agents] + [(a, b) for a in drawn.agents
                                                for b in drawn.agents if a != b]
        questions = [sm.Question(name=f"q{k}_{'_'.join(p)}", path=p, variable=var, step=k)
                     for k in steps for p in paths]
        story = bare.model_copy(update={"questions": questions})
        mine = {f"s/{r.name}": r.answer for r in evaluate(story)}
        theirs = story_reference_records(story, "random", reference)
        for (name, _), record in theirs.items():
            if record.get("refused"):
                assert "belief revision" in record["refused"]
                continue
            assert "error" not in record, record
            assert tuple(record["answer"]) == mine[name], (seed, name)

    check()


@pytest.mark.parametrize("story_file", ["sally_anne.del", "tomi_rooms.del", "relay.del"])
def test_stories_sent_in_contracted_stretches_get_the_whole_runs_answers(reference,
                                                                         monkeypatch,
                                                                         story_file):
    """The reference's answers on the story sent whole equal its answers when every model
    it returns is contracted before the next event (the threshold lowered so that every
    one is): bisimulation keeps truth at the actual worlds and the dead ends."""
    from pyfront.checking import story_reference as R
    from pyfront.data.loading import load_document
    from pyfront.story.compile import compile_story
    from pyfront.story.model import Hypothesis, Story

    (story,) = [d for d in load_document(str(STORIES / story_file)) if isinstance(d, Story)]
    compiled = compile_story(story)
    actions = [R.induced_action(pa.model) for pa in compiled.actions]
    steps = []
    for k in range(len(actions) + 1):
        if k:
            steps.append(("u", actions[k - 1]))
        for q in story.queries():
            if q.step == k:
                steps += ([("q", q.formula)] if isinstance(q, Hypothesis) else
                          [("q", f) for _, f in R._question_forms(story, q)])
    if story_file == "tomi_rooms.del":  # sent whole, its models grow fourfold an event:
        cut = [i for i, (kind, _) in enumerate(steps) if kind == "u"][7]  # 768 worlds
        steps = steps[:cut]
    whole = reference.run_steps(compiled.initial, steps)
    monkeypatch.setattr(R, "CONTRACT_ABOVE", 0)
    stretched = R.reference_steps(reference, compiled.initial, steps)
    assert len(stretched) == len(whole) == len(steps)
    for a, b in zip(whole, stretched):
        if hasattr(a, "at_actual"):
            assert a.at_actual == b.at_actual
        else:
            assert a.dead_ends == b.dead_ends and b.worlds <= a.worlds
