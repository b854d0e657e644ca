"""The engine benchmark on CPython and inside Pyodide under Node, interleaved in one run.

    python -m tools.bench_engine [--rounds 3] [--games 300]

Each round runs ``python -m kingsburg bench`` (random games per second) and ``python -m kingsburg bench --undo``
(milliseconds per undo late in a 5-player game, the page's worst case) on this interpreter, then the same in
Pyodide (tests/pyodide/run.mjs bench), so both see the same machine load; the ratio of the medians is the
figure to quote (the machine is shared and noisy, so absolute numbers move more than the ratio).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RATE = re.compile(r"^games/s: ([0-9.]+)$", re.M)
UNDO = re.compile(r"^undo ms: ([0-9.]+)$", re.M)


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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
