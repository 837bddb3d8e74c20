"""The human side of the toolkit: the problem DSL and models, English renderings,
dataset generation, evaluation, explanations and the ``mindgames`` command line.

Depends on :mod:`smcdel_bridge`; never the reverse.
"""

__version__ = "0.1.0"
