"""Lessons in several languages (docs/lessons.md, Translations): the format, each refusal naming the step, the
reader's language chosen field by field, the checker's report, and the built-in tutorial complete in German and
French."""

from __future__ import annotations

import copy
import gettext
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import kingsburg
from kingsburg import i18n
from kingsburg.cli import main
from kingsburg.collection import builtin_collection, collection_from_dict, load_collection
from kingsburg.lesson import TUTORIAL, LessonSession, builtin_text, lesson_from_dict, load_lesson

ROOT = Path(__file__).resolve().parents[2]
MARKET = json.loads(builtin_text("11-market"))
WHITE_DIE = json.loads(builtin_text("05-white-die"))  # narrated moves ('say') in its step 3


def bare(base: dict) -> dict:
    """The lesson as written before translations: what an old lesson file holds."""
    d = copy.deepcopy(base)
    d.pop("translations", None)
    return d


def with_translations(base: dict, translations: object) -> str:
    return json.dumps({**bare(base), "translations": translations})


def refused(text: str) -> str:
    with pytest.raises(kingsburg.InvalidLesson) as info:
        load_lesson(text)
    return str(info.value)


@pytest.fixture
def german() -> Iterator[None]:
    """The reader's language is German (the page installs a catalogue; the choice of a lesson's texts only reads
    the language), and English again afterwards."""
    i18n.use(gettext.NullTranslations(), "de")
    yield
    i18n.use(None)


def test_a_lesson_without_translations_loads_as_before_in_its_own_language():
    lesson = load_lesson(json.dumps(bare(MARKET)))
    assert lesson.language == "en" and lesson.languages == ("en",) and lesson.translations == ()
    assert lesson.in_language("de") is lesson and lesson.missing("en") == ()


def test_the_reader_s_language_is_chosen_field_by_field_falling_back_to_the_main_one(german):
    text = with_translations(
        MARKET,
        {"de": {"title": "Der Markt", "steps": {"2": {"text": "Ann setzt **5 und 4** auf den General."}}}},
    )
    session = LessonSession(load_lesson(text))
    assert session.localized.title == "Der Markt"
    assert session.step is not None and session.step.text.startswith("With a **Market**")  # step 1 not translated
    session.next()
    assert session.step is not None and session.step.text == "Ann setzt **5 und 4** auf den General."
    assert session.try_move("place 5+4 @9").message == MARKET["steps"][1]["hint"]  # its hint: the English one
    i18n.use(None)
    assert session.localized.title == "The Market" and session.step.text.startswith("Ann rolled 4, 5 and 1")


def test_a_change_of_language_shows_at_the_next_read_the_session_keeps_none():
    session = LessonSession(load_lesson(builtin_text("05-white-die")))
    session.next()
    session.next()
    assert session.try_move("place 4+w3 @7").ok
    english = [p.say for p in session.played]
    assert english[0] == "16: the **Wizard**, 4 gold."
    try:
        i18n.use(gettext.NullTranslations(), "fr")
        assert session.played[0].say == "16\u00a0: le **Sorcier**, 4 or."
        assert not session.try_move("pass").ok and session.hint.startswith("Choisissez le 2 et le 1")
        i18n.use(gettext.NullTranslations(), "de-AT")  # a region of a language the lesson has: its language
        assert session.hint.startswith("Wähle die 2 und die 1") and session.is_hint(session.hint)
        assert session.is_hint(session.lesson.in_language("fr").steps[3].hint)  # the hint told in French, too
    finally:
        i18n.use(None)
    assert [p.say for p in session.played] == english and session.hint.startswith("Choose the 2 and the 1")


def test_labels_narrated_moves_wrong_answers_and_the_success_text_are_translated():
    puzzle = bare(MARKET)
    puzzle["steps"][1]["wrong"] = {"place 5+4 @9": "The Master Hunter gives a wood with either."}
    puzzle["solved"] = "The **General (#10)**: {name} solved it."
    puzzle["translations"] = {
        "fr": {
            "solved": "Le **Général (n° 10)** : {name} a trouvé.",
            "steps": {
                "1": {"labels": {"advisor:8": "9 moins 1"}},
                "2": {"wrong": {"place 5+4 @9": "Le Maître chasseur donne un bois avec l'un ou l'autre."}},
            },
        }
    }
    lesson = lesson_from_dict(puzzle).in_language("fr")
    assert lesson.language == "fr" and lesson.solved.startswith("Le **Général")
    assert dict(lesson.steps[0].labels) == {"advisor:8": "9 moins 1", "advisor:10": "9 + 1"}  # one falls back
    assert lesson.steps[1].hint_for("place 5+4 @9").startswith("Le Maître chasseur")
    said = WHITE_DIE["translations"]["de"]["steps"]["3"]["say"]
    assert set(said) == {"1", "2", "3"} and said["3"].startswith("Davids 12")


@pytest.mark.parametrize(
    "translations, expected",
    [
        ({"deu-DE": {"title": "Der Markt"}}, "'translations': 'deu-DE' is not a language code"),
        ({"DE": {"title": "Der Markt"}}, "'DE' is not a language code; write a BCP 47 primary language tag"),
        ({"en": {"title": "The Market"}}, "'translations' has 'en', the lesson's own language"),
        ({"de": {"steps": {"3": {"text": "Noch ein Schritt."}}}}, "there is no step '3': 'steps' names steps by"),
        ({"de": {"steps": {"first": {"text": "Erster."}}}}, "there is no step 'first'"),
        (
            {"de": {"steps": {"1": {"labels": {"advisor:8": "x" * 61}}}}},
            "step 1 (\"With a Market, a group of…\"): the 'de' translation: the label of 'advisor:8' is 61 "
            "characters long; at most 60",
        ),
        (
            {"fr": {"steps": {"1": {"labels": {"advisor:9": "9"}}}}},
            "step 1 (\"With a Market, a group of…\"): the 'fr' translation: 'labels' translates 'advisor:9', "
            "which the step has no label for ('advisor:8', 'advisor:10')",
        ),
        (
            {"de": {"steps": {"1": {"hint": "Ein Hinweis."}}}},
            "step 1 (\"With a Market, a group of…\"): the 'de' translation: it gives a hint, and the step has none",
        ),
        (
            {"de": {"steps": {"2": {"text": "Ann <b>setzt</b>."}}}},
            "step 2 (\"Ann rolled 4, 5 and 1.…\"): the 'de' translation: its text holds HTML",
        ),
        ({"de": {"steps": {"2": {"txt": "Ann."}}}}, "the 'de' translation: unknown field(s) 'txt'"),
        ({"de": {"solved": "Gelöst."}}, "the 'de' translation gives a success text ('solved'), and the lesson is not"),
        ({"de": {"titel": "Der Markt"}}, "the 'de' translation: unknown field(s) 'titel'"),
        ({}, "'translations' maps a language code to the texts in that language"),
    ],
)
def test_a_bad_translation_is_refused_naming_the_step(translations, expected):
    assert expected in refused(with_translations(MARKET, translations))


def test_a_translation_keeps_every_placeholder_of_its_original_and_adds_none():
    d = bare(MARKET)
    d["steps"][1]["text"] = "{reader}, Ann rolled 4, 5 and 1: the **General (#10)** with her Market."
    missing = refused(json.dumps({**d, "translations": {"de": {"steps": {"2": {"text": "Ann: der General."}}}}}))
    assert missing.startswith("step 2 (\"{reader}, Ann rolled 4, 5 and…\"): the 'de' translation: its text lacks")
    assert "lacks {reader}, which the original has" in missing
    added = {"de": {"steps": {"1": {"text": "Mit einem {markt} …"}}}}
    assert "its text has {markt}, which the original does not" in refused(with_translations(MARKET, added))
    kept = {"de": {"steps": {"2": {"text": "{reader}, Ann setzt 5 und 4 auf den General."}}}}
    assert load_lesson(json.dumps({**d, "translations": kept})).in_language("de").steps[1].text.startswith("{reader}")


def test_the_lesson_s_own_language_may_be_another_and_english_a_translation():
    d = bare(MARKET) | {"language": "de", "title": "Der Markt"}
    lesson = lesson_from_dict(d | {"translations": {"en": {"title": "The Market"}}})
    assert lesson.languages == ("de", "en") and lesson.in_language("en").title == "The Market"
    assert lesson.in_language("fr").title == "Der Markt"  # no French: the main language
    assert "'language': 'german' is not a language code" in refused(json.dumps(d | {"language": "german"}))


def test_missing_texts_are_listed_per_language():
    text = with_translations(
        MARKET,
        {
            "de": {"title": "Der Markt", "steps": {"1": {"text": "Mit einem **Markt** …"}, "2": {"text": "Ann …"}}},
            "fr": {"title": "Le Marché"},
        },
    )
    lesson = load_lesson(text)
    assert lesson.missing("de") == (
        "the summary",
        "step 1's label of 'advisor:8'",
        "step 1's label of 'advisor:10'",
        "step 2's hint",
    )
    assert "step 2's text" in lesson.missing("fr") and lesson.missing("nl") == ("every text",)


def test_lesson_check_says_which_languages_are_complete_and_warns_of_what_is_missing(tmp_path, capsys):
    partial = tmp_path / "market.json"
    partial.write_text(with_translations(MARKET, {"fr": {"title": "Le Marché"}}), encoding="utf-8")
    full = tmp_path / "full.json"
    full.write_text(json.dumps(MARKET), encoding="utf-8")
    assert main(["lesson", "check", str(partial), str(full)]) == 0  # a warning, not a refusal
    out, err = capsys.readouterr()
    assert f"{partial}: ok, 2 steps (The Market); in en (main), fr (6 missing)" in out
    assert f"{full}: ok, 2 steps (The Market); in en (main), de (complete), fr (complete)" in out
    assert f"{partial}: warning: the 'fr' translation lacks the summary; step 1's text;" in err
    assert "shown in 'en' instead" in err and str(full) not in err


def test_a_collection_s_title_is_translated_and_progress_keeps_its_own_title(german):
    tutorial = builtin_collection()
    assert tutorial.title_in() == "Spielen lernen" and tutorial.key == "Learn to play"
    assert tutorial.chapters[7].title_in() == "Soldaten anwerben und die Schlacht gegen die Goblins"
    assert tutorial.chapters[7].title_in("fr") == "Le recrutement et la bataille contre les Gobelins"
    assert tutorial.chapters[7].title_in("nl") == tutorial.chapters[7].title  # no Dutch: English
    written = {
        "format": "kingsburg-collection",
        "version": 1,
        "title": "Ann's buildings",
        "lessons": [json.loads(with_translations(MARKET, {"de": {"title": "Annas Markt"}}))],
        "translations": {"de": {"title": "Annas Gebäude"}},
    }
    collection = collection_from_dict(written)
    assert collection.title_in() == "Annas Gebäude" and collection.chapters[0].title_in() == "Annas Markt"
    assert collection.languages == ("en", "de") and "the summary" not in collection.missing("de")
    with pytest.raises(kingsburg.InvalidCollection, match="gives a summary, and the collection has none"):
        collection_from_dict(written | {"translations": {"de": {"summary": "Zwei Lektionen."}}})
    twins = copy.deepcopy(written)
    twins["lessons"].append(json.loads(with_translations(MARKET, {"de": {"title": "Annas Markt"}})))
    twins["lessons"][1]["title"] = "Ann's Market again"
    with pytest.raises(kingsburg.InvalidCollection, match="chapter 1 has the same title in 'de' \\('Annas Markt'\\)"):
        collection_from_dict(twins)
    with pytest.raises(kingsburg.InvalidCollection, match="'xx-yy' is not a language code"):
        load_collection(json.dumps(written | {"translations": {"xx-yy": {"title": "?"}}}))


@pytest.mark.parametrize("name", TUTORIAL)
@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_built_in_lesson_is_complete_in_german_and_french(name, language):
    lesson = load_lesson(builtin_text(name))
    assert language in lesson.languages
    assert lesson.missing(language) == (), f"{name}.json lacks {language!r} texts: add them in tools/make_lessons.py"
    shown = lesson.in_language(language)
    # Each text differs from the English but for those that read the same in every language ("9 − 1", "8 > 7").
    same = [s.text for s, t in zip(lesson.steps, shown.steps, strict=True) if s.text == t.text]
    assert same == [] and shown.title != lesson.title


def test_the_built_in_collection_is_complete_in_german_and_french():
    tutorial = builtin_collection()
    assert tutorial.languages == ("en", "de", "fr")
    assert tutorial.missing("de") == () and tutorial.missing("fr") == ()


def test_the_schema_describes_translations():
    jsonschema = pytest.importorskip("jsonschema")
    from referencing import Registry, Resource

    schemas = ROOT / "docs" / "schema"
    if not schemas.exists():
        pytest.skip("no docs beside the tests")
    position = json.loads((schemas / "position.schema.json").read_text())
    lesson = json.loads((schemas / "lesson.schema.json").read_text())
    registry = Registry().with_resources(
        [(position["$id"], Resource.from_contents(position)), (lesson["$id"], Resource.from_contents(lesson))]
    )
    validator = jsonschema.Draft202012Validator(lesson, registry=registry)
    for name in TUTORIAL:
        validator.validate(json.loads(builtin_text(name)))
    bad: list[Callable[[dict], object]] = [
        lambda t: t.update({"DE": t.pop("de")}),
        lambda t: t["de"]["steps"].update({"0": {"text": "Null."}}),
        lambda t: t["de"]["steps"]["1"].update(labels={"advisor:8": "x" * 61}),
        lambda t: t["de"].update(motto="Hallo"),
    ]
    for change in bad:
        d = copy.deepcopy(MARKET)
        change(d["translations"])
        with pytest.raises(jsonschema.ValidationError):
            validator.validate(d)
    collection = jsonschema.Draft202012Validator(
        json.loads((schemas / "collection.schema.json").read_text()), registry=registry
    )
    collection.validate(json.loads((ROOT / "kingsburg" / "lessons" / "tutorial.json").read_text(encoding="utf-8")))


def test_the_example_of_the_authors_guide_loads_and_is_checked_as_it_says(tmp_path, capsys):
    guide = ROOT / "docs" / "lessons.md"
    if not guide.exists():
        pytest.skip("no docs beside the tests")
    section = guide.read_text(encoding="utf-8").split("## Translations\n", 1)[1]
    example, after = section.split("```json\n", 1)[1].split("```", 1)
    said = after.split("```\n", 1)[1].split("```", 1)[0].replace("market.json", str(tmp_path / "market.json"))
    lesson = load_lesson(example)
    assert lesson.languages == ("en", "de", "fr") and lesson.missing("de") == ()
    (tmp_path / "market.json").write_text(example, encoding="utf-8")
    assert main(["lesson", "check", str(tmp_path / "market.json")]) == 0
    out, err = capsys.readouterr()
    assert out + err == said
    session = LessonSession(lesson)
    i18n.use(gettext.NullTranslations(), "fr")
    try:
        session.next()
        assert session.step is not None and session.step.text.startswith("Ann place son **5 et son 4**")
        assert session.step.hint == "Choose 5 and 4, switch on the Market, then the General (#10)."  # not in French
    finally:
        i18n.use(None)
