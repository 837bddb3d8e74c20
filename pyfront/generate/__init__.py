"""Dataset generation: random MindGames-style problems, checked, balanced and split.

``mindgames generate`` drives :func:`pipeline.generate`; :mod:`.sampling` draws problem
models, :mod:`.names` names their agents, :mod:`.split` keeps premises out of two splits,
:mod:`.balance` pairs hypotheses of one shape (``--balance hypothesis``),
:mod:`.card` writes the dataset card, :mod:`.stats` compares distributions with the
published data and :mod:`.calibration` holds the draw weights and rates fitted to it.
"""
