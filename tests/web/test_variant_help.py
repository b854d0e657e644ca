"""The variants' rules help in the reader's language (docs/translating.md): each paragraph a message of the engine's
catalogue, the two assembled from parts (Wheel and Deal's groups, The Demanding Capital's outcomes) assembled from
their translations, and English unchanged."""

from __future__ import annotations

import html

from kingsburg import Rules, i18n, variants
from kingsburg.variants import demanding_capital, wheel_and_deal
from web.app.scenario import help_section

HELPED = [v for v in variants.VARIANTS.values() if v.help]


def test_in_english_the_help_is_the_variants_own() -> None:
    assert HELPED and all(v.rules_help() == v.help for v in HELPED)


def test_every_help_is_translated(language: str) -> None:
    for v in HELPED:
        shown = v.rules_help()
        assert shown and shown != v.help, (language, v.name)
        # Not half-English: no sentence of the English paragraph survives.
        assert not any(len(s) > 20 and s in shown for s in v.help.split(". ")), (language, v.name)


def test_the_assembled_helps_take_their_parts_translated(language: str) -> None:
    deal = variants.VARIANTS[wheel_and_deal.NAME].rules_help()
    for group, title in wheel_and_deal.TITLES.items():
        assert i18n._(title) in deal and i18n._(wheel_and_deal.EFFECTS[group]) in deal
    capital = variants.VARIANTS["demanding-capital"].rules_help()
    assert all(f"({i18n._(text)})" in capital for text in demanding_capital.OUTCOMES.values())
    assert "{" not in deal + capital


def test_the_rules_dialog_shows_the_help_and_title_in_the_readers_language(language: str) -> None:
    valley = variants.VARIANTS["goblin-valley"]
    shown = html.unescape(str(help_section(Rules(edition=2, scenario="goblin-valley"))))
    assert valley.rules_help() in shown and f"<h4>{i18n._(valley.title)}</h4>" in shown
