"""Hostile input to every ``mindgames`` command and every ``--format``: never a traceback,
never exit 0 on bad input, and a failure of the whole run is one line.

The files come from ``tests/hostile_data.py`` (seeded, a few kilobytes, made in a
temporary folder).  Each case is a command line (``{d}`` is that folder) and what must
happen:

- ``ONE``: exit code 1 or 2 and exactly one line on standard error, from ``mindgames``
  (``smcdel:`` for ``mindgames smcdel``, which words errors as the reference does), and
  nothing written;
- ``ROWS``: exit code 1, each bad item reported in its place (batch commands go on);
  ``check``'s records (written to ``-o``) hold at least one ``error``;
- ``OK``: exit code 0 (well-formed input in an unusual dress: CRLF, a byte-order mark).

Optional words must appear in standard error.  The cases run in-process
(:func:`pyfront.cli.main`), so that the whole file takes seconds.
"""

from __future__ import annotations

import pytest

import hostile_data
from pyfront.cli import main

ONE, ROWS, OK = "one", "rows", "ok"

FORMATS = ("tomi", "hitom", "reasoning-core")


def _check_cases():
    cases = [
        (["check", "{d}/noise.del"], ROWS, "not UTF-8 text"),
        (["check", "{d}/noise.smcdel.txt"], ROWS, ""),
        (["check", "{d}/noise.jsonl"], ROWS, ""),
        (["check", "{d}/noise.csv"], ROWS, ""),
        (["check", "{d}/noise.bin"], ONE, "cannot check this kind of file"),
        (["check", "{d}/noise.txt"], ONE, "--format tomi"),
        (["check", "{d}/empty.del"], ROWS, ""),
        (["check", "{d}/empty.smcdel.txt"], ROWS, ""),
        (["check", "{d}/empty.jsonl"], ROWS, ""),
        (["check", "{d}/empty.csv"], ROWS, ""),
        (["check", "{d}/blank.jsonl"], ROWS, ""),
        (["check", "{d}/bomonly.del"], ROWS, ""),
        (["check", "{d}/bomonly.jsonl"], ROWS, ""),
        (["check", "{d}/headeronly.csv"], ROWS, ""),
        (["check", "{d}/cut.jsonl"], ROWS, "invalid JSON"),
        (["check", "{d}/cut.del"], ROWS, "cut.del:"),
        (["check", "{d}/cut.smcdel.txt"], ROWS, ""),
        (["check", "{d}/dsl-as.jsonl"], ROWS, "invalid JSON"),
        (["check", "{d}/smcdel-as.del"], ROWS, "smcdel-as.del:1:"),
        (["check", "{d}/list.jsonl"], ROWS, "must hold an object"),
        (["check", "{d}/numbers.jsonl"], ROWS, "must hold an object"),
        (["check", "{d}/junk.del"], ROWS, ""),
        (["check", "{d}/nul.del"], ROWS, ""),
        (["check", "{d}/junk.smcdel.txt"], ROWS, ""),
        (["check", "{d}/junk.jsonl"], ROWS, ""),
        (["check", "{d}/binary.csv"], ROWS, ""),
        (["check", "{d}/quote.csv"], ROWS, "quote.csv"),
        (["check", "{d}/ragged.csv"], ROWS, ""),
        (["check", "{d}/huge-number.jsonl"], ROWS, ""),
        (["check", "{d}/huge-agents.smcdel.txt"], ROWS, ""),
        (["check", "{d}/bad-label.jsonl"], ROWS, "label must be"),
        (["check", "{d}/mixed.jsonl"], ROWS, "invalid JSON"),
        (["check", "{d}/dir.del"], ROWS, "no .del file"),
        (["check", "{d}/emptydir"], ROWS, "no .del file"),
        (["check", "{d}/missing.del"], ONE, "no such file"),
        (["check", "{d}/good.del", "--workers", "0"], ONE, "--workers"),
        (["check", "{d}/good.del", "--workers", "-5"], ONE, "--workers"),
        (["check", "{d}/good.del", "--workers", "1e3"], ONE, "invalid int value"),
        (["check", "{d}/good.del", "--timeout", "0"], ONE, "--timeout"),
        (["check", "{d}/good.del", "--timeout", "-1"], ONE, "--timeout"),
        (["check", "{d}/good.del", "--timeout", "nan"], ONE, "--timeout"),
        (["check", "{d}/good.del", "--max-memory", "lots"], ONE, "--max-memory"),
        (["check", "{d}/good.del", "--max-memory", "-5M"], ONE, "--max-memory"),
        (["check", "{d}/good.del", "--max-memory", "1.5.5G"], ONE, "--max-memory"),
        (["check", "{d}/good.del", "--pack-size", "0"], ONE, "--pack-size"),
        (["check", "{d}/good.del", "--backend", "smcdel", "--smcdel", "{d}/notexec"], ONE,
         "not an executable file"),
        (["check", "{d}/good.del", "--backend", "smcdel", "--smcdel", "{d}/dir.del"], ONE,
         "not an executable file"),
        (["check", "{d}/good.del", "-o", "{d}/dir.jsonl"], ONE, "Is a directory"),
        (["check", "{d}/good.del", "-o", "{d}/good.del/out.jsonl"], ONE, "Not a directory"),
        (["check", "{d}/good.del", "--certified", "{d}/c.jsonl"], ONE, "--certified"),
        (["check", "{d}/good.del", "--engine", "quantum"], ONE, "invalid choice"),
        (["check", "{d}/good.del", "--format", "deltom"], ONE, "not a folder"),
        (["check", "{d}/good.del", "--format", "dl-tom"], ONE, "invalid choice"),
        (["check"], ONE, "required"),
        (["check", "{d}/crlf.del"], OK, ""),
        (["check", "{d}/bom.smcdel.txt"], OK, ""),
        (["check", "{d}/bom.jsonl"], OK, ""),
        (["check", "{d}/good.csv"], OK, ""),
    ]
    for fmt in FORMATS:
        cases += [
            (["check", "--format", fmt, "{d}/empty.txt"], ONE, "in this file"),
            (["check", "--format", fmt, "{d}/empty.jsonl"], ONE, "in this file"),
            (["check", "--format", fmt, "{d}/blank.jsonl"], ONE, "in this file"),
            (["check", "--format", fmt, "{d}/noise.bin"], ONE, "could be read"),
            (["check", "--format", fmt, "{d}/missing.txt"], ONE, "no such file"),
            (["check", "--format", fmt, "{d}/dir.txt"], ONE, "not a file"),
            (["check", "--format", fmt, "{d}/good.del"], ONE, "could be read"),
            (["check", "--format", fmt, "{d}/cut.txt" if fmt == "tomi" else "{d}/cut-hitom.jsonl"],
             ONE, "in this file" if fmt == "tomi" else "could be read"),
            (["certify", "{d}/noise.bin", "--format", fmt, "-o", "{d}/cert"], ONE, "could be read"),
            (["certify", "{d}/empty.txt", "--format", fmt, "-o", "{d}/cert"], ONE, "in this file"),
            (["certify", "{d}/dir.txt", "--format", fmt, "-o", "{d}/cert"], ONE, "not a file"),
            (["certify", "{d}/missing.txt", "--format", fmt, "-o", "{d}/cert"], ONE, "no such file"),
            (["import", "{d}/noise.bin", "--format", fmt, "-o", "{d}/imp"], ONE, "could be read"),
            (["import", "{d}/empty.jsonl", "--format", fmt, "-o", "{d}/imp"], ONE, "in this file"),
            (["import", "{d}/dir.txt", "--format", fmt, "-o", "{d}/imp"], ONE, "not a file"),
        ]
    cases += [
        (["check", "--format", "tomi", "{d}/hitom-as.txt"], ONE, "could be read"),
        (["check", "--format", "tomi", "{d}/latin1.txt"], ONE, "not UTF-8 text"),
        (["check", "--format", "tomi", "{d}/junk.txt"], ROWS, ""),
        (["check", "--format", "tomi", "{d}/orphan.txt"], ONE, "numbered 3 after 1"),
        (["check", "--format", "tomi", "{d}/noanswer.txt"], ONE, "without an answer"),
        (["check", "--format", "hitom", "{d}/tomi-as.jsonl"], ONE, "could be read"),
        (["check", "--format", "hitom", "{d}/junk-hitom.jsonl"], ONE, "could be read"),
        (["check", "--format", "reasoning-core", "{d}/hitom.jsonl"], ONE, "metadata"),
        (["check", "--format", "hitom", "{d}/hitom.jsonl", "--backend", "smcdel"], ONE,
         "does not apply"),
        (["check", "--format", "tomi", "{d}/tomi.txt", "--certified", "{d}/c.jsonl"], ONE,
         "--certified"),
        (["certify", "{d}/hitom.jsonl", "--format", "tomi", "-o", "{d}/cert"], ONE,
         "could be read"),
        (["certify", "{d}/tomi.txt", "--format", "hitom", "-o", "{d}/cert"], ONE, "could be read"),
        (["certify", "{d}/tomi.txt", "--format", "tomi", "-o", "{d}/occupied"], ONE, "--force"),
        (["certify", "{d}/tomi.txt", "--format", "tomi", "-o", "{d}/good.del"], ONE,
         "not a folder"),
        (["certify", "{d}/tomi.txt", "--format", "mindgames", "-o", "{d}/cert"], ONE,
         "invalid choice"),
        (["check", "--format", "tomi", "{d}/crlf.txt"], OK, ""),
        (["check", "--format", "hitom", "{d}/hitom.jsonl"], OK, ""),
    ]
    return cases


def _dataset_cases():
    cases = []
    for command in ("verbalize", "import"):
        out = ["-o", "{d}/imp"] if command == "import" else []
        cases += [
            ([command, "{d}/noise.jsonl", *out], ROWS, ""),
            ([command, "{d}/noise.csv", *out], ROWS, ""),
            ([command, "{d}/noise.json", *out], ONE, ""),
            ([command, "{d}/noise.bin", *out], ONE, ".bin"),
            ([command, "{d}/empty.jsonl", *out], ONE, "no row"),
            ([command, "{d}/empty.csv", *out], ONE, ""),
            ([command, "{d}/empty.json", *out], ONE, ""),
            ([command, "{d}/blank.jsonl", *out], ONE, "no row"),
            ([command, "{d}/headeronly.csv", *out], ONE, "no row"),
            ([command, "{d}/cut.jsonl", *out], ROWS, "invalid JSON"),
            ([command, "{d}/cut.json", *out], ONE, "invalid JSON"),
            ([command, "{d}/rows.json", *out], ONE, "list of rows"),
            ([command, "{d}/list.jsonl", *out], ROWS, "must hold an object"),
            ([command, "{d}/binary.csv", *out], ROWS, ""),
            ([command, "{d}/quote.csv", *out], ROWS, "quote.csv"),
            ([command, "{d}/junk.jsonl", *out], ROWS, ""),
            ([command, "{d}/dir.jsonl", *out], ONE, "directory"),
            ([command, "{d}/missing.jsonl", *out], ONE, ""),
            ([command, "{d}/tomi.txt", *out], ONE, ""),
            ([command, "{d}/bom.jsonl", *out], OK, ""),
        ]
    cases += [
        (["import", "{d}/good.jsonl", "-o", "{d}/occupied"], ONE, "--force"),
        (["import", "{d}/good.jsonl", "-o", "{d}/good.del"], ONE, "not a directory"),
        (["verbalize", "{d}/good.jsonl", "--style", "shouting"], ONE, "unknown style"),
        (["verbalize", "{d}/good.jsonl", "-o", "{d}/dir.jsonl"], ONE, ""),
    ]
    return cases


def _other_cases():
    return [
        # smcdel
        (["smcdel", "{d}/noise.smcdel.txt"], ONE, ""),
        (["smcdel", "{d}/empty.smcdel.txt"], ONE, ""),
        (["smcdel", "{d}/cut.smcdel.txt"], ONE, "Parse error"),
        (["smcdel", "{d}/junk.smcdel.txt"], ONE, ""),
        (["smcdel", "{d}/huge-agents.smcdel.txt"], ONE, ""),
        (["smcdel", "{d}/good.del"], ONE, "Parse error"),
        (["smcdel", "{d}/dir.del"], ONE, ""),
        (["smcdel", "{d}/missing.txt"], ONE, "does not exist"),
        (["smcdel", "--backend", "smcdel", "--smcdel", "{d}/notexec", "{d}/good.smcdel.txt"],
         ONE, "not an executable file"),
        (["smcdel", "--color", "purple", "{d}/good.smcdel.txt"], ONE, ""),
        (["smcdel", "{d}/bom.smcdel.txt"], ONE, "lexical error"),  # as the reference
        # render and explain
        (["render", "{d}/noise.del"], ONE, "not UTF-8 text"),
        (["render", "{d}/empty.del"], ONE, "no problem"),
        (["render", "{d}/bomonly.del"], ONE, "no problem"),
        (["render", "{d}/cut.del"], ONE, "cut.del:"),
        (["render", "{d}/junk.del"], ONE, "junk.del:"),
        (["render", "{d}/nul.del"], ONE, "nul.del:"),
        (["render", "{d}/smcdel-as.del"], ONE, "smcdel-as.del:1:"),
        (["render", "{d}/dir.del"], ONE, "Is a directory"),
        (["render", "{d}/good.del", "--problem", "nosuch"], ONE, "no problem called"),
        (["render", "{d}/crlf.del", "--to", "smcdel"], OK, ""),
        (["explain", "{d}/noise.del"], ONE, "not UTF-8 text"),
        (["explain", "{d}/empty.del"], ONE, "no problem"),
        (["explain", "{d}/cut.del"], ONE, "cut.del:"),
        (["explain", "{d}/junk.del"], ONE, "junk.del:"),
        (["explain", "{d}/dir.del"], ONE, "Is a directory"),
        (["explain", "{d}/good.del", "--actual", "abc"], ONE, "--actual"),
        (["explain", "{d}/good.del", "--graph", "{d}/good.del"], ONE, "not a directory"),
        # puzzle
        (["puzzle", "muddy", "0", "0"], ONE, "need 1 <= M <= N"),
        (["puzzle", "muddy", "3", "5"], ONE, "need 1 <= M <= N"),
        (["puzzle", "muddy", "100000000", "1", "--to", "smcdel"], ONE, "choose a smaller"),
        (["puzzle", "muddy", "-3", "1"], ONE, ""),
        (["puzzle", "dining", "-1"], ONE, ""),
        (["puzzle", "what-sum", "--bound", "100000"], ONE, "--bound"),
        (["puzzle", "what-sum", "--bound", "-4"], ONE, "--bound"),
        (["puzzle", "sum-product", "--max", "1"], ONE, "--max"),
        (["puzzle", "sum-product", "--max", "10000000"], ONE, "--max"),
        (["puzzle", "consecutive", "--bound", "0"], ONE, "--bound"),
        (["puzzle", "russian-cards", "--deal", "a,b,c"], ONE, "--deal"),
        (["puzzle", "russian-cards", "--deal", "300,300,100"], ONE, ""),
        (["puzzle", "muddy", "3", "1", "-o", "{d}/dir.del"], ONE, "Is a directory"),
        # generate
        (["generate", "--size", "0", "-o", "{d}/gen"], ONE, "--size"),
        (["generate", "--size", "9" * 30, "-o", "{d}/gen"], ONE, "--size"),
        (["generate", "--size", "4", "--agents", "1-1", "-o", "{d}/gen"], ONE, "--agents"),
        (["generate", "--size", "4", "--agents", "2-9999", "-o", "{d}/gen"], ONE, "--agents"),
        (["generate", "--size", "4", "--workers", "0", "-o", "{d}/gen"], ONE, "--workers"),
        (["generate", "--size", "4", "--split", "1/1/-1", "-o", "{d}/gen"], ONE, "--split"),
        (["generate", "--size", "4", "-o", "{d}/data"], ONE, "--force"),
        (["generate", "--size", "4", "--family", "stories", "--events", "9-2", "-o", "{d}/gen"],
         ONE, "--events"),
        (["generate", "--size", "4", "--family", "stories", "--actions", "fly", "-o", "{d}/gen"],
         ONE, "fly"),
        (["generate", "--size", "4", "--style", "shouting", "-o", "{d}/gen"], ONE, "style"),
        # del
        (["del", "{d}/noise.jsonl"], ROWS, ""),
        (["del", "{d}/empty.jsonl"], ONE, ""),
        (["del", "{d}/blank.jsonl"], ONE, ""),
        (["del", "{d}/empty.json"], ONE, ""),
        (["del", "{d}/cut-cases.jsonl"], ROWS, ""),
        (["del", "{d}/bad-cases.jsonl"], ROWS, ""),
        (["del", "{d}/cases-as.json"], ROWS, "missing 'model'"),
        (["del", "{d}/good.jsonl"], ROWS, ""),
        (["del", "{d}/dir.jsonl"], ONE, ""),
        (["del", "{d}/missing.jsonl"], ONE, ""),
        (["del", "{d}/noise.bin"], ONE, ""),
        (["del", "{d}/cases.jsonl", "--backend", "nosuch"], ONE, "nosuch"),
        (["del", "{d}/cases.jsonl", "--timeout", "-1"], ONE, "--timeout"),
        (["del", "{d}/cases.jsonl"], OK, ""),
        # plan
        (["plan", "{d}/noise.jsonl"], ONE, "binary"),
        (["plan", "{d}/empty.jsonl"], ONE, "no planning case"),
        (["plan", "{d}/blank.jsonl"], ONE, "no planning case"),
        (["plan", "{d}/cases.jsonl"], ROWS, "structure"),
        (["plan", "{d}/good.del"], ONE, "no plan item"),
        (["plan", "{d}/missing.jsonl"], ONE, "No such file"),
        (["plan", "{d}/emptydir"], ONE, "--format"),
        (["plan", "{d}/noise.bin"], ONE, "--format"),
        (["plan", "{d}/good.del", "--timeout", "0"], ONE, "--timeout"),
        (["plan", "{d}/good.del", "--engine", "nosuch"], ONE, "nosuch"),
        # trace
        (["trace", "{d}/noise.del"], ONE, "UTF-8"),
        (["trace", "{d}/empty.del"], ONE, "no story"),
        (["trace", "{d}/good.del"], ONE, "--actual"),
        (["trace", "{d}/missing.del"], ONE, "No such file"),
        (["trace", "{d}/junk.del"], ONE, ""),
        (["trace", "{d}/emptydir"], ONE, "directory"),
        # grade
        (["grade", "{d}/noise.jsonl", "--against", "{d}/story.del"], ONE, "UTF-8"),
        (["grade", "{d}/empty.jsonl", "--against", "{d}/story.del"], ONE, "no response"),
        (["grade", "{d}/junk.jsonl", "--against", "{d}/story.del"], ONE, ""),
        (["grade", "{d}/missing.jsonl", "--against", "{d}/story.del"], ONE, "No such file"),
        (["grade", "{d}/good.jsonl", "--against", "{d}/missing.del"], ONE, ""),
        (["grade", "{d}/good.jsonl", "--against", "{d}/good.del"], ONE, ""),
        # eval
        (["eval", "{d}/noise.jsonl", "-m", "baseline:random", "-o", "{d}/run"], ONE, ""),
        (["eval", "{d}/empty.jsonl", "-m", "baseline:random", "-o", "{d}/run"], ONE, ""),
        (["eval", "{d}/good.jsonl", "-m", "baseline:random", "-o", "{d}/run"], ONE, ""),
        (["eval", "{d}/tomi.txt", "-m", "baseline:random", "-o", "{d}/run"], ONE, ""),
        (["eval", "{d}/emptydir", "-m", "baseline:random", "-o", "{d}/run"], ONE, ""),
        (["eval", "{d}/missing.jsonl", "-m", "baseline:random", "-o", "{d}/run"], ONE, ""),
        (["eval", "{d}/data", "-m", "baseline:random", "-o", "{d}/run", "--limit", "0"], ONE,
         "--limit"),
        (["eval", "{d}/data", "-m", "baseline:random", "-o", "{d}/run", "--limit", "-1"], ONE,
         "--limit"),
        (["eval", "{d}/data", "-m", "baseline:random", "-o", "{d}/run", "--concurrency", "0"],
         ONE, "--concurrency"),
        (["eval", "{d}/data", "-m", "baseline:clairvoyant", "-o", "{d}/run"], ONE, ""),
        (["eval", "{d}/data", "-m", "nonsense", "-o", "{d}/run"], ONE, ""),
        (["eval", "{d}/data", "-m", "baseline:random", "-o", "{d}/good.del"], ONE, "not a folder"),
        (["eval", "{d}/data", "-m", "baseline:random", "-o", "{d}/run", "--format", "essay"],
         ONE, "--format"),
        (["eval", "{d}/data", "-m", "baseline:random", "-o", "{d}/run", "--nota-share", "2"],
         ONE, "--nota-share"),
        (["eval", "{d}/data", "-m", "baseline:random"], ONE, "-o RUN_DIR"),
        # audit and export
        (["audit", "{d}/noise.jsonl"], ONE, ""),
        (["audit", "{d}/empty.jsonl"], ONE, ""),
        (["audit", "{d}/emptydir"], ONE, ""),
        (["audit", "{d}/missing.jsonl"], ONE, ""),
        (["audit", "{d}/tomi.txt"], ONE, ""),
        (["audit", "{d}/data", "--folds", "0"], ONE, "--folds"),
        (["audit", "{d}/data", "--nota-share", "-1"], ONE, "--nota-share"),
        (["export", "lm-eval", "{d}/noise.jsonl", "-o", "{d}/exp"], ONE, ""),
        (["export", "lm-eval", "{d}/empty.jsonl", "-o", "{d}/exp"], ONE, ""),
        (["export", "lm-eval", "{d}/emptydir", "-o", "{d}/exp"], ONE, ""),
        (["export", "lm-eval", "{d}/missing", "-o", "{d}/exp"], ONE, ""),
        (["export", "lm-eval", "{d}/good.jsonl", "-o", "{d}/exp"], ONE, ""),
        (["export", "harness", "{d}/data", "-o", "{d}/exp"], ONE, "invalid choice"),
        (["export", "lm-eval", "{d}/data", "-o", "{d}/good.del"], ONE, ""),
        # serve: options refused before the server starts
        (["serve", "--port", "99999"], ONE, "--port"),
        (["serve", "--port", "-1"], ONE, "--port"),
        (["serve", "--time-limit", "0"], ONE, "--time-limit"),
        (["serve", "--time-limit", "nan"], ONE, "--time-limit"),
        (["serve", "--max-input", "0"], ONE, "--max-input"),
        (["serve", "--workers", "0"], ONE, "--workers"),
        (["serve", "--examples", "{d}/missing"], ONE, ""),
        (["serve", "--examples", "{d}/good.del"], ONE, ""),
        # doctor
        (["doctor", "--smcdel", "{d}/notexec"], ONE, "not an executable file"),
        (["doctor", "--smcdel", "{d}/missing"], ONE, "does not exist"),
        (["doctor", "--smcdel-home", "{d}/missing"], ONE, ""),
        # the command line itself
        (["frobnicate"], ONE, "invalid choice"),
        (["check", "--no-such-option", "{d}/good.del"], ONE, "unrecognized"),
    ]


CASES = _check_cases() + _dataset_cases() + _other_cases()


@pytest.fixture(scope="module")
def d(tmp_path_factory):
    folder = hostile_data.make(tmp_path_factory.mktemp("hostile"))
    # a small generated dataset, for the commands that read one (eval, audit, export)
    assert main(["generate", "--size", "8", "--seed", "1", "-o", str(folder / "data"),
                 "--quiet"]) == 0
    return folder


def _run(capsys, argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def test_there_are_enough_cases():
    assert len(CASES) >= 150
    commands = {argv[0] for argv, _, _ in CASES}
    from pyfront.commands import COMMANDS

    assert commands >= set(COMMANDS)
    for fmt in FORMATS:
        assert sum(fmt in argv for argv, _, _ in CASES) >= 10, fmt


@pytest.mark.parametrize("argv,expect,words", CASES,
                         ids=[f"{i:03d} " + " ".join(c[0])[:70] for i, c in enumerate(CASES)])
def test_hostile_input(capsys, d, tmp_path, argv, expect, words):
    # outputs go to a fresh folder per case: nothing a case writes is seen by another
    argv = [a.replace("{d}/cert", f"{tmp_path}/cert").replace("{d}/imp", f"{tmp_path}/imp")
            .replace("{d}/gen", f"{tmp_path}/gen").replace("{d}/run", f"{tmp_path}/run")
            .replace("{d}/exp", f"{tmp_path}/exp").replace("{d}", str(d)) for a in argv]
    if argv[0] == "check" and "-o" not in argv:
        argv += ["-q", "-o", str(tmp_path / "out.jsonl")]
    code, out, err = _run(capsys, argv)
    assert "Traceback" not in err + out and "internal error" not in err + out, err
    records = tmp_path / "out.jsonl"
    written = records.read_text(encoding="utf-8") if records.is_file() else ""
    assert words in err + written, err
    if expect == OK:
        assert code == 0, err
        return
    assert code in (1, 2), (code, err)
    if expect == ROWS:
        assert argv[0] != "check" or '"error": ' in written, written
        return
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(("mindgames", "smcdel:")), err
    # a run that fails as a whole writes nothing
    for name in ("cert", "imp", "gen", "run", "exp", "out.jsonl"):
        assert not (tmp_path / name).exists(), name

