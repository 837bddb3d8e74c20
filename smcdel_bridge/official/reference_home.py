"""Where the reference SMCDEL is built: its folder, its GHC package database, its binary.

``../shared/smcdel-src/build.sh DIR`` leaves ``DIR/prefix/bin/smcdel`` (the CLI) and
``DIR/pkgdb`` (a GHC package database holding the ``smcdel`` library).  The folder is
named by ``--smcdel-home DIR`` or ``$MINDGAMES_SMCDEL_HOME``; the Haskell driver of
:mod:`.kripke_reference` is compiled against its package database and cached inside it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from smcdel_bridge.errors import BackendError

#: environment variable naming the reference's build folder
HOME_VAR = "MINDGAMES_SMCDEL_HOME"
_HINT = ("build it with ../shared/smcdel-src/build.sh DIR and pass --smcdel-home DIR "
         f"or set ${HOME_VAR}")


class HomeError(BackendError):
    """No usable reference build folder (missing, or without its package database)."""


def find_home(explicit: str | os.PathLike | None = None) -> Path:
    """The build folder: ``explicit``, else ``$MINDGAMES_SMCDEL_HOME``; it must hold
    ``pkgdb/package.cache``.  Raises :class:`HomeError` naming what was tried."""
    if explicit is not None and str(explicit) != "":
        where, origin = Path(explicit), "--smcdel-home"
    elif os.environ.get(HOME_VAR):
        where, origin = Path(os.environ[HOME_VAR]), HOME_VAR
    else:
        raise HomeError(f"no reference library: {HOME_VAR} is not set; {_HINT}")
    if not where.is_dir():
        raise HomeError(f"reference folder {where} (from {origin}) does not exist; {_HINT}")
    if not (where / "pkgdb" / "package.cache").is_file():
        raise HomeError(f"reference folder {where} (from {origin}) has no GHC package "
                        f"database pkgdb/; {_HINT}")
    return where.resolve()


def package_db(home: Path) -> Path:
    return home / "pkgdb"


def find_ghc() -> str:
    """``$MINDGAMES_GHC`` or ``ghc`` on PATH (HomeError when there is none)."""
    name = os.environ.get("MINDGAMES_GHC") or "ghc"
    found = shutil.which(name)
    if found is None:
        raise HomeError(f"cannot compile the reference driver: {name!r} is not on PATH "
                        "(Debian: apt-get install ghc; build.sh installs it)")
    return found
