"""Compiled Python kept between visits, so a returning player's page does not compile the game again.

Every visit starts a fresh Python whose files live in memory: importing the engine and the page's model compiles
about 4,000 lines (around 100 ms of a warm start). This keeps the compiled files (``.pyc``) in the browser's
IndexedDB: ``sys.pycache_prefix`` points the import system at a folder mounted on Emscripten's IDBFS.

The files are *checked hash* ``.pyc`` (PEP 552): Python hashes the source at import and uses the cache only if
it matches, so a new release (or any changed file) is simply compiled again; nothing can go stale. Anything
wrong with IndexedDB (private mode, quota, a slow disk) only means no cache: the game starts as usual.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import sys
from typing import Any

from js import Object
from pyodide.ffi import create_once_callable

FOLDER = "/kingsburg-pyc"
WAIT = 0.5  # seconds: an IndexedDB slower than this is not worth waiting for
CHECKED_HASH = 0b11  # the flags word of a checked hash-based .pyc (PEP 552)

_fs: Any = None
_lock: asyncio.Lock | None = None  # one store at a time (Emscripten warns about overlapping syncs)


def _sync(populate: bool) -> asyncio.Future:
    """Emscripten's FS.syncfs as an awaitable: True reads IndexedDB into memory, False writes it back."""
    future = asyncio.get_event_loop().create_future()

    def done(error: Any = None) -> None:
        if not future.done():
            future.set_result(not error)

    _fs.syncfs(populate, create_once_callable(done))
    return future


async def mount() -> bool:
    """Mount the cache and load it; True when imports will use it. Call before importing the game."""
    global _fs
    try:
        import pyodide_js

        fs = pyodide_js.FS
        fs.mkdir(FOLDER)
        fs.mount(fs.filesystems.IDBFS, Object.new(), FOLDER)
        _fs = fs
        if not await asyncio.wait_for(_sync(True), WAIT):
            return False
    except Exception:
        return False
    sys.pycache_prefix = FOLDER
    return True


def _needs_writing(source: str) -> bool:
    """True unless a checked-hash .pyc of this source is already cached (Python checked its hash on import)."""
    try:
        with open(importlib.util.cache_from_source(source), "rb") as pyc:
            header = pyc.read(8)
    except OSError:
        return True
    return len(header) < 8 or int.from_bytes(header[4:8], "little") != CHECKED_HASH


async def store(prefixes: tuple[str, ...] = ("app", "kingsburg")) -> None:
    """Write checked-hash .pyc files of the loaded game modules that are not cached yet, one module per browser
    task, then save the folder to IndexedDB. Run it once the page is idle."""
    global _lock
    if _fs is None or sys.pycache_prefix != FOLDER:
        return
    _lock = _lock or asyncio.Lock()
    async with _lock:
        await _store(prefixes)


async def _store(prefixes: tuple[str, ...]) -> None:
    import py_compile

    wrote = False
    for name, module in list(sys.modules.items()):
        source = getattr(module, "__file__", None)
        if not source or not source.endswith(".py") or name.split(".")[0] not in prefixes:
            continue
        if _needs_writing(source):
            py_compile.compile(
                source,
                cfile=importlib.util.cache_from_source(source),
                invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
                doraise=False,
            )
            wrote = True
            await asyncio.sleep(0)
    if wrote:
        with contextlib.suppress(Exception):  # no cache next time: nothing else is lost
            await asyncio.wait_for(_sync(False), 10)


def report(prefixes: tuple[str, ...] = ("app", "kingsburg")) -> str:
    """ "cached/loaded" for the game's loaded modules (tests and curious players: kingsburgDebug.pycCache())."""
    sources = [
        m.__file__
        for n, m in list(sys.modules.items())
        if n.split(".")[0] in prefixes and str(getattr(m, "__file__", "")).endswith(".py")
    ]
    cached = sum(1 for s in sources if sys.pycache_prefix == FOLDER and not _needs_writing(s))
    return f"{cached}/{len(sources)}"
