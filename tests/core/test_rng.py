"""The seeded generator: ``below`` and ``shuffle`` inline SplitMix64 for speed and must
draw exactly what the plain ``next64`` stream gives (positions store only the state)."""

from __future__ import annotations

from tabletop.core.rng import Rng


def _reference_below(r: Rng, n: int) -> int:
    return (r.next64() * n) >> 64


def test_below_matches_next64_stream() -> None:
    a, b = Rng(12345), Rng(12345)
    for n in [1, 2, 6, 7, 100, 2**40 + 3] * 50:
        assert a.below(n) == _reference_below(b, n)
    assert a.state == b.state


def test_shuffle_is_fisher_yates_on_the_stream() -> None:
    for seed in range(20):
        a, b = Rng(seed), Rng(seed)
        items = list(range(seed * 7 + 1))
        expected = list(items)
        for i in range(len(expected) - 1, 0, -1):
            j = _reference_below(b, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        a.shuffle(items)
        assert items == expected
        assert a.state == b.state


def test_known_first_values() -> None:
    """SplitMix64 from seed 0 (the published first output of the algorithm)."""
    assert Rng(0).next64() == 0xE220A8397B1DCDAF
