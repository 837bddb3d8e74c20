"""One option, one check, one message across commands: ``--workers 0`` is refused by
check, generate and serve alike; a huge ``generate --size`` is told it is too big (not that
it is odd) and refused before any work."""

from __future__ import annotations

import time

import pytest

from pyfront.cli import main
from pyfront.commands.options import MAX_SIZE


@pytest.mark.parametrize("argv", [
    ["check", "examples/forehead.del", "--workers", "0"],
    ["generate", "--size", "10", "--seed", "1", "--workers", "0", "-o", "{tmp}/g"],
    ["serve", "--workers", "0", "--port", "0"],
])
def test_workers_zero_is_refused_everywhere_with_one_message(argv, tmp_path, capsys):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 1
    assert capsys.readouterr().err == "mindgames: --workers must be at least 1: got 0\n"


@pytest.mark.parametrize("family, size", [("mindgames", 99999999999999), ("mindgames", 10**14),
                                          ("stories", 99999999999999)])
def test_a_huge_size_gets_the_real_reason_at_once(family, size, tmp_path, capsys):
    start = time.perf_counter()
    assert main(["generate", "--family", family, "--size", str(size), "--seed", "1",
                 "-o", str(tmp_path / "g")]) == 1
    assert time.perf_counter() - start < 5
    err = capsys.readouterr().err
    assert f"--size must be at most {MAX_SIZE:,}" in err and "even" not in err
    assert not (tmp_path / "g").exists()


def test_small_sizes_keep_their_reasons(tmp_path, capsys):
    assert main(["generate", "--size", "7", "--seed", "1", "-o", str(tmp_path / "g")]) == 1
    assert "--size must be an even number" in capsys.readouterr().err
    assert main(["generate", "--size", "0", "--seed", "1", "-o", str(tmp_path / "g")]) == 1
    assert "--size must be at least 2: got 0" in capsys.readouterr().err


def test_an_option_argparse_cannot_read_is_a_usage_error_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["serve", "--workers", "x"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid int value: 'x'" in err
