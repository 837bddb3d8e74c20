"""``mindgames audit``: can a dataset be solved without reading it?

Baselines that never look at what an item is about (the premise-blind, position, majority
and length baselines, :mod:`.baselines`) are trained and scored by cross-fitting (k folds
of whole premises, each scored by baselines trained on the others) and set against
chance; a cross-fitted n-gram linear model (:mod:`.shortcut`) gives every row a
``shortcut_pred``, ``shortcut_confidence`` and ``difficulty`` like the published MindGames
columns; :mod:`.report` writes the table, ``audit.json`` and a plot.
"""
