"""``mindgames serve``: a local web page for learning DEL.

Write a problem or a story (or start from an example), read it in English, step through
its models with a Kripke picture of each, and see why each hypothesis holds or fails.
:mod:`.app` is the Flask application; :mod:`.compute` turns DSL text into the page's data
(:mod:`.problem_page` for problems, :mod:`.story_page` for stories, worded by
:mod:`.fragments`), in a worker process run by :mod:`.runner` under time and memory
limits; :mod:`.pictures` draws the models (with Graphviz, or with :mod:`.layout` when
``dot`` is absent) and :mod:`.examples` serves the shipped example files and nothing else.
"""
