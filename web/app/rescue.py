"""When the page cannot build its first screen (whatever the storage or the address held): a screen that says
so and offers to start without the saved games, which stay in storage untouched (``web/page.py`` wires it)."""

from __future__ import annotations

from kingsburg.i18n import N_, _

from .markup import Markup, fill, html
from .storage import SaveStore

RESCUED = N_(
    "This page started without your saved games, because reading them failed: they are still stored on this "
    "device, untouched, and reloading the page tries them again. Games played now are not saved: export them."
)


def rescue_screen(error: str, export: bool = True) -> Markup:
    """``export``: offer to export the saved games first (not where the page may not read them)."""
    return html(
        '<div class="start rescue"><section class="card" role="alert" aria-labelledby="rescue-title">'
        '<h1 id="rescue-title">{}</h1>'
        '<p class="msg err">{}</p>'
        "<p>{}</p>"
        '<div class="end-actions"><button type="button" class="primary big" data-action="rescue" autofocus>'
        "{}</button>{}"
        "</div></section></div>",
        fill(_("Kingsburg could not start")),
        error[:500],
        fill(
            _(
                "Your saved games are still stored on this device: nothing was deleted. You can play without them "
                "now; reloading the page tries them again."
            )
        ),
        fill(_("Start without the saved games")),
        html(
            '<button type="button" class="tool" data-action="rescue-export">{}</button>',
            fill(_("Export the saved games first")),
        )
        if export
        else Markup(""),
    )


def rescue_store() -> SaveStore:
    """A store that keeps this tab's games in memory and never touches the browser's storage."""
    store = SaveStore(None)
    store.warning = RESCUED  # a message id: views.py says it in the reader's language
    return store
