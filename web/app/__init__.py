"""The page's pure-Python model: sessions, dice selection, HTML rendering, saved games.

Nothing here imports ``js``, ``pyodide`` or ``pyscript``: ``web/main.py`` is the only glue to the browser, so all
of this runs (and is tested, ``tests/web/``) on CPython too.
"""
