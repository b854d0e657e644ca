#!/usr/bin/env node
// Compile Python sources to bytecode with Pyodide's own CPython, so that the page imports ready-made .pyc
// files instead of compiling the game on every visit (Python in the browser keeps nothing between visits).
// The host's CPython cannot do it: bytecode is tied to the exact Python version (Pyodide's is 3.14).
//
//   node tools/pyodide_compile.mjs DIR[=NAME] [DIR[=NAME]...]
//
// Writes DIR/**/foo.pyc beside every DIR/**/foo.py (the layout zipimport reads inside a zip archive) and
// prints one JSON line: {"cache_tag": "cpython-314", "compiled": N}. The files are *checked hash* pycs
// (PEP 552): Python hashes the source next to them on import and compiles it itself if they differ, so a
// stale .pyc can never run. NAME is the folder's name in tracebacks (say page.zip: "page.zip/app/board.py").
// Used by tools/build_site.py.

import path from "node:path";
import process from "node:process";
import { loadPinnedPyodide } from "./pyodide_node.mjs";

const args = process.argv.slice(2).map((arg) => {
  const [dir, name] = arg.split("=");
  return { dir: path.resolve(dir), name: name || path.basename(dir) };
});
if (!args.length) {
  console.error("usage: node tools/pyodide_compile.mjs DIR[=NAME] [DIR[=NAME]...]");
  process.exit(2);
}

const pyodide = await loadPinnedPyodide();
const mounts = args.map(({ dir, name }, i) => {
  const mount = `/compile/${i}`;
  pyodide.FS.mkdirTree(mount);
  pyodide.mountNodeFS(mount, dir);
  return [mount, name];
});
pyodide.globals.set("mounts", pyodide.toPy(mounts));
const result = pyodide.runPython(`
import compileall, json, pathlib, py_compile, sys
ok = True
count = 0
for mount, name in mounts:
    # legacy=True: foo.pyc beside foo.py, not __pycache__/foo.cpython-314.pyc (zipimport only reads the former)
    ok &= bool(compileall.compile_dir(mount, ddir=name, quiet=1, legacy=True, workers=1,
                                      invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH))
    count += sum(1 for p in pathlib.Path(mount).rglob("*.pyc") if "__pycache__" not in p.parts)
json.dumps({"ok": ok, "cache_tag": sys.implementation.cache_tag, "compiled": count})
`);
const summary = JSON.parse(result);
if (!summary.ok) {
  console.error("pyodide_compile: some files did not compile (see above)");
  process.exit(1);
}
delete summary.ok;
console.log(JSON.stringify(summary));
