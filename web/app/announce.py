"""What a screen-reader user hears: one sentence for each thing that changed on the board that they did not do.

The page has one polite live region (``#announcer``, visually hidden). This module turns the engine's log
records (``game.events``) into its sentences, reading only their ``kind`` and ``data`` (``kingsburg.events``),
never the words, so rewording a log line cannot mute it:

* another seat's decision, of every kind (``MOVES``: placements and passes, builds, aid, recruits, rerolls,
  the Town Hall, and the second edition's pledges, group choices, tributes, soldier tokens, looks, ...), in the
  log's own sentence;
* the dice rolled for a season, all seats in one sentence with the turn order that follows from them, and the
  advisors the two-player dummy dice take;
* the enemy revealed in winter, the King's soldiers, the valley card, each battle result, each building
  destroyed and (for the other seats) the goods lost or taken;
* the end of a season and of a year (with the scores).

Every other kind is listed in ``SILENT`` with the reason (gifts, rewards and other automatic steps are left to
the log, which is not a live region: read every time, they would drown the moves). ``Announcer`` keeps track of
what was announced and merges sentences that come faster than its gap apart (``GAP`` unless the page sets
another; computers at fast or instant speed) into one announcement, so none is cut off by the next. The page
only writes the text it returns into the region. Pure Python, tested on CPython.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from kingsburg import Event
from kingsburg.content import PHASES
from kingsburg.events import dice_text, sentence
from kingsburg.i18n import _

from .eventdata import number, seats
from .theme import ROMAN

GAP = 0.6
"""Seconds between two announcements at least: at normal speed a computer's decisions are each announced on
their own (it waits 0.8 s before each), at fast and instant speed they are merged."""


def _always(e: Event) -> bool:
    return True


# Another seat's decisions, by the kind of the line that records them; a few kinds record a decision only
# sometimes, and say so.
MOVES: dict[str, Callable[[Event], bool]] = {
    "place": _always,
    "pass": _always,
    "build": _always,
    "no-build": _always,
    "aid": _always,
    "recruit": _always,
    "statue": _always,
    "chapel": _always,
    # The Town Hall's payment is logged as its VP; other VP are told by the year's scores.
    "vp": lambda e: e.data.get("source") == "town hall",
    # The engine's choices when only one was possible are heard where they change the game: a pass ends the
    # seat's influencing, a tribute of nothing costs VP and a growth token. The others change nothing.
    "forced": lambda e: e.data.get("decision") in ("influence", "tribute"),
    # A look that followed a choice of deck (Goblin Valley); the first edition's comes with a gift, told by the log.
    "look": lambda e: bool(e.data.get("chose")),
    "token": _always,
    "pledge": _always,
    "unpledge": _always,
    "group": _always,
    "society": _always,
    "artists": _always,
    "peasants": _always,
    "craftsmen": _always,
    "tribute": _always,
    "growth": _always,
}
ROLLS = frozenset({"roll", "order", "dummy"})
ENEMY = frozenset({"enemy"})
BATTLE = frozenset(
    {"king", "fight", "destroyed", "tokens", "capital", "valley", "valley-back", "valley-goblins", "goblins"}
)
LOOT = frozenset({"spoils", "loss"})  # after a battle, chosen or not: the other seats' only
SEASONS = frozenset({"phase", "tributes"})  # a phase begins: the season of dice before it is over
YEARS = frozenset({"year", "end"})
SILENT: dict[str, str] = {
    "gift": "an advisor's reward, in the log: read every time, the rewards would drown the moves",
    "no-trade": "the Alchemist's gift declined: a reward, in the log like the others",
    "outlaws": "Wheel and Deal's automatic reward, in the log like the advisors' gifts",
    "seen": "secret: only the seat that looked sees the card, on its board",
    "token-seen": "secret: only its seat knows the token before they are revealed",
    "aid-die": "automatic: the spring dice sentence includes the extra die",
    "aid-tie": "the good each tied seat then chooses is announced",
    "guild": "automatic income at a season's start, in the log",
    "inn": "automatic income at a season's end, in the log",
    "envoy": "automatic (phase 5), in the log and on the board",
    "envoy-unused": "automatic (phase 5), in the log and on the board",
    "envoy-tie": "automatic (phase 5), in the log",
    "loyalty": "opens the pledges, which are announced one by one",
    "distrust": "opens the removals, which are announced one by one",
    "groups": "opens the group choices, which are announced one by one",
    "aristocracy": "follows the choice of the Aristocracy, which is announced",
    "needs": "on the board, and named by the tribute's prompt and choices",
    "manpower": "the dice were promised in a tribute, which was announced",
}
"""Kinds never announced, each with the reason."""


@dataclass(frozen=True)
class Sentence:
    """One announcement's sentence and what it is about: move, roll, enemy, battle, season, year, or the page's
    language (the reader switched it)."""

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

    def you(seat: int) -> str:
        return _("you") if seat == viewer else names[seat]

    for i in range(start, len(events)):
        e = events[i]
        kind, d = e.kind, e.data
        if e.secret is not None:
            continue  # a look at a hidden card: only its owner sees it, on the board
        if kind == "roll" and e.seat is not None:
            rolls.append(
                _("{name} {dice}").format(name=you(e.seat), dice=dice_text(seats(d, "dice"), seats(d, "white")))
            )
            season = _(PHASES[e.phase])
            continue
        if kind == "order":
            order = ", ".join(you(seat) for seat in seats(d, "order"))
            dice = _("{season} dice: {rolls}.").format(season=season, rolls="; ".join(rolls)) + " " if rolls else ""
            out.append(Sentence("roll", dice + _("Turn order: {order}.").format(order=order)))
            rolls = []
        elif kind in ROLLS:
            out.append(Sentence("roll", sentence(e, names)))
        elif kind in ENEMY:
            out.append(Sentence("enemy", sentence(e, names)))
        elif kind in BATTLE:
            out.append(Sentence("battle", sentence(e, names)))
        elif kind in LOOT:
            if e.seat != viewer:
                out.append(Sentence("battle", sentence(e, names)))
        elif kind in YEARS:
            if phase:  # not the first line of a game
                year = number(d, "year") - 1 if kind == "year" else 5
                vps = _scores_at(events, i, scores)
                standing = ", ".join(
                    _("{name} {vp} VP").format(name=you(seat), vp=vps[seat]) for seat in range(len(names))
                )
                said = (
                    _("The game is over. Scores: {scores}.")
                    if kind == "end"
                    else _("Year {year} is over. Scores: {scores}.")
                )
                out.append(Sentence("year", said.format(year=ROMAN[year], scores=standing)))
        elif kind in SEASONS:
            if phase in seasons:  # a season of dice ends with an announcement
                upcoming = _(PHASES[number(d, "phase")]).replace("The ", "the ", 1)
                out.append(
                    Sentence(
                        "season",
                        _("{phase} is over. Next: {upcoming}.").format(phase=_(PHASES[phase]), upcoming=upcoming),
                    )
                )
        elif kind in MOVES and e.seat is not None and e.seat != viewer and MOVES[kind](e):
            out.append(Sentence("move", sentence(e, names)))
        phase = e.phase
    if rolls:  # a Statue or Chapel decision comes between the dice and the turn order
        out.append(Sentence("roll", _("{season} dice: {rolls}.").format(season=season, rolls="; ".join(rolls))))
    return out


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
        self.told_from: int | None = None  # the first event the pending sentences tell of
        self.last = float("-inf")  # when the last announcement was taken

    def restart(self, seen: int | None = None) -> None:
        """Forget pending sentences; with ``seen`` None, the next update announces nothing of what is there
        (an opened game, a position, an undo), else everything after ``seen`` events (0: a new game's start)."""
        self.seen = seen
        self.pending = []
        self.told_from = None

    def language_changed(self, switch: str) -> None:
        """The reader switched language: ``switch`` says so in the new one, and comes first. What was said stays in
        the old one (the page empties its live region), and the sentences still waiting were made in it: they are
        made again from the log, in the new one, at the next ``update``."""
        if self.told_from is not None:
            self.seen = self.told_from
        self.told_from = None
        self.pending = [Sentence("language", switch)]

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
        told = sentences(events, self.seen, viewer, names, scores, seasons)
        if told and self.told_from is None:
            self.told_from = self.seen
        self.pending += told
        self.seen = len(events)

    def take(self, now: float) -> str | None:
        """The next announcement, if one is waiting and the last was at least the gap ago."""
        if not self.pending or now - self.last < self.gap:
            return None
        text = " ".join(s.text for s in self.pending)
        self.pending = []
        self.told_from = None
        self.last = now
        return text

    def wait(self, now: float) -> float | None:
        """Seconds until ``take`` has something to give (None: nothing waits)."""
        return max(0.0, self.last + self.gap - now) if self.pending else None
