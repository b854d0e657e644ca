// The computers' thinking beside the page: a dedicated module worker (started by web/thinking.js) running its
// own Pyodide, so that a Hard search never holds the page's thread.
//
// Boot: the page sends the URL of its interpreter module (web/interpreter.mjs as built: the pinned Pyodide, and
// the memory snapshot when the service worker has cached it) and the bytes of the two archives it runs from
// itself (the engine wheel and the page bundle), so the worker runs exactly the page's code and fetches nothing
// but Pyodide's own files from this origin. It writes them where the page has them, imports app.thinker and
// says "ready" (or "failed": the page then lets its computers think on the main thread).
//
// Requests: {type: "ask", id, request} (JSON text, web/app/thinker.py). Only the newest request is worked on: the
// search runs in slices, and between two slices a newer request or a "cancel" ends it. Replies: "progress" now
// and then, then "answer" (JSON text) or "error".

const SLICE = 0.04; // seconds of search between two looks at the message queue
const PROGRESS_EVERY = 150; // ms between two progress messages
const HOME = "/home/pyodide";

let thinker = null;
let current = 0; // the request being worked on (0: none)

// One trip through the event loop, so that messages waiting are delivered.
function tick() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

// deadline: the search's deadline in seconds, null for none, undefined for the default (window.kingsburgClocks).
// playouts: Hard's playouts per decision (window.kingsburgClocks.hardPlayouts), undefined for Hard's own budget.
// snapshotFromSite: the tests' switch of web/interpreter.mjs, set on the page (a worker runs no init script).
async function boot({ interpreter, archives, deadline, playouts, snapshotFromSite }) {
  const started = performance.now();
  if (snapshotFromSite === true) globalThis.kingsburgSnapshotFromSite = true;
  try {
    const { loadPyodide } = await import(interpreter);
    const pyodide = await loadPyodide({ indexURL: new URL("./", interpreter).href });
    for (const [name, bytes] of Object.entries(archives)) pyodide.FS.writeFile(`${HOME}/${name}`, bytes);
    const make = pyodide.runPython(`
def _make(paths, set_deadline, deadline, playouts):
    import sys
    for path in reversed(paths):
        if path not in sys.path:
            sys.path.insert(0, path)
    from app.thinker import Thinker
    thinker = Thinker(deadline, playouts) if set_deadline else Thinker(playouts=playouts)
    return thinker, getattr(sys, "_kingsburg_snapshot", None) is not None
_make
`);
    const paths = Object.keys(archives).map((name) => `${HOME}/${name}`);
    // undefined reaches Python as None (JavaScript's null would be pyodide's jsnull).
    const budget = Number.isInteger(playouts) && playouts > 0 ? playouts : undefined;
    const made = make(paths, deadline !== undefined, typeof deadline === "number" ? deadline : undefined, budget);
    make.destroy();
    const [instance, fromSnapshot] = made.toJs({ depth: 1 });
    made.destroy();
    thinker = instance;
    self.postMessage({ type: "ready", boot: fromSnapshot ? "snapshot" : "normal", ms: performance.now() - started });
  } catch (err) {
    self.postMessage({ type: "failed", error: String(err && err.message ? err.message : err) });
  }
}

async function think(id, request) {
  let job = null;
  try {
    job = thinker.start(request);
    let shown = performance.now();
    while (!job.work(SLICE)) {
      if (performance.now() - shown > PROGRESS_EVERY) {
        self.postMessage({ type: "progress", id, progress: job.progress });
        shown = performance.now();
      }
      await tick();
      if (current !== id) return; // a newer request, or the page no longer needs this one
    }
    self.postMessage({ type: "answer", id, answer: job.answer() });
  } catch (err) {
    self.postMessage({ type: "error", id, error: String(err && err.message ? err.message : err) });
  } finally {
    job?.destroy();
    if (current === id) current = 0;
  }
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "boot" && thinker === null) {
    boot(message);
  } else if (message.type === "ask" && thinker !== null) {
    current = message.id;
    think(message.id, message.request);
  } else if (message.type === "cancel") {
    current = 0;
  }
});
