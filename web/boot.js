// Loading screen: turns PyScript/Pyodide lifecycle events and resource timings into a stage text and a
// progress bar, and keeps the board covered until web/main.py sets <body data-ready="1">.
// A classic script loaded before PyScript's module, so it sees every event from the start.
// Its words are in the reader's language before Python runs: the same choice as web/page.py's (?lang=, the start
// screen's stored choice, navigator.languages), each language's words in locale/<code>/boot.json (written by
// tools/build_site.py from page.po, the msgids marked _() here), fetched only when that language is chosen.
"use strict";

(() => {
  // The languages the game speaks (tools/build_site.py writes web/app/languages.py's list here).
  const LANGUAGES = /*@LANGUAGES@*/ ["en"];
  const SOURCE = "en";
  const PSEUDO = "pseudo"; // the test language: its words only where the site has them (make site PSEUDO=1)

  function chosenLanguage() {
    const asked = (query) => new URLSearchParams(query).get("lang")?.trim().toLowerCase();
    const code = asked(location.search) ?? asked(location.hash.slice(1));
    if (code !== undefined) return LANGUAGES.includes(code) || code === PSEUDO ? code : null;
    try {
      const stored = localStorage.getItem("kingsburg-language"); // web/app/languages.py's STORAGE_KEY
      if (LANGUAGES.includes(stored)) return stored;
    } catch {
      // no storage (or refused): the browser's languages decide
    }
    for (const tag of navigator.languages || []) {
      const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
      if (LANGUAGES.includes(primary)) return primary;
    }
    return SOURCE;
  }
  // A ?lang= the game does not speak: the page then falls back to the stored choice or the browser's; the loading
  // screen stays English rather than guess.
  const language = chosenLanguage() ?? SOURCE;
  // <html lang> at once (web/page.py sets it again once the catalogues are in); the pseudo-locale is English.
  if (language !== PSEUDO) document.documentElement.lang = language;

  let words = {};
  // Marks a msgid for the catalogue (tools/messages.py extracts _() from this file); says it in the reader's
  // language once its words are in, in English until then.
  const _ = (message) => message;
  const say = (message, values = {}) =>
    (words[message] || message).replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));
  const languageFiles = language === SOURCE ? [] : [`./locale/${language}/boot.json`];

  // Between these two points the bar follows the bytes downloaded (see downloaded() below).
  const DOWNLOAD_FROM = 10;
  const DOWNLOAD_TO = 80;
  // [fraction of the bar reached, text shown] for each marker, in boot order.
  const STAGES = {
    page: [2, _("Loading the page…")],
    "Loading Pyodide": [10, _("Starting PyScript…")],
    "Loading Storage": [14, _("Starting PyScript…")],
    "Loading interpreter": [DOWNLOAD_FROM, _("Downloading Python and the game…")],
    "Loaded interpreter": [DOWNLOAD_TO, _("Installing the game engine…")],
    "Loaded Pyodide": [85, _("Python is ready…")],
    "py:ready": [88, _("Loading the game…")],
    // web/main.py's first words, said before Python has the language's catalogues
    "web/main.py": [92, _("Setting up the table…")],
  };

  let shown = 0;
  let failed = false;
  // What the stage and the error say, [message, values], said again when the language's words arrive.
  let saying = null;
  let error = null;
  const $ = (id) => document.getElementById(id);

  // The words that are in the page (index.html) and the current stage and error, in the reader's language.
  function sayAll() {
    $("loading-bar")?.setAttribute("aria-label", say(_("Loading progress")));
    const label = $("loading-stage");
    if (label && saying) label.textContent = say(...saying);
    const shownError = $("loading-error");
    if (shownError && error) shownError.textContent = say(...error);
  }

  if (languageFiles.length) {
    // No words (offline before the service worker kept them, a site without them): English, as the page does.
    fetch(languageFiles[0])
      .then((response) => (response.ok ? response.json() : {}))
      .then((found) => {
        words = found;
        sayAll();
      })
      .catch(() => undefined);
  }

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

  // Move forward only: markers may arrive out of order (resource timings are reported late). ``text`` is a msgid
  // of this file (web/page.py's stages come translated already, and are no msgid here).
  function stage(text, percent, values = {}) {
    if (failed || percent < shown) return;
    shown = percent;
    saying = [text, values];
    const label = $("loading-stage");
    const bar = $("loading-bar");
    if (label) label.textContent = say(text, values);
    if (bar) {
      bar.value = percent;
      // Said with the stage: the language's words may have arrived before the bar was parsed (this script runs in
      // the page's head), when sayAll found no bar to name.
      bar.setAttribute("aria-label", say(_("Loading progress")));
    }
  }
  document.addEventListener("DOMContentLoaded", sayAll); // the same, for words that came before any stage

  function marker(name) {
    const known = STAGES[name];
    if (known) stage(known[1], known[0]);
  }

  function fail(message) {
    if (failed || document.body?.dataset.ready === "1") return;
    failed = true;
    error = [_("The game could not start: {message}"), { message }];
    const shownError = $("loading-error");
    if (shownError) {
      shownError.textContent = say(...error);
      shownError.hidden = false;
    }
    $("loading")?.classList.add("failed");
  }

  function ready() {
    stage(_("Ready"), 100);
    $("app")?.removeAttribute("aria-busy");
    isReady.happen();
  }

  addEventListener("py:progress", (event) => marker(String(event.detail)));
  document.addEventListener("py:ready", () => marker("py:ready"));
  addEventListener("error", (event) => fail(event.message || say(_("a script failed to load"))));
  addEventListener("unhandledrejection", (event) => fail(String(event.reason)));

  // The size of each file the boot downloads, from <meta name="kingsburg-downloads"> (tools/build_site.py),
  // read when the first download completes: this script runs before the <head> that holds it is parsed.
  let sizes = null;
  const counted = new Set();
  let done = 0;
  // Megabytes with one decimal, the reader's way ("1.5", "1,5"); English exactly as before.
  const mb = (bytes) =>
    language === SOURCE || language === PSEUDO
      ? (bytes / 1e6).toFixed(1)
      : new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1e6);

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
    const percentShown = Math.min(percent, DOWNLOAD_TO);
    if (done < total) {
      stage(_("Downloading Python and the game: {done} of {total} MB…"), percentShown, {
        done: mb(done),
        total: mb(total),
      });
    } else stage(_("Starting Python…"), percentShown);
  }

  if ("PerformanceObserver" in window) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) downloaded(entry);
    }).observe({ type: "resource", buffered: true });
  }

  document.addEventListener("DOMContentLoaded", () => {
    marker("page");
    sayAll();
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
      const summary = document.createElement("summary");
      summary.textContent = say(_("Details"));
      details.append(summary);
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
    marker,
    fail,
    // The loading screen's words (web/offline.js has the service worker keep them for offline).
    languageFiles,
    whenReady(callback) {
      if (document.body?.dataset.ready === "1") callback();
      else isReady.wait(callback);
    },
    whenIdle: isIdle.wait,
    idle: isIdle.happen,
  };
})();
