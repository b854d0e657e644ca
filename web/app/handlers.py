"""The page's events by name: every ``data-action`` the page renders (and the few page.py sends itself) and the
``App`` method that handles it (start_control.py, game_control.py, lesson_control.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .game_control import GameControls
from .lesson_control import LessonControls
from .replay_control import ReplayControls
from .share import ShareControls
from .start_control import StartControls

if TYPE_CHECKING:
    from .controller import App

PAGE_ACTIONS = frozenset({"import"})
"""``data-action`` names web/page.py handles itself: the file picker reads the file, then sends ``import-text``."""

Handler = Callable[["App", str, str], bool | None]
"""An event handler: ``(app, value, seat)``; False when the screen need not change."""

HANDLERS: dict[str, Handler] = {
    "name": StartControls._on_name,
    "kind": StartControls._on_kind,
    "count": StartControls._on_count,
    "edition": StartControls._on_edition,
    "scenario": StartControls._on_scenario,
    "module": StartControls._on_module,
    "start": StartControls._on_start,
    "continue": StartControls._on_continue,
    "delete": StartControls._on_delete,
    "delete-no": StartControls._on_delete_no,
    "delete-yes": StartControls._on_delete_yes,
    "export": StartControls._on_export,
    "export-current": StartControls._on_export_current,
    "export-all": StartControls._on_export_all,
    "import-text": StartControls._on_import_text,
    "import-error": StartControls._on_import_error,
    "stats-reset": StartControls._on_stats_reset,
    "sound": GameControls._on_sound,
    "home": StartControls._on_home,
    "new": StartControls._on_new,
    "rules": GameControls._on_rules,
    "close-rules": GameControls._on_close_rules,
    "escape": GameControls._on_escape,
    "log": GameControls._on_log,
    "tab": GameControls._on_tab,
    "results": GameControls._on_results,
    "hide-results": GameControls._on_hide_results,
    "die": GameControls._on_die,
    "extra": GameControls._on_extra,
    "clear": GameControls._on_clear,
    "act": GameControls._on_act,
    "reveal": GameControls._on_reveal,
    "hint": GameControls._on_hint,
    "handovers": GameControls._on_handovers,
    "undo": GameControls._on_undo,
    "skip": GameControls._on_skip,
    "speed": GameControls._on_speed,
    "scene-next": GameControls._on_scene_next,
    "season-close": GameControls._on_season_close,
    "learn": LessonControls._on_learn,
    "lesson-open": LessonControls._on_lesson_open,
    "lesson-text": LessonControls._on_lesson_text,
    "lesson-error": LessonControls._on_lesson_error,
    "lesson-next": LessonControls._on_lesson_next,
    "lesson-back": LessonControls._on_lesson_back,
    "lesson-show": LessonControls._on_lesson_show,
    "lesson-leave": LessonControls._on_lesson_leave,
    "replay": ReplayControls._on_replay,
    "replay-current": ReplayControls._on_replay_current,
    "replay-step": ReplayControls._on_replay_step,
    "replay-to": ReplayControls._on_replay_to,
    "replay-play-on": ReplayControls._on_replay_play_on,
    "replay-close": ReplayControls._on_replay_close,
    "share": ShareControls._on_share,
    "share-copy": ShareControls._on_share_copy,
    "share-failed": ShareControls._on_share_failed,
    "share-close": ShareControls._on_share_close,
}
"""Every ``data-action`` the page renders (and the few page.py sends itself: ``name``, ``escape``, ``scene-next``,
``import-text``/``import-error``, ``lesson-text``/``lesson-error``) and its handler."""
