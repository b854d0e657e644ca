// The page's side of the computers' worker (web/thinker.mjs): starts it, says whether it can think, sends it
// requests and hands back its answers. Python (web/page.py) calls window.kingsburgThinker; this file only
// carries messages and keeps time.
//
// state: "off" (not started), "starting", "ready", "failed" (or never possible: no Worker, or ?worker=0). After a
// failure nothing is sent any more: the page's computers think on the main thread, in slices, as before.
"use strict";

(() => {
  // The clocks can be set before the page loads (window.kingsburgClocks: the tests do, so that no outcome depends
  // on the machine's speed): a number, or null for no limit. workerDeadline is the worker's search deadline in
  // seconds (web/app/thinker.py WORKER_DEADLINE unless set); workerWait is read by web/thinking.py.
  const clocks = window.kingsburgClocks || {};
  const clock = (name, otherwise) => (Object.hasOwn(clocks, name) ? clocks[name] : otherwise);
  const BOOT_TIMEOUT_MS = clock("bootMs", 60_000); // a worker not ready by then has failed (a phone short of memory)
  const ANSWER_TIMEOUT_MS = clock("answerMs", 30_000); // far beyond any decision (the worker's own deadline is 10 s)
  const later = (ms, then) => (ms === null ? 0 : setTimeout(then, ms));

  let worker = null;
  let state = "off";
  let failure = "";
  let boot = "";
  let bootTimer = 0;
  let nextId = 1;
  let progress = 0;
  const waiting = new Map(); // request id -> {resolve, timer}
  const readyWaiters = [];
  const stats = { asked: 0, answered: 0, late: 0 }; // late: answers to a request already given up

  function settleReady(ok) {
    while (readyWaiters.length) readyWaiters.shift()(ok);
  }

  // Every answer still awaited resolves to null: the caller decides on the main thread instead.
  function dropWaiting() {
    for (const { resolve, timer } of waiting.values()) {
      clearTimeout(timer);
      resolve(null);
    }
    waiting.clear();
  }

  function fail(reason) {
    if (state === "failed") return;
    console.warn("The computers think on the page's thread:", reason);
    state = "failed";
    failure = String(reason);
    clearTimeout(bootTimer);
    worker?.terminate();
    worker = null;
    dropWaiting();
    settleReady(false);
  }

  function onMessage(event) {
    const message = event.data || {};
    if (message.type === "ready") {
      clearTimeout(bootTimer);
      state = "ready";
      boot = message.boot;
      settleReady(true);
    } else if (message.type === "failed") {
      fail(`the worker could not start Python: ${message.error}`);
    } else if (message.type === "progress") {
      if (message.id === nextId - 1) progress = message.progress;
    } else if (message.type === "answer" || message.type === "error") {
      const entry = waiting.get(message.id);
      if (message.type === "error") {
        fail(`the worker could not answer: ${message.error}`);
      } else if (!entry) {
        stats.late++;
      } else {
        stats.answered++;
        clearTimeout(entry.timer);
        waiting.delete(message.id);
        entry.resolve(message.answer);
      }
    }
  }

  // Start the worker: `url` is the worker module, `interpreter` the page's interpreter module, `archives` the
  // bytes of the engine wheel and page bundle by file name (moved to the worker, not copied).
  function start(url, interpreter, archives) {
    if (state !== "off") return;
    if (typeof Worker !== "function") {
      fail("this browser has no Web Workers");
      return;
    }
    state = "starting";
    try {
      worker = new Worker(url, { type: "module", name: "kingsburg-thinker" });
    } catch (err) {
      fail(err);
      return;
    }
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", (event) => fail(event.message || "the worker's script failed to load"));
    worker.addEventListener("messageerror", () => fail("a message could not be read"));
    const buffers = Object.values(archives).map((bytes) => bytes.buffer);
    const deadline = clock("workerDeadline", undefined); // undefined: the worker's default
    const playouts = clock("hardPlayouts", undefined); // undefined: Hard's own budget
    // The tests' switch of web/interpreter.mjs (Python from the build's snapshot): the worker has no init script.
    const snapshotFromSite = window.kingsburgSnapshotFromSite === true;
    worker.postMessage({ type: "boot", interpreter, archives, deadline, playouts, snapshotFromSite }, buffers);
    bootTimer = later(BOOT_TIMEOUT_MS, () => fail("the worker did not start in time"));
  }

  // true once the worker can think, false if it never will (resolves at once when that is known).
  function ready() {
    if (state === "ready") return Promise.resolve(true);
    if (state !== "starting") return Promise.resolve(false);
    return new Promise((resolve) => readyWaiters.push(resolve));
  }

  // The answer (JSON text) to a request, or null: superseded by a newer request, cancelled, or the worker failed.
  function ask(request) {
    if (state !== "ready") return Promise.resolve(null);
    dropWaiting(); // one request at a time: a newer one makes the older pointless
    const id = nextId++;
    stats.asked++;
    progress = 0;
    return new Promise((resolve) => {
      const timer = later(ANSWER_TIMEOUT_MS, () => fail("the worker did not answer in time"));
      waiting.set(id, { resolve, timer });
      worker.postMessage({ type: "ask", id, request });
    });
  }

  function cancel() {
    dropWaiting();
    worker?.postMessage({ type: "cancel" });
  }

  // No more worker on this visit (an answer refused, say): the computers think on the main thread.
  function disable(reason) {
    fail(reason);
  }

  window.kingsburgThinker = {
    start,
    ready,
    ask,
    cancel,
    disable,
    get state() {
      return state;
    },
    get boot() {
      return boot;
    },
    get failure() {
      return failure;
    },
    get progress() {
      return progress;
    },
    stats,
  };
})();
