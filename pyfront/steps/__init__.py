"""Certified reasoning steps: belief traces of a story (:mod:`.trace`) and the grading of a
model's step-by-step answers against them (:mod:`.grade`)."""
