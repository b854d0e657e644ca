"""The engine inside real Pyodide (Python 3.14 on WebAssembly) under Node, as the page runs it.

Each test starts ``node tests/pyodide/run.mjs`` (about 2 s to boot Pyodide), which loads the engine
wheel from the built site plus pure wheels of pytest and hypothesis (``make pyodide-wheels``).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
WHEELS = ROOT / ".cache" / "pyodide-wheels"
ENGINE_TESTS = ROOT / "tests" / "engine"
# pytest's closing line, e.g. "==== 1 failed, 17 passed, 2 skipped in 1.67s ====".
SUMMARY = re.compile(r"^=+ (?P<counts>[^=]*?) in [\d.]+s(?: \([^)]*\))? =+$", re.MULTILINE)
PLURALS = {"errors": "error", "warnings": "warning"}
TODO_BENCH = "TODO: the engine has no kingsburg.cli.main"


def run_node(*args: str, timeout: float) -> tuple[int, str]:
    """Run run.mjs; return its exit code and its output (stdout and stderr interleaved)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH; the Pyodide tests need Node 20+")
    if not any(WHEELS.glob("pytest-*.whl")):
        pytest.fail(f"no pytest wheel in {WHEELS}: run `make pyodide-wheels`")
    proc = subprocess.run(
        [node, str(RUNNER), *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=timeout,
        check=False,
    )
    return proc.returncode, proc.stdout


def outcome_counts(output: str) -> dict[str, int]:
    """{"passed": 17, "failed": 1, ...} from pytest's closing summary line."""
    lines = SUMMARY.findall(output)
    if not lines:
        return {}
    counts: dict[str, int] = {}
    for part in lines[-1].split(","):
        number, _, word = part.strip().partition(" ")
        if number.isdigit():
            counts[PLURALS.get(word, word)] = int(number)
    return counts


def assert_pytest_passed(code: int, output: str) -> dict[str, int]:
    counts = outcome_counts(output)
    assert code == 0 and counts.get("passed", 0) >= 1, (
        f"pytest inside Pyodide exited {code} with {counts or 'no summary line'}; its output:\n{output}"
    )
    return counts


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("===== 1 failed, 17 passed, 2 skipped in 1.67s =====", {"failed": 1, "passed": 17, "skipped": 2}),
        ("=== 4 passed, 1 warning in 0.50s (0:00:00) ===", {"passed": 4, "warning": 1}),
        ("==== 2 errors in 0.10s ====", {"error": 2}),
        ("===== no tests ran in 0.01s =====", {}),
    ],
)
def test_outcome_counts_reads_pytest_summary(line: str, expected: dict[str, int]) -> None:
    assert outcome_counts(f"noise\n{line}\n") == expected


def test_harness_runs_pytest_inside_pyodide(site: Path) -> None:
    code, output = run_node("test", "--tests", "tests/pyodide/inner", timeout=300)
    counts = assert_pytest_passed(code, output)
    assert counts["passed"] == 4, output
    assert "platform emscripten" in output


# The engine tests inside Pyodide, in shares that pytest-xdist's workers can run side by side (run.mjs --shard: every
# SHARES-th test, so together they run each test once, and the long parametrized cases, one per rules option, land
# in different shares). One share: the whole run is about a minute of one worker, started first (marked "long") while
# the other worker runs the browser tests; each more share boots Pyodide and collects every test module again
# (about 11 s of CPU): two shares cost 107 s of the suite's CPU where one costs about 66.
SHARES = 1


@pytest.mark.long
@pytest.mark.parametrize("share", range(1, SHARES + 1), ids=lambda k: f"{k}of{SHARES}")
def test_engine_tests_pass_inside_pyodide(site: Path, share: int) -> None:
    if not any(ENGINE_TESTS.glob("**/test_*.py")):
        pytest.skip("no engine tests in tests/engine yet")
    code, output = run_node("test", "--shard", f"{share}/{SHARES}", timeout=1800)
    assert_pytest_passed(code, output)
    assert f"shard {share}/{SHARES}: " in output, output


def test_engine_bench_runs_inside_pyodide(site: Path) -> None:
    code, output = run_node("bench", "--", "--games", "3", timeout=300)
    if TODO_BENCH in output:
        pytest.skip("the engine has no bench command yet (kingsburg.cli.main)")
    assert code == 0, f"bench inside Pyodide exited {code}; its output:\n{output}"
    # First, what reading a language's words costs (docs/translating.md): measured, whatever the numbers.
    assert re.search(r"^i18n: import gettext [\d.]+ ms in a fresh interpreter \(new: gettext\b", output, re.M), output
    assert re.search(r"^i18n: de catalogues \(.*\): first parse [\d.]+ ms, then median [\d.]+ ms", output, re.M), output
