"""When the page cannot build its first screen (whatever the storage or the address held): a screen that says
so and offers to start without the saved games, which stay in storage untouched (``web/page.py`` wires it)."""

from __future__ import annotations

from .markup import Markup, html
from .storage import SaveStore

RESCUED = (
    "This page started without your saved games, because reading them failed: they are still stored on this "
    "device, untouched, and reloading the page tries them again. Games played now are not saved: export them."
)


def rescue_screen(error: str, export: bool = True) -> Markup:
    """``export``: offer to export the saved games first (not where the page may not read them)."""
    return html(
        '<div class="start rescue"><section class="card" role="alert" aria-labelledby="rescue-title">'
        '<h1 id="rescue-title">Kingsburg could not start</h1>'
        '<p class="msg err">{}</p>'
        "<p>Your saved games are still stored on this device: nothing was deleted. You can play without them "
        "now; reloading the page tries them again.</p>"
        '<div class="end-actions"><button type="button" class="primary big" data-action="rescue" autofocus>'
        "Start without the saved games</button>{}"
        "</div></section></div>",
        error[:500],
        Markup(
            '<button type="button" class="tool" data-action="rescue-export">Export the saved games first</button>'
            if export
            else ""
        ),
    )


def rescue_store() -> SaveStore:
    """A store that keeps this tab's games in memory and never touches the browser's storage."""
    store = SaveStore(None)
    store.warning = RESCUED
    return store
