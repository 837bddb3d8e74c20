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
            title = ""
            try:
                with path.open(encoding="utf-8") as handle:
                    for line in handle:
                        match = _TITLE.match(line.strip())
                        if match:
                            title = match.group(1).strip()
                            break
                        if line.strip():
                            break
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
