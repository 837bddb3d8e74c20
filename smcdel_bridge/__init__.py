"""SMCDEL in Python: the formula language, its text syntax, embedded model checkers
and the bridge to the official ``smcdel`` binary.

This is the lower layer of the toolkit; it never imports :mod:`pyfront`.
"""

__version__ = "0.1.0"

# formulas print as the reference prints them (``str(form)``): the printer installs itself
from .syntax import printer as _printer  # noqa: E402,F401
