// The board's end of the host API (docs/embedding.md; the protocol itself is web/app/host.py, in Python).
// A classic script loaded before PyScript, so that no message of the page around the board is lost while Python
// starts: up to KEPT messages wait until web/page.py connects, which only an embedded board (?embed=1) does.
//
// Only messages whose source is this window's parent are read, and only from the origin of host= when given; a
// top-level page (its own parent) reads none. Each goes to Python as JSON text, never as a JavaScript object
// (converting a deeply nested object kills Pyodide): an object is JSON.stringify'd here, and one that cannot be
// (cyclic, a BigInt) goes as null, which Python refuses. Replies go to the parent only, to the host= origin or "*".
"use strict";

(() => {
  const KEPT = 20;
  // web/app/host.py reads at most 400,000 characters: a longer text is cut just past that, to be refused by its
  // length without copying all of it into Python.
  const MAX_TEXT = 400_001;
  const framed = window.parent !== window;
  const waiting = [];
  let receive = null; // web/page.py's handler: (text or null) => void; it posts its reply itself
  let stranger = null; // web/page.py's handler for a message of ours from elsewhere
  let origin = null; // host=: the only origin whose messages are read (null: the parent's, whatever it is)
  let target = "*";

  // Other scripts post messages too (extensions, other widgets): only one meant for a board is worth a word.
  const ours = (data) =>
    typeof data === "string"
      ? data.includes('"kingsburg"')
      : data !== null && typeof data === "object" && Object.hasOwn(data, "kingsburg");

  function asText(data) {
    if (typeof data === "string") return data.slice(0, MAX_TEXT);
    try {
      const text = JSON.stringify(data);
      return typeof text === "string" ? text.slice(0, MAX_TEXT) : null;
    } catch {
      return null;
    }
  }

  function fromParent(event) {
    return framed && event.source === window.parent;
  }

  window.addEventListener("message", (event) => {
    if (!fromParent(event) || (origin !== null && event.origin !== origin)) {
      if (stranger && ours(event.data)) stranger(fromParent(event) ? "origin" : "window");
      return;
    }
    const text = asText(event.data);
    if (receive) receive(text);
    else if (waiting.length < KEPT) waiting.push([text, event.origin]);
  });

  function post(text) {
    window.parent.postMessage(JSON.parse(text), target);
  }

  window.kingsburgHost = {
    framed,
    // Called once by web/page.py when the board is ready: says "ready", then hands over the messages that waited.
    connect(onMessage, onStranger, host, ready) {
      receive = onMessage;
      stranger = onStranger;
      origin = host || null;
      target = host || "*";
      post(ready);
      for (const [text, from] of waiting.splice(0)) {
        if (origin === null || from === origin) receive(text);
        else stranger("origin");
      }
    },
    post,
  };
})();
