"""Seeds derived from the master seed, independent of scheduling and of ``hash()``.

Every random stream of a run (the draws of chunk 7 of setup ``internal``, the names of the
premise that came 12th, the row order of the test split …) gets its own seed computed from
the master seed and a label, so the output is the same whichever process does the work and
in whichever order the work finishes.
"""

from __future__ import annotations

import hashlib
import random


def derive_seed(master: int, *labels: object) -> int:
    """A 64-bit seed for the stream called ``labels`` of the run seeded ``master``."""
    text = "\x1f".join([str(master), *map(str, labels)])
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def stream(master: int, *labels: object) -> random.Random:
    """A fresh :class:`random.Random` for the stream called ``labels``."""
    return random.Random(derive_seed(master, *labels))
