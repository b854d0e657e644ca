#!/usr/bin/env node
// Make a Pyodide memory snapshot with the game's Python already imported, so that a returning visitor's
// page restores it instead of booting Python and importing the game (web/interpreter.mjs loads it).
//
//   node tools/make_snapshot.mjs WHEEL BUNDLE STDLIB ID OUT
//
// Boots the pinned Pyodide (node_modules/pyodide) with its private `_makeSnapshot` option and the site's
// standard library archive STDLIB (tools/compile_stdlib.mjs: the one the page loads, since zipimport's cached
// directory of it is in the snapshot), writes the two archives where PyScript's [files] puts them in the page (Python's working folder, /home/pyodide), imports
// the engine and the page's pure-Python model from them (web/page.py needs the browser: it is not
// imported), records ID in `sys` (the page checks it after a restore) and writes the snapshot to OUT.
// The filesystem is not in a snapshot: the page still writes the archives, with the same bytes (ID covers
// them), so zipimport's cached directories stay right. No JS object may be referenced from Python here.
// Prints one JSON line: {"modules": N, "bytes": N}. Used by tools/build_site.py.

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [wheel, bundle, stdlib, id, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/make_snapshot.mjs WHEEL BUNDLE STDLIB ID OUT");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.join(REPO, "node_modules", "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: path.resolve(stdlib) });
pyodide.FS.writeFile("/home/pyodide/kingsburg.whl", fs.readFileSync(wheel));
pyodide.FS.writeFile("/home/pyodide/page.zip", fs.readFileSync(bundle));
// What the snapshot holds: tools/snapshot_prepare.py (tools/bench_snapshot.py makes the same in the browser).
const prepare = pyodide.runPython(fs.readFileSync(path.join(REPO, "tools", "snapshot_prepare.py"), "utf8"));
const count = prepare(id);
prepare.destroy();
pyodide.runPython("del _prepare");
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(out, snapshot);
console.log(JSON.stringify({ modules: count, bytes: snapshot.length }));
