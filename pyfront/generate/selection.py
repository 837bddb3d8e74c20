"""Stage 3 of generation (main process): take (entailed, not entailed) pairs from
checked chunks, in chunk order, until every setup has its quota."""

from __future__ import annotations

from smcdel_bridge.values import field, value

from .balance import same_shape_pairs
from .check_stage import CheckResult
from .sampling import PremiseDraft, Recipe

#: a setup whose last this-many chunks gave no new pair is exhausted
PATIENCE = 25


@value
class PremiseGroup:
    """The selected rows of one premise: (hypothesis, depth, label) in selection order."""

    setup: str
    ordinal: int
    premise: PremiseDraft
    rows: list[tuple[Recipe, int, bool]] = field(default_factory=list)


@value
class SetupProgress:
    setup: str
    quota_pairs: int
    groups: dict[PremiseDraft, PremiseGroup] = field(default_factory=dict)
    taken: set[tuple[PremiseDraft, Recipe]] = field(default_factory=set)
    pairs: int = 0
    chunks: int = 0
    draws: int = 0
    contradictory: int = 0
    one_sided: int = 0
    thinned: int = 0
    repeated: int = 0
    capped: int = 0
    failed: int = 0
    #: premises given other names because their English was another premise's
    renamed: int = 0
    #: premises dropped because no names made their English differ from another's
    same_text: int = 0
    #: the first engine error met, if any
    first_error: str | None = None
    idle_chunks: int = 0
    exhausted: bool = False

    @property
    def done(self) -> bool:
        return self.pairs >= self.quota_pairs or self.exhausted

    def consume(self, result: CheckResult, pairs_per_premise: int | None,
                balance: str = "none") -> int:
        """Take pairs from one checked chunk; returns the number of new pairs."""
        before = self.pairs
        self.chunks += 1
        for c in result.checked:
            if self.pairs >= self.quota_pairs:
                break
            self.draws += 1
            if c.labels is None:
                self.failed += 1
                self.first_error = self.first_error or c.error
                continue
            if c.contradictory:
                self.contradictory += 1
                continue
            if c.want == 0:
                self.thinned += 1
                continue
            key = c.draw.premise
            group = self.groups.get(key)
            want = min(c.want, self.quota_pairs - self.pairs)
            if pairs_per_premise is not None:
                want = min(want, pairs_per_premise - (len(group.rows) // 2 if group else 0))
                if want <= 0:
                    self.capped += 1
                    continue
            yes: list[Recipe] = []
            no: list[Recipe] = []
            for h, label in zip(c.draw.hypotheses, c.labels):
                if (key, h) not in self.taken:
                    (yes if label else no).append(h)
            if balance == "hypothesis":
                pairs = same_shape_pairs(yes, no, want)
            else:
                pairs = list(zip(yes, no))[:want]
            k = len(pairs)
            if k == 0:
                self.one_sided += 1
                continue
            if group is None:
                group = self.groups[key] = PremiseGroup(self.setup, len(self.groups), key)
            else:
                self.repeated += 1
            for y, n in pairs:
                group.rows += [(y, c.draw.depth, True), (n, c.draw.depth, False)]
                self.taken.update({(key, y), (key, n)})
            self.pairs += k
        gained = self.pairs - before
        self.idle_chunks = 0 if gained else self.idle_chunks + 1
        if self.idle_chunks >= PATIENCE and self.pairs < self.quota_pairs:
            self.exhausted = True
        return gained
