"""Planning domains in the mA* action language (the language of the epistemic planners
deep and EFP): :mod:`.syntax` parses, :mod:`.dsl` reads a file, :mod:`.compile` builds the belief-engine planning
domain, :mod:`.run` answers ``mindgames plan --format mastar``.

Usage::

    from pyfront.mastar.dsl import read_file
"""
