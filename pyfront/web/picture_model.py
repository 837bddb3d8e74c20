"""What a Kripke picture shows (worlds, edges, the actual world), apart from how it is
drawn: :mod:`.pictures` draws it with graphviz, :mod:`.layout` without."""

from __future__ import annotations

from smcdel_bridge.values import value

#: pictures with more worlds, or more edges, are replaced by a message
MAX_WORLDS = 64
MAX_EDGES = 1500

DASHES = {"solid": "", "dashed": "6,4", "dotted": "2,3", "bold": ""}


@value(frozen=True)
class Picture:
    title: str
    #: (name, label) of each world; the label's lines are separated by newlines
    worlds: tuple[tuple[str, str], ...]
    #: agent names, in the order of their colours
    agents: tuple[str, ...]
    #: (agent position, world, world): an edge between two worlds
    edges: tuple[tuple[int, str, str], ...]
    #: arrows (beliefs) rather than undirected edges (indistinguishability)
    directed: bool = False
    #: the actual worlds (a story may have several)
    actual: tuple[str, ...] = ()
    #: (name, label) of worlds removed by earlier steps: drawn greyed, so that the worlds
    #: that remain keep their places from step to step
    removed: tuple[tuple[str, str], ...] = ()
    #: the edges of the first step, in order: ``dot`` lays every step out with all of them
    #: (those gone invisible), so the worlds keep their places
    layout_edges: tuple[tuple[int, str, str], ...] = ()
    #: every world's name (remaining or removed), in the order of the first step
    order: tuple[str, ...] = ()

    def too_large(self) -> str | None:
        """Why the picture is not drawn, or None."""
        if len(self.worlds) > MAX_WORLDS:
            return (f"{len(self.worlds)} worlds: too many to draw (the limit is {MAX_WORLDS}); "
                    "the text describes this step")
        if len(self.edges) > MAX_EDGES:
            return (f"{len(self.edges)} edges: too many to draw (the limit is {MAX_EDGES}); "
                    "the text describes this step")
        return None
