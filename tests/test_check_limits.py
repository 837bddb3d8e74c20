"""Limits that hold: ``check --timeout`` and ``--max-memory`` stop an item whatever it is
doing (it runs in a child process), the other items are answered."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from conftest import REPO
from pyfront.checking.limits import Limits, limited_map, parse_memory
from pyfront.checking.stops import memory_text, resident
from pyfront.errors import UserError


def _work(item):
    """A stand-in for checking: sleep, allocate, crash, or answer ``-item``."""
    kind, value = item
    if kind == "sleep":
        time.sleep(value)
    elif kind == "allocate":  # touch every page, so that it is resident
        block = bytearray(value)
        for i in range(0, len(block), 4096):
            block[i] = 1
        time.sleep(30)
    elif kind == "crash":  # as a C library's abort would, without its report
        os._exit(3)
    return -value


def _failed(item, why):
    return ("failed", why)


def _run(items, *, timeout=None, memory=None, workers=1):
    return list(limited_map(_work, items, limits=Limits(timeout=timeout, memory=memory),
                            on_limit=_failed, workers=workers))


@pytest.mark.parametrize("workers", [1, 2])
def test_an_item_past_its_time_fails_and_the_others_are_answered(workers):
    items = [("n", 1), ("n", 2), ("sleep", 60), ("n", 3), ("n", 4)]
    started = time.monotonic()
    out = _run(items, timeout=0.5, workers=workers)
    took = time.monotonic() - started
    assert out[:2] == [-1, -2] and out[3:] == [-3, -4]
    assert out[2] == ("failed", "timed out after 0.5 s (--timeout)")
    assert took < 10  # the sleeping item is killed, not waited for (60 s)


def test_an_item_past_its_memory_fails_and_the_others_are_answered():
    # above what a child holds before any work (which grows with this process)
    (empty,) = limited_map(lambda item: resident(), [None], limits=Limits(timeout=20),
                           on_limit=_failed)
    bound = empty + (200 << 20)
    out = _run([("n", 1), ("allocate", 600 << 20), ("n", 2)], timeout=25, memory=bound)
    assert out[0] == -1 and out[2] == -2
    assert out[1][0] == "failed"
    assert "--max-memory" in out[1][1] and f"over the bound of {memory_text(bound)}" in out[1][1]


def test_a_crashing_item_fails_alone():
    out = _run([("n", 5), ("crash", 0), ("n", 6)], timeout=20)
    assert out[0] == -5 and out[2] == -6
    assert out[1] == ("failed", "the checker process ended without an answer (exit 3)")


def test_many_items_keep_their_order_on_two_workers():
    items = [("n", k) for k in range(300)]
    assert _run(items, timeout=20, workers=2) == [-k for k in range(300)]


@pytest.mark.parametrize("text, size", [("500M", 500 << 20), ("2G", 2 << 30),
                                        ("1.5g", 3 << 29), ("4096", 4096), ("0", None),
                                        ("none", None), ("64MiB", 64 << 20)])
def test_memory_sizes(text, size):
    assert parse_memory(text) == size


@pytest.mark.parametrize("text", ["", "12x", "-1G", "nanM", "G"])
def test_bad_memory_sizes(text):
    with pytest.raises(UserError, match="--max-memory"):
        parse_memory(text)


# -- end to end: a Sum and Product with x + y <= 1000 on the BDD engine takes ~40 s and
# 1.5 GB (its encoding alone most of it); beside it a problem answered in milliseconds

#: two children, one announcement that someone is muddy: in the world where only Bob is
#: muddy Ann sees him and cannot tell whether she is muddy too, so "Ann knows whether" fails
_SMALL = """problem small
  agents Ann, Bob
  setup forehead
  announce someone
  hypothesis h: Ann knows whether muddy(Ann) expect false
"""

_DSL = """problem sum_and_product_{max}
  agents Sum, Product
  x: 2..{max}
  y: 2..{max}
  law x < y and x + y <= {max}
  Sum observes x + y
  Product observes x * y
  announce Sum knows that Product does not know what x and y are
  hypothesis sum_unsure: Sum does not know what x and y are expect true
  announce Product knows what x and y are
  announce Sum knows what x and y are
  question solution: which possibilities remain?
"""


def _check(tmp_path, *options):
    big, small = tmp_path / "sp1000.del", tmp_path / "sp100.del"
    big.write_text(_DSL.format(max=1000))
    small.write_text(_SMALL)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pyfront.cli", "check", str(big), str(small),
                           "--engine", "symbolic", "--json", "-q", *options],
                          capture_output=True, text=True, timeout=120)
    return done, [json.loads(line) for line in done.stdout.splitlines()], \
        time.monotonic() - started


@pytest.mark.slow
def test_the_timeout_bounds_the_encoding_too(tmp_path):
    done, records, took = _check(tmp_path, "--timeout", "1")
    assert done.returncode == 1 and not done.stderr.strip()
    assert [r.get("error", "").endswith("timed out after 1 s (--timeout)")
            for r in records] == [True, True, False]
    assert records[2]["label"] == "not_entailment" and records[2]["agrees"] is True
    assert took < 8  # two items of 1 s each, start-up and the small problem


@pytest.mark.slow
def test_the_memory_bound_stops_an_item_and_the_others_go_on(tmp_path):
    done, records, _ = _check(tmp_path, "--max-memory", "150M")
    assert done.returncode == 1
    assert ["--max-memory" in r.get("error", "") for r in records] == [True, True, False]
    assert "\n" not in records[0]["error"]
    assert records[2]["label"] == "not_entailment" and records[2]["agrees"] is True


def test_a_bad_memory_size_is_one_line(tmp_path):
    path = tmp_path / "one.del"
    path.write_text(_DSL.format(max=20))
    done = subprocess.run([sys.executable, "-m", "pyfront.cli", "check", str(path),
                           "--max-memory", "lots"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "mindgames: --max-memory must be a size such as 500M or 2G (0: no bound): got 'lots'"]


def _spin(item):
    """Python work that runs until stopped (a light item past its time), or ``-item``."""
    if item == "spin":
        while True:
            pass
    return -item


def test_light_items_run_here_and_a_light_item_past_its_time_fails_alone():
    import os as _os

    parent = _os.getpid()
    pids = []

    def work(item):
        pids.append(_os.getpid())
        return _spin(item)

    items = [1, 2, "spin", 3]
    started = time.monotonic()
    out = list(limited_map(work, items, limits=Limits(timeout=0.3, memory=None),
                           on_limit=_failed, light=lambda item: True))
    assert out[:2] == [-1, -2] and out[3] == -3
    assert out[2] == ("failed", "timed out after 0.3 s (--timeout)")
    assert set(pids) == {parent}  # no child process
    assert time.monotonic() - started < 10


def test_heavy_items_between_light_ones_keep_their_order():
    items = [1, ("n", 2), 3, ("sleep", 60), 4]
    out = list(limited_map(lambda i: -i if isinstance(i, int) else _work(i), items,
                           limits=Limits(timeout=0.5, memory=None), on_limit=_failed,
                           light=lambda i: isinstance(i, int)))
    assert out == [-1, -2, -3, ("failed", "timed out after 0.5 s (--timeout)"), -4]


# --- without fork: every item answered here, by the code that answers light items -------------

#: a story the explicit engine takes minutes over (2**12 valuations, then a secret peek)
SLOW_STORY = ("story slow\n agents Ann, Bob, Cy\n"
              + "".join(f" proposition p{i}\n" for i in range(12))
              + " actually p0\n Ann peeks at p0\n"
              + " hypothesis h: Bob believes that Ann does not know whether p0 expect true\n")

@pytest.fixture
def no_fork(monkeypatch):
    """A platform without ``fork`` (not POSIX): no child process can be started."""
    monkeypatch.delattr(os, "fork")


def test_without_fork_an_item_past_its_time_fails_alone(no_fork):
    import signal

    parent = os.getpid()
    pids = []

    def work(item):
        pids.append(os.getpid())
        return _spin(item)

    started = time.monotonic()
    out = list(limited_map(work, [1, 2, "spin", 3], limits=Limits(timeout=0.3, memory=None),
                           on_limit=_failed, workers=2))
    assert out[:2] == [-1, -2] and out[3] == -3
    assert out[2] == ("failed", "timed out after 0.3 s (--timeout)")
    assert set(pids) == {parent}
    assert time.monotonic() - started < 10
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0  # no timer left behind
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL


def test_without_fork_the_initializer_runs_here_and_a_failure_is_one_line(no_fork):
    seen = []
    out = list(limited_map(lambda item: 1 // item, [1, 0, 2], limits=Limits(timeout=5),
                           on_limit=_failed, initializer=seen.append, initargs=("ready",)))
    assert seen == ["ready"]
    assert out == [1, ("failed", "the checker failed: ZeroDivisionError: integer division or "
                                 "modulo by zero"), 0]


def test_without_fork_check_stops_a_story_past_its_time_and_answers_the_others(
        no_fork, tmp_path, capsys):
    from pathlib import Path

    from pyfront.cli import main

    stories = Path(__file__).resolve().parents[1] / "examples" / "stories"
    path = tmp_path / "two.del"
    path.write_text(SLOW_STORY + "\n" + (stories / "coin.del").read_text())
    code = main(["check", str(path), "--engine", "explicit", "--timeout", "1", "--json", "-q"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    assert "story slow: timed out after 1 s (--timeout)" in lines[0]
    assert len(lines) > 1 and all('"agrees": true' in ln for ln in lines[1:])


@pytest.mark.parametrize("timeout", ["0.01", "1e-6"])
def test_a_tiny_timeout_stops_or_answers_each_item_and_the_run_ends(timeout):
    """Each item is answered or timed out, never failed by another's stop: a stop that
    fell inside the first item's import of an engine left the module half made for the
    items after it ("has no attribute"), and a timer ticking faster than its handler
    kept the run from ending."""
    done = subprocess.run([sys.executable, "-m", "pyfront.cli", "check",
                           str(REPO / "examples" / "forehead.del"), "--timeout", timeout, "--json", "-q"],
                          capture_output=True, text=True, timeout=60)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(records) == 8 and not done.stderr.strip(), done.stderr
    for r in records:
        assert r["agrees"] is True or r["error"].endswith("(--timeout)"), r


def test_a_module_loaded_on_first_use_is_whole_for_the_items_after_a_stop(tmp_path, monkeypatch):
    """The light path loads its engine when an item first uses it; a stop that fell in
    that load left the module half made, and every later item failed on a name it had
    not yet defined."""
    from pyfront.checking.inline import InProcess
    from pyfront.checking.light import _on_first_use

    package = tmp_path / "slow_package"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "engine.py").write_text(
        "import time\nend = time.monotonic() + 0.5\n"
        "while time.monotonic() < end:\n    pass\n\ndef answer(x):\n    return -x\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("slow_package", "slow_package.engine"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    __import__("slow_package")
    module = _on_first_use("slow_package.engine")
    here = InProcess(lambda item: module.answer(item), Limits(timeout=0.1),
                     on_limit=lambda item, why: ("stopped", item), light=lambda item: True)
    try:
        got = here.answer_run([1, 2, 3])
    finally:
        here.close()
    assert got[1:] == [-2, -3] and got[0] in (-1, ("stopped", 1))
