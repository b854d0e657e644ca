// Offline play: the service worker precaches the whole site. Registered once the game is up and no computer
// is thinking (web/page.py says when), so that copying 15 MB never competes with the start or with a
// computer's first move; at the latest 20 s after the start (a game of computers only may never pause). The
// URL is relative to the page: any sub-path works. A file, not an inline script: the page's
// Content-Security-Policy allows no inline script.
"use strict";

if ("serviceWorker" in navigator) {
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    navigator.serviceWorker.register("./sw.js").catch((err) => console.warn("no offline cache:", err));
  };
  // The language's catalogues (web/page.py) and the loading screen's words (web/boot.js) were fetched before any
  // service worker was there: fetched again once one controls the page, so that it keeps them for offline
  // (web/sw.js). languagesKept settles once the worker holds them whole (it keeps a catalogue before it answers):
  // going offline before then can cut one mid-download (tests/browser/test_languages_page.py waits for it).
  window.kingsburgOffline = { languagesKept: null };
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const files = [...(window.kingsburgLanguageFiles || []), ...window.kingsburgBoot.languageFiles];
    window.kingsburgOffline.languagesKept = Promise.all(
      files.map((url) =>
        fetch(url)
          .then((response) => response.arrayBuffer())
          .catch(() => undefined),
      ),
    );
  });
  window.kingsburgBoot.whenIdle(register);
  window.kingsburgBoot.whenReady(() => setTimeout(register, 20_000));
}
