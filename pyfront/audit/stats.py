"""Chi-square goodness of fit (is the right answer's position uniform?), on the standard
library: the upper tail of the chi-square distribution is the regularized upper incomplete
gamma function Q(df/2, x/2), computed by its series or continued fraction."""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable


def _gamma_q(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a) (Numerical Recipes' gser / gcf)."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:  # series for P, then Q = 1 - P
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300  # Lentz's continued fraction for Q
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X ~ chi-square with ``df`` degrees of freedom."""
    return _gamma_q(df / 2, x / 2)


def uniformity(positions: Iterable[int], k: int) -> dict:
    """Counts of the right answer's position among ``k`` options, the chi-square statistic
    against the uniform distribution and its p-value."""
    counts = Counter(positions)
    n = sum(counts.values())
    observed = [counts.get(i, 0) for i in range(k)]
    if n == 0 or k < 2:
        return {"options": k, "n": n, "counts": observed, "chi2": 0.0, "p": 1.0}
    expected = n / k
    chi2 = sum((o - expected) ** 2 / expected for o in observed)
    return {"options": k, "n": n, "counts": observed, "chi2": round(chi2, 4),
            "p": round(chi2_sf(chi2, k - 1), 6)}
