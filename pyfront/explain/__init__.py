"""Teaching DEL: step-by-step explanations of problems, with counterexamples and pictures.

``explain_problem(problem)`` reads the native engine's states and relations at each step
and returns the explanation as data (:mod:`.model`); :mod:`.render_text` lays it out as
text, Markdown or rich terminal output, and :mod:`.graph` draws each step's Kripke model
with Graphviz.
"""

from .build import explain_problem

__all__ = ["explain_problem"]
