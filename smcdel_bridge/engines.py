"""The engine names every level of the checker shares, and the one rule ``auto`` follows.

Two engines answer every question: ``explicit`` lists the worlds (fast while they are few,
and it can draw and explain them), ``symbolic`` stores the model as BDDs (SMCDEL's way: its
cost grows with the formulas, not with the number of worlds).  ``auto`` takes the explicit
engine while what it would list stays small and the symbolic one beyond; "small" is
measured where each level knows its size before it starts:

=====================  =============================================  ==================
level                  the explicit engine while                       constant
=====================  =============================================  ==================
S5 structures          the vocabulary has at most 16 atoms             AUTO_EXPLICIT_ATOMS
event models           the product has at most 4,096 worlds            AUTO_PRODUCT_WORLDS
stories                the start has at most 16 worlds and the story   AUTO_STORY_WORLDS,
                       at most 8 events                                AUTO_STORY_EVENTS
explaining a story     the start has at most 64 worlds and the story   AUTO_EXPLAIN_WORLDS,
                       at most 40 events                               AUTO_EXPLAIN_EVENTS
=====================  =============================================  ==================

A story's worlds multiply with every event an absent agent may have missed, so its bound
counts events too; a structure's 16 atoms are 65,536 valuations, which the explicit engine
enumerates in well under a second.  ``explain`` (and the web page) lists a story's worlds,
draws them and gives reasons world by world on the explicit engine, which is worth a slower
answer: its bound is higher, and past it each step says how many worlds there are instead.
"""

from __future__ import annotations

#: the names a user may choose (``--engine``), ``auto`` first
ENGINE_NAMES = ("auto", "explicit", "symbolic")
#: the engines ``auto`` chooses between
CONCRETE_ENGINES = ENGINE_NAMES[1:]

AUTO_EXPLICIT_ATOMS = 16
AUTO_PRODUCT_WORLDS = 4096
AUTO_STORY_WORLDS = 16
AUTO_STORY_EVENTS = 8
AUTO_EXPLAIN_WORLDS = 64
AUTO_EXPLAIN_EVENTS = 40

#: work small enough to be done in the calling process under a timer signal rather than
#: in a child process (``pyfront.checking.light``, ``mindgames smcdel``): an SMCDEL text
#: of at most this many characters ...
LIGHT_TEXT = 512
#: ... about at most this many atoms, on the explicit engine (2^12 valuations)
LIGHT_ATOMS = 12


def unknown_engine(name: str) -> str:
    """The one wording of a bad engine name."""
    return f"unknown engine {name!r}; choose one of {', '.join(ENGINE_NAMES)}"
