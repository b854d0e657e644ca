"""What a screen-reader user hears: one sentence for each thing that changed on the board that they did not do.

The page has one polite live region (``#announcer``, visually hidden). This module turns the engine's log
records (``game.events``: text, seat, vp, secret, year, phase) into its sentences:

* another seat's decision: a placement or a pass (chosen or forced), a build (or none), an aid, a recruit, a
  reroll, the Town Hall (the log's own sentence);
* the dice rolled for a season, all seats in one sentence with the turn order that follows from them, and the
  advisors the two-player dummy dice take;
* the enemy revealed in winter, the King's die, each battle result, each building destroyed and (for the
  other seats) the goods lost or taken;
* the end of a season and of a year (with the scores).

Gifts, rewards and other automatic steps are left to the log, which is not a live region: read every time,
they would drown the moves. ``Announcer`` keeps track of what was announced and merges sentences that come
faster than its gap apart (``GAP`` unless the page sets another; computers at fast or instant speed) into one
announcement, so none is cut off by the next. The page only writes the text it returns into the region. Pure
Python, tested on CPython.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from kingsburg import Event
from kingsburg.content import PHASES

from .theme import ROMAN

GAP = 0.6
"""Seconds between two announcements at least: at normal speed a computer's decisions are each announced on
their own (it waits 0.8 s before each), at fast and instant speed they are merged."""

# Another seat's decisions, as the engine words them (kingsburg/rules).
DECISIONS = (
    re.compile(r" influences the .+ \(#\d+\) with "),
    re.compile(r" (passes|must pass)\.$"),
    re.compile(r" builds (the |nothing)"),
    re.compile(r"^The King aids .+ with 1 \w+\.$"),
    re.compile(r" recruits a soldier for "),
    re.compile(r" uses the (Statue|Chapel) to reroll "),
    re.compile(r" \+1 VP: the Town Hall, for "),
)
ROLL = re.compile(r"^(?P<who>.+) rolls (?P<dice>(white )?\d(, (white )?\d)*)\.$")
ORDER = re.compile(r"^Turn order: (?P<order>.+)\.$")
DUMMY = re.compile(r"^The dummy dice take ")
ENEMY = re.compile(r"^Winter, year \d: the enemy is ")
KINGS_DIE = re.compile(r" rolls the King's die: ")
FIGHT = re.compile(r" fights with \d+")
DESTROY = re.compile(r"^The .+ (destroy|find nothing of) ")
LOOT = re.compile(r" (loses .+|takes .+ from the spoils)\.$")  # after a battle: chosen or not
NEW_YEAR = re.compile(r"^Year (?P<year>\d)\. Phase 1: ")
NEW_PHASE = re.compile(r"^Phase (?P<phase>\d): ")
GAME_END = "The fifth year is over."


@dataclass(frozen=True)
class Sentence:
    """One announcement's sentence and what it is about: move, roll, enemy, battle, season or year."""

    kind: str
    text: str


def sentences(
    events: Sequence[Event],
    start: int,
    viewer: int | None,
    names: Sequence[str],
    scores: Sequence[int],
    seasons: Collection[int],
) -> list[Sentence]:
    """The sentences for ``events[start:]`` as seen by ``viewer`` (None: nobody plays at this screen, so every
    seat's decisions are announced); ``seasons`` are the productive phases (``game.season_phases()``).
    ``scores`` are the VP now: a year's end reports the scores it ended with, worked back from the score
    changes logged after it."""
    out: list[Sentence] = []
    rolls: list[str] = []
    season = ""  # the season whose dice are being rolled
    phase = events[start - 1].phase if 0 < start <= len(events) else 0

    def you(seat: int | None, name: str) -> str:
        return "you" if seat is not None and seat == viewer else name

    for i in range(start, len(events)):
        e = events[i]
        if e.secret is not None:
            continue  # a look at the enemy card: only its owner sees it, on the board
        text = e.text
        if (m := ROLL.match(text)) and not KINGS_DIE.search(text):
            rolls.append(f"{you(e.seat, m['who'])} {m['dice']}")
            season = PHASES[e.phase]
            continue
        if m := ORDER.match(text):
            order = ", ".join(you(names.index(n) if n in names else None, n) for n in _order_names(m["order"]))
            dice = f"{season} dice: {'; '.join(rolls)}. " if rolls else ""
            out.append(Sentence("roll", f"{dice}Turn order: {order}."))
            rolls = []
        elif DUMMY.match(text):
            out.append(Sentence("roll", text))
        elif ENEMY.match(text):
            out.append(Sentence("enemy", text))
        elif KINGS_DIE.search(text) or FIGHT.search(text) or DESTROY.match(text):
            out.append(Sentence("battle", text))
        elif LOOT.search(text) and e.phase == 8:
            if e.seat != viewer:
                out.append(Sentence("battle", text))
        elif (m := NEW_YEAR.match(text)) or text == GAME_END:
            if phase:  # not the first line of a game
                year = int(m["year"]) - 1 if m else 5
                vps = _scores_at(events, i, scores)
                standing = ", ".join(f"{you(seat, name)} {vps[seat]} VP" for seat, name in enumerate(names))
                ends = "The game is over" if text == GAME_END else f"Year {ROMAN[year]} is over"
                out.append(Sentence("year", f"{ends}. Scores: {standing}."))
        elif m := NEW_PHASE.match(text):
            if phase in seasons:  # a season of dice ends with an announcement
                upcoming = PHASES[int(m["phase"])].replace("The ", "the ", 1)
                out.append(Sentence("season", f"{PHASES[phase]} is over. Next: {upcoming}."))
        elif e.seat is not None and e.seat != viewer and any(p.search(text) for p in DECISIONS):
            out.append(Sentence("move", text))
        phase = e.phase
    if rolls:  # a Statue or Chapel decision comes between the dice and the turn order
        out.append(Sentence("roll", f"{season} dice: {'; '.join(rolls)}."))
    return out


def _order_names(text: str) -> list[str]:
    """ "Bob (8), Ann (11)" -> ["Bob", "Ann"] (names may hold commas and brackets: split on the totals)."""
    return [name.lstrip(", ") for name in re.findall(r"(.+?) \(\d+\)", text)]


def _scores_at(events: Sequence[Event], i: int, scores: Sequence[int]) -> list[int]:
    """The VP each seat had just before ``events[i]``: every score change is logged with its amount."""
    at = list(scores)
    for e in events[i:]:
        if e.vp and e.seat is not None and 0 <= e.seat < len(at):
            at[e.seat] -= e.vp
    return at


class Announcer:
    """What has been announced, and the sentences waiting for the next announcement."""

    def __init__(self, gap: float = GAP) -> None:
        self.gap = gap  # seconds between two announcements at least (a parameter: the page's tests set it)
        self.seen: int | None = None  # events already turned into sentences; None: start from the next update
        self.pending: list[Sentence] = []
        self.last = float("-inf")  # when the last announcement was taken

    def restart(self, seen: int | None = None) -> None:
        """Forget pending sentences; with ``seen`` None, the next update announces nothing of what is there
        (an opened game, a position, an undo), else everything after ``seen`` events (0: a new game's start)."""
        self.seen = seen
        self.pending = []

    def update(
        self,
        events: Sequence[Event],
        viewer: int | None,
        names: Sequence[str],
        scores: Sequence[int],
        seasons: Collection[int],
    ) -> None:
        if self.seen is None or len(events) < self.seen:
            self.seen = len(events)
            return
        self.pending += sentences(events, self.seen, viewer, names, scores, seasons)
        self.seen = len(events)

    def take(self, now: float) -> str | None:
        """The next announcement, if one is waiting and the last was at least the gap ago."""
        if not self.pending or now - self.last < self.gap:
            return None
        text = " ".join(s.text for s in self.pending)
        self.pending = []
        self.last = now
        return text

    def wait(self, now: float) -> float | None:
        """Seconds until ``take`` has something to give (None: nothing waits)."""
        return max(0.0, self.last + self.gap - now) if self.pending else None
