"""``mindgames serve``: a local web page for learning DEL.

Write a problem or a story, paste an SMCDEL program, or start from an example; read it in
English, step through its models with a picture of each, see why each hypothesis holds or
fails, play the next move, look through one agent's eyes, ask the model a formula, and
test yourself.  :mod:`.app` is the Flask application; :mod:`.tasks` is what a worker does
for a request, run by :mod:`.runner` under time and memory limits: :mod:`.compute` turns
DSL text into the page's data (:mod:`.problem_page` for problems, :mod:`.puzzle_page` for
number puzzles, :mod:`.story_page` for stories, :mod:`.smcdel_page` for SMCDEL programs,
worded by :mod:`.fragments`), :mod:`.ask` answers a formula at a step and :mod:`.moves`
lists what can be played next, both by editing the text (:mod:`.source_lines`).  Problems
and puzzles are drawn by their classes (``pyfront.explain.class_picture``), stories by
:mod:`.pictures` (with Graphviz, or with :mod:`.layout` when ``dot`` is absent), and
:mod:`.examples` serves the shipped example files and nothing else.
"""
