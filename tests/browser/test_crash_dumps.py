"""A tab that crashes leaves Chromium's crash dump, and the dump says which process stopped and by what signal
(issue 22): the suite's summary line names it for any test whose tab crashed (tests/conftest.py), so that a
crash on a machine nobody watches tells a fault from a lack of memory."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError

from tools.browser import crash_dumps_since, writes_crash_dumps
from tools.minidump import read


def test_a_crashed_tab_leaves_a_dump_that_names_the_renderer_and_its_signal(browser: Browser) -> None:
    if not writes_crash_dumps():
        pytest.skip("this Chromium writes no crash dump (the headless shell, which `make chromium` installs, does)")
    since = time.time()
    context = browser.new_context()
    try:
        page = context.new_page()
        with pytest.raises(PlaywrightError):
            page.goto("chrome://crash")  # Chromium's own test page: its renderer writes through a null pointer
        dumps = []
        for _ in range(600):  # the handler writes the dump just after the crash: a wait, not a budget
            dumps = crash_dumps_since(since)
            if dumps:
                break
            time.sleep(0.1)
        assert dumps, "no crash dump was written"
        crash = read(dumps[-1])
        assert (crash.process, crash.signal, crash.address) == ("renderer", "SIGSEGV", 0), crash.summary()
        assert crash.keys["prod"].startswith("Chrome")
    finally:
        context.close()
