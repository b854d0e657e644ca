#!/usr/bin/env node
// Compile the part of Python's standard library that every start of the page imports, with Pyodide's own
// Python. Pyodide's npm package ships the standard library as sources only (python_stdlib.zip), so a browser
// compiles each of the ~150 modules Pyodide, PyScript and the game import at start, on every visit that does
// not restore a snapshot: over a second of a first visit here. Pyodide's own CDN offers a "pyc" build for the
// same reason; this is that, for just the modules a start needs (the others, as sources, go to a second archive
// that is fetched only if one of them is imported: web/stdlib_rest.py).
//
//   node tools/compile_stdlib.mjs WHEEL BUNDLE OUT
//
// Boots the pinned Pyodide (node_modules/pyodide), imports what the page imports (tools/snapshot_prepare.py,
// from the two archives, as tools/make_snapshot.mjs does: tools/pyodide_node.mjs), and writes OUT/<path>.pyc
// for every module then imported from the standard library archive, compiled as *unchecked hash* pycs (PEP 552): tools/build_site.py
// puts each in place of its source in the site's python_stdlib.zip (rebuilt with them: nothing can go stale).
// Prints one JSON line: {"cache_tag": "cpython-314", "compiled": N}.

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { pyodideWithTheGame } from "./pyodide_node.mjs";

const [wheel, bundle, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/compile_stdlib.mjs WHEEL BUNDLE OUT");
  process.exit(2);
}

const [pyodide] = await pyodideWithTheGame(wheel, bundle, "stdlib");
fs.mkdirSync(out, { recursive: true });
pyodide.FS.mkdirTree("/out");
pyodide.mountNodeFS("/out", path.resolve(out));
const result = pyodide.runPython(`
import os, sys

# Where CPython looks for its zipped standard library (Pyodide writes python_stdlib.zip there).
archive = os.path.join(sys.prefix, "lib", "python%d%d.zip" % sys.version_info[:2])
# Taken before this script imports anything. Not the modules frozen into Pyodide's binary (os, io, codecs...):
# they never load from the archive, whatever their __file__ says. Two names may share a file (os.path).
loaded = [m for m in list(sys.modules.values()) if (getattr(m, "__file__", None) or "").startswith(archive + "/")]
frozen = {m.__file__ for m in loaded if getattr(m.__spec__, "origin", None) == "frozen"}
names = sorted({m.__file__[len(archive) + 1:] for m in loaded if m.__file__.endswith(".py") and m.__file__ not in frozen})

import json, pathlib, py_compile, zipfile

stdlib = zipfile.ZipFile(archive)
for name in names:
    target = pathlib.Path("/out", name + "c")
    target.parent.mkdir(parents=True, exist_ok=True)
    # dfile: tracebacks name the module's place in the archive, as when it is compiled from source there.
    py_compile.compile(stdlib.extract(name, "/tmp/stdlib"), cfile=str(target), dfile=f"{archive}/{name}",
                       doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
json.dumps({"cache_tag": sys.implementation.cache_tag, "compiled": len(names)})
`);
console.log(result);
