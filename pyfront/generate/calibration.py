"""The generator's calibrated defaults: draw weights and rates at the paper's settings.

Drawn and selected distributions differ — contradictory premises are dropped, labels are
balanced, premises with more distinct hypotheses give more rows — so these constants are
the draw parameters under which the *selected* rows follow the published MindGames test
split (``STATS.md`` of the shared data).  They are fitted by iterative proportional
fitting, ``python benchmarks/bench_generate.py --calibrate 6``, which prints this block;
docs/generate.md describes the procedure and the residual differences.

Plain constants, no imports: the command line reads them for its help at start-up.
"""

#: weights of 2, 3, 4 agents
PAPER_AGENT_WEIGHTS: tuple[float, ...] = (0.3, 0.602, 1.0)
#: weights of hypothesis orders K = 1, 2 (depth 0, 1)
PAPER_ORDER_WEIGHTS: tuple[float, ...] = (1.0, 0.908)
#: weights of 0, 1, 2, 3, 4 further announcements (a problem with N agents draws among 0..N)
PAPER_ANNOUNCEMENT_WEIGHTS: tuple[float, ...] = (0.073, 0.426, 0.571, 0.54, 1.0)
#: rates drawn at (the shares that survive selection are the published ones)
PAPER_RATES: dict[str, float] = {
    "knowledge_rate": 0.795,
    "negate_knowledge": 0.731,
    "negate_other": 0.503,
    "knows_that_rate": 0.49,
    "atom_rate": 0.57,
    "announcement_atom_rate": 0.501,
}

#: pairs a draw gives per two distinct hypotheses (rounded at random): the published
#: pipeline kept every distinct hypothesis (rate 1); a lower rate spreads the rows over
#: more premises with the same expected shape of the data
PAIR_RATE: float = 0.05
