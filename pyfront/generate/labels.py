"""Labels of drawn problems: is the premise contradictory, and which hypotheses are valid?

The question for each hypothesis is SMCDEL's ``VALID? [!a1]…[!an] h``.  With the explicit
engine (the default for MindGames sizes) the structure is restricted once by the
announcements and every hypothesis is then evaluated on the restricted structure — the
same answer (``[!a]h`` is valid exactly when ``h`` holds at every state where ``a`` held),
without re-evaluating the announcements for each hypothesis.  Other engines get the whole
formulas through the :class:`~smcdel_bridge.backend.Backend` interface.  ``mindgames
check`` later re-derives every label from the written SMCDEL text, by the other route.
"""

from __future__ import annotations

from typing import Sequence

from smcdel_bridge.language import BOT, TOP, Form, PubAnnounce
from smcdel_bridge.program import CheckInput, Structure, ValidQ

from pyfront.problem.model import agent_id
from .sampling import PremiseDraft, Recipe, to_form


def structure(p: PremiseDraft) -> Structure:
    """The premise's knowledge structure; agents who observe nothing observe the empty set."""
    return Structure(
        vocab=tuple(range(1, p.n_agents + 1)),
        law=TOP,
        obs=tuple((agent_id(i), row) for i, row in enumerate(p.observations)),
    )


class Labeller:
    """Answers for drawn problems, on the native backend with the chosen engine.

    :meth:`after` settles the premise (None when it is contradictory), :meth:`labels`
    answers hypotheses about a premise :meth:`after` accepted.  Both raise
    :class:`~smcdel_bridge.errors.SmcdelError` when the engine cannot answer."""

    def __init__(self, engine: str = "auto"):
        from smcdel_bridge.backend import get_backend
        from smcdel_bridge.native import AUTO_EXPLICIT_ATOMS

        self.engine = engine
        self.backend = get_backend("native", engine=engine)
        self.explicit_limit = AUTO_EXPLICIT_ATOMS if engine != "symbolic" else -1
        #: questions answered so far (one per premise, one per hypothesis)
        self.jobs = 0

    def after(self, p: PremiseDraft):
        """The premise's state after its announcements, or None when no state survives."""
        st = structure(p)
        anns = p.announcement_forms()
        self.jobs += 1
        if len(st.vocab) <= self.explicit_limit:
            from smcdel_bridge.native.truth_tables import truth_table
            from smcdel_bridge.native.explicit import compile_structure, is_valid

            bs = compile_structure(st)
            for a in anns:
                bs = bs.restrict(truth_table(bs, a))
            return None if is_valid(bs, BOT) else bs
        [answer] = self.backend.run(CheckInput(st, (ValidQ(_after(anns, BOT)),)))
        return None if answer.value else (st, anns)  # type: ignore[union-attr]

    def labels(self, state, hypotheses: Sequence[Recipe]) -> tuple[bool, ...]:
        """Whether each hypothesis is valid after the announcements."""
        self.jobs += len(hypotheses)
        if isinstance(state, tuple):
            st, anns = state
            jobs = tuple(ValidQ(_after(anns, to_form(h))) for h in hypotheses)
            return tuple(bool(a.value) for a in self.backend.run(CheckInput(st, jobs)))  # type: ignore[union-attr]
        from smcdel_bridge.native.explicit import is_valid

        return tuple(is_valid(state, to_form(h)) for h in hypotheses)


def _after(anns: Sequence[Form], f: Form) -> Form:
    for a in reversed(anns):
        f = PubAnnounce(a, f)
    return f
