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


def _plain_module():
    """rng.py run as plain Python, whatever the compiled build (core/rng.pxd types it) does."""
    import importlib.util

    from tabletop import fast

    spec = importlib.util.spec_from_file_location("plain_rng", fast.PACKAGE / "core" / "rng.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_compiled_generator_draws_what_the_plain_source_draws() -> None:
    import random

    from tabletop.core import rng as used

    plain = _plain_module()
    pick = random.Random(3)
    sizes = [1, 2, 6, 17, 100, 2**31, 2**32 - 1, 2**32, 2**40 + 3, 10**30]
    for _ in range(200):
        seed = pick.getrandbits(64)
        a, b = used.Rng(seed), plain.Rng(seed)
        for _ in range(100):  # each draw is the reference multiply-shift of the stream
            n = pick.choice(sizes)
            ref = (plain.Rng(a.state).next64() * n) >> 64
            assert a.below(n) == b.below(n) == ref, (seed, n)
        xs, ys = list(range(70)), list(range(70))
        a.shuffle(xs)
        b.shuffle(ys)
        assert xs == ys and a.state == b.state and a.next64() == b.next64()
    for seed in (0, 5, -1, -(2**70), 2**64 + 7, 2**70):  # any Python int, masked to 64 bits
        assert used.Rng(seed).state == plain.Rng(seed).state == seed % 2**64
        assert used.derive_seed(seed, 1, 2) == plain.derive_seed(seed, 1, 2)
