"""Imported by the fork server of :mod:`.runner`: every worker is forked with the DSL
parser built, the templates compiled and the engines imported, so a check starts at once.
(A warm-up that fails only costs the workers that time: each check reports its own errors.)
"""

from .compute import explain_source

try:
    explain_source("problem warm\n  agents A, B\n  setup forehead\n  announce someone\n"
                   "  hypothesis h: A knows whether muddy(B)\n", use_dot=False)
except Exception:  # noqa: BLE001
    pass
