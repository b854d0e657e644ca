"""The languages the game speaks: the one list to extend when a language is added (docs/translating.md).

Each language other than English has two catalogues, ``locale/<code>/LC_MESSAGES/engine.po`` (the engine's
words: its log, prompts, names) and ``page.po`` (the page's), managed with Babel (``make messages``); ``make
site`` compiles them to ``locale/<code>/engine.mo`` and ``page.mo`` in the site, which the page fetches only
when that language is chosen (``web/page.py``). English is the source language: it has no catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence

from kingsburg.i18n import N_, _

from .markup import Markup, html, join

SOURCE = "en"

LANGUAGES: dict[str, str] = {
    # code: the language's name in itself (the start screen's switch shows it so)
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
}

PSEUDO = "pseudo"
"""A test language (accented and 40 % longer, made from the .pot files by tools/pseudo_locale.py): the page
accepts it in ``?lang=`` only where the site has its catalogues (``make site PSEUDO=1``, or a test's routes)."""

NO_SCRIPT = N_("Kingsburg runs Python in your browser and needs JavaScript.")
"""The page's ``<noscript>`` sentence. Without JavaScript nothing can read a language's choice, so ``make site``
writes it in every language the game speaks, each in its own ``lang`` (tools/build_site.py ``no_script``)."""

DOMAINS = ("page", "engine")
"""The catalogues of a language, the first asked first (the page's falls back to the engine's)."""


def translated() -> list[str]:
    """The languages with catalogues: every one but English."""
    return [code for code in LANGUAGES if code != SOURCE]


def best_match(wanted: list[str]) -> str | None:
    """The first of the browser's languages (``navigator.languages``, "de-AT", "fr", "en-GB"...) the game speaks,
    by its primary subtag; None if it speaks none of them."""
    for tag in wanted:
        primary = tag.strip().lower().split("-")[0].split("_")[0]
        if primary in LANGUAGES:
            return primary
    return None


STORAGE_KEY = "kingsburg-language"
"""Where the start screen's choice is kept (localStorage; a full or refused storage only forgets it). Outside the
saved games' prefix (storage.PREFIX): no game, backup or other tab's follower reads it."""


def choose(asked: str | None, stored: object, browser: Sequence[str]) -> str:
    """The language to show: the address's (``?lang=``), else the one chosen on the start screen (kept on this
    device), else the first of the browser's languages the game speaks, else English."""
    if asked is not None:
        return asked
    if isinstance(stored, str) and stored in LANGUAGES:
        return stored
    return best_match(list(browser)) or SOURCE


def catalogue_urls(code: str) -> list[str]:
    """The files the page fetches for ``code`` (none for English), relative to the page, in DOMAINS' order."""
    if code == SOURCE:
        return []
    return [f"./locale/{code}/{domain}.mo" for domain in DOMAINS]


def language_switch(current: str) -> Markup:
    """The start screen's switch: each language by its own name; the page fetches a language when it is chosen
    (web/page.py) and keeps the choice on this device."""
    options = join(
        html('<option value="{}" lang="{}"{}>{}</option>', code, code, " selected" if code == current else "", name)
        for code, name in LANGUAGES.items()
    )
    return html(
        '<label class="lang-switch"><span class="sr">{}</span>'
        '<select data-action="language" aria-label="{}">{}</select></label>',
        _("Language"),
        _("Language"),
        options,
    )
