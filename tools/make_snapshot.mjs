#!/usr/bin/env node
// Make a Pyodide memory snapshot with the game's Python already imported, so that a returning visitor's
// page restores it instead of booting Python and importing the game (web/interpreter.mjs loads it).
//
//   node tools/make_snapshot.mjs WHEEL BUNDLE STDLIB ID OUT
//
// Boots the pinned Pyodide (node_modules/pyodide) with its private `_makeSnapshot` option and the site's
// standard library archive STDLIB (tools/compile_stdlib.mjs: the one the page loads, since zipimport's cached
// directory of it is in the snapshot), writes the two archives where PyScript's [files] puts them in the page
// (Python's working folder, /home/pyodide), imports the engine and the page's pure-Python model from them
// (web/page.py needs the browser: it is not imported), records ID in `sys` (the page checks it after a restore)
// and writes the snapshot to OUT. Both steps: tools/pyodide_node.mjs.
// The filesystem is not in a snapshot: the page still writes the archives, with the same bytes (ID covers
// them), so zipimport's cached directories stay right. No JS object may be referenced from Python here.
// Prints one JSON line: {"modules": N, "bytes": N}. Used by tools/build_site.py.

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { pyodideWithTheGame } from "./pyodide_node.mjs";

const [wheel, bundle, stdlib, id, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/make_snapshot.mjs WHEEL BUNDLE STDLIB ID OUT");
  process.exit(2);
}

// What the snapshot holds: tools/snapshot_prepare.py (tools/bench_snapshot.py makes the same in the browser).
const options = { _makeSnapshot: true, stdLibURL: path.resolve(stdlib) };
const [pyodide, count] = await pyodideWithTheGame(wheel, bundle, id, options);
pyodide.runPython("del _prepare");
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(out, snapshot);
console.log(JSON.stringify({ modules: count, bytes: snapshot.length }));
