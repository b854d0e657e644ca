// Loading screen: turns PyScript/Pyodide lifecycle events and resource timings into a stage text and a
// progress bar, and keeps the board covered until web/main.py sets <body data-ready="1">.
// A classic script loaded before PyScript's module, so it sees every event from the start.
"use strict";

(() => {
  // Between these two points the bar follows the bytes downloaded (see downloaded() below).
  const DOWNLOAD_FROM = 10;
  const DOWNLOAD_TO = 80;
  // [fraction of the bar reached, text shown] for each marker, in boot order.
  const STAGES = {
    page: [2, "Loading the page…"],
    "Loading Pyodide": [10, "Starting PyScript…"],
    "Loading Storage": [14, "Starting PyScript…"],
    "Loading interpreter": [DOWNLOAD_FROM, "Downloading Python and the game…"],
    "Loaded interpreter": [DOWNLOAD_TO, "Installing the game engine…"],
    "Loaded Pyodide": [85, "Python is ready…"],
    "py:ready": [88, "Loading the game…"],
  };

  let shown = 0;
  let failed = false;
  const $ = (id) => document.getElementById(id);

  // Something that happens once: callbacks registered before it wait for it, later ones run at once.
  function once() {
    let happened = false;
    const waiting = [];
    return {
      wait(callback) {
        if (happened) callback();
        else waiting.push(callback);
      },
      happen() {
        happened = true;
        while (waiting.length) {
          try {
            waiting.shift()();
          } catch (err) {
            console.error(err);
          }
        }
      },
    };
  }
  const isReady = once();
  const isIdle = once();

  // Move forward only: markers may arrive out of order (resource timings are reported late).
  function stage(text, percent) {
    if (failed || percent < shown) return;
    shown = percent;
    const label = $("loading-stage");
    const bar = $("loading-bar");
    if (label) label.textContent = text;
    if (bar) bar.value = percent;
  }

  function marker(name) {
    const known = STAGES[name];
    if (known) stage(known[1], known[0]);
  }

  function fail(message) {
    if (failed || document.body?.dataset.ready === "1") return;
    failed = true;
    const error = $("loading-error");
    if (error) {
      error.textContent = `The game could not start: ${message}`;
      error.hidden = false;
    }
    $("loading")?.classList.add("failed");
  }

  function ready() {
    stage("Ready", 100);
    $("app")?.removeAttribute("aria-busy");
    isReady.happen();
  }

  addEventListener("py:progress", (event) => marker(String(event.detail)));
  document.addEventListener("py:ready", () => marker("py:ready"));
  addEventListener("error", (event) => fail(event.message || "a script failed to load"));
  addEventListener("unhandledrejection", (event) => fail(String(event.reason)));

  // The size of each file the boot downloads, from <meta name="kingsburg-downloads"> (tools/build_site.py),
  // read when the first download completes: this script runs before the <head> that holds it is parsed.
  let sizes = null;
  const counted = new Set();
  let done = 0;
  const mb = (bytes) => (bytes / 1e6).toFixed(1);

  // Preloads cannot be watched while they download, so the bar moves as each file completes, by its bytes.
  // Downloads that completed before the <meta> was parsed (a busy machine parses the page late) wait for it:
  // counting none of them left the bar short by the files fetched first, for the whole boot.
  const early = [];
  function downloaded(entry) {
    if (sizes === null) {
      const meta = document.querySelector('meta[name="kingsburg-downloads"]');
      if (!meta) {
        if (entry) early.push(entry);
        return;
      }
      sizes = new Map(meta.content.split(" ").map((pair) => pair.split("=")).map(([f, n]) => [f, Number(n)]));
      for (const held of early.splice(0)) downloaded(held);
    }
    if (!entry) return;
    const file = entry.name.split("?")[0].split("/").pop();
    if (!sizes.has(file) || counted.has(file)) return;
    counted.add(file);
    done += sizes.get(file);
    let total = 0;
    for (const n of sizes.values()) total += n;
    const percent = DOWNLOAD_FROM + Math.floor(((DOWNLOAD_TO - DOWNLOAD_FROM) * done) / total);
    const text =
      done < total ? `Downloading Python and the game: ${mb(done)} of ${mb(total)} MB…` : "Starting Python…";
    stage(text, Math.min(percent, DOWNLOAD_TO));
  }

  if ("PerformanceObserver" in window) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) downloaded(entry);
    }).observe({ type: "resource", buffered: true });
  }

  document.addEventListener("DOMContentLoaded", () => {
    marker("page");
    downloaded(null); // the <meta> is parsed now: count what completed before it
    const body = document.body;
    const check = () => {
      if (body.dataset.ready === "1") {
        observer.disconnect();
        ready();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(body, { attributes: true, attributeFilter: ["data-ready"] });
    // PyScript reports Python exceptions as .py-error elements in the page; show the last line, and
    // the traceback on demand, on the loading screen (which covers the rest of the page).
    const errors = new MutationObserver(() => {
      const error = document.querySelector("body > .py-error, #app .py-error");
      if (!error || failed) return;
      fail(error.textContent.trim().split("\n").pop() || "Python error");
      const details = document.createElement("details");
      details.innerHTML = "<summary>Details</summary>";
      details.append(error);
      $("loading-error")?.after(details);
      errors.disconnect();
    });
    errors.observe(body, { childList: true, subtree: true });
    check();
  });

  // Used by web/page.py (stage markers while it sets up the game; idle() once no computer is thinking) and
  // index.html (work to run after ready, or once the page is first idle).
  window.kingsburgBoot = {
    stage,
    fail,
    whenReady(callback) {
      if (document.body?.dataset.ready === "1") callback();
      else isReady.wait(callback);
    },
    whenIdle: isIdle.wait,
    idle: isIdle.happen,
  };
})();
