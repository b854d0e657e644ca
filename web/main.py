"""Page glue for Kingsburg, run by PyScript in the browser (placeholder board).

Only this layer may import ``pyscript``, ``pyodide`` and ``js``; the engine (``kingsburg``) never does.
The contract with the page shell, which the real board must keep:

* call :func:`boot_stage` to report progress while setting up (the loading screen shows it);
* set ``<body data-ready="1">`` once the board is rendered and playable: the loading screen stays up
  until then, and the browser tests and the boot benchmark wait for it.

For now the board is the list of legal actions as buttons; a click applies the action.
"""

from __future__ import annotations

import html
import random
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

import kingsburg

PLAYERS = ["Ann", "Bob"]
MAX_BUTTONS = 80


def boot_stage(text: str, percent: int) -> None:
    window.kingsburgBoot.stage(text, percent)


def seed_from_url() -> int:
    """``?seed=N`` replays a given game; otherwise a fresh random one."""
    params = window.URLSearchParams.new(window.location.search)
    seed = params.get("seed")
    return int(seed) if seed and seed.isdigit() else random.randrange(2**31)


class PlaceholderBoard:
    """Renders the game as text plus one button per legal action."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.game: Any = None
        self.message = ""
        self.moves = 0  # actions applied from this page; shown as data-moves for tests
        # Keep a reference: the proxy must live as long as the listener.
        self._on_click = create_proxy(self.on_click)
        root.addEventListener("click", self._on_click)

    def new_game(self) -> None:
        self.game = kingsburg.new_game(PLAYERS, seed=seed_from_url())
        self.message = ""
        self.moves = 0

    def on_click(self, event: Any) -> None:
        button = event.target.closest("button[data-action]")
        if button is None:
            return
        if button.dataset.action == "new-game":
            self.new_game()
        else:
            try:
                self.game.apply(button.dataset.action)
                self.message = ""
                self.moves += 1
            except ValueError as err:
                self.message = str(err)
        self.render()

    def render(self) -> None:
        game = self.game
        parts = ["<h1>Kingsburg</h1>"]
        if game.is_over():
            scores = ", ".join(f"{html.escape(str(s))}" for s in game.scores())
            parts.append(f'<p class="status">Game over. Scores: {scores}</p>')
            actions: list[str] = []
        else:
            parts.append(f'<p class="status">To play: {html.escape(PLAYERS[game.to_play])}</p>')
            actions = [str(a) for a in game.legal_actions()]
        if self.message:
            parts.append(f'<p class="message" role="alert">{html.escape(self.message)}</p>')
        buttons = "".join(
            f'<button type="button" data-action="{html.escape(a)}">{html.escape(a)}</button>'
            for a in actions[:MAX_BUTTONS]
        )
        more = f"<p>… and {len(actions) - MAX_BUTTONS} more</p>" if len(actions) > MAX_BUTTONS else ""
        parts.append(f'<div class="actions" aria-label="Legal actions">{buttons}</div>{more}')
        parts.append('<p><button type="button" data-action="new-game">New game</button></p>')
        self.root.innerHTML = "".join(parts)
        self.root.dataset.moves = str(self.moves)


def main() -> None:
    boot_stage("Setting up the table…", 94)
    app = document.getElementById("app")
    body = document.body
    if not hasattr(kingsburg, "new_game"):
        # The engine is still being written; the shell itself is ready.
        app.innerHTML = "<h1>Kingsburg</h1><p>The rules engine is not available yet.</p>"
        body.dataset.engine = "missing"
    else:
        board = PlaceholderBoard(app)
        board.new_game()
        board.render()
        body.dataset.engine = "ok"
    body.dataset.ready = "1"


main()
