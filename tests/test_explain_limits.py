"""``explain`` and ``render --to json`` stopped at ``--timeout`` in a story say which story
and how far it got, as ``check`` does for its items: the story's line and name, how many
of its events were applied, and the next one with its line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
#: a story no engine finishes in seconds (8 agents, 80 events and their assertions)
SLOW = REPO / "tests" / "data" / "scale_stories" / "scale_8x80.del"

STOP = re.compile(r"mindgames: (?P<file>.+):(?P<line>\d+): story (?P<name>\S+): timed out "
                  r"after 3 s \(--timeout\), with (?P<n>\d+) of its (?P<m>\d+) events "
                  r"applied; the next, line (?P<at>\d+): (?P<text>.+)")


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pyfront.cli", *args], capture_output=True,
                          text=True, timeout=300)


@pytest.mark.parametrize("source", ["file", "stdin"])
@pytest.mark.parametrize("command", [("explain", "--engine", "symbolic"),
                                     ("explain", "--engine", "explicit"),
                                     ("render", "--to", "json")])
def test_a_command_stopped_in_a_story_names_it_and_how_far_it_got(tmp_path, command, source):
    """From standard input too: the parent keeps the bytes it gave the child and reads
    them again after the stop."""
    coin = (REPO / "examples" / "stories" / "coin.del").read_text(encoding="utf-8")
    text = coin + "\n" + SLOW.read_text(encoding="utf-8")  # the stop is in the second story
    path = tmp_path / "two.del"
    path.write_text(text, encoding="utf-8")
    if source == "file":
        done = _run(*command, str(path), "--timeout", "3")
    else:
        done = subprocess.run([sys.executable, "-m", "pyfront.cli", *command, "-", "--timeout",
                               "3"], input=text, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    (said,) = [line for line in done.stderr.splitlines() if "timed out" in line]
    got = STOP.fullmatch(said)
    assert got is not None, said
    lines = text.splitlines()
    header = int(got["line"])
    assert got["file"] == (str(path) if source == "file" else "<stdin>")
    assert lines[header - 1].strip() == "story scale8x80s0" and got["name"] == "scale8x80s0"
    # the story's events, read off the file: its lines that begin with one of its agents
    agents = lines[header].split(None, 1)[1].replace(",", " ").split()
    events = [k + 1 for k in range(header, len(lines))
              if lines[k].split(None, 1)[:1] and lines[k].split()[0] in agents]
    assert int(got["m"]) == len(events) == 92
    at = int(got["at"])
    assert events.index(at) == int(got["n"])
    assert got["text"] == lines[at - 1].strip()


def test_a_stop_after_a_story_is_not_laid_at_its_door(tmp_path):
    coin = (REPO / "examples" / "stories" / "coin.del").read_text(encoding="utf-8")
    # twelve children and 800 announcements after it: 4,096 worlds at every step
    endless = ("problem endless\n  agents " + ", ".join(f"C{i}" for i in range(12))
               + "\n  setup forehead\n" + "  announce someone\n" * 800)
    path = tmp_path / "story_then_problem.del"
    path.write_text(coin + "\n" + endless, encoding="utf-8")
    done = _run("explain", str(path), "--timeout", "3")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1] == f"mindgames: {path}: timed out after 3 s (--timeout)"
