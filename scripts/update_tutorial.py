#!/usr/bin/env python3
"""Regenerate the command outputs and pictures embedded in docs/tutorial.md.

The tutorial marks what a command printed with HTML comments, so the text around them
stays hand-written while the outputs are always the commands' real ones::

    <!-- run: explain examples/forehead.del --problem two_foreheads -->
    ...replaced by a ```text block: the command line and everything it printed...
    <!-- end -->

    <!-- pictures: examples/muddy_children_4.del --problem two_rounds --actual 1110 -->
    ...replaced by one image link per step; the DOT and SVG files go to docs/tutorial/...
    <!-- end -->

    <!-- include: examples/forehead.del problem two_foreheads -->
    ...replaced by the text of that problem in the file...
    <!-- end -->

A ``pictures`` block for a story (``--problem`` names the story) links the model after
each event and each event model; ``include: FILE story NAME`` includes a story.

Usage::

    python scripts/update_tutorial.py          # rewrite docs/tutorial.md and its pictures
    python scripts/update_tutorial.py --check  # exit 1 (and show a diff) when out of date

Commands run in-process from the repository root with a fixed terminal width, so the
output does not depend on who runs the script.  ``--check`` compares the text, the DOT
files and the class pictures of problems (SVG written directly); the other SVG files are
Graphviz's rendering of those DOT files.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import io
import os
import re
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TUTORIAL = REPO / "docs" / "tutorial.md"
PICTURES = REPO / "docs" / "tutorial"
#: the folder of pictures as the tutorial links it (relative to docs/)
PICTURES_LINK = "tutorial"
WIDTH = "100"

_BLOCK = re.compile(r"(<!-- (run|pictures|include): (.*?) -->\n)(.*?)(<!-- end -->)", re.S)


def run_command(command: str) -> str:
    """What ``mindgames COMMAND`` prints (stdout, then stderr), run from the repository."""
    from pyfront.cli import main

    out, err = io.StringIO(), io.StringIO()
    previous_dir, previous_width = os.getcwd(), os.environ.get("COLUMNS")
    os.chdir(REPO)
    os.environ["COLUMNS"] = WIDTH
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(shlex.split(command))
            except SystemExit as exit_:  # --help and usage errors end through argparse
                code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        os.chdir(previous_dir)
        if previous_width is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = previous_width
    text = out.getvalue() + err.getvalue()
    if code != 0:
        text += f"(exit code {code})\n"
    return text


def excerpt(arguments: str) -> str:
    """The text of one problem or story of a DSL file (``PATH problem NAME``, ``PATH story
    NAME``): from its ``problem``/``story`` line to the next one, trailing comments and blank
    lines left out."""
    kind = "story" if " story " in arguments else "problem"
    path, _, name = arguments.partition(f" {kind} ")
    lines = (REPO / path.strip()).read_text(encoding="utf-8").splitlines(keepends=True)
    header = re.compile(rf"^{kind}\s+{re.escape(name.strip())}\s*$")
    start = next(i for i, line in enumerate(lines) if header.match(line.rstrip()))
    end = next((i for i in range(start + 1, len(lines))
                if lines[i].startswith(("problem ", "story "))), len(lines))
    while end > start and (not lines[end - 1].strip() or lines[end - 1].startswith("#")):
        end -= 1
    return "".join(lines[start:end])


def pictures(arguments: str, directory: Path, render: bool) -> str:
    """Write the pictures of one problem into ``directory``; the Markdown linking them."""
    from pyfront.explain import explain_problem
    from pyfront.explain.picture_files import key, write_pictures
    from pyfront.data.loading import load_document
    from pyfront.story.model import Story

    parser = argparse.ArgumentParser(prog="pictures")
    parser.add_argument("file")
    parser.add_argument("--problem", required=True)
    parser.add_argument("--actual")
    args = parser.parse_args(shlex.split(arguments))
    (problem,) = [p for p in load_document(REPO / args.file) if p.name == args.problem]
    if isinstance(problem, Story):
        return story_pictures(problem, directory, render)
    explanation = explain_problem(problem, actual=args.actual)
    written = write_pictures([explanation], [], [], directory, "svg")
    links = []
    for frame in explanation.frames:
        path = Path(written.links[key("problem", problem.name, frame.step)])
        links.append(f"![{frame.title}]({PICTURES_LINK}/{path.name})")
    return "\n\n".join(links) + "\n"


def story_pictures(story, directory: Path, render: bool) -> str:
    """Write the pictures of one story: each event model, then the model after it."""
    from pyfront.explain.story import explain_story
    from pyfront.explain.story_graph import write_story_graphs

    explained = explain_story(story)
    files = write_story_graphs(explained, directory, "svg", render=render)
    names = {p.name for p in files.dot}
    links = []
    for step in explained.steps:
        event = f"{story.name}-event{step.number}.dot"
        if event in names:
            links.append(f"![event model {step.number}: {step.english}]"
                         f"({PICTURES_LINK}/{event[:-4]}.svg)")
        model = f"{story.name}-step{step.number}.dot"
        if model in names:
            title = "the start" if step.number == 0 else f"after event {step.number}"
            links.append(f"![{title}]({PICTURES_LINK}/{model[:-4]}.svg)")
    return "\n\n".join(links) + "\n"


def regenerate(text: str, directory: Path, render: bool = True) -> str:
    """The tutorial with every marked block replaced by fresh output."""

    def replace(match: re.Match) -> str:
        opening, kind, arguments, _, closing = match.groups()
        if kind == "run":
            body = f"```text\n$ mindgames {arguments}\n{run_command(arguments)}```\n"
        elif kind == "include":
            body = f"```text\n{excerpt(arguments)}```\n"
        else:
            body = pictures(arguments, directory, render)
        return opening + body + closing

    return _BLOCK.sub(replace, text)


def _dot_files(directory: Path) -> dict[str, str]:
    """The sources of the pictures: DOT files, and the SVG files no DOT file is rendered to
    (the class pictures of problems, written as SVG directly)."""
    out = {p.name: p.read_text(encoding="utf-8") for p in sorted(directory.glob("*.dot"))}
    for p in sorted(directory.glob("*.svg")):
        if not p.with_suffix(".dot").exists():
            out[p.name] = p.read_text(encoding="utf-8")
    return out


def check() -> list[str]:
    """What is out of date (empty when the tutorial is current)."""
    problems = []
    current = TUTORIAL.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        fresh = regenerate(current, Path(tmp), render=False)
        if fresh != current:
            diff = difflib.unified_diff(current.splitlines(True), fresh.splitlines(True),
                                        "docs/tutorial.md", "regenerated", n=1)
            problems.append("".join(diff))
        committed, generated = _dot_files(PICTURES), _dot_files(Path(tmp))
        for name in sorted(set(committed) | set(generated)):
            if committed.get(name) != generated.get(name):
                problems.append(f"docs/tutorial/{name} is out of date")
    return problems


def update() -> None:
    from pyfront.explain.graph import dot_tool

    if dot_tool() is None:
        sys.exit("update_tutorial: Graphviz's `dot` is needed to draw the pictures "
                 "(Debian: apt-get install graphviz)")
    with tempfile.TemporaryDirectory() as tmp:
        fresh = regenerate(TUTORIAL.read_text(encoding="utf-8"), Path(tmp))
        if PICTURES.exists():
            shutil.rmtree(PICTURES)
        shutil.copytree(tmp, PICTURES)
    TUTORIAL.write_text(fresh, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 when the tutorial is out of date")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    if args.check:
        problems = check()
        for p in problems:
            print(p, file=sys.stderr)
        if problems:
            print("docs/tutorial.md is out of date: run python scripts/update_tutorial.py",
                  file=sys.stderr)
        return 1 if problems else 0
    update()
    print(f"updated {TUTORIAL.relative_to(REPO)} and {PICTURES.relative_to(REPO)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
