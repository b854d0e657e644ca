"""The scenes shown between decisions, in turn: the winter battle (``winter.py``), then the year's summary
(``summary.py``); and the season's banner. What a decision set off decides which ones come; the ones not yet
clicked away are saved with the game (``[kind, year]``), so a reload shows them again."""

from __future__ import annotations

from dataclasses import replace

from kingsburg import Game
from kingsburg.lesson import ended_season, ended_year, shown_battle

from . import markup, summary, winter
from .markup import Markup
from .summary import Moment, SeasonSummary, YearSummary
from .winter import Winter

Scene = Winter | YearSummary
LessonScene = Scene | SeasonSummary  # a lesson step's scene may also be a season's banner (docs/lessons.md)


def after(game: Game, before: Moment, complete: bool) -> tuple[list[Scene], tuple[int, int] | None, bool]:
    """What ``game`` calls for since ``before``: new scenes (a battle fought, a year ended), the productive
    season that ended (if one did), and whether a year ended. ``complete``: battles appear whole at once."""
    scenes: list[Scene] = []
    year = winter.started_battle(game, before.events)
    if year is not None:
        battle = winter.battle_of(game, year)
        if battle is not None:
            if complete:
                battle.step = battle.last
            scenes.append(battle)
    ended = summary.ended_years(before, game)
    scenes += [summary.year_summary(game, y) for y in ended]
    return scenes, summary.ended_season(before, game), bool(ended)


def kind(scene: Scene) -> str:
    return "winter" if isinstance(scene, Winter) else "year"


def saved(scenes: list[Scene]) -> list[tuple[str, int]]:
    return [(kind(x), x.year) for x in scenes]


def restore(game: Game, saved_scenes: list[tuple[str, int]]) -> list[Scene]:
    """The scenes a saved game had not shown to the end: whole at once (they were seen in part)."""
    out: list[Scene] = []
    for name, year in saved_scenes:
        if name == "winter":
            battle = winter.battle_of(game, year)
            if battle is not None:
                battle.step = battle.last
                out.append(battle)
        else:
            out.append(summary.year_summary(game, year))
    return out


def lesson_scene(game: Game, word: str) -> LessonScene | None:
    """The scene a lesson step shows (``Step.scene``, docs/lessons.md): the last battle fought, told up to the
    stage named, the review of the last year that ended, or the banner of the last productive season that ended.
    None when the game has none (a lesson checks that)."""
    kind, _, stage = word.partition(":")
    if kind == "year":
        year = ended_year(game)
        return summary.year_summary(game, year) if year is not None else None
    if kind == "season":
        season = ended_season(game)
        return summary.season_summary(game, *season) if season is not None else None
    fought = shown_battle(game)
    battle = winter.battle_of(game, fought) if fought is not None else None
    if battle is None:
        return None
    seats = [f.seat for f in battle.fights]
    if stage == "approach":
        battle.step = 0
    elif stage == "enemy":
        battle.step = battle.reveal_stage
    elif stage == "king":
        battle.step = battle.roll_stage
    elif stage.isdigit() and int(stage) in seats:
        battle.step = 3 + seats.index(int(stage))
    else:
        battle.step = battle.last
    return battle


def html(game: Game, scene: LessonScene, names: list[str], spectator: bool, inline: bool = False) -> Markup:
    """The scene over the board, or ``inline`` in the court's place (a lesson's step)."""
    if isinstance(scene, YearSummary):
        return summary.year_dialog(scene, names, spectator, inline)
    if isinstance(scene, SeasonSummary):  # only a lesson's: a game's banner is drawn above the court, not here
        # The banner as the game shows it; its Close button has nothing to close here (style.css hides it).
        return markup.html('<div class="lesson-scene season">{}</div>', summary.season_banner(scene, names))
    # Goods chosen since the battle (a loss, the spoils) show as they come, and the choices still awaited; drawn
    # from a copy, since drawing changes nothing.
    fresh = winter.battle_of(game, scene.year)
    shown = replace(
        scene,
        fights=fresh.fights if fresh is not None else scene.fights,
        pending={t.seat: (t.kind, t.arg) for t in game.state.queue if t.kind in ("lose", "gain")},
    )
    return winter.scene(shown, names, spectator, inline)
