"""What a Python memory snapshot of the page holds: run by tools/make_snapshot.mjs (the build, under Node) and by
tools/bench_snapshot.py (the same, made in the browser, to compare); and what the page's Python imports, whose
standard library modules tools/compile_stdlib.mjs compiles at build time. Defines ``_prepare(snapshot_id)``, which
imports the engine and the page's pure-Python model from the two archives in Python's working folder, records the
id in ``sys`` (the page checks it after a restore) and returns how many modules it imported. A function, so that
nothing is left in ``__main__`` but what the page puts there itself; the last expression is the function."""


def _prepare(snapshot_id: str) -> int:
    import importlib
    import pkgutil
    import sys

    sys.path[:0] = ["/home/pyodide/kingsburg.whl", "/home/pyodide/page.zip"]
    # Besides the game: what web/page.py and PyScript's own package (pyscript/*.py) import on every start, and
    # what the game imports only when first needed (hashlib: kingsburg/record.py, app/history.py). The standard
    # library modules that nothing here imports are not in the archive a start loads (tools/build_site.py).
    names = ["asyncio", "base64", "hashlib", "html", "inspect", "json", "pathlib", "kingsburg", "app"]
    for package in ("kingsburg", "app"):
        module = importlib.import_module(package)
        for info in pkgutil.walk_packages(module.__path__, package + "."):
            # Not the command line (kingsburg.__main__ runs it), nor what the page never uses.
            if info.name.rsplit(".", 1)[-1] not in {"__main__", "cli", "tournament"}:
                names.append(info.name)
    for name in names:
        importlib.import_module(name)
    # The tutorial reads its lessons from the wheel through the zip importer (kingsburg/lesson.py package_text),
    # which imports what it needs (the codec of zip names) only then.
    from kingsburg.lesson import TUTORIAL, builtin_text

    builtin_text(TUTORIAL[0])
    sys._kingsburg_snapshot = snapshot_id  # type: ignore[attr-defined]
    return len(names)


_prepare  # noqa: B018 - the value runPython returns
