"""Hostile input files for ``tests/test_cli_hostile.py``, made from a seed into a folder.

Every file is small (at most a few kilobytes) and the same on every run: random bytes
come from ``random.Random(SEED)``.  :func:`make` writes them all and returns the folder.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

SEED = 42

GOOD_DSL = (
    "problem p\n  agents Alice, Bob\n  setup forehead\n  announce someone\n"
    "  hypothesis h: Bob knows whether muddy(Bob) expect false\n"
)
GOOD_SMCDEL = "VARS 1,2 LAW Top OBS a: 1 b: 2 VALID? a knows whether 1\n"
ROW = {
    "smcdel_problem": "VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] "
                      "Agenta knows whether 2",
    "setup": "forehead",
    "names": "['Ann' 'Bob']",
    "label": "entailment",
}
GOOD_TOMI = (
    "1 Ella entered the garage.\n2 Avery entered the garage.\n"
    "3 The spinach is in the green_crate.\n4 Ella exited the garage.\n"
    "5 Avery moved the spinach to the green_treasure_chest.\n"
    "6 Where will Ella look for the spinach?\tgreen_crate\t1\n"
)
GOOD_HITOM = {
    "prompting_type": "CoTP", "deception": False, "story_length": 1, "question_order": 0,
    "sample_id": 1,
    "story": "1 Amelia entered the hall.\n2 The potato is in the red_bottle.\n",
    "question": "Where is the potato really?", "choices": "A. red_bottle",
    "answer": "red_bottle",
}
GOOD_DEL = ('{"id": "c", "model": {"agents": ["a"], "atoms": [1], "worlds": {"w0": [1]}, '
            '"relations": {"a": {"w0": ["w0"]}}, "actual": "w0", "kind": "S5"}, '
            '"actions": [], "queries": [{"formula": ["p", 1], "at_actual": true, '
            '"valid": true}]}')


def _files(rng: random.Random) -> dict[str, bytes | str]:
    noise = bytes(rng.randrange(256) for _ in range(2048))
    junk = "".join(chr(rng.choice([0x202E, 0x200B, 0xFEFF, 0x1F600, 0x0301, 0xD7FF, 0x7F]))
                   for _ in range(64))
    good_jsonl = json.dumps(ROW) + "\n"
    return {
        # well-formed inputs (the controls, and the base of the broken ones)
        "good.del": GOOD_DSL,
        "good.smcdel.txt": GOOD_SMCDEL,
        "good.jsonl": good_jsonl,
        "good.csv": "smcdel_problem,setup,names,label\n"
                    f"\"{ROW['smcdel_problem']}\",forehead,\"['Ann' 'Bob']\",entailment\n",
        "tomi.txt": GOOD_TOMI,
        "hitom.jsonl": json.dumps(GOOD_HITOM) + "\n",
        "cases.jsonl": GOOD_DEL + "\n",
        "crlf.del": GOOD_DSL.replace("\n", "\r\n"),
        "bom.smcdel.txt": "\ufeff" + GOOD_SMCDEL,
        "bom.jsonl": "\ufeff" + good_jsonl,
        "crlf.txt": GOOD_TOMI.replace("\n", "\r\n"),
        # random bytes under every name a command reads
        **{f"noise{suffix}": noise for suffix in
           (".bin", ".del", ".smcdel.txt", ".jsonl", ".csv", ".json", ".txt")},
        # empty files and blank ones
        **{f"empty{suffix}": "" for suffix in
           (".del", ".smcdel.txt", ".jsonl", ".csv", ".json", ".txt")},
        "blank.jsonl": "\n  \n\t\n",
        "bomonly.del": "\ufeff",
        "bomonly.jsonl": "\ufeff",
        "headeronly.csv": "smcdel_problem,setup,names,label\n",
        # cut short
        "cut.jsonl": good_jsonl[: len(good_jsonl) // 2],
        "cut.del": GOOD_DSL[: len(GOOD_DSL) - 20],
        "cut.smcdel.txt": GOOD_SMCDEL[:20],
        "cut.txt": GOOD_TOMI[: GOOD_TOMI.index("6 Where")],
        "cut-hitom.jsonl": json.dumps(GOOD_HITOM)[:80] + "\n",
        "cut.json": "[" + good_jsonl[:40],
        "cut-cases.jsonl": GOOD_DEL[:70] + "\n",
        # the wrong kind for the command or the --format
        "hitom-as.txt": json.dumps(GOOD_HITOM) + "\n",
        "tomi-as.jsonl": GOOD_TOMI,
        "list.jsonl": "[1, 2, 3]\n",
        "rows.json": json.dumps({"rows": [ROW]}),
        "numbers.jsonl": "1\n2\n3\n",
        "dsl-as.jsonl": GOOD_DSL,
        "smcdel-as.del": GOOD_SMCDEL,
        # junk inside a well-formed frame
        "junk.del": f"problem p\n  agents Alice, {junk}\n  setup forehead\n",
        "nul.del": GOOD_DSL.replace("Bob", "B\x00ob"),
        "junk.smcdel.txt": f"VARS 1 LAW Top OBS {junk}: 1 VALID? 1\n",
        "junk.jsonl": json.dumps(dict(ROW, smcdel_problem=junk)) + "\n",
        "junk.txt": f"1 {junk}\n2 Where is the {junk}?\t{junk}\t1\n",
        "junk-hitom.jsonl": json.dumps(dict(GOOD_HITOM, story=junk)) + "\n",
        "binary.csv": b"smcdel_problem,setup,names,label\n\x00\x01\x02,forehead,x,entailment\n",
        "quote.csv": "smcdel_problem,setup,names,label\n\"VARS 1 LAW Top OBS a:1 VALID? 1,forehead,"
                     "x,entailment\n" + f"\"{ROW['smcdel_problem']}\",forehead,x,entailment\n",
        "ragged.csv": "smcdel_problem,setup\nVARS 1 LAW Top OBS a:1 VALID? 1,forehead,x,y,z\n",
        "huge-number.jsonl": json.dumps(dict(ROW, smcdel_problem="VARS 1 LAW Top OBS a: "
                                             + "9" * 5000 + " VALID? 1")) + "\n",
        "huge-agents.smcdel.txt": "VARS " + "9" * 400 + " LAW Top OBS a: 1 VALID? 1\n",
        "bad-label.jsonl": json.dumps(dict(ROW, label="maybe")) + "\n",
        "latin1.txt": "1 Ella entered the caf\xe9.\n".encode("latin-1"),
        "orphan.txt": "1 Ella entered the garage.\n3 The spinach is in the box.\n"
                      "4 Where is the spinach?\tbox\t1\n",
        "noanswer.txt": GOOD_TOMI.replace("\tgreen_crate\t1", "\t\t"),
        "bad-cases.jsonl": '{"id": "x", "model": 5}\n',
        "cases-as.json": "{}",
        "mixed.jsonl": good_jsonl + "{bad\n",
        # a well-formed story, for the commands that read one beside the hostile file
        "story.del": (Path(__file__).resolve().parents[1] / "examples" / "stories"
                      / "sally_anne.del").read_text(encoding="utf-8"),
    }


def make(folder: Path) -> Path:
    """Write every hostile file into ``folder`` (and a few folders); returns ``folder``."""
    rng = random.Random(SEED)
    for name, content in _files(rng).items():
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="")
    (folder / "dir.del").mkdir()
    (folder / "dir.jsonl").mkdir()
    (folder / "dir.txt").mkdir()
    (folder / "emptydir").mkdir()
    (folder / "occupied").mkdir()
    (folder / "occupied" / "x").write_text("x")
    notexec = folder / "notexec"
    notexec.write_text("#!/bin/sh\necho 1.3.0\n")
    os.chmod(notexec, 0o644)
    return folder
