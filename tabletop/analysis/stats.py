"""Small statistics for game results: win shares, Wilson intervals, score summaries.

Pure Python (no numpy) so that ``tabletop simulate`` can summarise without the
plotting stack installed.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% standard normal quantile."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion of ``successes`` out of ``n`` trials.

    ``successes`` may be fractional (ties count as shared wins); the interval is then
    the usual approximation with p = successes / n. For ``n == 0`` it is (0, 1).
    """
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, successes / n))
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe_diff(s1: float, n1: int, s2: float, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """Difference p1 - p2 of two independent proportions with Newcombe's hybrid
    Wilson score interval (method 10): returns (difference, low, high)."""
    if n1 <= 0 or n2 <= 0:
        return 0.0, -1.0, 1.0
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1, z)
    l2, u2 = wilson(s2, n2, z)
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def win_shares(players: int, winners: Sequence[int]) -> list[float]:
    """Each seat's share of the win: 1/k for each of k tied winners, else 0."""
    shares = [0.0] * players
    for w in winners:
        shares[w] += 1.0 / len(winners)
    return shares


@dataclass
class WinRate:
    """Win shares summed over ``n`` seat-games, with a 95% Wilson interval."""

    label: str
    wins: float
    n: int

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)


@dataclass
class ScoreStats:
    label: str
    n: int
    mean: float
    sd: float
    min: int
    max: int
    quantiles: dict[str, float]


QUANTILES = {"p5": 0.05, "p25": 0.25, "median": 0.5, "p75": 0.75, "p95": 0.95}


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile (numpy's default) of already sorted values."""
    if not sorted_values:
        return math.nan
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def score_stats(label: str, scores: Sequence[int]) -> ScoreStats:
    vals = sorted(scores)
    if not vals:
        return ScoreStats(label, 0, math.nan, math.nan, 0, 0, {k: math.nan for k in QUANTILES})
    sd = statistics.stdev(vals) if len(vals) > 1 else 0.0
    return ScoreStats(label, len(vals), statistics.fmean(vals), sd, vals[0], vals[-1],
                      {k: quantile(vals, q) for k, q in QUANTILES.items()})


def histogram(values: Sequence[int], bins: int = 20) -> tuple[list[int], list[int]]:
    """Integer-aligned histogram: (bin edges, counts); at most ``bins`` bins of equal integer width."""
    if not values:
        return [0, 1], [0]
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    nbins = (hi - lo) // width + 1
    counts = [0] * nbins
    for v in values:
        counts[(v - lo) // width] += 1
    return [lo + i * width for i in range(nbins + 1)], counts


SPARK = "▁▂▃▄▅▆▇█"


def sparkline(counts: Sequence[int]) -> str:
    top = max(counts) if counts else 0
    if top == 0:
        return ""
    return "".join(" " if c == 0 else SPARK[min(len(SPARK) - 1, (c * len(SPARK) - 1) // top)] for c in counts)
