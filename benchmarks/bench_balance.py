"""The hypothesis-only check with and without ``--balance hypothesis``: the figures of
docs/generate.md (*Hypothesis balance*) and docs/evaluate.md.

1. For each size and seed (default: 1000 with seeds 0 and 1, 500 and 2000 with seeds 0
   and 1), ``mindgames generate`` in-process in both selection modes: rows, seconds,
   the hypothesis-only baseline's accuracy on the test split (naive Bayes over the train
   split's hypotheses, never the premise: :mod:`pyfront.evaluation.artifacts`), whether
   every hypothesis stratum is exactly 50/50, and the total variation distance of the
   hypothesis kinds and of the agents / depths / announcement counts to the published
   test split (``STATS.md`` of the shared data, when present).
2. The train rows of the 4,000-row dataset by outer verb and label, and the hypothesis-only
   classifier's heaviest features, in both modes.
3. The story NLI datasets (``--family stories``) with the same baseline.

    python benchmarks/bench_balance.py [--sizes 1000,500,2000] [--seeds 0,1] [--stories 500]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pyfront.evaluation.artifacts import hypothesis_only  # noqa: E402
from pyfront.generate import stats as S  # noqa: E402
from pyfront.generate.pipeline import GenerateConfig, generate  # noqa: E402
from pyfront.generate.split import SPLIT_NAMES  # noqa: E402


def premise_blind_view(row: dict) -> str:
    """The hypothesis with each name replaced by its rank of first appearance."""
    names = sorted(row["names"], key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    seen: dict[str, int] = {}
    return pattern.sub(lambda m: f"X{seen.setdefault(m.group(1), len(seen))}", row["hypothesis"])


def uneven_strata(splits: dict[str, list[dict]]) -> tuple[int, int]:
    """(strata (split, setup, hypothesis seen without names) not exactly 50/50, strata)."""
    counts = Counter((name, r["setup"], premise_blind_view(r), r["label"])
                     for name in SPLIT_NAMES for r in splits[name])
    strata = {k[:3] for k in counts}
    bad = sum(1 for k in strata if counts[k + ("entailment",)] != counts[k + ("not_entailment",)])
    return bad, len(strata)


def heaviest_features(train: list[dict], top: int = 12) -> list[tuple[str, float, int, int]]:
    """(feature, log-odds, occurrences in entailed / not entailed rows) of the hypothesis-only naive
    Bayes trained on ``train``, heaviest (count times |log-odds|) first."""
    import math

    from pyfront.evaluation.bag_of_words import NaiveBayes

    nb = NaiveBayes().fit((r["hypothesis"], r["label"] == "entailment") for r in train)
    vocab = set(nb.counts[True]) | set(nb.counts[False])
    tot = {c: sum(nb.counts[c].values()) + len(vocab) for c in (True, False)}

    def lo(f: str) -> float:
        return (math.log((nb.counts[True][f] + 1) / tot[True])
                - math.log((nb.counts[False][f] + 1) / tot[False]))

    ranked = sorted(vocab, key=lambda f: (-(nb.counts[True][f] + nb.counts[False][f]) * abs(lo(f)), f))
    return [(f, lo(f), nb.counts[True][f], nb.counts[False][f]) for f in ranked[:top]]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,500,2000")
    ap.add_argument("--seeds", default="0,1")
    ap.add_argument("--stories", type=int, default=500, help="stories per run (0: skip)")
    ap.add_argument("--stats", type=Path,
                    default=Path(os.environ.get("MINDGAMES_SHARED", REPO.parent / "shared")) / "mindgames" / "STATS.md")
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    seeds = [int(x) for x in args.seeds.split(",")]
    published = S.read_stats_markdown(args.stats) if args.stats.exists() else None
    tables = ("hypotheses", "n_agents", "hypothesis_depth", "n_announcements")

    print("## hypothesis-only accuracy on the test split (naive Bayes, hypothesis alone)")
    print()
    head = "| --balance | --size | --seed | rows | seconds | hypothesis-only | uneven strata |"
    if published:
        head += " " + " | ".join(f"TV {t}" for t in tables) + " |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    verbs: dict[str, Counter] = {}
    weights: dict[str, list] = {}
    for size in sizes:
        for seed in seeds:
            for mode in ("none", "hypothesis"):
                t0 = time.perf_counter()
                result = generate(GenerateConfig(size=size, seed=seed, balance=mode))
                seconds = time.perf_counter() - t0
                check = hypothesis_only(result.splits["train"], result.splits["test"])
                bad, strata = uneven_strata(result.splits)
                line = (f"| {mode} | {size} | {seed} | {len(result.rows)} | {seconds:.1f} | "
                        f"{100 * check.accuracy:.1f} % (n={check.n}) | {bad} of {strata} |")
                if published:
                    ours = S.distribution(result.rows)
                    line += " " + " | ".join(
                        f"{S.total_variation(ours.get(t, Counter()), published[t]):.3f}" for t in tables
                    ) + " |"
                print(line, flush=True)
                if size == sizes[0] and seed == seeds[0]:
                    weights[mode] = heaviest_features(result.splits["train"])
                    verbs[mode] = Counter(
                        ("whether" if re.match(r"\S+ can now know whether", r["hypothesis"]) else "that",
                         r["label"]) for r in result.splits["train"])

    print()
    print(f"## train rows by outer verb (--size {sizes[0]} --seed {seeds[0]})")
    print()
    print("| --balance | outer verb | entailment | not_entailment |")
    print("|---|---|---:|---:|")
    for mode, table in verbs.items():
        for verb in ("whether", "that"):
            print(f"| {mode} | can now know {verb} | {table[verb, 'entailment']} | "
                  f"{table[verb, 'not_entailment']} |")

    print()
    print(f"## the classifier's heaviest features (--size {sizes[0]} --seed {seeds[0]}): "
          "log-odds entailment vs not (occurrences in entailed / not entailed train hypotheses)")
    for mode, feats in weights.items():
        print()
        print(f"--balance {mode}: " + ", ".join(
            f"{f!r} {lo:+.1f} ({yes}/{no})" for f, lo, yes, no in feats))

    if args.stories:
        from pyfront.generate.stories.pipeline import StoriesConfig, generate as generate_stories

        print()
        print(f"## story NLI datasets (--family stories --size {args.stories})")
        print()
        print("| --seed | NLI rows | seconds | hypothesis-only |")
        print("|---:|---:|---:|---|")
        for seed in seeds:
            t0 = time.perf_counter()
            result = generate_stories(StoriesConfig(size=args.stories, seed=seed))
            seconds = time.perf_counter() - t0
            check = hypothesis_only(result.nli["train"], result.nli["test"])
            rows = sum(len(v) for v in result.nli.values())
            print(f"| {seed} | {rows} | {seconds:.1f} | {100 * check.accuracy:.1f} % (n={check.n}) |",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
