"""The model's answers to the questions about a translated ToMi story, sentence by
sentence, and the explanation of an answer that differs from ToMi's."""

from __future__ import annotations

from smcdel_bridge.values import field, value

from ..story.compile import CompiledStory, answer_engine, answer_where, compile_story
from .explain import explain
from .sentences import ParsedQuestion
from .translate import variable_name


@value
class Answers:
    tr: object  # certify.Translated
    compiled: CompiledStory
    _cache: dict = field(default_factory=dict)

    @classmethod
    def cached(cls, tr, cache: dict | None, minds: tuple[str, ...] | None = None,
               engine: str = "auto") -> "Answers":
        """The answers about ``tr``'s story from a model of ``minds`` (None: every agent),
        kept in the run's ``cache`` beside the translations (not on ``tr``: a translation
        and its answers pointing at each other would live on, with their decision
        diagrams, until a garbage collection or the interpreter's exit)."""
        key = (id(tr), minds)
        found = cache.get(key) if cache is not None else None
        if found is None:
            found = cls(tr, compile_story(tr.story, answer_engine(tr.story, engine), minds=minds))
            if cache is not None:
                cache[key] = found
        return found

    def at(self, path: tuple[str, ...], obj: str, step: int) -> list[str]:
        """What the nested belief of ``path`` allows for the object after ``step`` events."""
        key = (path, obj, step)
        if key not in self._cache:
            self._cache[key] = answer_where(self.tr.story, path, variable_name(obj), step,
                                            self.compiled)
        return self._cache[key]

    def ask(self, q: ParsedQuestion) -> list[str]:
        if q.kind == "memory":
            return self.at((), q.obj, 0)
        return self.at(q.agents, q.obj, self.tr.n_events)

    def story_type(self, obj: str) -> str:
        """Without a trace: ``false_belief`` when some agent believes the object is where
        it is not, else ``second_order_false_belief`` when some agent is wrong about where
        another believes it is, else ``true_belief`` (agents without a belief about the
        object do not count)."""
        end = self.tr.n_events
        real = self.at((), obj, end)
        agents = self.tr.scene.agents
        first = {a: self.at((a,), obj, end) for a in agents}
        if any(len(v) == 1 and v != real for v in first.values()):
            return "false_belief"
        for a in agents:
            for b in agents:
                second = self.at((a, b), obj, end) if a != b else []
                if len(second) == 1 and len(first[b]) == 1 and second != first[b]:
                    return "second_order_false_belief"
        return "true_belief"

    def explain(self, q: ParsedQuestion, expected: str, answer: list[str]) -> tuple[str, str]:
        """The explanation of a disagreement and its kind."""
        tr = self.tr
        if q.kind == "memory":
            trail = [self.at((), q.obj, 0) for _ in tr.boundaries]
        else:
            trail = [self.at(q.agents, q.obj, b) for b in tr.boundaries]
        chains: dict[tuple[str, ...], list[str]] = {(): self.at((), q.obj, tr.n_events)}
        for i in range(1, len(q.agents) + 1):
            for sub in (q.agents[:i], q.agents[i - 1:i]):
                chains.setdefault(tuple(sub), self.at(tuple(sub), q.obj, tr.n_events))
        texts = [(s.line, s.number, s.text) for s in tr.sentences]
        return explain(q, expected, answer, trail, tr.steps, texts, chains, tr.whereabouts)
