"""The rest of the standard library, fetched on first import (web/stdlib_rest.py), on CPython: a made-up split of
modules between a folder on ``sys.path`` (the archive a start loads) and a second archive that ``fetch`` brings."""

from __future__ import annotations

import importlib
import shutil
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import stdlib_rest

# In the second archive: a module, a package with a subpackage, and a module of a package that is in the first.
REST = {
    "kbrest_mod.py": "VALUE = 'mod'\n",
    "kbrest_pkg/__init__.py": "VALUE = 'pkg'\n",
    "kbrest_pkg/sub/__init__.py": "",
    "kbrest_pkg/sub/deep.py": "VALUE = 'deep'\n",
    "kbrest_first/extra.py": "VALUE = 'extra'\n",
}
# What tools/build_site.py names: the modules that are not inside one of the archive's own packages.
NAMES = ["kbrest_mod", "kbrest_pkg", "kbrest_first.extra"]


class Fetch:
    """Copies the archive into place when called, as web/interpreter.mjs writes it into Pyodide's files."""

    def __init__(self, archive: Path, place: Path) -> None:
        self.archive, self.place, self.calls, self.fail = archive, place, 0, False

    def __call__(self) -> str:
        self.calls += 1
        if self.fail:
            raise OSError("HTTP 503")
        shutil.copy(self.archive, self.place)
        return str(self.place)


@pytest.fixture
def fetch(tmp_path: Path) -> Iterator[Fetch]:
    first = tmp_path / "first"
    (first / "kbrest_first").mkdir(parents=True)
    (first / "kbrest_first" / "__init__.py").write_text("VALUE = 'first'\n")
    archive = tmp_path / "rest.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for name, text in REST.items():
            zf.writestr(name, text)
    saved = (sys.meta_path[:], sys.path[:], set(sys.modules))
    sys.path.insert(0, str(first))
    importlib.invalidate_caches()
    yield Fetch(archive, tmp_path / "lib" / "rest.zip")
    sys.meta_path[:], sys.path[:] = saved[0], saved[1]
    for name in set(sys.modules) - saved[2]:
        del sys.modules[name]


def test_an_import_fetches_the_archive_once_and_finds_every_kind_of_module(fetch: Fetch) -> None:
    (fetch.place.parent).mkdir()
    stdlib_rest.install(NAMES, fetch)
    assert fetch.calls == 0
    assert importlib.import_module("kbrest_first").VALUE == "first"  # in the first archive: nothing fetched
    assert fetch.calls == 0
    assert importlib.import_module("kbrest_mod").VALUE == "mod"
    assert fetch.calls == 1 and str(fetch.place) in sys.path
    assert importlib.import_module("kbrest_pkg.sub.deep").VALUE == "deep"  # found through the package's __path__
    assert importlib.import_module("kbrest_first.extra").VALUE == "extra"  # a first-archive package's module
    assert sys.modules["kbrest_first.extra"].__file__ == f"{fetch.place}/kbrest_first/extra.py"
    assert fetch.calls == 1


def test_a_name_the_archive_does_not_have_fails_at_once_without_fetching(fetch: Fetch) -> None:
    stdlib_rest.install(NAMES, fetch)
    for name in ("_winapi_kbrest", "kbrest_first.missing"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(name)
    assert fetch.calls == 0


def test_a_failed_fetch_is_an_import_error_that_says_why_and_can_be_tried_again(fetch: Fetch) -> None:
    fetch.place.parent.mkdir()
    stdlib_rest.install(NAMES, fetch)
    fetch.fail = True
    why = r"kbrest_mod: the rest of the standard library could not be fetched \(HTTP 503"
    with pytest.raises(ImportError, match=why):
        importlib.import_module("kbrest_mod")
    assert "kbrest_mod" not in sys.modules and str(fetch.place) not in sys.path
    fetch.fail = False
    assert importlib.import_module("kbrest_mod").VALUE == "mod"
    assert fetch.calls == 2


def test_installing_again_replaces_the_finder(fetch: Fetch) -> None:
    first = stdlib_rest.install(NAMES, fetch)
    second = stdlib_rest.install(NAMES, fetch)
    assert sys.meta_path[-1] is second and first not in sys.meta_path
    assert sum(type(f).__name__ == "RestOfStdlib" for f in sys.meta_path) == 1
