"""Every file path and dotted module name of the project that README.md and docs/*.md
mention exists: the docs follow the layout when modules move."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
PATH = re.compile(r"\b(?:pyfront|smcdel_bridge)/[A-Za-z0-9_/]*(?:\.py|\.json|/)")
DOTTED = re.compile(r"`((?:pyfront|smcdel_bridge)(?:\.[A-Za-z_][A-Za-z0-9_]*)+)")


def test_paths_in_the_docs_exist():
    missing = []
    for doc in DOCS:
        for path in set(PATH.findall(doc.read_text(encoding="utf-8"))):
            if "*" not in path and not (REPO / path).exists():
                missing.append(f"{doc.name}: {path}")
    assert not missing, missing


def _resolves(name: str) -> bool:
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        module = ".".join(parts[:i])
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            obj = importlib.import_module(module)
            for attr in parts[i:]:
                if not hasattr(obj, attr):
                    return False
                obj = getattr(obj, attr)
            return True
    return False


def test_dotted_names_in_the_docs_resolve():
    missing = []
    for doc in DOCS:
        for name in set(DOTTED.findall(doc.read_text(encoding="utf-8"))):
            if not _resolves(name):
                missing.append(f"{doc.name}: {name}")
    assert not missing, missing
