"""The game's own random generator: SplitMix64.

Chosen over ``random.Random`` because its whole state is one integer (saved in positions and copied by
``clone`` for free) and its output is defined bit for bit, so CPython and Pyodide give the same games.
"""

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state (mixes small seeds so 1 and 2 differ a lot)."""
    _, state = next64(seed & MASK)
    return state


def next64(state: int) -> tuple[int, int]:
    """Return (random 64-bit value, new state)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A value in range(n) and the new state (multiply-shift; the bias is below 2**-58)."""
    value, state = next64(state)
    return (value * n) >> 64, state
