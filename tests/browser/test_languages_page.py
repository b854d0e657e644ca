"""The page in another language (issue 25, docs/translating.md): ``?lang=``, the browser's languages, the start
screen's switch kept on the device (or not, when the storage refuses), ``<html lang>``, each language's catalogues
fetched only when chosen; and the pseudo-locale, which shows any word left untranslated on a screen."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from babel.messages.pofile import read_po
from board_driver import at_each_size, click_action, legal, open_page, wait_for_player
from playwright.sync_api import Browser, BrowserContext, Page, Route

from tools import pseudo_locale
from tools.browser import (
    NO_CLOCKS,
    QUICK_COMPUTERS,
    READY_TIMEOUT_MS,
    SNAPSHOT_FROM_SITE,
    Recorder,
    wait_until_ready,
)
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

ROOT = Path(__file__).resolve().parents[2]
# Every language with catalogues (web/app/languages.py's, but English)
TRANSLATED = sorted(p.parent.name for p in (ROOT / "locale").glob("*/LC_MESSAGES"))

GAME = "seats=human,normal&seed=4&speed=instant"


def catalogues(requests: list[str]) -> list[str]:
    return sorted({re.sub(r"^.*?/locale/", "locale/", url) for url in requests if "/locale/" in url})


def log_text(page: Page) -> str:
    return page.inner_text("#log")


def test_an_english_visit_fetches_no_catalogue(server: SiteServer, page: Page, recorder: Recorder) -> None:
    open_page(page, server.url + "?" + GAME)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "Year 1. Phase 1: Aid from the King." in log_text(page)
    assert catalogues(recorder.requests) == []


def test_german_by_the_address(server: SiteServer, page: Page, recorder: Recorder) -> None:
    open_page(page, server.url + "?lang=de&" + GAME)
    assert page.evaluate("document.documentElement.lang") == "de"
    log = log_text(page)
    assert "Jahr 1. Phase 1: Königliche Hilfe." in log and "Aid from the King." not in log
    assert "sind als am wenigsten entwickelt gleichauf" in log
    assert catalogues(recorder.requests) == ["locale/de/boot.json", "locale/de/engine.mo", "locale/de/page.mo"]
    assert not recorder.errors


def test_a_bad_lang_is_said_and_english_shown(server: SiteServer, page: Page, recorder: Recorder) -> None:
    open_page(page, server.url + "?lang=klingon")
    assert "the languages are en (English), de (Deutsch), fr (Français)" in page.inner_text("#app")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert catalogues(recorder.requests) == []


def test_a_language_that_cannot_be_had_leaves_english_said_as_english(
    context: BrowserContext, server: SiteServer, recorder: Recorder
) -> None:
    """Offline before the service worker kept German (its catalogues refused here): the page says English, in
    its words and its ``<html lang>``, though the loading screen had chosen German; the start screen's switch
    says why it stays."""
    context.route("**/locale/de/*.mo", lambda route: route.abort("internetdisconnected"))
    page = context.new_page()
    open_page(page, server.url)
    page.select_option("select[data-action=language]", "de")
    page.wait_for_selector("#app .msg.err[role=alert]")
    said = page.inner_text("#app")
    assert "Deutsch could not be loaded (the device may be offline): the page stays in English." in said
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.evaluate("document.querySelector('select[data-action=language]').value") == "en"
    assert page.evaluate("localStorage.getItem('kingsburg-language')") is None  # a refused choice is not kept
    page.goto(server.url + "?lang=de&" + GAME)
    wait_until_ready(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "Year 1. Phase 1: Aid from the King." in log_text(page)
    assert any("'de' could not be loaded" in line for line in recorder.console)


def test_the_browser_s_languages_choose_when_nothing_else_does(browser: Browser, server: SiteServer) -> None:
    context = browser.new_context(locale="fr-CA", service_workers="block")
    context.set_default_timeout(READY_TIMEOUT_MS)
    context.add_init_script(NO_CLOCKS + SNAPSHOT_FROM_SITE)
    try:
        page = context.new_page()
        open_page(page, server.url + "?" + GAME)
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert "Année 1. Phase 1 : Aide du Roi." in log_text(page)
    finally:
        context.close()


def test_the_start_screen_switch_is_kept_on_the_device(server: SiteServer, page: Page) -> None:
    open_page(page, server.url)
    page.select_option("select[data-action=language]", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.evaluate("localStorage.getItem('kingsburg-language')") == "fr"
    page.wait_for_function("document.querySelector('select[data-action=language]').value === 'fr'")
    page.reload()
    wait_until_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.goto(server.url + "?lang=en")  # the address wins over the kept choice, and changes it not
    wait_until_ready(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.evaluate("localStorage.getItem('kingsburg-language')") == "fr"


def test_a_storage_that_refuses_only_forgets_the_choice(context: BrowserContext, server: SiteServer) -> None:
    context.add_init_script(
        "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };"
    )
    page = context.new_page()
    open_page(page, server.url)
    page.select_option("select[data-action=language]", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.get_attribute("body", "data-engine") == "ok"
    page.reload()
    wait_until_ready(page)
    assert page.evaluate("document.documentElement.lang") == "en"


# --- The pseudo-locale ------------------------------------------------------------------------------------------

# Each visible text of ``root``'s lines (not the screen-reader-only ones): what a reader sees.
VISIBLE_TEXTS = """([selector, skip]) => {
  const out = [];
  for (const line of document.querySelectorAll(selector)) {
    if (skip && line.matches(skip)) continue;
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent.trim() || el.closest("svg, .sr, .vpd")) continue;
      const r = el.getBoundingClientRect();
      if (r.width && r.height) out.push(n.textContent.trim());
    }
  }
  return out;
}"""
# Player names made of pseudo letters: any plain ASCII letter left on screen is a word not translated.
NAMES = "Áññ,Ɓŕíáñ"
PLAIN = re.compile(r"[A-Za-z]{2,}")


def serve_pseudo(context: BrowserContext) -> None:
    """The pseudo-locale's catalogues, made from the .pot files now (a normal build does not carry them)."""
    files = {domain: pseudo_locale.compiled(domain) for domain in ("page", "engine")}

    def answer(route: Route) -> None:
        domain = route.request.url.rsplit("/", 1)[-1].removesuffix(".mo")
        route.fulfill(status=200, body=files[domain], content_type="application/octet-stream")

    context.route("**/locale/pseudo/*.mo", answer)
    boot = json.dumps(pseudo_locale.boot_words())  # the loading screen's words (web/boot.js)
    context.route("**/locale/pseudo/boot.json", lambda route: route.fulfill(status=200, body=boot))


# The dice buttons' names (board_driver.DICE_LABELS) in the pseudo-locale: a coloured die, a white one.
PSEUDO_DICE = (
    pseudo_locale.pseudo("Die {value}").replace("{value}", "{}"),
    pseudo_locale.pseudo("{die} {value}").replace("{die}", pseudo_locale.pseudo("white die")).replace("{value}", "{}"),
)
# Year III's battle about to be fought (tests/positions/goblins-year-3.json): its winter and its year's review.
BATTLE = (
    "?position="
    + quote((Path(__file__).parents[1] / "positions" / "goblins-year-3.json").read_text().strip(), safe="")
    + "&play=1&seats=human,normal,normal"
)


def untranslated(texts: list[str]) -> list[str]:
    return [t for t in texts if PLAIN.search(t)]


# The widths every screen of these tests is looked at, 900 px high: a phone's and a desktop's. Each test walks its
# screens at the first and resizes the page to the other at each (board_driver.at_each_size).
WIDTHS = (390, 1280)


def at_each_width(page: Page) -> Iterator[int]:
    return (width for width, _ in at_each_size(page, [(width, 900) for width in WIDTHS]))


def test_the_pseudo_locale_leaves_no_engine_line_of_the_log_untranslated(
    browser: Browser, server: SiteServer, results_dir: Path
) -> None:
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 900}, service_workers="block")
    context.set_default_timeout(READY_TIMEOUT_MS)
    context.add_init_script(NO_CLOCKS + SNAPSHOT_FROM_SITE)
    serve_pseudo(context)
    try:
        page = context.new_page()
        open_page(page, server.url + f"?lang=pseudo&seats=normal,normal&names={NAMES}&seed=4&speed=instant")
        page.wait_for_function("document.body.dataset.over === '1' || document.querySelectorAll('#log li').length > 60")
        for width in at_each_width(page):
            page.screenshot(path=str(results_dir / f"pseudo-board-{width}.png"))
            # The engine's lines (the page's year headings are the page's words: the test below).
            texts = page.evaluate(VISIBLE_TEXTS, ["#log li", ".log-head"])
            assert len(texts) > 30, width
            assert untranslated(texts) == [], width
            assert all("⟦" in t or not re.search(r"[^\W\d_]", t) or set(t) & set("Áññ") for t in texts), width
    finally:
        context.close()


# Every visible text that runs out of its box: clipped by an element that hides its overflow (or ellipsized),
# sticking out of a button or a chip, or off the viewport's sides where nothing scrolls to it. [where, text].
OVERFLOWING = """() => {
  const out = [];
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      const x = getComputedStyle(a).overflowX;
      if (x === "auto" || x === "scroll") return true;
    }
    return false;
  };
  const said = (el) => {
    const where = (e) =>
      e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + Array.from(e.classList, (c) => "." + c).join("");
    const text = (el.textContent || "").trim().slice(0, 50);
    return (el.parentElement ? where(el.parentElement) + " > " : "") + where(el) + " " + text;
  };
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("svg, .sr, .vpd, #boot") || !el.getClientRects().length) continue;
    // Text for screen readers only (1 px, clipped away on purpose: the .sr pattern under other names).
    let hidden = false;
    for (let a = el; a && !hidden; a = a.parentElement) {
      hidden = getComputedStyle(a).clipPath !== "none" && a.getBoundingClientRect().width <= 1;
    }
    // The top bar's turn order shortens long names on a phone by design (the strips below say them whole).
    if (hidden || el.matches("#topbar .chip-name")) continue;
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own && !el.matches("button, .chip")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") continue;
    const hides = style.overflowX === "hidden" || style.overflowX === "clip" || style.textOverflow === "ellipsis";
    if ((hides || el.matches("button, .chip")) && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
      out.push(["clipped", said(el)]);
      continue;
    }
    const r = el.getBoundingClientRect();
    if (own && r.width && (r.right > width + 1 || r.left < -1) && !scrolls(el)) out.push(["off the screen", said(el)]);
  }
  if (document.documentElement.scrollWidth > width + 1) out.push(["the page scrolls sideways", ""]);
  return out;
}"""
# A word longer than its box (a phase's name on the calendar, an advisor's on a court tile), visible: it runs into
# what is beside it, though nothing hides it. [where, text]. (The pseudo-locale's words, 40 % longer and unbroken,
# run out of many boxes; the real languages' must not.)
RUNS_OUT = """() => Array.from(document.querySelectorAll("body *")).filter((el) => {
  if (el.closest("svg, .sr, .vpd, #boot") || !el.getClientRects().length) return false;
  if (!Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim())) return false;
  for (let a = el; a; a = a.parentElement) {  // said to screen readers only (the .sr pattern: 1 px, clipped)
    if (getComputedStyle(a).clipPath !== "none" && a.getBoundingClientRect().width <= 1) return false;
  }
  const style = getComputedStyle(el);
  if (style.display === "inline" || style.visibility === "hidden" || !el.clientWidth) return false;
  // Past the edges of the box a reader sees around it (a tile, a button, a chip: the nearest with a border or a
  // background), not only its own: a name may use its tile's padding, and a centred one sticks out both sides.
  let box = el;
  while (box.parentElement && getComputedStyle(box).borderRightWidth === "0px"
         && getComputedStyle(box).backgroundColor === "rgba(0, 0, 0, 0)") box = box.parentElement;
  if (box === el) return el.scrollWidth > el.clientWidth + 1;
  const b = box.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  return Math.max(r.right, r.left + el.scrollWidth) > b.right + 1 || r.left < b.left - 1;
}).map((el) => el.className + " " + el.textContent.trim().slice(0, 40))"""


def die_label(lang: str) -> str:
    """board_driver.DICE_LABELS' first ("Die {}"), in ``lang``: its page catalogue's word."""
    with (ROOT / "locale" / lang / "LC_MESSAGES" / "page.po").open("rb") as f:
        return str(read_po(f)["Die {value}"].string).replace("{value}", "{}")


def runs_out(page: Page, where: str) -> list[str]:
    """The words running out of their boxes on the screen shown, at each of WIDTHS."""
    return [f"{where} at {width}: {t}" for width in at_each_width(page) for t in page.evaluate(RUNS_OUT)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_german_and_french_words_fit_their_boxes(server: SiteServer, page: Page, lang: str) -> None:
    """The start screen, a board mid-year, the winter battle and the year's review in German and French, at a
    phone's and a desktop's width: no word runs out of its box (a court tile's name, a phase's on the calendar, a
    button's)."""
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    found: list[str] = []
    open_page(page, server.url + f"?lang={lang}")
    found += runs_out(page, "start")
    open_page(page, server.url + f"?lang={lang}&seats=human,normal&names=Ann,Brian&seed=4&speed=instant")
    for _ in range(3):  # a few decisions in: the log, the strips and the dice drawn
        wait_for_player(page)
        click_action(page, next(a for a in legal(page) if "+w" not in a and " w" not in a), (die_label(lang),))
    wait_for_player(page)
    found += runs_out(page, "board")
    open_page(page, server.url + BATTLE + f"&lang={lang}&speed=instant")
    page.click('#panel [data-action=act][data-value="pass"]')
    page.wait_for_selector("#overlay .overlay.winter[data-complete='1']")
    found += runs_out(page, "winter")
    page.click("#overlay [data-action=scene-next]")
    page.wait_for_selector("#overlay .overlay.year")
    found += runs_out(page, "year")
    assert found == []


SPARED = r"Kingsburg|English|Deutsch|Français|Ann|Brian|Cindy|David|\b[IVX]+\b"
# The lessons' texts are the lessons' own (kingsburg/lessons/: their translations, not the catalogues').
LESSON_TEXT = (
    "#lesson-title, #lesson-text, .lesson-name, .lesson-text, .lesson-hint, .lesson-about, #lessons-title, "
    ".overlay.lessons .dialog > p:not(.lessons-done)"
)


def look(page: Page, where: str, results_dir: Path, found: list[str]) -> None:
    """Add to ``found`` what the screen now shows untranslated or running out of its box at each of WIDTHS; keep
    its screenshots."""
    for width in at_each_width(page):
        page.screenshot(path=str(results_dir / f"pseudo-{where}-{width}.png"))
        texts = page.evaluate(VISIBLE_TEXTS, ["body", None])
        skip = set(page.evaluate(VISIBLE_TEXTS, [LESSON_TEXT, None]))
        # What is the same in every language: the game's name, the language switch's names of each language in
        # itself, the players' names (the battle's and the lessons' positions name Ann, Brian, Cindy and David),
        # the years' Roman numerals.
        left = untranslated([re.sub(SPARED, "", t) for t in texts if t not in skip])
        found += sorted({f"{where} at {width}: untranslated {t!r}" for t in left})
        found += sorted({f"{where} at {width}: {how} {text!r}" for how, text in page.evaluate(OVERFLOWING)})


@pytest.mark.long
def test_the_pseudo_locale_leaves_no_word_untranslated_and_no_text_clipped_on_any_screen(
    browser: Browser, server: SiteServer, results_dir: Path
) -> None:
    """Every screen in the pseudo-locale (40 % longer words) at a phone's and a desktop's width."""
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 900}, service_workers="block")
    context.set_default_timeout(READY_TIMEOUT_MS)
    context.add_init_script(NO_CLOCKS + QUICK_COMPUTERS + SNAPSHOT_FROM_SITE)
    serve_pseudo(context)
    found: list[str] = []
    try:
        page = context.new_page()
        open_page(page, server.url + "?lang=pseudo")
        look(page, "start", results_dir, found)
        page.click("[data-action=rules]")
        page.wait_for_selector(".overlay.rules")
        look(page, "rules", results_dir, found)
        page.keyboard.press("Escape")
        page.click(".card.learn [data-action=lesson-list]")
        page.wait_for_selector(".overlay.lessons")
        look(page, "lesson-list", results_dir, found)
        page.click('.overlay.lessons [data-action=lesson-chapter][data-value="1"]')
        page.wait_for_selector("#app[data-mode=game][data-lesson-name='01-setup']")
        look(page, "lesson", results_dir, found)
        open_page(page, server.url + "?lang=pseudo")
        page.click("[data-action=edit-open]")
        page.wait_for_selector("#ed-preview .ed-board")
        look(page, "editor", results_dir, found)

        # A board mid-year: a few decisions in, the log, the strips and the sheets drawn.
        open_page(page, server.url + f"?lang=pseudo&seats=human,normal&names={NAMES}&seed=4&speed=instant")
        for _ in range(3):
            wait_for_player(page)
            click_action(page, legal(page)[0], PSEUDO_DICE)
        wait_for_player(page)
        look(page, "board", results_dir, found)
        page.click("#topbar [data-action=share]")
        page.wait_for_selector("#overlay [data-action=share-close]")
        look(page, "share", results_dir, found)

        # The winter battle and the year's review (the position of test_between_decisions).
        open_page(page, server.url + BATTLE + "&lang=pseudo&speed=instant")
        page.click('#panel [data-action=act][data-value="pass"]')
        page.wait_for_selector("#overlay .overlay.winter[data-complete='1']")
        look(page, "winter", results_dir, found)
        page.click("#overlay [data-action=scene-next]")
        page.wait_for_selector("#overlay .overlay.year")
        look(page, "year", results_dir, found)

        # The end of a game of computers, and its replay.
        open_page(page, server.url + f"?lang=pseudo&seats=normal,normal&names={NAMES}&seed=4&speed=instant")
        page.wait_for_selector("#overlay .overlay.end", timeout=240_000)
        look(page, "end", results_dir, found)
        page.click("#overlay [data-action=replay-current]")
        page.wait_for_selector("#app[data-replay]:not([data-replay=''])")
        look(page, "replay", results_dir, found)
        (results_dir / "pseudo-found.txt").write_text("\n".join(found), encoding="utf-8")
        assert found == []
    finally:
        context.close()


CACHED_CATALOGUES = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("kingsburg:"));
  const out = [];
  for (const name of names) {
    for (const request of await (await caches.open(name)).keys()) {
      if (request.url.includes("/locale/")) out.push(request.url.replace(/^.*\\/locale\\//, "locale/"));
    }
  }
  return out.sort();
}"""


@pytest.mark.service_worker
def test_a_chosen_language_is_kept_for_offline(server: SiteServer, page: Page) -> None:
    open_page(page, server.url + "?lang=de")
    # The service worker first caches the whole site (26 MB, the Python snapshot among it), then the language's
    # files: on a loaded machine that can take longer than a page's answer (a wait, not a budget).
    installed = 3 * READY_TIMEOUT_MS
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=installed)
    # Once the worker controls the page, the page fetches its language's files again through it (web/offline.js):
    # stopping the server before they are whole would cut them.
    page.wait_for_function("window.kingsburgOffline.languagesKept !== null", timeout=installed)
    page.evaluate("window.kingsburgOffline.languagesKept.then(() => true)")
    # The catalogues and the loading screen's words (web/boot.js), not French's
    # (waited for as a whole: while the worker moves to its new cache version the list is briefly partial)
    kept = "locale/de/boot.json,locale/de/engine.mo,locale/de/page.mo"
    page.wait_for_function(f"({CACHED_CATALOGUES})().then((files) => files.join() === {kept!r})", timeout=installed)
    server.stop()
    page.goto(server.url + "?lang=de&" + GAME)
    wait_until_ready(page)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert "Jahr 1. Phase 1: Königliche Hilfe." in log_text(page)
    assert page.get_attribute("#loading-bar", "aria-label") == "Ladefortschritt"  # boot.json, from the cache


# --- Switching language mid-game --------------------------------------------------------------------------------

# The names a screen reader hears and the headings a reader sees on the board (the player's and computers' names
# among them), in the page's order.
LABELS_AND_HEADINGS = """() => Array.from(
  document.querySelectorAll("#app [aria-label], #app h1, #app h2, #app h3, #app h4, #app h5, #app h6"),
  (el) => el.getAttribute("aria-label") || el.textContent.trim(),
)"""


def test_a_switch_mid_game_draws_the_whole_board_again_in_the_new_language(server: SiteServer, page: Page) -> None:
    open_page(page, server.url + "?seats=human,normal&names=Ann,Brian&seed=4&speed=instant")
    for _ in range(3):  # a few decisions in: the board has its log, its strips and a decision waiting
        wait_for_player(page)
        click_action(page, legal(page)[0])
    wait_for_player(page)
    english = page.evaluate(LABELS_AND_HEADINGS)
    page.click("#topbar [data-action=home]")
    page.wait_for_selector("#app[data-mode=start]")
    page.select_option("select[data-action=language]", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.wait_for_function("document.querySelector('select[data-action=language]').value === 'fr'")
    page.click("#app [data-action=continue]")
    page.wait_for_selector("#app[data-mode=game]")
    wait_for_player(page)
    switched = page.evaluate(LABELS_AND_HEADINGS)
    # The same game opened in a page that was French from its start (the choice is kept on the device).
    page.reload()
    wait_until_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.click("#app [data-action=continue]")
    page.wait_for_selector("#app[data-mode=game]")
    wait_for_player(page)
    assert switched == page.evaluate(LABELS_AND_HEADINGS)
    assert len(switched) > 40
    still_english = [t for t in set(switched) & set(english) if PLAIN.search(re.sub("Kingsburg|Ann|Brian", "", t))]
    assert still_english == []
    assert "Année 1" in log_text(page)


ANNOUNCED = "Array.from(document.querySelectorAll('#announcer p'), (p) => p.textContent)"


def test_after_a_switch_the_live_region_says_the_switch_in_the_new_language_and_nothing_of_the_old(
    server: SiteServer, page: Page
) -> None:
    """A screen-reader user who switches the language on the start screen hears the switch said in it; what the
    live region said in the old language is gone from it (read again, it would be in the old language's words)."""
    open_page(page, server.url + "?" + GAME)
    for _ in range(2):  # the computer moves and the dice are rolled: announced in English
        wait_for_player(page)
        click_action(page, legal(page)[0])
    page.wait_for_function(f"{ANNOUNCED}.length > 0")
    english = page.evaluate(ANNOUNCED)
    page.click("#topbar [data-action=home]")
    page.wait_for_selector("#app[data-mode=start]")
    page.select_option("select[data-action=language]", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.wait_for_function(f"{ANNOUNCED}.length > 0")
    assert page.evaluate(ANNOUNCED) == ["Die Seite ist jetzt auf Deutsch."], english
