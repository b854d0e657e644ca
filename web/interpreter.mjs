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
//
// For tests only: `globalThis.kingsburgSnapshotFromSite = true`, set before this module runs (a test's init script;
// web/thinking.js hands it to the computers' worker), fetches the snapshot from the site itself and restores it
// as a returning visit does, so that the browser tests of anything but the first visit skip a normal boot (about
// 2.5 s of CPU each; tests/browser/conftest.py). The page never sets it; unset, nothing here changes.

import { loadPyodide as loadPlain, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = /*@SNAPSHOT@*/ null;

// The standard library's modules no start imports, in a second archive beside pyodide.mjs (tools/build_site.py
// writes {file, names, finder}: its name, its modules, and web/stdlib_rest.py's source). Fetched only if one of
// them is ever imported: the archive Pyodide loads at start has just what a start imports.
const STDLIB_REST = /*@STDLIB_REST@*/ null;

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
  if (SNAPSHOT && globalThis.kingsburgSnapshotFromSite === true) return siteSnapshot();
  if (!SNAPSHOT || !globalThis.caches) return null;
  if (globalThis.document && !globalThis.navigator?.serviceWorker?.controller) return null;
  try {
    return (await caches.match(new URL(SNAPSHOT.file, import.meta.url).href)) ?? null;
  } catch (err) {
    console.warn("Python snapshot unreadable, normal start:", err);
    return null;
  }
}

// The tests' switch (see the top): the snapshot as the service worker would have cached it, straight from the site.
// Something with the arrayBuffer() of a Response, whose bytes download and unpack while Pyodide fetches its own
// files. Unpacked as web/sw.js unpacks it (a host may have sent it with "Content-Encoding: gzip": no gzip magic).
function siteSnapshot() {
  const bytes = (async () => {
    const response = await fetch(new URL(SNAPSHOT.file, import.meta.url).href);
    if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
    const packed = await response.arrayBuffer();
    const head = new Uint8Array(packed, 0, Math.min(2, packed.byteLength));
    if (head[0] !== 0x1f || head[1] !== 0x8b) return packed;
    return new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  })();
  return { arrayBuffer: () => bytes };
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

// A file's bytes, synchronously (an import cannot wait), from the network: Chromium sends no synchronous request
// through a service worker (see findTheRest). A document may not ask a synchronous request for an ArrayBuffer,
// but it may read the text as one byte per character (x-user-defined); a worker may.
function fetchNow(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  if (globalThis.document) request.overrideMimeType("text/plain; charset=x-user-defined");
  else request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${url}: HTTP ${request.status}`);
  if (!globalThis.document) return new Uint8Array(request.response);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

// Python finds the rest of the standard library on first use (web/stdlib_rest.py), in the page and in the worker.
// Offline, the synchronous request would fail: so when a service worker serves this page (every visit after the
// first), the archive is asked of it ahead of time, in the background once the start is over, and the finder never
// needs the network. "only-if-cached": this never downloads it (the service worker answers from its cache, or
// nothing does). A first visit needs the network for it, if it ever needs it.
function findTheRest(pyodide) {
  if (!STDLIB_REST) return;
  const url = new URL(STDLIB_REST.file, import.meta.url).href;
  const place = `/lib/${url.split("/").pop()}`;
  let there = false;
  const put = (bytes) => {
    if (!there) pyodide.FS.writeFile(place, bytes);
    there = true;
    return place;
  };
  try {
    const install = pyodide.runPython(STDLIB_REST.finder, { filename: "stdlib_rest.py" });
    try {
      install(STDLIB_REST.names, () => (there ? place : put(fetchNow(url))));
    } finally {
      install.destroy();
    }
  } catch (err) {
    // Never a broken start: without the finder, only an import the game never makes would fail.
    console.warn("the rest of the standard library will not be found:", err);
    return;
  }
  if (globalThis.document && !globalThis.navigator?.serviceWorker?.controller) return;
  const ahead = async () => {
    try {
      const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
      if (response.ok) put(new Uint8Array(await response.arrayBuffer()));
    } catch {
      // not cached: the finder asks the network if a module is ever needed
    }
    globalThis.document?.documentElement.setAttribute("data-kingsburg-stdlib-rest", there ? "cached" : "network");
  };
  if (globalThis.requestIdleCallback) requestIdleCallback(ahead, { timeout: 5000 });
  else setTimeout(ahead, 0);
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
      findTheRest(pyodide);
      mark("snapshot");
      return pyodide;
    } catch (err) {
      console.warn("Python snapshot refused, normal start:", err);
    }
  }
  mark("normal");
  const pyodide = await loadPlain(options);
  findTheRest(pyodide);
  return pyodide;
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
