"""The page's events by name: every ``data-action`` the page renders (and the few page.py sends itself), the
screen that handles it and its handler there (start_control.py, game_control.py, lesson_control.py,
replay_control.py, share.py, editor_control.py). ``App.handle`` calls them; nothing else dispatches an event."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from .editor_control import EditorScreen
from .game_control import GameScreen
from .lesson_control import LessonScreen
from .replay_control import ReplayScreen
from .share import ShareDialog
from .start_control import StartScreen

if TYPE_CHECKING:
    from .controller import App

PAGE_ACTIONS = frozenset({"import", "language"})
"""``data-action`` names web/page.py handles itself: the file picker reads the file, then sends ``import-text``;
the language switch fetches the language's catalogues (web/app/languages.py), then redraws."""

Handler = Callable[["App", str, str], bool | None]
"""An event handler as ``App.handle`` calls it: ``(app, value, seat)``; False when the screen need not change."""

S = TypeVar("S")


def on(screen: Callable[[App], S], method: Callable[[S, str, str], bool | None]) -> Handler:
    """The handler that calls ``method`` of the App's ``screen``."""

    def handler(app: App, value: str, seat: str) -> bool | None:
        return method(screen(app), value, seat)

    return handler


def start(app: App) -> StartScreen:
    return app.start_screen


def game(app: App) -> GameScreen:
    return app.game_screen


def lesson(app: App) -> LessonScreen:
    return app.lesson_screen


def replay(app: App) -> ReplayScreen:
    return app.replay_screen


def share(app: App) -> ShareDialog:
    return app.share_dialog


def editor(app: App) -> EditorScreen:
    return app.editor_screen


def copy_failed(app: App, value: str, seat: str) -> None:
    """The browser refused to copy a link: said by whichever copied it (the Share dialog or the editor)."""
    app.share_dialog.on_share_failed(value, seat)
    app.editor_screen.on_copy_failed(value, seat)


HANDLERS: dict[str, Handler] = {
    "name": on(start, StartScreen.on_name),
    "kind": on(start, StartScreen.on_kind),
    "count": on(start, StartScreen.on_count),
    "edition": on(start, StartScreen.on_edition),
    "scenario": on(start, StartScreen.on_scenario),
    "module": on(start, StartScreen.on_module),
    "start": on(start, StartScreen.on_start),
    "continue": on(start, StartScreen.on_continue),
    "delete": on(start, StartScreen.on_delete),
    "delete-no": on(start, StartScreen.on_delete_no),
    "delete-yes": on(start, StartScreen.on_delete_yes),
    "export": on(start, StartScreen.on_export),
    "export-current": on(game, GameScreen.on_export_current),
    "export-all": on(start, StartScreen.on_export_all),
    "import-text": on(start, StartScreen.on_import_text),
    "import-error": on(start, StartScreen.on_import_error),
    "stats-reset": on(start, StartScreen.on_stats_reset),
    "sound": on(game, GameScreen.on_sound),
    "home": on(start, StartScreen.on_home),
    "new": on(start, StartScreen.on_new),
    "rules": on(game, GameScreen.on_rules),
    "close-rules": on(game, GameScreen.on_close_rules),
    "escape": on(game, GameScreen.on_escape),
    "log": on(game, GameScreen.on_log),
    "tab": on(game, GameScreen.on_tab),
    "results": on(game, GameScreen.on_results),
    "hide-results": on(game, GameScreen.on_hide_results),
    "die": on(game, GameScreen.on_die),
    "extra": on(game, GameScreen.on_extra),
    "clear": on(game, GameScreen.on_clear),
    "act": on(game, GameScreen.on_act),
    "reveal": on(game, GameScreen.on_reveal),
    "hint": on(game, GameScreen.on_hint),
    "handovers": on(game, GameScreen.on_handovers),
    "undo": on(game, GameScreen.on_undo),
    "skip": on(game, GameScreen.on_skip),
    "speed": on(game, GameScreen.on_speed),
    "scene-next": on(game, GameScreen.on_scene_next),
    "season-close": on(game, GameScreen.on_season_close),
    "learn": on(lesson, LessonScreen.on_learn),
    "lesson-open": on(lesson, LessonScreen.on_lesson_open),
    "lesson-chapter": on(lesson, LessonScreen.on_lesson_chapter),
    "lesson-list": on(lesson, LessonScreen.on_lesson_list),
    "lesson-list-close": on(lesson, LessonScreen.on_lesson_list_close),
    "lesson-text": on(lesson, LessonScreen.on_lesson_text),
    "collection-text": on(lesson, LessonScreen.on_collection_text),
    "lesson-error": on(lesson, LessonScreen.on_lesson_error),
    "lesson-next": on(lesson, LessonScreen.on_lesson_next),
    "lesson-back": on(lesson, LessonScreen.on_lesson_back),
    "lesson-show": on(lesson, LessonScreen.on_lesson_show),
    "lesson-leave": on(lesson, LessonScreen.on_lesson_leave),
    "replay": on(replay, ReplayScreen.on_replay),
    "replay-current": on(replay, ReplayScreen.on_replay_current),
    "replay-step": on(replay, ReplayScreen.on_replay_step),
    "replay-to": on(replay, ReplayScreen.on_replay_to),
    "replay-play-on": on(replay, ReplayScreen.on_replay_play_on),
    "replay-close": on(replay, ReplayScreen.on_replay_close),
    "share": on(share, ShareDialog.on_share),
    "share-copy": on(share, ShareDialog.on_share_copy),
    "share-failed": copy_failed,
    "share-close": on(share, ShareDialog.on_share_close),
    "edit-open": on(editor, EditorScreen.on_edit_open),
    "edit-field": on(editor, EditorScreen.on_edit_field),
    "edit-building": on(editor, EditorScreen.on_edit_building),
    "edit-export": on(editor, EditorScreen.on_edit_export),
    "edit-copy": on(editor, EditorScreen.on_edit_copy),
    "edit-playable": on(editor, EditorScreen.on_edit_playable),
    "edit-show": on(editor, EditorScreen.on_edit_show),
    "edit-close": on(editor, EditorScreen.on_edit_close),
}
"""Every ``data-action`` the page renders (and the few page.py sends itself: ``name``, ``escape``, ``scene-next``,
``import-text``/``import-error``, ``lesson-text``/``collection-text``/``lesson-error``) and its handler."""
