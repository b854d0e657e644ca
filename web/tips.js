// Tooltips for the keyboard. The board explains every advisor, building, enemy card and control in its
// `title`, which a mouse shows on hover and a screen reader reads as the description, but which a browser
// never shows on keyboard focus. This shows the same text beside whatever the keyboard focuses.
"use strict";

(() => {
  let tip = null;
  let owner = null;

  function hide() {
    if (tip) tip.hidden = true;
    owner = null;
  }

  function show(el) {
    const text = el.getAttribute("title");
    if (!text) return hide();
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "focus-tip";
      tip.className = "focus-tip";
      tip.setAttribute("role", "tooltip");
      tip.setAttribute("aria-hidden", "true"); // the title is already the element's accessible description
      document.body.append(tip);
    }
    owner = el;
    tip.textContent = text;
    tip.hidden = false;
    tip.style.left = "0px"; // measured at the left edge, so its width is not squeezed by a previous spot
    tip.style.top = "0px";
    // Below the element, or above it when there is no room; always inside the window.
    const box = el.getBoundingClientRect();
    const width = Math.min(tip.offsetWidth, innerWidth - 16);
    const left = Math.max(8, Math.min(box.left + box.width / 2 - width / 2, innerWidth - width - 8));
    let top = box.bottom + 6;
    if (top + tip.offsetHeight > innerHeight - 8) top = Math.max(8, box.top - tip.offsetHeight - 6);
    tip.style.left = `${left}px`;
    tip.style.top = `${top}px`;
  }

  document.addEventListener("focusin", (event) => {
    const el = event.target instanceof Element ? event.target.closest("[title]") : null;
    if (el && event.target.matches(":focus-visible") && el.closest("#app")) show(el);
    else hide();
  });
  document.addEventListener("focusout", hide);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
  });
  addEventListener("scroll", hide, true);
  addEventListener("resize", hide);
  // The page redraws parts of the board: a tooltip whose element is gone goes too.
  new MutationObserver(() => {
    if (owner && !owner.isConnected) hide();
  }).observe(document.documentElement, { childList: true, subtree: true });
})();
