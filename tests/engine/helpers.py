"""Building situations for tests: positions written like the rulebook describes them."""

from __future__ import annotations

import kingsburg

NAMES = ["Ann", "Brian", "Cindy", "David"]
ANN, BRIAN, CINDY, DAVID = range(4)


def seat(**kw) -> dict:
    return kw


def position(seats: list[dict], names: list[str] | None = None, **kw) -> kingsburg.Game:
    """A position; ``seats`` are dicts of seat fields (gold, buildings, soldiers, ...)."""
    names = names or NAMES[: len(seats)]
    d = {
        "format": "kingsburg-position",
        "version": 1,
        "year": 1,
        "phase": 1,
        "turn_order": list(range(len(seats))),
        "enemies": ["I-3", "II-1", "III-1", "IV-1", "V-1"],
        "seats": [{"name": n, **s} for n, s in zip(names, seats, strict=True)],
    }
    d.update(kw)
    return kingsburg.load_game(d)


def seat_of(game: kingsburg.Game, name: str):
    return game.state.players[game.players.index(name)]


def legal_texts(game: kingsburg.Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def play_out(game: kingsburg.Game, choose=lambda g: g.legal_actions()[0]) -> kingsburg.Game:
    while not game.is_over():
        game.apply(choose(game))
    return game
