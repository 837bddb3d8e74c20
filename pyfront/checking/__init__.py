"""``mindgames check``: one pipeline for every input kind (:mod:`.pipeline`).

A source turns the paths into items (:mod:`.sources` and :mod:`.file_source` for DSL
files, SMCDEL inputs and datasets), the runner answers each in a child process within its
limits (:mod:`.limits`; :mod:`.evaluate` for the embedded checker, the official binary or
both), every answer is a record (:mod:`.records`), :mod:`.results` writes them and
:mod:`.report` prints the summary and the disagreement report.
"""
