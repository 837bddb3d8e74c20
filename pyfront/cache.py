"""Where the toolkit keeps what it may rebuild: a per-user cache folder.

The DSL is read from tables exported into the package (:mod:`pyfront.grammar`); lark
reads a text again only to word a syntax error, and its tables take about 0.2 s to build
from the grammar, so lark keeps them in a file keyed by the grammar text, lark's version
and Python's (lark checks the key inside the file too, and rebuilds on any mismatch).  Compiling the English and explanation templates costs more than rendering
them, so jinja2 keeps their byte-code there too (keyed by each template's source, with
jinja2's and Python's versions checked on load), one folder per kind of environment.  The folder is ``$MINDGAMES_CACHE``, else ``$XDG_CACHE_HOME/mindgames``, else
``~/.cache/mindgames``; it must be the user's own (lark's cache files are pickles), and
when it cannot be made or is not the user's, nothing is cached.
"""

from __future__ import annotations

import hashlib
import os
import sys


def cache_folder() -> str | None:
    """The cache folder (made, mode 0700), or None when there is none to use."""
    base = os.environ.get("MINDGAMES_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "mindgames")
    try:
        os.makedirs(base, mode=0o700, exist_ok=True)
        info = os.stat(base)
    except OSError:
        return None
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return None
    if not os.access(base, os.W_OK | os.X_OK):
        return None
    return base


def lark_cache(name: str, grammar: str) -> str | bool:
    """The ``cache`` argument for ``Lark(grammar, …)``: a file of the cache folder named
    after the grammar's key, or False (build every time) when there is no folder."""
    import lark

    folder = cache_folder()
    if folder is None:
        return False
    key = f"{grammar}\0{lark.__version__}\0{sys.version_info[:2]}".encode("utf-8")
    path = os.path.join(folder, f"{name}-{hashlib.sha256(key).hexdigest()[:20]}.lark")
    if not os.path.exists(path):  # a new grammar: the tables of the old ones go
        import glob

        for old in glob.glob(os.path.join(glob.escape(folder), f"{glob.escape(name)}-*.lark")):
            try:
                os.unlink(old)
            except OSError:
                pass
    return path


def template_cache(kind: str):
    """A jinja2 byte-code cache for the environment ``kind`` (one folder per set of
    environment options: the compiled code depends on them), or None without a folder."""
    import jinja2

    folder = cache_folder()
    if folder is None:
        return None
    path = os.path.join(folder, f"templates-{kind}-{jinja2.__version__}")
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(path)
