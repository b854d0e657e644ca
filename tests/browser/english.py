"""The English sentences of the catalogues, to find any of them on a screen in German (test_phone_layout.py's whole
game in German, issue 25).

The sentences are the English msgids of ``locale/page.pot`` and ``locale/engine.pot`` of at least two words, each
placeholder a wildcard; a message whose German translation is the English one (a name, "Ok") is left out."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from babel.messages.pofile import read_po
from playwright.sync_api import Page

LOCALE = Path(__file__).resolve().parents[2] / "locale"
WORD = re.compile(r"[A-Za-z]{2,}")
FIELD = re.compile(r"\{[^{}]*\}")


class Sentence(NamedTuple):
    parts: tuple[str, ...]  # the message's words between its placeholders
    pattern: re.Pattern[str]  # the parts in order, each placeholder anything within one line

    def on(self, text: str) -> bool:
        # The parts as plain substrings first: a thousand lazy patterns over a whole screen took a quarter of a
        # second per screen; a sentence whose parts are not all there cannot match.
        return all(part in text for part in self.parts) and self.pattern.search(text) is not None


def english_sentences() -> dict[str, Sentence]:
    """Each English message of two words or more (not counting its placeholders) whose German differs, as a
    pattern that finds it in a page's text whatever its placeholders hold (within one line)."""
    out: dict[str, Sentence] = {}
    for domain in ("page", "engine"):
        with (LOCALE / f"{domain}.pot").open("rb") as f:
            template = read_po(f)
        with (LOCALE / "de" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            german = read_po(f)
        for message in template:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            translated = german.get(message.id, message.context)
            strings = translated.string if translated is not None else ""
            germans = set(strings) if isinstance(strings, tuple) else {strings}
            for english in ids:
                if english in germans or len(WORD.findall(FIELD.sub(" ", english))) < 2:
                    continue
                parts = FIELD.split(english)
                # A placeholder holds a name, a number or a phrase of one line: never the whole screen.
                pattern = re.compile(r"[^\n]+?".join(re.escape(p) for p in parts))
                out[english] = Sentence(tuple(p for p in parts if p), pattern)
    return out


SENTENCES = english_sentences()
GERMAN_DICE = ("Würfel {}", "Weißer Würfel {}", "Bonuswürfel {}")  # board_driver.DICE_LABELS in German


def english_on_screen(page: Page, where: str) -> None:
    text = page.evaluate("document.body.innerText")
    found = [english for english, sentence in SENTENCES.items() if sentence.on(text)]
    assert found == [], f"{where}: English on screen: {found}"
    assert page.evaluate("document.documentElement.lang") == "de", where
