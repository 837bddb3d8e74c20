"""Pictures of stories: the model after each event and each event model, as Graphviz DOT.

Belief is not symmetric, so it is drawn with directed arrows, one colour and line style
per agent (the same as in the problem pictures): an arrow from ``w`` to ``v`` says that at
``w`` the agent believes ``v`` possible, a loop that it believes its own world possible.
What the agent *knows* (its information cell) is not drawn, to keep the arrows readable: the
cells are in the node tooltips and in the text.  The
actual worlds are filled with a double border.  An event model is drawn the same way:
events with their pre- and postconditions, each agent's arrows to the events it believes
happen, dotted lines without heads (in the agent's colour) joining the events it cannot
tell apart, the actual event filled.
"""

from __future__ import annotations

from pathlib import Path

from .graph import MAX_PICTURE_STATES, GraphFiles, agent_style, dot_tool, render_dot, slug
from .story import EventPicture, StoryStep, StoryExplanation


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


_HEAD = [
    "  labelloc=t; fontname=\"Helvetica\"; fontsize=14;",
    "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\", fontsize=11];",
    "  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.7];",
]
_ACTUAL = ['style="rounded,filled,bold"', 'fillcolor="#FFE08A"', "peripheries=2"]


def _legend(agents, title: str) -> list[str]:
    out = [
        "  subgraph cluster_legend {",
        f"    label={_quote(title)}; fontsize=10; style=\"rounded,dashed\"; color=\"#999999\";",
        "    node [shape=point, width=0.05, label=\"\"];",
    ]
    for position, agent in enumerate(agents):
        colour, style = agent_style(position)
        left, right = _quote(f"legend_{position}_a"), _quote(f"legend_{position}_b")
        out.append(f"    {{ rank=same; {left}; {right}; }}")
        out.append(f"    {left} -> {right} [color={_quote(colour)}, style={style}, "
                   f"label={_quote(agent)}, fontcolor={_quote(colour)}, minlen=2];")
    out.append("  }")
    return out


def step_dot(story: StoryExplanation, step: StoryStep) -> str:
    """The model after ``step.number`` events: worlds, belief arrows, actual worlds marked."""
    title = f"{story.name}: " + ("the start" if step.number == 0 else f"after event {step.number}: {step.english}")
    lines = [f"digraph {_quote(f'{story.name} step {step.number}')} {{", f"  label={_quote(title)};", *_HEAD]
    knowledge = {a: {w: cell for cell in cells for w in cell} for a, cells in step.knowledge}
    short = step.short
    for w in step.worlds:
        tip = "; ".join(f"{a} cannot rule out {', '.join(short[v] for v in knowledge[a][w.name])}"
                        for a in story.agents)
        attrs = [f"label={_quote(w.short + chr(10) + w.label)}", f"tooltip={_quote(w.name + ': ' + tip)}"]
        if w.actual:
            attrs += _ACTUAL
        lines.append(f"  {_quote(w.name)} [{', '.join(attrs)}];")
    for position, (agent, rows) in enumerate(step.belief):
        colour, style = agent_style(position)
        for w, targets in rows:
            for v in targets:
                lines.append(f"  {_quote(w)} -> {_quote(v)} [color={_quote(colour)}, style={style}, "
                             f"tooltip={_quote(agent + ' believes possible')}];")
    lines.extend(_legend(story.agents, "believes possible"))
    lines.append("}")
    return "\n".join(lines) + "\n"


def event_dot(story: StoryExplanation, number: int, event: EventPicture) -> str:
    """Event model ``number``: events with pre/post, each agent's arrows, actual events marked."""
    lines = [f"digraph {_quote(f'{story.name} event {number}')} {{",
             f"  label={_quote(f'event {number}: {event.label}')};", *_HEAD]
    for e in event.events:
        text = f"{e.name}\npre: {e.pre}" + "".join(f"\n{p}" for p in e.post)
        attrs = [f"label={_quote(text)}"]
        if e.actual:
            attrs += _ACTUAL
        lines.append(f"  {_quote('e:' + e.name)} [{', '.join(attrs)}];")
    for position, (agent, rows) in enumerate(event.arrows):
        colour, style = agent_style(position)
        for e, targets in rows:
            for f in targets:
                lines.append(f"  {_quote('e:' + e)} -> {_quote('e:' + f)} [color={_quote(colour)}, "
                             f"style={style}, tooltip={_quote(agent + ' believes this happens')}];")
    for position, (agent, cells) in enumerate(event.cells):
        colour, _ = agent_style(position)
        for cell in cells:  # what the agent cannot tell apart: its hard information
            for e, f in zip(cell, cell[1:]):
                lines.append(f"  {_quote('e:' + e)} -> {_quote('e:' + f)} [color={_quote(colour)}, "
                             f"style=dotted, dir=none, constraint=false, "
                             f"tooltip={_quote(agent + ' cannot tell these apart')}];")
    lines.extend(_legend(story.agents,
                         "believes this happens (dotted: cannot tell apart)"))
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_story_graphs(story: StoryExplanation, directory: Path, fmt: str = "svg",
                       render: bool = True) -> GraphFiles:
    """One DOT file per step (``NAME-step{k}.dot``) and per event model
    (``NAME-event{k}.dot``), rendered to ``fmt`` when Graphviz's ``dot`` is available."""
    directory.mkdir(parents=True, exist_ok=True)
    base = slug(story.name)
    dots, skipped = [], []
    for step in story.steps:
        if step.size is not None or len(step.worlds) > MAX_PICTURE_STATES:
            skipped.append(str(step.number))
        else:
            path = directory / f"{base}-step{step.number}.dot"
            path.write_text(step_dot(story, step), encoding="utf-8")
            dots.append(path)
        if step.event is not None:
            path = directory / f"{base}-event{step.number}.dot"
            path.write_text(event_dot(story, step.number, step.event), encoding="utf-8")
            dots.append(path)
    notes = []
    if skipped:
        notes.append(f"{story.name}: step(s) {', '.join(skipped)} not drawn: more than "
                     f"{MAX_PICTURE_STATES} worlds, or kept as BDDs")
    if not render or not dots:
        return GraphFiles(tuple(dots), (), "; ".join(notes) or None)
    tool = dot_tool()
    if tool is None:
        notes.append("Graphviz's `dot` was not found, so only DOT files were written; install "
                     "Graphviz (Debian/Ubuntu: apt-get install graphviz)")
        return GraphFiles(tuple(dots), (), "; ".join(notes))
    rendered = tuple(render_dot(p, fmt, tool) for p in dots)
    return GraphFiles(tuple(dots), rendered, "; ".join(notes) or None)
