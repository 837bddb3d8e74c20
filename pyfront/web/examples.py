"""The example gallery: the ``.del`` files shipped in the project's ``examples/`` (and in
its sub-directories, such as ``examples/stories/``).

The page may read these files and no other: a name is looked up in the listing of the
directory (never joined to a path), so ``../`` and friends find nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

#: the project's examples directory (next to the ``pyfront`` package)
DEFAULT_DIR = Path(__file__).resolve().parents[2] / "examples"

#: longest example served, in bytes
MAX_EXAMPLE_BYTES = 200_000

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
_TITLE = re.compile(r"^#\s*(.+)$")


#: longest title shown; a longer first sentence is cut at a word and ends in "…"
MAX_TITLE = 200
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"(])")


def title_of(lines) -> str:
    """The first sentence of the comment block a file opens with (the block may wrap a
    sentence over several lines; it ends at a blank comment line or the first code line)."""
    parts: list[str] = []
    for line in lines:
        match = _TITLE.match(line.strip())
        if not match:
            if line.strip() == "#" and not parts:
                continue
            break
        parts.append(match.group(1).strip())
    text = " ".join(parts)
    sentence = _SENTENCE_END.split(text, maxsplit=1)[0].strip()
    if len(sentence) > MAX_TITLE:
        cut = sentence[:MAX_TITLE].rsplit(" ", 1)[0].rstrip(",;:")
        sentence = cut + " …"
    return sentence


class Gallery:
    def __init__(self, directory: Path | None = None):
        self.directory = Path(directory) if directory is not None else DEFAULT_DIR

    def _files(self) -> dict[str, Path]:
        """name -> file: the directory's ``.del`` files, then its sub-directories' (a name
        already taken is not taken again)."""
        if not self.directory.is_dir():
            return {}
        out: dict[str, Path] = {}
        for path in [*sorted(self.directory.glob("*.del")), *sorted(self.directory.glob("*/*.del"))]:
            if path.is_file() and _NAME.match(path.stem) and path.stem not in out:
                out[path.stem] = path
        return out

    def names(self) -> list[str]:
        return list(self._files())

    def listing(self) -> list[dict]:
        """Name and first comment line (a title) of every example."""
        out = []
        for name, path in self._files().items():
            try:
                with path.open(encoding="utf-8") as handle:
                    title = title_of(handle)
            except (OSError, UnicodeDecodeError):
                continue
            group = "" if path.parent == self.directory else path.parent.name
            out.append({"name": name, "title": title, "group": group})
        return out

    def text(self, name: str) -> str | None:
        """The text of the example called ``name``, or None when there is none."""
        if not _NAME.match(name or ""):
            return None
        path = self._files().get(name)
        if path is None or path.stat().st_size > MAX_EXAMPLE_BYTES:
            return None
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
