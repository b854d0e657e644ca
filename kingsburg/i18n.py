"""The words a person reads, in their language: one gettext translation for the whole process.

Every string a person reads goes through these functions when it is shown (not when a module is imported: a
module-level table marks its words with ``N_`` and translates them with ``_`` where it renders them). English is
the source language: with no translation installed, each function returns its English text.

The page installs the reader's language with ``use`` (catalogues compiled from ``locale/*.po``, docs/translating.md);
the command line and the tests stay in English unless they install one.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager

SOURCE_LANGUAGE = "en"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def use(translation: gettext.NullTranslations | None, language: str = SOURCE_LANGUAGE) -> None:
    """Install ``translation`` for ``language`` (None: back to English)."""
    global _translation, _language
    _translation = translation if translation is not None else gettext.NullTranslations()
    _language = language if translation is not None else SOURCE_LANGUAGE


def language() -> str:
    """The language the words are shown in now ("en", "de", "fr", ...)."""
    return _language


def _(message: str) -> str:
    """``message`` in the reader's language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the reader's language (its own plural rules)."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the reader's language where the English word alone is ambiguous ("Market" the advisor)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (a module-level table's words)."""
    return message


@contextmanager
def source_language() -> Iterator[None]:
    """English while the block runs, whatever is installed: what the engine stores is English (an event's
    ``text`` and its words in ``data``), so a save, a test or a second reader never depends on the language the
    page happened to show when the line was logged; ``kingsburg.events.sentence`` renders it again to read."""
    global _translation, _language
    saved = _translation, _language
    _translation, _language = gettext.NullTranslations(), SOURCE_LANGUAGE
    try:
        yield
    finally:
        _translation, _language = saved
