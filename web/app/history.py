"""History and statistics of the games finished on this device, kept in localStorage beside the saves.

The entry ``kingsburg/v1/history`` (docs/inputs.md, "The page")::

    {"version": 1, "games": [{"id": "<fingerprint>", "ended": <seconds since 1970>,
                              "players": [{"name": "Ann", "kind": "human", "vp": 41}, ...], "winners": [0]}, ...]}

A finished game is recorded once: its ``id`` is a fingerprint of the finished game's engine JSON, the same in
every tab and after every reload, so recording it again (or importing a backup holding it) changes nothing.
The entry is never trusted: it is read through ``parse_json`` and every game in it is checked. A damaged entry
is reported on the start screen and left as it is (it is no saved game, but it is never overwritten behind the
player's back) until the player resets it; saved games never depend on it.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from typing import Any

import kingsburg
from kingsburg import InvalidJSON, parse_json
from kingsburg.i18n import N_, _, ngettext

from .markup import Markup, fill, html, join
from .storage import PREFIX, SaveStore
from .theme import KINDS, day
from .theme import level as level_word

KEY = PREFIX + "history"
VERSION = 1
MAX_BYTES = 1_000_000  # a game's entry is about 200 bytes
MAX_GAMES = 2000  # the oldest games are dropped beyond this; the statistics stay meaningful
COMPUTERS = tuple(k for k in KINDS if k != "human")


class HistoryError(Exception):
    """The statistics entry cannot be read. The message is meant for the player."""


@dataclass
class Stats:
    """What the start screen shows: the finished games (newest first) and the numbers drawn from them."""

    games: list[dict[str, Any]]
    # level -> (games a person played against it, games a person won among them)
    against: dict[str, tuple[int, int]] = field(default_factory=dict)
    best: dict[str, Any] | None = None  # {"name", "vp", "ended"}: the best score of a person


def fingerprint(game: kingsburg.Game) -> str:
    from hashlib import sha256  # imported when first needed, not with the page

    return sha256(game.to_json().encode()).hexdigest()[:24]


def entry_for(game: kingsburg.Game, kinds: list[str], now: float) -> dict[str, Any]:
    """The history entry of a finished game; ``kinds``: each seat's kind (human or a computer level)."""
    return {
        "id": fingerprint(game),
        "ended": now,
        "players": [
            {"name": name, "kind": kind, "vp": vp}
            for name, kind, vp in zip(game.players, kinds, game.scores(), strict=True)
        ],
        "winners": list(game.winners()),
    }


def parse(text: str | None) -> list[dict[str, Any]]:
    """The games of a statistics text (None: no entry yet). Raises HistoryError for anything damaged."""
    if text is None:
        return []
    try:
        data = parse_json(text, max_bytes=MAX_BYTES, max_depth=5, what=N_("the statistics"))
    except InvalidJSON as exc:
        raise HistoryError(_("The statistics on this device are damaged ({error}).").format(error=exc)) from None
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("games"), list):
        raise HistoryError(_("The statistics on this device are damaged (not a statistics entry of version 1)."))
    games: list[dict[str, Any]] = data["games"]
    if len(games) > MAX_GAMES or not all(_sound(g) for g in games):
        raise HistoryError(_("The statistics on this device are damaged (a game in them is not as it should be)."))
    return games


def dump(games: list[dict[str, Any]]) -> str:
    return json.dumps({"version": VERSION, "games": games[-MAX_GAMES:]}, separators=(",", ":"))


def merge(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """``old`` with the games of ``new`` it does not hold yet (by fingerprint), oldest first; and how many."""
    ids = {g["id"] for g in old}
    added = []
    for g in new:
        if g["id"] not in ids:
            ids.add(g["id"])
            added.append(g)
    return sorted(old + added, key=lambda g: g["ended"]), len(added)


def record(store: SaveStore, game: kingsburg.Game, kinds: list[str], now: float | None = None) -> bool:
    """Add a finished game to the statistics, once. False when it was not added: already there, the entry is
    damaged (it is left for the player to see and reset), or the storage refused the write."""
    try:
        games = parse(store.note(KEY))  # read just before writing: another tab may have recorded games
    except HistoryError:
        return False
    games, added = merge(games, [entry_for(game, kinds, time.time() if now is None else now)])
    return bool(added) and store.set_note(KEY, dump(games))


def add_imported(store: SaveStore, text: object) -> str:
    """Merge the statistics of a backup; returns what happened, in words ("" when the backup had none)."""
    if not isinstance(text, str):
        return ""
    try:
        new = parse(text)
    except HistoryError:
        return _("The statistics in the backup are damaged and were not read.")
    try:
        games = parse(store.note(KEY))
    except HistoryError:
        return _("The statistics on this device are damaged: reset them to add those of the backup.")
    games, added = merge(games, new)
    if added and not store.set_note(KEY, dump(games)):
        return _("The statistics of the backup could not be saved (storage full or refused).")
    if not added:
        return ""
    return ngettext(
        "{n} finished game added to the statistics.", "{n} finished games added to the statistics.", added
    ).format(n=added)


def reset(store: SaveStore) -> bool:
    return store.set_note(KEY, dump([]))


def stats(games: list[dict[str, Any]]) -> Stats:
    against: dict[str, tuple[int, int]] = {}
    best: dict[str, Any] | None = None
    for g in games:
        people = [i for i, p in enumerate(g["players"]) if p["kind"] == "human"]
        if not people:
            continue  # computers only: listed, but nobody's win rate
        won = any(i in g["winners"] for i in people)
        for level in {p["kind"] for p in g["players"]} - {"human"}:
            played, wins = against.get(level, (0, 0))
            against[level] = (played + 1, wins + won)
        for i in people:
            p = g["players"][i]
            if best is None or p["vp"] > best["vp"]:
                best = {"name": p["name"], "vp": p["vp"], "ended": g["ended"]}
    return Stats(list(reversed(games)), against, best)


def section(text: str | None) -> Markup:
    """The start screen's card: win rates, best score and the list of finished games; the problem and a reset
    button when the entry is damaged; nothing before the first finished game."""
    try:
        games = parse(text)
    except HistoryError as exc:
        return html(
            '<section class="card stats" aria-labelledby="stats-title"><h2 id="stats-title">{}</h2>'
            '<p class="msg err" role="alert">{}</p>'
            '<button type="button" class="tool" data-action="stats-reset">{}</button></section>',
            fill(_("Your record")),
            fill(
                _("{error} Your saved games are not affected. Reset the statistics to record finished games again."),
                error=exc,
            ),
            fill(_("Reset the statistics")),
        )
    if not games:
        return Markup()
    st = stats(games)
    n = len(games)
    nums = [html("<li>{}</li>", fill(ngettext("<b>{n}</b> finished game", "<b>{n}</b> finished games", n), n=n))]
    if st.best is not None:
        nums.append(
            html(
                "<li>{}</li>",
                fill(
                    _("Best score <b>{vp} VP</b> ({name}, {day})"),
                    vp=st.best["vp"],
                    name=st.best["name"],
                    day=_day(st.best["ended"]),
                ),
            )
        )
    for computer in COMPUTERS:
        if computer in st.against:
            played, won = st.against[computer]
            nums.append(
                html(
                    '<li class="rate">{}</li>',
                    fill(
                        _("Against {level}: won <b>{won} of {played}</b> ({rate}%)"),
                        level=_level(computer),
                        won=won,
                        played=played,
                        rate=round(100 * won / played),
                    ),
                )
            )
    rows = join(
        html(
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            _day(g["ended"]),
            ", ".join(
                f"{p['name']}{'' if p['kind'] == 'human' else ' (' + _level(p['kind']) + ')'} {p['vp']}"
                for p in g["players"]
            ),
            _(" and ").join(g["players"][w]["name"] for w in g["winners"]),
        )
        for g in st.games
    )
    return html(
        '<section class="card stats" aria-labelledby="stats-title"><h2 id="stats-title">{}</h2>'
        '<ul class="stat-nums">{}</ul>'
        "<details><summary>{}</summary>"
        '<div class="table-wrap" tabindex="0" role="region" aria-label="{}">'
        '<table class="history"><thead><tr><th scope="col">{}</th><th scope="col">{}</th>'
        '<th scope="col">{}</th></tr></thead><tbody>{}</tbody></table></div></details></section>',
        fill(_("Your record")),
        join(nums),
        fill(_("Finished games")),
        fill(_("Finished games")),
        fill(_("Date")),
        fill(_("Players and VP")),
        fill(_("Winner")),
        rows,
    )


def _level(kind: str) -> str:
    """ "Normal": a computer's level as the record names it."""
    return level_word(kind).capitalize()


def _day(stamp: float) -> str:
    return day(time.localtime(stamp))


def _sound(g: object) -> bool:
    if not isinstance(g, dict) or set(g) != {"id", "ended", "players", "winners"}:
        return False
    ended, players, winners = g["ended"], g["players"], g["winners"]
    return (
        isinstance(g["id"], str)
        and 0 < len(g["id"]) <= 64
        and isinstance(ended, int | float)
        and not isinstance(ended, bool)
        and math.isfinite(ended)
        and 0 <= ended < 1e11
        and isinstance(players, list)
        and 2 <= len(players) <= 5
        and all(_sound_player(p) for p in players)
        and isinstance(winners, list)
        and 0 < len(winners) <= len(players)
        and all(type(w) is int and 0 <= w < len(players) for w in winners)
    )


def _sound_player(p: object) -> bool:
    return (
        isinstance(p, dict)
        and set(p) == {"name", "kind", "vp"}
        and isinstance(p["name"], str)
        and 0 < len(p["name"]) <= 60
        and p["kind"] in KINDS
        and type(p["vp"]) is int
        and -1000 < p["vp"] < 1000
    )
