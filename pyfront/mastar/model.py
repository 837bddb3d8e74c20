"""An mA* planning problem as read: vocabulary, actions, the initial state's description
and the goal, with fluents numbered from 0 in declaration order (``Prp(k)`` is fluent
``k``; agents are named by their own names in ``B``/``C`` formulas).

Usage::

    from smcdel_bridge.language import Prp
    from pyfront.mastar.model import MastarProblem
    MastarProblem(path="x.txt", fluents=("f",), agents=("a",), actions=(),
                  pointed=Prp(0), goal=(Prp(0),)).fluents      # ('f',)
"""

from __future__ import annotations

from smcdel_bridge.dynamic.mastar import Literal, MastarAction
from smcdel_bridge.language import Form
from smcdel_bridge.values import field, value


@value(frozen=True)
class MastarProblem:
    """What a file says: ``pointed`` the fluent formula of the actual world; ``fixed``
    the literals given as common belief (deep fixes them before filtering), ``laws`` the
    fluent formulas every initial world satisfies, ``knows_whether`` pairs (agent, fluent
    formula) from ``C(B(i, f) | B(i, -f))``; ``goal`` formulas, all to hold."""

    path: str
    fluents: tuple[str, ...]
    agents: tuple[str, ...]
    actions: tuple[MastarAction, ...]
    pointed: Form
    goal: tuple[Form, ...]
    fixed: tuple[Literal, ...] = field(default=())
    laws: tuple[Form, ...] = field(default=())
    knows_whether: tuple[tuple[str, Form], ...] = field(default=())
