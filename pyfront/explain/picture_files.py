"""``explain --graph DIR``: the pictures of every step written to files, and the links the
Markdown explanation puts at each step.

Problems and number puzzles get their class pictures (:mod:`.class_picture`: the
worlds on a grid of their valuations, each agent's classes outlined), drawn by
:mod:`.class_svg` as SVG, or by Graphviz as PNG (:mod:`.class_dot`, positions pinned);
stories get their belief pictures and event models as Graphviz DOT, rendered when ``dot``
is installed (:mod:`.story_graph`).  A link is the file's path relative to where the
Markdown goes (:func:`markdown_folder`: the folder of the file standard output is
redirected to, else the working directory), so ``explain --format md --graph doc/pics >
doc/x.md`` links ``pics/…`` and the folder can move with its pictures.

    >>> key("problem", "two_foreheads", 1)
    'problem:two_foreheads:1'
    >>> relative_links({"k": "/d/pics/a.svg"}, Path("/d/doc"))
    {'k': '../pics/a.svg'}
"""

from __future__ import annotations

from pathlib import Path

from smcdel_bridge.values import field, value

from .graph import slug

__all__ = ["key", "Written", "write_pictures", "relative_links", "markdown_folder"]


def key(kind: str, name: str, step: int) -> str:
    """The templates' name of one picture (``kind``: problem, puzzle, story, event)."""
    return f"{kind}:{name}:{step}"


@value
class Written:
    #: key -> the path the Markdown links to
    links: dict[str, str] = field(default_factory=dict)
    files: int = 0
    dots: int = 0
    notes: list[str] = field(default_factory=list)

    def note(self, text: str | None) -> None:
        if text and text not in self.notes:
            self.notes.append(text)


def _write_classes(kind: str, name: str, pictures, directory: Path, fmt: str,
                   written: Written) -> None:
    from .class_svg import class_svg

    skipped = []
    for step, picture in enumerate(pictures):
        if picture is None:
            skipped.append(str(step))
            continue
        path = directory / f"{slug(name)}-step{step}.{fmt}"
        if fmt == "svg":
            path.write_text(class_svg(picture, standalone=True), encoding="utf-8")
        else:
            from .class_dot import render_class_png

            render_class_png(picture, path)
        written.links[key(kind, name, step)] = str(path)
        written.files += 1
    if skipped:
        written.note(f"{name}: step(s) {', '.join(skipped)} not drawn: too many worlds")


def write_pictures(problems, puzzles, stories, directory: Path, fmt: str = "svg") -> Written:
    """Write every picture; ``problems``: problem explanations, ``puzzles``: (problem,
    answers) pairs, ``stories``: story explanations.  RuntimeError when ``dot`` fails."""
    from .problem_picture import problem_pictures
    from .puzzle_picture import puzzle_pictures
    from .story_graph import write_story_graphs

    directory.mkdir(parents=True, exist_ok=True)
    written = Written()
    for p in problems:
        _write_classes("problem", p.name, problem_pictures(p), directory, fmt, written)
    for pb, answers in puzzles:
        _write_classes("puzzle", pb.name, puzzle_pictures(pb, answers), directory, fmt, written)
    for s in stories:
        files = write_story_graphs(s, directory, fmt)
        written.dots += len(files.dot)
        written.files += len(files.rendered)
        written.note(files.note)
        for path in files.rendered:
            stem = path.stem[len(slug(s.name)) + 1:]  # "step3" or "event2"
            kind = "story" if stem.startswith("step") else "event"
            written.links[key(kind, s.name, int(stem.lstrip("stepevn")))] = str(path)
    return written


def relative_links(links: dict[str, str], folder: Path) -> dict[str, str]:
    """``links`` with every path relative to ``folder`` (forward slashes, as Markdown wants)."""
    import os

    return {k: Path(os.path.relpath(os.path.abspath(p), os.path.abspath(folder))).as_posix()
            for k, p in links.items()}


def markdown_folder(stream) -> Path:
    """Where the text written to ``stream`` is read from: the folder of the regular file it
    is (standard output redirected to a file: ``/proc/self/fd``, checked to be that very
    file), else the working directory (a terminal, a pipe)."""
    import os
    import stat

    try:
        fd = stream.fileno()
        st = os.fstat(fd)
        if stat.S_ISREG(st.st_mode):
            path = Path(os.readlink(f"/proc/self/fd/{fd}"))
            if path.is_absolute() and os.path.samestat(os.stat(path), st):
                return path.parent
    except (OSError, ValueError, AttributeError):  # no descriptor, no /proc: the working directory
        pass
    return Path.cwd()
