"""What PyScript runs once Python is up: put the game's code on the import path and start the page.

The game's Python arrives as two zip archives, fetched by PyScript (``[files]`` in pyscript.toml) and imported
straight from the zip (zipimport), with bytecode compiled at build time (tools/pyodide_compile.mjs):

* ``kingsburg.whl``: the rules engine, the pure wheel ``python -m build`` makes (a pure wheel is a zip that Python
  can import from);
* ``page.zip``: the page's model (``app/``) and its browser glue (``page.py``).

This file stays small because PyScript compiles it on every visit.
"""

import os
import sys

from pyscript import window

window.kingsburgBoot.marker("web/main.py")
sys.path[:0] = [os.path.abspath("kingsburg.whl"), os.path.abspath("page.zip")]

import page  # noqa: E402

await page.main()  # noqa: F704 - PyScript runs this with top-level await: the language is fetched first
