"""The rest of the standard library: the modules no start of the page imports, fetched the first time one is.

Pyodide loads its whole standard library archive before Python starts. The site's (tools/build_site.py) holds
only what a start imports, compiled (tools/compile_stdlib.mjs); every other module of npm's archive, as source,
is in a second archive that a first visit never downloads. This finder, last on ``sys.meta_path``, is asked
only for a module nothing else found: for one of that archive's modules it has ``fetch`` bring the archive
into the file system (once; ``fetch`` returns its path) and imports the module from it. So every module of the
standard library stays importable, as with npm's archive, and a name the standard library does not have (the
optional imports it tries, ``_winapi`` and the like) fails at once, as it always did, fetching nothing.

web/interpreter.mjs runs this file's source in every Python the page starts (the page's and the computers'
worker), with the archive's module names and a ``fetch`` that reads it synchronously (an import cannot wait):
from the service worker's cache once it has one, so offline too. Standard library only: nothing of the game.
"""

from __future__ import annotations

import sys
import zipimport
from collections.abc import Callable, Iterable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType


class RestOfStdlib:
    """A ``sys.meta_path`` finder for the modules ``names`` (dotted), which are in the archive ``fetch`` brings.
    A module inside one of that archive's packages need not be named: once its package is imported from the
    archive, the package's ``__path__`` leads into it."""

    def __init__(self, names: Iterable[str], fetch: Callable[[], str]) -> None:
        self.names = frozenset(str(name) for name in names)
        self.fetch = fetch
        self.archive: str | None = None  # its path, once fetched

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        if self.archive is None:
            try:
                archive = str(self.fetch())
            except Exception as exc:  # the network, the server, the cache: the import fails, and may be tried again
                raise ImportError(
                    f"{fullname}: the rest of the standard library could not be fetched ({exc})", name=fullname
                ) from exc
            self.archive = archive
            sys.path.append(archive)  # as with npm's archive: its top-level modules are on the path
        # A submodule of a package whose __init__ is in the first archive (encodings.cp437) is looked up under
        # the package's folder in this one: zipimport takes a folder inside an archive as its path.
        package = fullname.rpartition(".")[0]
        folder = "/".join([self.archive, *package.split(".")]) if package else self.archive
        return zipimport.zipimporter(folder).find_spec(fullname)


def install(names: Iterable[str], fetch: Callable[[], str]) -> RestOfStdlib:
    """Put a finder for ``names`` last on ``sys.meta_path``, in place of any earlier one; return it."""
    sys.meta_path[:] = [finder for finder in sys.meta_path if type(finder).__name__ != RestOfStdlib.__name__]
    finder = RestOfStdlib(names, fetch)
    sys.meta_path.append(finder)
    return finder


install  # noqa: B018 - the value web/interpreter.mjs's runPython returns
