"""``mindgames check``: check items from DSL files, SMCDEL inputs and datasets.

:mod:`.sources` turns paths into a stream of check items, :mod:`.evaluate` answers them
with the embedded checker, the official binary or both, :mod:`.report` prints the summary
and the disagreement report.
"""
