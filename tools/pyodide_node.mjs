// The pinned Pyodide (node_modules/pyodide) under Node, for the build's scripts that run Pyodide's own Python:
// tools/pyodide_compile.mjs, tools/compile_stdlib.mjs, tools/make_snapshot.mjs.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Pyodide as the site ships it (its loadPyodide options: a standard library archive, making a snapshot...).
export async function loadPinnedPyodide(options = {}) {
  const { loadPyodide } = await import(pathToFileURL(path.join(REPO, "node_modules", "pyodide", "pyodide.mjs")).href);
  return loadPyodide(options);
}

// Pyodide with the game imported as the page has it: the two archives written where PyScript's [files] puts
// them (Python's working folder), then what tools/snapshot_prepare.py imports, recording `id` in `sys`.
// Returns the interpreter and how many modules were imported.
export async function pyodideWithTheGame(wheel, bundle, id, options = {}) {
  const pyodide = await loadPinnedPyodide(options);
  pyodide.FS.writeFile("/home/pyodide/kingsburg.whl", fs.readFileSync(wheel));
  pyodide.FS.writeFile("/home/pyodide/page.zip", fs.readFileSync(bundle));
  const prepare = pyodide.runPython(fs.readFileSync(path.join(REPO, "tools", "snapshot_prepare.py"), "utf8"));
  try {
    return [pyodide, prepare(id)];
  } finally {
    prepare.destroy();
  }
}
