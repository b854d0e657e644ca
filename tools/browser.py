"""Headless Chromium for tests, benchmarks and icon rendering, with no network beyond 127.0.0.1.

``playwright install`` cannot download browsers on the build machines, so this launches Debian's
``chromium`` (``apt-get install chromium``) through Playwright.  Override the binary with the
``CHROMIUM`` environment variable.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

CHROMIUM_ARGS = [
    "--no-sandbox",  # runs as root in CI containers
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    # Every host name fails to resolve except our server's address: the browser's own background
    # lookups cannot leave the machine, so a zero-egress test holds on machines that do have internet.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


def chromium_path() -> Path | None:
    """The Chromium binary to use, or None if there is none."""
    candidates = [os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")]
    for candidate in candidates:
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return Path(candidate)
    return None


def launch_chromium(playwright: Playwright) -> Browser:
    path = chromium_path()
    if path is None:
        raise FileNotFoundError("no Chromium found: run `apt-get install -y chromium` or set CHROMIUM")
    return playwright.chromium.launch(executable_path=str(path), headless=True, args=CHROMIUM_ARGS)
