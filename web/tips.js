// Tooltips. The board explains every advisor, building, enemy card and control in its `title` (which a
// screen reader reads as the description). A browser shows a title only on mouse hover, late and unstyled,
// and never on keyboard focus or on touch. This shows the same text, styled, beside the element: on keyboard
// focus, on mouse hover, and on a long press on a touch screen (which then does not count as a tap).
"use strict";

(() => {
  const HOVER_MS = 350;
  const LONG_PRESS_MS = 500;
  let tip = null;
  let owner = null;
  let held = null; // the element whose title is held back while the styled tip shows it (no double tooltip)
  let hoverTimer = 0;
  let press = null; // {el, x, y, timer} of a touch that may become a long press
  let swallowClick = false;

  function release() {
    if (held && held.hasAttribute("data-tip")) {
      held.setAttribute("title", held.getAttribute("data-tip"));
      held.removeAttribute("data-tip");
    }
    held = null;
  }

  function hide() {
    clearTimeout(hoverTimer);
    if (tip) tip.hidden = true;
    owner = null;
    release();
  }

  function show(el, hold) {
    const text = el.getAttribute("title") || el.getAttribute("data-tip");
    if (!text) return hide();
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "focus-tip";
      tip.className = "focus-tip";
      tip.setAttribute("role", "tooltip");
      tip.setAttribute("aria-hidden", "true"); // the title is already the element's accessible description
      document.body.append(tip);
    }
    if (held !== el) release();
    if (hold && el.hasAttribute("title")) {
      el.setAttribute("data-tip", text);
      el.removeAttribute("title");
      held = el;
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

  function titled(target) {
    const el = target instanceof Element ? target.closest("[title], [data-tip]") : null;
    return el && el.closest("#app") ? el : null;
  }

  document.addEventListener("focusin", (event) => {
    const el = titled(event.target);
    if (el && event.target.matches(":focus-visible")) show(el, false);
    else hide();
  });
  document.addEventListener("focusout", hide);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
  });

  // Mouse hover: after a short rest on the element, as a browser's own tooltip would.
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const el = titled(event.target);
    if (el === owner) return;
    hide();
    if (el) hoverTimer = setTimeout(() => show(el, true), HOVER_MS);
  });
  document.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "mouse") return;
    const to = titled(event.relatedTarget);
    if (to !== owner) hide();
  });

  // Touch: a long press shows the tip; the tap it would have been is swallowed.
  document.addEventListener("pointerdown", (event) => {
    swallowClick = false;
    if (event.pointerType === "mouse") return hide();
    const el = titled(event.target);
    hide();
    if (!el) return;
    const timer = setTimeout(() => {
      show(el, true);
      swallowClick = true;
    }, LONG_PRESS_MS);
    press = { el, x: event.clientX, y: event.clientY, timer };
  });
  const endPress = () => {
    if (press) clearTimeout(press.timer);
    press = null;
  };
  document.addEventListener("pointermove", (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 10) endPress();
  });
  document.addEventListener("pointerup", endPress);
  document.addEventListener("pointercancel", endPress);
  document.addEventListener(
    "click",
    (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );
  document.addEventListener("contextmenu", (event) => {
    if (swallowClick) event.preventDefault(); // a long press shows the tip, not the browser's menu
  });

  addEventListener("scroll", hide, true);
  addEventListener("resize", hide);
  // The page redraws parts of the board: a tooltip whose element is gone goes too.
  new MutationObserver(() => {
    if (owner && !owner.isConnected) hide();
  }).observe(document.documentElement, { childList: true, subtree: true });
})();
