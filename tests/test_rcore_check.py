"""reasoning-core's belief-tracking rows: the reader, the prose read apart, the
translation on hand-worked stories, and, on rows the installed library generates with a
fixed seed, every row translated and answered, the library's answers reproduced by an
independent re-simulation of its tracker (``rcore_oracle``), and each disagreement's
class confirmed by that re-simulation."""

from __future__ import annotations

import json
import os

import pytest

import rcore_oracle as oracle
from pyfront.cli import main
from pyfront.rcore.certify import check_row
from pyfront.rcore.reader import read_row

CLASSES = {"unconfirmed_delivery", "report_informs_listener", "mutual_awareness",
           "unconfirmed_and_informs_listener", "other"}


# --- hand-made rows (no library needed) ------------------------------------------------

def _spec(**kw):
    base = dict(kind="move", actor=None, target=None, policy=None, report_type=None, scene="",
                object="key", destination=None, observers=[], content_source_chain=[],
                asserted_proposition_chain=[], attribution_update=True,
                adoption_policy="attribute_only", delivery_observers=[], awareness_chains=[],
                false_claim=None, claim_options=[], surface_form="explicit_quote", role="")
    base.update(kw)
    return base


def _row(events, chain, answer, agents=("Ann", "Bob", "Cy")):
    """A row as the library writes one: ``events`` are (sentence, spec, content)."""
    question = "Where does " + " thinks ".join(chain) + " the key is?"
    question = question.replace(f"{chain[0]} thinks", f"{chain[0]} think", 1) if len(chain) > 1 \
        else f"Where does {chain[0]} think the key is?"
    prompt = ("Initially, everyone knows that the key is in the box.\n\nStory: "
              + " ".join(t for t, _, _ in events) + f"\n\nQuestion: {question}\n\n"
              "Answer with one container name.")
    meta = {"init": {"loc": {"key": "box"}}, "specs": [s for _, s, _ in events],
            "trace": [{"details": [] if c is None else ["key", c], "views": []}
                      for _, _, c in events],
            "chain": list(chain), "object": "key", "agents": list(agents),
            "containers": ["box", "bag", "tin"], "knobs": {"modal_depth": 3}}
    return json.dumps({"prompt": prompt, "answer": answer, "metadata": meta, "level": 0})


WINDOW = ("Ann moves the key to the bag. Unknown to the others, Bob watches through a window.",
          _spec(actor="Ann", scene="private_observation", destination="bag", observers=["Bob"]),
          None)
SECRET = ("Ann moves the key to the tin. Ann knows where they put it, but nobody else sees the "
          "move.", _spec(actor="Ann", scene="missed_observation", destination="tin"), None)
UNCONFIRMED = ('Ann sends Bob the message "I think the key is in the tin". Bob receives it, but '
               "Ann receives no delivery confirmation.",
               _spec(kind="report", actor="Ann", target="Bob", policy="honest",
                     report_type="belief_report", scene="unconfirmed_message", destination=None,
                     content_source_chain=["Ann"], asserted_proposition_chain=["Ann"]), "tin")
TOLD = ('Ann tells Cy face to face, "The key is in the tin". Cy accepts the stated location.',
        _spec(kind="report", actor="Ann", target="Cy", policy="honest", report_type="direct_claim",
              scene="face_to_face", content_source_chain=["Ann"], attribution_update=False,
              adoption_policy="accept"), "tin")


def _check(raw: str) -> dict:
    return check_row(read_row("hand.jsonl", 0, 1, raw))


@pytest.mark.parametrize("chain, answer", [
    (("Bob",), "bag"), (("Ann",), "bag"), (("Cy",), "box"),
    # Ann believes she moved it alone; Bob knows she believes so
    (("Ann", "Bob"), "box"), (("Bob", "Ann"), "bag"), (("Bob", "Ann", "Bob"), "box"),
])
def test_window_hand_worked(chain, answer):
    rec = _check(_row([WINDOW], chain, answer))
    assert rec["agrees"], rec


def test_accepted_claim_and_the_speaker_who_saw_it_hand_worked():
    rows = [(("Cy",), "tin"), (("Ann", "Cy"), "tin"), (("Cy", "Ann"), "tin"), (("Bob",), "box")]
    for chain, answer in rows:
        rec = _check(_row([SECRET, TOLD], chain, answer))
        assert rec["agrees"], rec


def test_unconfirmed_message_is_a_disagreement_by_design_hand_worked():
    # the tracker: Ann got no confirmation, so no percept on (Ann, Bob, Ann): the box;
    # the model: Ann takes the message as received, Bob believes what she said she thinks
    rec = _check(_row([SECRET, UNCONFIRMED], ("Ann", "Bob", "Ann"), "box"))
    assert (rec["answer"], rec["agrees"], rec["class"], rec["pivot"]) == (
        "tin", False, "unconfirmed_delivery", 2)
    assert _check(_row([SECRET, UNCONFIRMED], ("Bob", "Ann"), "tin"))["agrees"]


def test_prose_that_differs_from_its_spec_is_one_error():
    raw = _row([WINDOW], ("Bob",), "bag").replace("to the bag.", "to the tin.")
    rec = _check(raw)
    assert rec["answer"] is None and "sentence 1" in rec["error"] and "value" in rec["error"]
    rec = _check(_row([WINDOW], ("Bob",), "bag").replace("Unknown to the others", "Quietly"))
    assert "no known shape" in rec["error"]


def test_metadata_as_a_json_string_and_bad_lines(tmp_path):
    row = json.loads(_row([WINDOW], ("Bob",), "bag"))
    row["metadata"] = json.dumps(row["metadata"])
    path = tmp_path / "rows.jsonl"
    path.write_text("not json\n" + json.dumps(row) + "\n" + '{"prompt": "x"}\n')
    out = tmp_path / "out.jsonl"
    code = main(["check", str(path), "--format", "reasoning-core", "-o", str(out), "-q"])
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert code == 1 and [r["row"] for r in recs] == [0, 1, 2]
    assert recs[0]["error"].startswith(f"{path}:1: not a JSON object")
    assert recs[1]["agrees"] is True
    assert recs[2]["error"].startswith(f"{path}:3: no metadata")



def test_a_line_or_metadata_nested_too_deeply_is_one_bad_row(tmp_path, capsys):
    deep = "[" * 100000 + "]" * 100000
    good = _row([WINDOW], ("Bob",), "bag")
    row = json.loads(good)
    row["metadata"] = deep
    path = tmp_path / "rows.jsonl"
    path.write_text(good + "\n" + deep + "\n" + json.dumps(row) + "\n" + good + "\n")
    out = tmp_path / "out.jsonl"
    code = main(["check", str(path), "--format", "reasoning-core", "-o", str(out), "-q"])
    assert "internal error" not in capsys.readouterr().err
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert code == 1 and [r["agrees"] for r in recs] == [True, None, None, True]
    assert recs[1]["error"] == f"{path}:2: not a JSON object (nested too deeply)"
    assert recs[2]["error"] == f"{path}:3: metadata is a string but not JSON (nested too deeply)"

def test_certified_rows_and_import(tmp_path, capsys):
    path = tmp_path / "rows.jsonl"
    path.write_text(_row([SECRET, UNCONFIRMED], ("Ann", "Bob", "Ann"), "box") + "\n"
                    + _row([WINDOW], ("Bob",), "bag") + "\n")
    cert = tmp_path / "cert.jsonl"
    assert main(["check", str(path), "--format", "reasoning-core", "--certified", str(cert),
                 "-q", "-o", str(tmp_path / "o.jsonl")]) == 1
    rows = [json.loads(x) for x in cert.read_text().splitlines()]
    assert [r["certified"]["answer"] for r in rows] == ["tin", "bag"]
    assert [r["answer"] for r in rows] == ["box", "bag"]  # theirs kept beside ours
    assert main(["import", str(path), "--format", "reasoning-core", "-o", str(tmp_path / "d")]) == 0
    files = sorted((tmp_path / "d").glob("rcore*.del"))
    assert len(files) == 2
    capsys.readouterr()
    assert main(["check", str(files[1])]) == 0  # the library's answer as the expectation
    assert main(["check", str(files[0])]) == 1


def test_a_missing_file_is_one_line(capsys):
    assert main(["check", "nope.jsonl", "--format", "reasoning-core"]) == 1
    assert capsys.readouterr().err.strip().count("\n") == 0


# --- rows the library generates --------------------------------------------------------

def _library_rows(**kw):
    from pyfront.rcore.rows import available, generate_rows

    if not available():
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true and reasoning-core is not installed (pip install -e '.[peers]')")
        pytest.skip("reasoning-core is not installed (pip install -e '.[peers]')")
    return generate_rows(**kw)


def _confirm(row: dict, rec: dict) -> None:
    """The class of a disagreement, confirmed on the re-simulated tracker."""
    meta = row["metadata"]
    specs = meta["specs"]
    k = rec["pivot"] - 1
    pivot = specs[k]
    without = specs[:k] + specs[k + 1:]
    theirs = oracle.answer(meta)
    assert theirs == row["answer"]
    # the tracker gives the question's chain nothing from the pivot ...
    assert oracle.answer(meta, without) == theirs
    if rec["class"] not in CLASSES - {"other"}:
        pytest.fail(f"an unclassed disagreement: {rec['explanation']}")
    if "unconfirmed" in rec["class"]:
        assert pivot["scene"] == "unconfirmed_message"
    if rec["class"] == "unconfirmed_delivery":
        # ... because its speaker got no confirmation: confirmed, the tracker says ours
        confirmed = dict(pivot, scene="confirmed_message")
        assert oracle.answer(meta, specs[:k] + [confirmed] + specs[k + 1:]) == rec["answer"]
    if "informs_listener" in rec["class"]:
        listener, speaker = pivot["target"], pivot["actor"]
        done = oracle.run(meta)
        content = done[k][2]
        assert rec["answer"] == content
        # ... and keeps the listener's own belief where it was, while she attributes it
        before, after = done[:k], done[:k + 1]
        assert oracle.belief(meta, after, (listener,), pivot["object"]) == \
            oracle.belief(meta, before, (listener,), pivot["object"]) != content
        assert oracle.belief(meta, after, (listener, speaker), pivot["object"]) == content
    if rec["class"] == "mutual_awareness":
        listener, speaker = pivot["target"], pivot["actor"]
        tail = tuple(pivot["asserted_proposition_chain"])
        done = oracle.run(meta)
        content = done[k][2]
        assert rec["answer"] == content
        # ... though it gives the two shallower layers of the same message its content
        for layer in ((listener, *tail), (speaker, listener, *tail)):
            assert oracle.belief(meta, done[:k + 1], oracle.collapse(layer),
                                 pivot["object"]) == content


def test_generated_rows_are_the_same_for_the_same_seed():
    a = _library_rows(per_level=1, seed=3, levels=(0, 2))
    b = _library_rows(per_level=1, seed=3, levels=(0, 2))
    assert json.dumps(a) == json.dumps(b) and len(a) == 2


def test_generated_rows_translated_answered_and_reproduced():
    rows = _library_rows(per_level=2, seed=11)
    assert len(rows) == 12
    for n, row in enumerate(rows):
        assert oracle.answer(row["metadata"]) == row["answer"]  # the re-simulation holds
        rec = check_row(read_row("gen.jsonl", n, n + 1, json.dumps(row)))
        assert rec.get("error") is None, rec["error"]
        if not rec["agrees"]:
            assert rec["class"] in CLASSES
            _confirm(row, rec)


@pytest.mark.parametrize("level, k, cls", [
    (1, 8, "report_informs_listener"), (1, 35, "unconfirmed_delivery"),
    (4, 7, "report_informs_listener"), (2, 20, "unconfirmed_and_informs_listener"),
    (5, 38, "mutual_awareness"),
])
def test_disagreements_classed_and_confirmed(level, k, cls):
    row = _library_rows(per_level=0, seed=1, only=[(level, k)])[0]
    rec = check_row(read_row("gen.jsonl", 0, 1, json.dumps(row)))
    assert (rec["agrees"], rec["class"]) == (False, cls), rec
    _confirm(row, rec)


@pytest.mark.slow
def test_the_300_rows_of_the_docs_translated_and_every_disagreement_confirmed():
    # docs/reasoning-core.md: 50 rows per level, seed 1
    rows = _library_rows(per_level=50, seed=1)
    records = [check_row(read_row("gen.jsonl", n, n + 1, json.dumps(row)))
               for n, row in enumerate(rows)]
    assert [r.get("error") for r in records] == [None] * 300
    assert {r["level"] for r in records} == set(range(6))
    for row, rec in zip(rows, records):
        assert oracle.answer(row["metadata"]) == row["answer"]
        if not rec["agrees"]:
            _confirm(row, rec)
