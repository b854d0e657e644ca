// The `interpreter` module PyScript imports (pyscript.toml): Pyodide's own loadPyodide, started from a
// memory snapshot of Python with the game already imported when the service worker has cached one.
//
// tools/build_site.py writes _site/pyodide/interpreter-<id>.mjs from this file (beside pyodide.mjs, since
// PyScript takes Pyodide's indexURL from this module's folder), SNAPSHOT becoming the snapshot's file name
// and id (a hash of everything in it: Pyodide, the engine wheel, the page bundle, tools/make_snapshot.mjs).
// The snapshot is never fetched here: a first visit boots the normal way and pays nothing for it, and the
// service worker caches it (unpacked) in the background (web/sw.js). A snapshot that is missing, unreadable, refused
// by Pyodide or not the one this build made is skipped, and Python boots the normal way.
//
// Content-Security-Policy: nothing beyond what the normal boot needs (script-src 'self'
// 'wasm-unsafe-eval'): the snapshot is plain bytes from the Cache API, restored by the same
// WebAssembly instantiation.

import { loadPyodide as loadPlain, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = /*@SNAPSHOT@*/ null;

// The computers' worker starts the same interpreter (web/thinker.mjs): the page hands it this module's URL.
globalThis.kingsburgInterpreter ??= import.meta.url;

// Which path the boot took ("snapshot" or "normal"), for the tests and the benchmark.
function mark(path) {
  globalThis.document?.documentElement.setAttribute("data-kingsburg-boot", path);
}

// The cached snapshot's response, or null: found at once; its bytes are read while Pyodide fetches its own files.
// The service worker (web/sw.js) stores it unpacked, so nothing is unpacked here (31 MB: ~140 ms of each start).
// A page no service worker controls (every first visit) does not even look: opening the Cache API costs a cold
// browser profile tens of milliseconds, and Python's start waits for the answer (it must know whether it restores).
async function cachedSnapshot() {
  if (!SNAPSHOT || !globalThis.caches) return null;
  if (globalThis.document && !globalThis.navigator?.serviceWorker?.controller) return null;
  try {
    return (await caches.match(new URL(SNAPSHOT.file, import.meta.url).href)) ?? null;
  } catch (err) {
    console.warn("Python snapshot unreadable, normal start:", err);
    return null;
  }
}

// After a restore Python's state is the build's: `random` would give every visit the same numbers (and
// string hashes are fixed, so nothing may draw randomness from them). Reseed from the browser's entropy.
function afterRestore(pyodide) {
  const scope = pyodide.toPy({ snapshot_id: SNAPSHOT.id });
  try {
    pyodide.runPython(
      `
import random, sys
if getattr(sys, "_kingsburg_snapshot", None) != snapshot_id:
    raise RuntimeError("not this build's snapshot")
random.seed()
`,
      { globals: scope },
    );
  } finally {
    scope.destroy();
  }
}

async function boot(options) {
  const snapshot = await cachedSnapshot();
  if (snapshot) {
    // Pyodide awaits the bytes only once its own script is loaded and the WebAssembly fetched: both overlap the
    // reading. A failure to read them fails this start, and the normal one follows.
    const bytes = snapshot.arrayBuffer();
    bytes.catch(() => {});
    try {
      const pyodide = await loadPlain({ ...options, _loadSnapshot: bytes });
      afterRestore(pyodide);
      mark("snapshot");
      return pyodide;
    } catch (err) {
      console.warn("Python snapshot refused, normal start:", err);
    }
  }
  mark("normal");
  return loadPlain(options);
}

// Python started before PyScript asks for it. The page loads this module itself, as soon as its head is read
// (tools/build_site.py adds an async module script): PyScript imports it only once its own modules and the
// configuration are in, about 150 ms later on a first visit, and Python's start is the longest part of the boot.
let early = null;
if (globalThis.document) {
  early = boot({ indexURL: new URL("./", import.meta.url).href });
  early.catch(() => {}); // a failure is seen (and the start tried again) when PyScript asks
}

// What PyScript calls: the Python started early (PyScript's output handlers attached now), or a new start.
export async function loadPyodide(options = {}) {
  const started = early;
  early = null;
  if (started) {
    try {
      const pyodide = await started;
      if (options.stdout) pyodide.setStdout({ batched: options.stdout });
      if (options.stderr) pyodide.setStderr({ batched: options.stderr });
      return pyodide;
    } catch (err) {
      console.warn("Python's early start failed, starting again:", err);
    }
  }
  return boot(options);
}
