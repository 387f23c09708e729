"""A tiny seeded generator whose whole state is one integer.

We do not use :mod:`random` because its state is 625 words (too big for a
hand-writable position) and its algorithms may change between Python
versions; SplitMix64 is fixed, fast enough and trivially serialisable.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_LOW32 = (1 << 32) - 1

# The compiled engine types this module with ``rng.pxd`` (the state and the arithmetic as
# 64-bit C integers, which wrap where the masks here cut): hence the named constants, and
# ``below``'s multiply-shift written with 32-bit halves, which gives exactly
# ``(z * n) >> 64`` for n < 2**32 without a 128-bit product.


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFFFFFFFFFF  # any Python int (negative, wider) as it is masked

    def next64(self) -> int:
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n):  # type: ignore[no-untyped-def]  # (n: int) -> int; untyped for rng.pxd
        """A uniform integer in ``range(n)`` (multiply-shift; bias < n/2**64).

        ``next64`` is written out here (and in ``shuffle``): this is the hottest call of
        random play-outs and the numbers drawn are the same."""
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        z = z ^ (z >> 31)
        if 0 < n <= _LOW32:
            m = n
            return ((z >> 32) * m + (((z & _LOW32) * m) >> 32)) >> 32
        return (z * n) >> 64

    def shuffle(self, items: list) -> None:  # type: ignore[type-arg]
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z = z ^ (z >> 31)
            m = i + 1
            j = ((z >> 32) * m + (((z & _LOW32) * m) >> 32)) >> 32
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items):  # type: ignore[no-untyped-def]
        return items[self.below(len(items))]


def derive_seed(seed: int, *salt: int) -> int:
    """A new 64-bit seed from ``seed`` and integers (for per-game seeds)."""
    r = Rng(seed)
    for s in salt:
        r.state ^= (s * 0xD1B54A32D192ED03) & _MASK
        r.next64()
    return r.next64()
