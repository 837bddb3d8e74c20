"""Reading a story's planning lines: ``goal F``, ``keep F``, ``may <event sentence>`` and
``plan [NAME:] within N steps [expect none | length K | plan E; E …]`` (a mixin of
:class:`pyfront.story.dsl.StoryBuilder`: names, formulas and events are resolved by the
builder).  What it reads becomes ``Story.planning``
(:class:`pyfront.story.planning.StoryPlanning`)."""

from __future__ import annotations

from .planning import StoryPlanItem, StoryPlanning

#: the statements of a story's planning part
PLANNING_STATEMENTS = {"s_goal", "s_keep", "s_may", "s_plan"}


class PlanningReader:
    """Collects planning statements while the story is built, then makes the part."""

    def planning_statement(self, st, parts: dict, events: int, taken: set) -> None:
        """Read one planning statement ``st`` written after ``events`` events; ``taken``:
        the names of hypotheses, questions and plans so far."""
        kind = st.data
        parts.setdefault("first", st)
        if kind == "s_goal":
            if "goal" in parts:
                raise self.error("a story has at most one 'goal'", st)
            parts["goal"] = (self.formula(st.children[0]), st)
        elif kind == "s_keep":
            parts.setdefault("keep", []).append(self.formula(st.children[0]))
        elif kind == "s_may":
            parts.setdefault("actions", []).append(self.plan_event(st.children[0]))
        else:
            label, steps, expect = st.children
            index = len(parts.get("plans", [])) + 1
            name = self.text(label) if label is not None else f"plan{index}"
            if name in taken:
                raise self.error(f"{name!r} is defined twice", label if label is not None else st)
            taken.add(name)
            fields: dict = {}
            if expect is not None:
                if expect.data == "expect_none":
                    fields["expect"] = "none"
                elif expect.data == "expect_length":
                    fields.update(expect="length", expect_length=int(str(expect.children[0])))
                else:
                    fields.update(expect="plan", expect_plan=[
                        self.plan_event(e) for e in expect.children[0].children])
            parts.setdefault("plans", []).append(StoryPlanItem(
                name=name, max_steps=int(str(steps)), step=events, line=st.meta.line,
                **fields))

    def plan_event(self, node):
        """One event sentence of a plan or a ``may`` line."""
        if node.data == "event_model":
            return self.event_model(node)
        if node.data in ("enter", "leave"):
            raise self.error("comings and goings change who sees later steps: a plan's "
                             "events keep everyone where they are", node)
        return self.event(node, 0)

    def planning_part(self, parts: dict) -> StoryPlanning | None:
        """The story's planning part (None without ``goal`` and plan items)."""
        if "goal" not in parts:
            for kind, what in (("plans", "plan"), ("keep", "keep"), ("actions", "may")):
                if parts.get(kind):
                    raise self.error(f"'{what}' needs a 'goal' in the story", parts["first"])
            return None
        goal, _ = parts["goal"]
        return StoryPlanning(goal=goal, keep=parts.get("keep", []),
                             actions=parts.get("actions", []), plans=parts.get("plans", []))
