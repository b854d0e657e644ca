"""The engine benchmark on CPython and inside Pyodide under Node, interleaved in one run.

    python -m tools.bench_engine [--rounds 3] [--games 300]

Each round runs ``python -m kingsburg bench`` (random games per second) and ``python -m kingsburg bench --undo``
(milliseconds per undo late in a 5-player game, the page's worst case) on this interpreter, then the same in
Pyodide (tests/pyodide/run.mjs bench), so both see the same machine load; the ratio of the medians is the
figure to quote (the machine is shared and noisy, so absolute numbers move more than the ratio).

Budget (exit status 1 when broken): each hostile JSON text of tests/engine/test_inputs.py (megabytes made to be
slow to read) is refused or read by ``kingsburg.inputs.parse_json`` in under ``HOSTILE_JSON_BUDGET_S`` on CPython
(alone, the slowest takes 0.4 s; the quadratic reading they guard against took hours). The tests check what each
text reads as, not how long it takes: a test's outcome never depends on the machine's speed.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from kingsburg.inputs import InvalidJSON, parse_json

REPO = Path(__file__).resolve().parents[1]
RATE = re.compile(r"^games/s: ([0-9.]+)$", re.M)
UNDO = re.compile(r"^undo ms: ([0-9.]+)$", re.M)
HOSTILE_JSON_BUDGET_S = 2.0
HOSTILE_JSON = {  # the texts of tests/engine/test_inputs.py::test_hostile_megabytes_are_refused_for_what_they_are
    "unterminated escaped quotes": '"' + '\\"' * 400_000,
    "a million openings": "[" * 1_000_000 + "]" * 999_999,
    "unclosed empty arrays": "[[]," * 500_000,
    "nests to the limit, again and again": ("[" * 32 + "]" * 32 + ",") * 30_000,
    "a long string": '["' + "a" * 1_900_000 + '"]',
}


def hostile_json_seconds() -> dict[str, float]:
    """Seconds ``parse_json`` takes over each hostile text (the slowest of three tries: the budget is a bound)."""
    seconds = {}
    for name, text in HOSTILE_JSON.items():
        tries = []
        for _ in range(3):
            began = time.perf_counter()
            with contextlib.suppress(InvalidJSON):
                parse_json(text, max_bytes=3_000_000)
            tries.append(time.perf_counter() - began)
        seconds[name] = max(tries)
    return seconds


def rate(cmd: list[str], pattern: re.Pattern[str] = RATE) -> float:
    out = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, check=False)
    found = pattern.findall(out.stdout)
    if out.returncode or not found:
        sys.exit(f"benchmark failed: {' '.join(cmd)}\n{out.stdout}\n{out.stderr}")
    return float(found[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    bench = ["bench", "--games", str(args.games)]
    cpython: list[float] = []
    pyodide: list[float] = []
    undo_c: list[float] = []
    undo_p: list[float] = []
    for r in range(1, args.rounds + 1):
        cpython.append(rate([sys.executable, "-m", "kingsburg", *bench]))
        pyodide.append(rate(["node", "tests/pyodide/run.mjs", "bench", "--", *bench[1:]]))
        undo_c.append(rate([sys.executable, "-m", "kingsburg", "bench", "--undo"], UNDO))
        undo_p.append(rate(["node", "tests/pyodide/run.mjs", "bench", "--", "--undo"], UNDO))
        print(
            f"round {r}: CPython {cpython[-1]:7.1f} games/s, undo {undo_c[-1]:.2f} ms   "
            f"Pyodide {pyodide[-1]:7.1f} games/s, undo {undo_p[-1]:.2f} ms",
            flush=True,
        )
    c, p = statistics.median(cpython), statistics.median(pyodide)
    print(f"median: CPython {c:.1f} games/s ({sys.version.split()[0]}), Pyodide {p:.1f} games/s")
    print(f"Pyodide/CPython: {p / c:.2f} (Pyodide takes {c / p:.2f}x as long)")
    uc, up = statistics.median(undo_c), statistics.median(undo_p)
    print(f"undo late in a 5-player game: CPython {uc:.2f} ms, Pyodide {up:.2f} ms")
    ok = True
    for name, seconds in hostile_json_seconds().items():
        verdict = "ok" if seconds < HOSTILE_JSON_BUDGET_S else f"OVER the {HOSTILE_JSON_BUDGET_S:.0f} s budget"
        ok = ok and seconds < HOSTILE_JSON_BUDGET_S
        print(f"hostile JSON, {name}: read in {seconds:.2f} s on CPython   {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
