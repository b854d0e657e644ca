"""The message catalogues (docs/translating.md): extract the words from the sources, and bring each language's
catalogues up to date with them. ``make messages`` runs it.

Two domains: ``engine`` from ``kingsburg/**.py`` (``locale/engine.pot``) and ``page`` from ``web/**.py``
(``locale/page.pot``); each language of ``web/app/languages.py`` but English has ``locale/<lang>/LC_MESSAGES/
<domain>.po``. A ``.pot`` is rewritten only when its messages changed (its header's date alone is no change), so
running it twice changes nothing; ``tests/docs/test_catalogues.py`` fails when a ``.pot`` is out of date.

    python -m tools.messages            extract, then update (or create) every language's catalogues
    python -m tools.messages --check    exit 1 if a .pot is out of date with the sources (writes nothing)
"""

from __future__ import annotations

import argparse
import gettext
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from web.app.languages import translated

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
# The contract's functions (kingsburg/i18n.py): Babel's defaults would also take gettext, dgettext, ...
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "N_": None,
}
SOURCES = {"engine": ROOT / "kingsburg", "page": ROOT / "web"}
# The loading screen's words, said before Python runs (web/boot.js marks them with _()); page.po translates them
# and tools/build_site.py writes each language's into locale/<lang>/boot.json.
BOOT_SCRIPT = "web/boot.js"


def extract(domain: str) -> Catalog:
    """The messages of ``domain``'s sources, each with the files it is in (not the lines: a line moved is no
    change a translator needs to see)."""
    catalog = Catalog(project="Kingsburg", domain=domain, fuzzy=False)
    folder = SOURCES[domain]
    for filename, _lineno, message, comments, context in extract_from_dir(
        folder,
        method_map=[("**.py", "python"), *([("boot.js", "javascript")] if domain == "page" else [])],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    ):
        path = (folder / filename).relative_to(ROOT).as_posix()
        catalog.add(message, None, [(path, None)], auto_comments=comments, context=context)
    return catalog


def pot_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, sort_output=True, include_lineno=False, width=120)
    return out.getvalue()


def messages_of(data: bytes) -> list[tuple[object, ...]]:
    """What a .pot says, without its header: each message's id, context, places and comments."""
    catalog = read_po(io.BytesIO(data))
    return sorted(
        (repr(m.id), m.context or "", sorted(m.locations), list(m.auto_comments), sorted(m.flags))
        for m in catalog
        if m.id
    )


def stale(domain: str) -> bool:
    path = LOCALE / f"{domain}.pot"
    return not path.is_file() or messages_of(path.read_bytes()) != messages_of(pot_text(extract(domain)))


def update(domain: str, language: str) -> None:
    """Bring ``language``'s catalogue of ``domain`` up to date with the .pot (new messages untranslated, changed
    ones fuzzy, gone ones dropped), creating it if it is new; Babel writes the Plural-Forms from CLDR."""
    template = read_po((LOCALE / f"{domain}.pot").open("rb"))
    path = po_path(language, domain)
    if path.is_file():
        with path.open("rb") as f:
            catalog = read_po(f, locale=language, domain=domain)
        catalog.update(template, no_fuzzy_matching=False)
        catalog.obsolete.clear()
    else:
        catalog = Catalog(locale=language, domain=domain, project="Kingsburg")
        catalog.update(template)
        path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, sort_output=True, include_lineno=False, width=120, ignore_obsolete=True)
    if not path.is_file() or path.read_bytes() != out.getvalue():
        path.write_bytes(out.getvalue())


def po_path(language: str, domain: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


def compiled(language: str, domain: str) -> bytes:
    """``language``'s catalogue of ``domain`` as a .mo file (what the site serves; fuzzy messages left out)."""
    with po_path(language, domain).open("rb") as f:
        catalog = read_po(f, locale=language, domain=domain)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def boot_words(language: str, domain: str = "page") -> dict[str, str]:
    """The loading screen's words in ``language`` (web/boot.js's msgids -> their translations; the untranslated and
    fuzzy ones left out, as from a .mo): what the site serves as ``locale/<language>/boot.json``."""
    with po_path(language, domain).open("rb") as f:
        catalog = read_po(f, locale=language, domain=domain)
    return {
        str(m.id): str(m.string)
        for m in catalog
        if isinstance(m.id, str) and m.id and m.string and not m.fuzzy and (BOOT_SCRIPT, None) in m.locations
    }


def translation(language: str) -> gettext.GNUTranslations:
    """``language``'s words as the page installs them: the page's catalogue, falling back to the engine's."""
    page = gettext.GNUTranslations(io.BytesIO(compiled(language, "page")))
    page.add_fallback(gettext.GNUTranslations(io.BytesIO(compiled(language, "engine"))))
    return page


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only say whether a .pot is out of date")
    args = parser.parse_args(argv)
    if args.check:
        old = [d for d in SOURCES if stale(d)]
        for domain in old:
            print(f"locale/{domain}.pot is out of date: run make messages", file=sys.stderr)
        return 1 if old else 0
    LOCALE.mkdir(exist_ok=True)
    for domain in SOURCES:
        if stale(domain):
            (LOCALE / f"{domain}.pot").write_bytes(pot_text(extract(domain)))
            print(f"wrote locale/{domain}.pot")
        for language in translated():
            update(domain, language)
    return 0


if __name__ == "__main__":
    sys.exit(main())
