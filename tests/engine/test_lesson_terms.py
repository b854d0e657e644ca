"""One set of terms per language (docs/translating.md, "The terms"): where a built-in lesson's English text names a
component (an advisor, a building, an enemy, a phase, a good, the "+2" token, VP), its German and French texts
name it as the engine's catalogue does, the word the reader sees on the board."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from kingsburg.content import ADVISORS, BUILDINGS, ENEMY_TYPE_NAMES, GOODS, PHASES
from kingsburg.lesson import TUTORIAL, builtin_text

# The catalogues are read with Babel, a developer's tool not in Pyodide's test wheels: CPython checks the terms.
pofile = pytest.importorskip("babel.messages.pofile")
read_po = pofile.read_po

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("de", "fr")
# Components the catalogue names inside a longer message, not as a message of their own.
OTHER_TERMS = {'"+2" token': {"de": "„+2“-Marker", "fr": "marqueur +2"}}
# German declines the phases' names; the lesson may use these forms of the catalogue's words (and only these).
FORMS = {
    "Königliche Hilfe": ("Königlichen Hilfe",),
    "Gesandter des Königs": ("Gesandte des Königs", "Gesandten des Königs"),
}
# A word's endings of case and number: "den Astronomen", "dem Gutsherrn", "quatre pierres".
ENDING = "(?:s|n|en)?"
# Where a long compound may break in a narrow box (a court tile): invisible elsewhere, and no part of the word.
SOFT_HYPHEN = "\u00ad"


@cache
def catalogue(language: str) -> dict[str, str]:
    """The translations of the page's and the engine's catalogue; the engine's names the components (the page's
    "Market" is a phrase of its own)."""
    found: dict[str, str] = {}
    for domain in ("page", "engine"):
        with (ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for message in read_po(f):
                if isinstance(message.id, str) and message.id and not message.context and message.string:
                    found[message.id] = str(message.string).replace(SOFT_HYPHEN, "")
    return found


def terms(language: str) -> dict[str, str]:
    """Each component's English name -> the catalogue's word for it in ``language``."""
    names = [a.name for a in ADVISORS] + [b.name for b in BUILDINGS] + list(ENEMY_TYPE_NAMES)
    names += [p for p in PHASES if p] + list(GOODS) + ["VP"]
    words = {name: catalogue(language)[name] for name in names}
    return words | {name: by[language] for name, by in OTHER_TERMS.items()}


def pairs(lesson: dict, language: str) -> Iterator[tuple[str, str, str]]:
    """(where, English, translated) for every text of ``lesson`` its translation gives."""
    said = lesson["translations"][language]
    yield "title", lesson["title"], said["title"]
    yield "summary", lesson["summary"], said["summary"]
    for number, step in enumerate(lesson["steps"], 1):
        theirs = said["steps"][str(number)]
        yield f"step {number}", step["text"], theirs["text"]
        if "hint" in step:
            yield f"step {number} hint", step["hint"], theirs["hint"]
        for pointer, label in step.get("labels", {}).items():
            yield f"step {number} label {pointer}", label, theirs["labels"][pointer]
        moves = [m for m in step.get("play", []) if isinstance(m, dict)]
        for k, move in enumerate(step.get("play", []), 1):
            if isinstance(move, dict):
                yield f"step {number} move {k}", move["say"], theirs["say"][str(k)]
        assert len(moves) == len(theirs.get("say", {}))


def names_in(text: str, word: str, ending: str = "") -> bool:
    # Case-insensitive: German capitalises every noun, French writes "du roi" in running text.
    return re.search(rf"(?<!\w){re.escape(word)}{ending}(?!\w)", text, re.IGNORECASE) is not None


def mismatches(language: str) -> list[str]:
    words = terms(language)
    wrong = []
    for name in TUTORIAL:
        lesson = json.loads(builtin_text(name))
        for where, english, translated in pairs(lesson, language):
            for term, word in words.items():
                # "King" the advisor is also the King himself; the phases' names contain him.
                if term in {"King", "Queen"} or not names_in(english, term):
                    continue
                if not any(names_in(translated, form, ENDING) for form in (word, *FORMS.get(word, ()))):
                    wrong.append(f"{name} {where}: {term!r} is {word!r} in the catalogue, not in {translated!r}")
    return wrong


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lessons_name_the_components_as_the_catalogue_does(language: str) -> None:
    assert mismatches(language) == []


def test_the_check_sees_a_name_that_is_not_the_catalogues(monkeypatch: pytest.MonkeyPatch) -> None:
    """The German lesson once said "Gasthaus" where the board says "Kneipe": the check must see it."""
    original = builtin_text

    def with_old_word(name: str) -> str:
        return original(name).replace("die **Kneipe**", "das **Gasthaus**")

    monkeypatch.setattr(f"{__name__}.builtin_text", with_old_word)
    assert any("'Inn' is 'Kneipe'" in line for line in mismatches("de"))
