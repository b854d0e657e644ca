"""For every test: a Chromium tab that crashes is counted, with the machine's state when it did and what
Chromium's crash dumps of it say (the crashed process and the signal that stopped it: tools/minidump.py).

`make test` gives a test whose tab crashed ("Page crashed"; "Target crashed" when Playwright was waiting on the
page) one more try. Each run's summary says how many tabs crashed and how loaded the machine was then (load
average, memory available), so that crashes can be told from the machine's state across runs (issue 22).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

CRASHED = ("Page crashed", "Target crashed")
CRASH = "chromium_crash"


def machine_state() -> str:
    """The load averages and the memory available, as the kernel says them now."""
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    available = "?"
    meminfo = Path("/proc/meminfo")
    if meminfo.exists():
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemAvailable:"):
                available = f"{int(line.split()[1]) // 1024} MB"
    return f"load {load}, memory available {available}, {os.cpu_count()} cores"


def crash_dumps(since: float) -> str:
    """What Chromium's crash dumps written since ``since`` say (tools/minidump.py), or that there are none."""
    from tools.browser import crash_dumps_since, writes_crash_dumps
    from tools.minidump import NotAMinidump, read

    if not writes_crash_dumps():
        return "no crash dump (this Chromium writes none: the headless shell does)"

    said = []
    for dump in crash_dumps_since(since):
        try:
            said.append(f"{read(dump).summary()} ({dump.name})")
        except (OSError, NotAMinidump) as exc:
            said.append(f"{dump.name}: {exc}")
    return "; ".join(said) or "no crash dump written"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    # By the exception, not the report's outcome: a rerun's report is no longer "failed".
    if call.excinfo is not None and any(text in str(call.excinfo.value) for text in CRASHED):
        dumps = crash_dumps(call.start)  # the phase (setup, call, teardown) in which the tab crashed
        report.user_properties.append((CRASH, f"{machine_state()}; {dumps}"))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    reports = [report for reports in terminalreporter.stats.values() for report in reports]
    if not any(getattr(report, "nodeid", "").startswith("tests/browser/") for report in reports):
        return  # no browser test ran (make test's CPython run, make check)
    crashes = [
        (report.nodeid, value)
        for report in reports
        for key, value in getattr(report, "user_properties", ())
        if key == CRASH
    ]
    terminalreporter.write_line(f"Chromium tabs crashed: {len(crashes)}")
    for nodeid, state in crashes:
        terminalreporter.write_line(f"  {nodeid}: {state}")


def _cost(item: pytest.Item) -> int:
    """Longest first: the whole games and Pyodide's shares, then the other browser tests, then the CPython ones."""
    if item.get_closest_marker("long") is not None:
        return 0
    return 1 if item.path.parent.name in ("browser", "pyodide") else 2


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the long tests first. pytest-xdist's workers take tests in this order and the idle one takes the other's
    last ones: with a half-minute game last in a queue, one worker played it alone at the end of the run while the
    other idled (the "longest first" rule for scheduling jobs on machines). A stable sort: the order within a kind
    stays the files' order, the same in every worker, as xdist requires."""
    items.sort(key=_cost)
    for item in items:
        # A sweep replays whole games under every option: tracing made the CPython tests 2.7 times slower, and
        # they run no line the targeted tests do not (the coverage is the same without them). pytest-cov's mark,
        # which other tests whose every line the rest trace carry themselves: the whole games of the bots, whose
        # tracing doubled their time (a run with --cov-context=test found no line that only they run).
        # The coverage is of the engine's and the page's code by the CPython tests. A browser or Pyodide test runs
        # that code in Pyodide, out of coverage's sight; what its own process runs of it (the game it replays to
        # check the screen, Hard's decisions on CPython) adds no line (the CPython tests alone miss 321 lines, the
        # whole run 333), and tracing it doubled that process's CPU.
        if item.get_closest_marker("sweep") is not None or item.path.parent.name in ("browser", "pyodide"):
            item.add_marker(pytest.mark.no_cover)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """In an xdist worker, stop the stray coverage that pytest-cov 7.1 starts there, so that ``no_cover`` works.

    A worker receives the controller's options, ``-n`` among them, so pytest-cov's plugin starts a controller's
    coverage in it as it loads (``DistMaster``), then at this hook the worker's own (``DistWorker``), whose data
    alone reaches the report. coverage.py stacks the two: pausing the worker's for a ``no_cover`` test resumed the
    stray one, and the test was traced all the same. The report is unchanged (97.15 % with or without)."""
    if getattr(session.config, "workerinput", None) is None:
        return
    plugin = session.config.pluginmanager.get_plugin("_cov")
    controller = getattr(plugin, "cov_controller", None)
    if controller is not None and type(controller).__name__ == "DistMaster":
        controller.cov.stop()
