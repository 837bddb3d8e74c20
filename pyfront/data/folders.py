"""The output folder of an import: refused when it already holds files, unless forced."""

from __future__ import annotations

from pathlib import Path

from pyfront.errors import UserError


#: the files an import writes, per format (what --force replaces)
WRITTEN = {"mindgames": "row[0-9][0-9][0-9][0-9][0-9]*.del", "tomi": "story[0-9][0-9][0-9][0-9][0-9]*.del",
           "hitom": "hitom[0-9][0-9][0-9][0-9][0-9]*.del",
           "reasoning-core": "rcore[0-9][0-9][0-9][0-9][0-9]*.del", "deltom": "deltom_*.del"}


def prepare_output(outdir: Path, force: bool, fmt: str) -> None:
    """Refuse a DIR that is a file, or holds files, unless ``force``: then the files an
    earlier import of this format wrote are removed first (nothing else is touched)."""
    if outdir.exists() and not outdir.is_dir():
        raise UserError("not a directory", file=str(outdir))
    if outdir.is_dir() and any(outdir.iterdir()):
        if not force:
            raise UserError("the directory already holds files: give --force to write "
                            "into it anyway", file=str(outdir))
        for old in outdir.glob(WRITTEN[fmt]):
            old.unlink()
