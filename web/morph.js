// A redrawn part of the board changes only what differs (web/page.py hands in the part's new HTML).
//
// Setting a part's innerHTML throws its elements away and builds them again: the browser recomputes the style and
// the layout of every one and repaints the whole part, even when a decision changed one number in it (a player's
// sheet is nearly 500 elements). Walking the old and the new trees side by side and changing only the attributes
// and texts that differ keeps the rest, and with it the browser's work for it.
//
// What a fresh innerHTML would do is kept where it shows: an element with an animation of its own (style.css:
// .fresh, .enter, .float) is built again so that it plays again; a form control is built again so that it shows
// what the HTML says, not what was typed or chosen; a dialog is built again, as before (a battle's stages come in
// one by one and its rows move down as each is added: kept, they would count as layout shifts, which the battle
// scene does not yet reserve room for); the element that has the keyboard focus is built again, so web/page.py's
// restore_focus decides where focus goes exactly as before (a new decision of the person starts at its first
// choice, even when the last one ended on a button of the same name: Enter twice must not pass twice).
"use strict";

(() => {
  // Classes whose element is built again: the animations of style.css, and dialogs.
  const REBUILT = ["fresh", "enter", "float", "dialog"];
  const CONTROLS = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);
  let focused = null; // document.activeElement, read once per redraw

  function rebuilt(old, neu) {
    return old === focused || CONTROLS.has(neu.nodeName) || REBUILT.some((name) => neu.classList.contains(name));
  }

  function sameKind(old, neu) {
    return old.nodeType === neu.nodeType && old.nodeName === neu.nodeName;
  }

  function attributes(old, neu) {
    for (let i = old.attributes.length - 1; i >= 0; i--) {
      const attr = old.attributes[i];
      if (!neu.hasAttributeNS(attr.namespaceURI, attr.localName)) old.removeAttributeNode(attr);
    }
    for (const attr of neu.attributes) {
      if (old.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) {
        old.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
      }
    }
  }

  function node(old, neu) {
    if (old.nodeType !== Node.ELEMENT_NODE) {
      if (old.data !== neu.data) old.data = neu.data;
      return;
    }
    attributes(old, neu);
    children(old, neu);
  }

  // Children pair up by position: the board's parts keep their order from one redraw to the next.
  function children(old, neu) {
    let o = old.firstChild;
    let n = neu.firstChild;
    while (n) {
      const next = n.nextSibling;
      if (!o) {
        old.appendChild(n);
      } else if (sameKind(o, n) && !(n.nodeType === Node.ELEMENT_NODE && rebuilt(o, n))) {
        node(o, n);
        o = o.nextSibling;
      } else {
        const after = o.nextSibling;
        old.replaceChild(n, o);
        o = after;
      }
      n = next;
    }
    while (o) {
      const after = o.nextSibling;
      old.removeChild(o);
      o = after;
    }
  }

  window.kingsburgMorph = (part, html) => {
    const template = document.createElement("template");
    template.innerHTML = html;
    focused = document.activeElement;
    children(part, template.content);
    focused = null;
  };
})();
