"""The message catalogues (docs/translating.md): each .pot up to date with the code, each language's catalogues
complete (every message translated, none fuzzy) with the msgid's placeholders, CLDR's plural forms, and the
engine's words read in each language while what it stores stays English."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

import kingsburg
from kingsburg import i18n
from kingsburg.events import sentence
from tools import messages
from web.app.languages import DOMAINS, LANGUAGES, translated

LANGS = translated()
CATALOGUES = [(lang, domain) for lang in LANGS for domain in DOMAINS]


def placeholders(text: str) -> set[str]:
    """The ``str.format`` fields of ``text`` with their conversion and format ("name", "action!r")."""
    out = set()
    for _literal, field, spec, conversion in string.Formatter().parse(text):
        if field is not None:
            out.add(field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else ""))
    return out


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_pot_is_up_to_date_with_the_code(domain: str) -> None:
    assert not messages.stale(domain), f"locale/{domain}.pot is out of date with the code: run make messages"


@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_each_catalogue_is_complete(lang: str, domain: str) -> None:
    template = read_po((messages.LOCALE / f"{domain}.pot").open("rb"))
    catalog = read_po(messages.po_path(lang, domain).open("rb"), locale=lang)
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}
    assert have == wanted, f"locale/{lang}/LC_MESSAGES/{domain}.po is not updated: run make messages"
    untranslated = [m.id for m in catalog if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])]
    assert not untranslated, f"untranslated in {lang}/{domain}.po: {untranslated}"
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy in {lang}/{domain}.po (check the translation, then drop the flag): {fuzzy}"


@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_translations_keep_the_placeholders(lang: str, domain: str) -> None:
    catalog = read_po(messages.po_path(lang, domain).open("rb"), locale=lang)
    wrong = []
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        wanted = set().union(*(placeholders(i) for i in ids))
        wrong += [(m.id, s) for s in strings if s and placeholders(s) != wanted]
    assert not wrong, f"placeholders differ from the msgid's in {lang}/{domain}.po: {wrong}"


@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_plural_forms_are_cldr_s(lang: str, domain: str) -> None:
    catalog = read_po(messages.po_path(lang, domain).open("rb"), locale=lang)
    assert catalog.plural_forms == get_plural(lang).plural_forms


@pytest.mark.parametrize(("lang", "one", "two"), [("de", "1 Soldat", "2 Soldaten"), ("fr", "1 soldat", "2 soldats")])
def test_one_soldier_two_soldiers(lang: str, one: str, two: str) -> None:
    i18n.use(messages.translation(lang), lang)
    try:
        assert i18n.ngettext("{n} soldier", "{n} soldiers", 1).format(n=1) == one
        assert i18n.ngettext("{n} soldier", "{n} soldiers", 2).format(n=2) == two
    finally:
        i18n.use(None)
    assert i18n.ngettext("{n} soldier", "{n} soldiers", 1).format(n=1) == "1 soldier"
    assert i18n.ngettext("{n} soldier", "{n} soldiers", 2).format(n=2) == "2 soldiers"


def test_every_language_has_its_catalogues() -> None:
    assert next(iter(LANGUAGES)) == "en"
    for lang in LANGS:
        for domain in DOMAINS:
            assert messages.po_path(lang, domain).is_file(), f"no {lang}/{domain}.po: run make messages"
    assert sorted(p.name for p in Path(messages.LOCALE).iterdir() if p.is_dir()) == sorted(LANGS)


def _played(seed: int) -> kingsburg.Game:
    game = kingsburg.new_game(["Ann", "Brian", "Cindy"], seed=seed)
    rng = __import__("random").Random(seed)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_is_stored_in_english_and_read_in_each_language(lang: str) -> None:
    english = _played(3)
    names = list(english.players)
    assert all(sentence(e, names) == e.text for e in english.events)  # no language: the stored text exactly
    i18n.use(messages.translation(lang), lang)
    try:
        game = _played(3)  # the same game, played with the language installed
        assert [e.text for e in game.events] == [e.text for e in english.events]
        shown = [sentence(e, names) for e in game.events]
    finally:
        i18n.use(None)
    assert sum(s != e.text for s, e in zip(shown, game.events, strict=True)) > 0.9 * len(shown)


def test_the_pseudo_locale_keeps_placeholders_accents_every_letter_and_is_40_percent_longer() -> None:
    from tools.pseudo_locale import PAD, pseudo

    text = pseudo("{name} builds the {building} ({n!r} left).")
    assert placeholders(text) == {"name", "building", "n!r"}
    assert not re.search(r"[A-Za-z]", re.sub(r"\{[^}]*\}", "", text))
    assert len(text) >= 1.4 * len("{name} builds the {building} ({n!r} left).") and text.count(PAD) > 0
    assert "{" in pseudo("50% {{literal}}").format()  # a literal brace stays a literal brace


def test_the_site_carries_each_language_and_the_pseudo_locale_only_when_asked(tmp_path: Path) -> None:
    from tools.build_site import compile_catalogues

    compile_catalogues(tmp_path / "plain", pseudo=False)
    compile_catalogues(tmp_path / "test", pseudo=True)
    plain = sorted(p.relative_to(tmp_path / "plain").as_posix() for p in (tmp_path / "plain").rglob("*.mo"))
    assert plain == [f"locale/{lang}/{domain}.mo" for lang in sorted(LANGS) for domain in sorted(DOMAINS)]
    assert (tmp_path / "test" / "locale" / "pseudo" / "engine.mo").is_file()
