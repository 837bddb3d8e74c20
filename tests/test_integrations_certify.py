"""``mindgames certify``: ToMi and Hi-ToM with the certified answer beside the original label,
loadable by ``datasets.load_dataset`` without a warning, the card's counts those of
``mindgames check``'s records, every original field kept."""

from __future__ import annotations

import json
import re
import warnings
from collections import Counter

import pytest

from conftest import shared_file
from pyfront.cli import main


def _card_counts(card: str) -> Counter:
    table = card.split("## Counts by class", 1)[1].split("##", 1)[0]
    return Counter({m[1]: int(m[2]) for m in re.finditer(r"^\| (\w+) \| (\d+) \|$", table, re.M)})


def _certify_and_compare(tmp_path, fmt: str, src):
    out = tmp_path / f"{fmt}-certified"
    assert main(["certify", str(src), "--format", fmt, "-o", str(out)]) == 0
    checked = tmp_path / "check.jsonl"
    main(["check", str(src), "--format", fmt, "-q", "-o", str(checked)])
    records = [json.loads(x) for x in checked.read_text().splitlines()]
    # the report's classes: agreement, the disagreement's kind, or an error
    want = Counter("unmodelled" if r.get("error") else "agrees" if r["agrees"]
                   else (r.get("class") or r.get("disagreement")) for r in records)
    card = (out / "README.md").read_text()
    assert _card_counts(card) == want
    datasets = pytest.importorskip("datasets", reason="datasets is not installed ([test] extra)")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loaded = datasets.load_dataset(str(out), cache_dir=str(tmp_path / "hf-cache"))
    rows = list(loaded["test"])
    assert len(rows) == len(records)
    return rows, records, card


def test_hitom_certified_split(tmp_path):
    src = shared_file("hitom", "hitom_shared.jsonl")
    rows, records, card = _certify_and_compare(tmp_path, "hitom", src)
    originals = [json.loads(x) for x in src.read_text().splitlines() if x.strip()]
    assert "license: apache-2.0" in card and "Hi-ToM" in card and "@inproceedings" in card
    for row, orig, rec in zip(rows, originals, records):
        assert {k: row[k] for k in orig} == orig  # every original field, unchanged
        assert row["agrees"] == (row["certified_answer"] == [orig["answer"]])
        if orig["question_order"] == 0:
            # where the object really is: the last sentence that puts it somewhere
            obj = re.search(r"Where is the (\w+) really", orig["question"])[1]
            places = re.findall(rf"(?:The {obj} is in the|moved the {obj} to the) (\w+)\.",
                                orig["story"])
            assert row["certified_answer"] == [places[-1]]
        if not row["agrees"]:
            assert row["explanation"] and row["class"] not in ("agrees", "unmodelled")


@pytest.mark.slow
def test_tomi_certified_split(tmp_path):
    src = shared_file("tomi", "fb_all_val.txt")
    rows, records, card = _certify_and_compare(tmp_path, "tomi", src)
    assert len(rows) == 5994
    assert "ToMi" in card and "Le, Matthew" in card
    for row, rec in zip(rows, records):
        assert row["answer"] == rec["expected"] and row["question"] == rec["question"]
        assert row["story"].split("\n")[0].startswith("1 ")


def test_missing_file_is_one_line(tmp_path, capsys):
    assert main(["certify", str(tmp_path / "nope.jsonl"), "--format", "hitom",
                 "-o", str(tmp_path / "o")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mindgames: ") and "no such file" in err[0]


def test_a_folder_with_files_needs_force(tmp_path, capsys):
    src = shared_file("hitom", "hitom_shared.jsonl")
    out = tmp_path / "o"
    out.mkdir()
    (out / "notes.txt").write_text("mine\n")
    assert main(["certify", str(src), "--format", "hitom", "-o", str(out)]) != 0
    assert "--force" in capsys.readouterr().err
    assert main(["certify", str(src), "--format", "hitom", "-o", str(out), "--force"]) == 0
    assert (out / "notes.txt").read_text() == "mine\n"
    assert len((out / "test.jsonl").read_text().splitlines()) == 300


def test_reasoning_core_rows(tmp_path):
    """Rows generated with the library (seeded), certified: every key of each row kept, the
    certified answer beside the library's, the card's counts those of `check`'s records."""
    from requirements import require_extra

    require_extra("reasoning_core", "peers")
    from pyfront.rcore.rows import generate_rows

    src = tmp_path / "rows.jsonl"
    generated = list(generate_rows(per_level=2, seed=3))
    src.write_text("".join(json.dumps(r) + "\n" for r in generated))
    rows, records, card = _certify_and_compare(tmp_path, "reasoning-core", src)
    assert len(rows) == len(generated) == 12
    for original, row, record in zip(generated, rows, records):
        assert row["answer"] == original["answer"] and row["prompt"] == original["prompt"]
        assert row["agrees"] == record["agrees"]
        assert row["certified_answer"] == ([record["answer"]] if isinstance(record["answer"], str)
                                           else record["answer"])
    assert "reasoning-core" in card


# --- unreadable input: reported by file and line, the rest certified, exit 1 --------------

def _rows(out) -> list[dict]:
    return [json.loads(x) for x in (out / "test.jsonl").read_text().splitlines()]


def _err_lines(capsys) -> list[str]:
    return [x for x in capsys.readouterr().err.splitlines() if x.startswith("mindgames: ")]


def test_unreadable_hitom_lines_fail_the_run_the_others_are_certified(tmp_path, capsys):
    good = shared_file("hitom", "hitom_shared.jsonl").read_bytes().splitlines(keepends=True)[:3]
    broken = b'{"story": oops}\n'
    bad = [broken, b"\xff\xfe not text\n", b"[" * 100_000 + b"\n", b"[1, 2]\n", b'"a row"\n',
           b'{"story": 3, "question": "Where is the egg?", "answer": "box"}\n']
    src = tmp_path / "mixed.jsonl"
    src.write_bytes(good[0] + b"".join(bad) + b"".join(good[1:]))
    clean = tmp_path / "clean.jsonl"
    clean.write_bytes(b"".join(good))
    assert main(["certify", str(clean), "--format", "hitom", "-o", str(tmp_path / "c")]) == 0
    capsys.readouterr()
    out = tmp_path / "m"
    assert main(["certify", str(src), "--format", "hitom", "-o", str(out)]) == 1
    said = _err_lines(capsys)
    assert [s.split(": ", 2)[1] for s in said] == [f"{src}:{n}" for n in range(2, 8)]
    try:  # the column as Python's own JSON parser gives it
        json.loads(broken)
    except json.JSONDecodeError as err:
        assert f"column {err.colno}" in said[0]
    assert not any("internal error" in s for s in said)
    rows = _rows(out)
    originals = [json.loads(x) for x in good]
    assert [r["row"] for r in rows] == [0, 7, 8]  # the file's rows, the bad ones among them
    assert [{k: r[k] for k in o} for r, o in zip(rows, originals)] == originals
    want = _rows(tmp_path / "c")
    assert [{k: r[k] for k in r if k != "row"} for r in rows] == \
        [{k: r[k] for k in r if k != "row"} for r in want]
    assert "| agrees |" in (out / "README.md").read_text()


def test_unreadable_rcore_rows_fail_the_run_an_unmodelled_one_does_not(tmp_path, capsys):
    from test_rcore_check import WINDOW, _row

    good = _row([WINDOW], ("Bob",), "bag")
    # well formed, but its prose has a shape the model does not read: unmodelled, not bad
    unmodelled = good.replace("Unknown to the others", "Quietly")
    src = tmp_path / "rows.jsonl"
    src.write_text(good + "\n" + unmodelled + "\n")
    out = tmp_path / "ok"
    assert main(["certify", str(src), "--format", "reasoning-core", "-o", str(out)]) == 0
    assert [r["class"] for r in _rows(out)] == ["agrees", "unmodelled"]
    capsys.readouterr()

    def broken(**meta):
        row = json.loads(good)
        row["metadata"].update(meta)
        return json.dumps(row)

    bad = [broken(chain=5), broken(specs=[1, 2]), broken(specs=7), broken(trace=3),
           broken(containers=None), broken(init=[]), broken(agents="Ann"), broken(object=7),
           broken(chain=[["Bob"]]), "[1]", "not json", "[" * 100_000]
    src.write_text("\n".join([good, *bad, unmodelled]) + "\n")
    out = tmp_path / "bad"
    assert main(["certify", str(src), "--format", "reasoning-core", "-o", str(out)]) == 1
    said = _err_lines(capsys)
    assert [s.split(": ", 2)[1] for s in said] == [f"{src}:{n}" for n in range(2, 2 + len(bad))]
    assert not any("internal error" in s for s in said)
    rows = _rows(out)
    assert [(r["row"], r["class"]) for r in rows] == [(0, "agrees"), (len(bad) + 1, "unmodelled")]
    assert rows[0]["metadata"] == json.loads(good)["metadata"]


def test_unreadable_tomi_lines_fail_the_run_the_other_stories_are_certified(tmp_path, capsys):
    from conftest import TEST_DATA

    lines = (TEST_DATA / "tomi" / "stories.txt").read_bytes().splitlines(keepends=True)
    src = tmp_path / "stories.txt"
    # a line that is not UTF-8 in the second story; a story of two questions with one
    # (said once); a line no question ends, at the end
    two = (b"1 Sally entered the kitchen.\n2 \xff\n3 The marble is in the basket.\n"
           b"4 Where is the marble really?\tbasket\t3\n5 Where is the marble really?\tbasket\t3\n")
    src.write_bytes(b"".join(lines[:9]) + b"\xff\n" + b"".join(lines[9:]) + two
                    + b"1 Sally entered the kitchen.\njunk\n")
    out = tmp_path / "t"
    assert main(["certify", str(src), "--format", "tomi", "-o", str(out)]) == 1
    said = _err_lines(capsys)
    n = len(lines) + 1  # the lines before the story of two questions
    assert [s.split(": ", 2)[1] for s in said] == [f"{src}:10", f"{src}:{n + 2}",
                                                   f"{src}:{n + 7}"]
    rows = _rows(out)
    questions = sum(b"\t" in x for x in lines)
    assert [r["row"] for r in rows] == [0] + list(range(2, questions))
    assert all(r["class"] != "unmodelled" for r in rows)


@pytest.mark.parametrize("trace", ["[" * 100_000, '{"t": ' + "1" * 5000 + "}"],
                         ids=["nested_too_deeply", "number_too_long"])
def test_an_unreadable_deltom_question_fails_the_run_the_others_are_certified(tmp_path, capsys,
                                                                             trace):
    import shutil

    from conftest import TEST_DATA

    root = tmp_path / "deltom"
    shutil.copytree(TEST_DATA / "deltom", root)
    story = next(p.parent for p in root.rglob("order_3.txt"))
    (story / "order_3.txt").write_bytes(b"\xff\xfe")
    (story / "trace.jsonl").write_text(trace + "\n")  # unreadable, and not certify's
    out = tmp_path / "d"
    assert main(["certify", str(root), "--format", "deltom", "-o", str(out)]) == 1
    said = _err_lines(capsys)
    assert said == [f"mindgames: {story / 'order_3.txt'}:1:1: not UTF-8 text"]
    rows = _rows(out)
    assert [r["file"] for r in rows] == [str(story / f"order_{k}.txt") for k in (0, 1, 2, 4)]
    assert "unmodelled" not in {r["class"] for r in rows}


def test_the_split_to_certify_is_not_replaced_by_its_certified_copy(tmp_path, capsys):
    out = tmp_path / "o"
    out.mkdir()
    src = out / "test.jsonl"
    text = "".join(shared_file("hitom", "hitom_shared.jsonl").read_text().splitlines(True)[:2])
    src.write_text(text)
    assert main(["certify", str(src), "--format", "hitom", "-o", str(out), "--force"]) == 1
    (said,) = capsys.readouterr().err.strip().splitlines()
    assert said.startswith(f"mindgames: {src}: ") and "replace" in said
    assert src.read_text() == text and not (out / "README.md").exists()


@pytest.mark.parametrize("there", [False, True], ids=["new_folder", "forced"])
def test_an_interrupted_certify_leaves_no_half_split(tmp_path, monkeypatch, there):
    """Ctrl-C in the middle: no ``test.jsonl.tmp`` is left (the next run would need
    --force for it), a folder the run made is gone, and a split there before is whole."""
    from pyfront.integrations import certified_splits

    src = tmp_path / "h.jsonl"
    src.write_text("".join(shared_file("hitom", "hitom_shared.jsonl").read_text()
                           .splitlines(True)[:3]))
    out = tmp_path / "o"
    if there:
        out.mkdir()
        (out / "test.jsonl").write_text("old\n")
    rows = certified_splits.certified_rows

    def interrupted(*args, **kwargs):
        for k, row in enumerate(rows(*args, **kwargs)):
            if k == 1:
                raise KeyboardInterrupt
            yield row

    monkeypatch.setattr(certified_splits, "certified_rows", interrupted)
    with pytest.raises(KeyboardInterrupt):
        certified_splits.certify(str(src), "hitom", out, force=there)
    if there:
        assert sorted(p.name for p in out.iterdir()) == ["test.jsonl"]
        assert (out / "test.jsonl").read_text() == "old\n"
    else:
        assert not out.exists()
