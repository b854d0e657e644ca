"""What web/page.py must do after one call into the ``App``, besides drawing what the App shows: ``App.handle``
(and the other entry points the page calls: ``finish_bot``, ``Host.message``, ``first_update``) returns one
``Update``, which the page applies in one place. Handlers write into the call's ``Outbox``, which lives only as
long as that call, so nothing waits on the App to be taken later."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Update:
    redraw: bool = False  # the screen changed: the page brings the parts App.views() changed up to date
    sounds: tuple[str, ...] = ()  # web/sound.js's sounds to play, in order
    download: tuple[str, str] | None = None  # a file to offer for saving: (file name, text)
    clipboard: str | None = None  # text to copy (a shared link); a refusal comes back as "share-failed"
    clean_url: bool = False  # drop the game-starting parameters from the address, so a reload does not restart
    hint_request: tuple[int, str] | None = None  # (generation, request) for the worker; "hint_answer" follows
    lesson_url: str | None = (
        None  # a lesson to fetch (a relative URL, params.py); "lesson-text" or "lesson-error" follows
    )
    collection_url: str | None = None  # a collection to fetch, the same way: "collection-text" or "lesson-error"
    language: str | None = None  # a language to fetch and show (the host's "language" message; web/page.py)

    @property
    def asks_nothing(self) -> bool:
        return self == Update()


@dataclass
class Outbox:
    """What the handlers of one call asked of the page so far (frozen into its ``Update`` at the end)."""

    sounds: list[str] = field(default_factory=list)
    download: tuple[str, str] | None = None
    clipboard: str | None = None
    clean_url: bool = False
    hint_request: tuple[int, str] | None = None
    lesson_url: str | None = None
    collection_url: str | None = None
    language: str | None = None

    def update(self, redraw: bool) -> Update:
        return Update(
            redraw,
            tuple(self.sounds),
            self.download,
            self.clipboard,
            self.clean_url,
            self.hint_request,
            self.lesson_url,
            self.collection_url,
            self.language,
        )
