"""Tests that need an outside tool: skip with a reason here, fail in CI.

Outside CI a missing tool (the official ``smcdel``, Chromium, Graphviz's ``dot``, the
reference's Haskell library) skips the test that needs it, with a reason saying how to get
it.  With ``CI=true`` the same absence fails the test: CI installs every tool (``.ci/run``),
so a missing one there is a broken run, not a reason to turn green.

Use in a test (or fixture)::

    binary = require_smcdel()          # path of the binary
    dot = require_tool("dot")
    deep = require_deep()              # the mA* planner
    home = require_smcdel_home()       # the reference's build folder (pkgdb inside)
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

#: how to install each tool (Debian)
_HINTS = {
    "dot": "Debian: apt-get install graphviz",
    "chromium": "Debian: apt-get install chromium",
    "chromedriver": "Debian: apt-get install chromium-driver",
    "ghc": "Debian: apt-get install ghc (../shared/smcdel-src/build.sh installs it)",
}
#: where Debian puts tools that are not always on PATH
_KNOWN_PLACES = {"chromedriver": ("/usr/lib/chromium/chromedriver",)}


def in_ci() -> bool:
    """Whether this run is a CI run (``CI=true``): missing tools fail instead of skip."""
    return os.environ.get("CI") == "true"


def missing(reason: str):
    """Skip the test with ``reason``, or fail it with the same words in CI."""
    if in_ci():
        pytest.fail(f"CI=true and {reason}", pytrace=False)
    pytest.skip(reason)


def find_tool(name: str) -> str | None:
    """The tool's path (PATH, then the known places), or None."""
    found = shutil.which(name)
    if found is None:
        for place in _KNOWN_PLACES.get(name, ()):
            if os.access(place, os.X_OK):
                return place
    return found


def require_tool(name: str, *alternatives: str) -> str:
    """The path of ``name`` (or of the first of ``alternatives`` found); skip or fail."""
    for candidate in (name, *alternatives):
        found = find_tool(candidate)
        if found is not None:
            return found
    hint = _HINTS.get(name)
    missing(f"`{name}` is not installed" + (f" ({hint})" if hint else ""))
    raise AssertionError("unreachable")


def require_deep() -> str:
    """The epistemic planner deep (PATH, then ``$MINDGAMES_DEEP_HOME`` or
    ``~/.cache/mindgames-deep``, where ``../shared/deep-src/build.sh`` puts it)."""
    found = shutil.which("deep")
    if found is not None:
        return found
    home = os.environ.get("MINDGAMES_DEEP_HOME") or os.path.expanduser("~/.cache/mindgames-deep")
    place = os.path.join(home, "deep", "cmake-build-release", "bin", "deep")
    if os.access(place, os.X_OK):
        return place
    missing("the planner `deep` is needed (../shared/deep-src/build.sh builds it; "
            ".ci/run puts it on PATH)")
    raise AssertionError("unreachable")


def require_smcdel() -> str:
    """The official binary as the bridge finds it (``$SMCDEL_BIN``, then PATH)."""
    from smcdel_bridge.official.binary import LaunchError, find_smcdel

    try:
        return find_smcdel()
    except LaunchError as err:
        missing(f"the official smcdel binary is needed: {err} "
                "(../shared/smcdel-src/build.sh builds it; .ci/run puts it on PATH)")
    raise AssertionError("unreachable")


def require_smcdel_home() -> Path:
    """The reference's build folder (``$MINDGAMES_SMCDEL_HOME``) with its GHC package db,
    and ``ghc`` to compile the driver against it."""
    from smcdel_bridge.official.reference_home import HomeError, find_home

    try:
        home = find_home()
    except HomeError as err:
        missing(f"the reference library is needed: {err}")
    require_tool("ghc")
    return home


def require_extra(module: str, extra: str):
    """The module of an optional extra, imported; skip the test module (or fail in CI,
    which installs the extras) when it is not installed.  Usable at module level."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        reason = f"the [{extra}] extra is not installed (pip install -e '.[{extra}]')"
        if in_ci():
            pytest.fail(f"CI=true and {reason}", pytrace=False)
        pytest.skip(reason, allow_module_level=True)
