"""The position editor's model: a position (docs/save-format.md) changed one field at a time, and the engine's
verdict on it.

Each edit is checked on its own first (a number where a number belongs, within the engine's bounds): a bad one
gets a message saying why and changes nothing. What a field cannot judge alone (a step that does not fit the
phase, say) is the engine's to judge: ``verdict`` is ``load_game``'s own message, and nothing leaves the editor
(export, links, the board) while there is one.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import kingsburg
from kingsburg import BUILDINGS, KingsburgError, compact_position, load_game, normalize_name
from kingsburg.content import BUILDING_BY_SLUG, enemies_of_year
from kingsburg.i18n import N_, _

from .editions import RulesChoice, rules_of
from .theme import DEFAULT_NAMES

POSITION = "kingsburg-position"
SEAT_NUMBERS = (  # a seat's counts: (key, label, lowest, highest), the engine's bounds
    ("gold", N_("Gold"), 0, 999),
    ("wood", N_("Wood"), 0, 999),
    ("stone", N_("Stone"), 0, 999),
    ("tokens", N_('"+2" tokens'), 0, 999),
    ("soldiers", N_("Soldiers"), 0, 999),
    ("vp", N_("VP"), -999, 999),
)  # the labels are marked: _() them where they are shown
SEAT_LABELS = {key: label for key, label, _, _ in SEAT_NUMBERS}
# What a position holds about the moment inside a phase: dropped when the year, phase, seats or rules change, so
# the position starts at the beginning of its phase (the engine's default), not in a moment that no longer fits.
MOMENT = ("step", "cursor", "court", "queue", "to_play")
MAX_SCRIPTED = 200  # dice faces typed into the editor (the engine reads up to 10,000 from a file)


class BadInput(ValueError):
    """An edit refused before the engine sees it; the message is for the person editing."""


@dataclass(frozen=True)
class Verdict:
    """What the engine made of the position: its error ("" when it loads) or the game it loads as."""

    error: str
    game: kingsburg.Game | None


def blank(names: list[str] | None = None) -> dict[str, Any]:
    """A new position: year I, the King's aid, three seats (or ``names``), first edition, enemies drawn."""
    names = names or list(DEFAULT_NAMES[:3])
    return {
        "format": POSITION,
        "version": 1,
        "year": 1,
        "phase": 1,
        "turn_order": list(range(len(names))),
        "seats": [{"name": n} for n in names],
    }


def whole(text: str, what: str, lo: int, hi: int) -> int:
    """``text`` as a whole number from ``lo`` to ``hi``; BadInput names ``what`` otherwise."""
    cleaned = text.strip()
    sign = cleaned[:1] == "-"
    digits = cleaned[1:] if sign else cleaned
    if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
        raise BadInput(
            _("{what}: {text} is not a whole number ({lo} to {hi}).").format(
                what=what, text=repr(text.strip()), lo=lo, hi=hi
            )
        )
    value = -int(digits) if sign else int(digits)
    if not lo <= value <= hi:
        raise BadInput(_("{what}: {value} is outside {lo} to {hi}.").format(what=what, value=value, lo=lo, hi=hi))
    return value


def faces(text: str) -> list[int]:
    """Scripted dice typed as "6 6 1 3" (spaces or commas between faces)."""
    parts = text.replace(",", " ").split()
    if len(parts) > MAX_SCRIPTED:
        raise BadInput(_("Scripted dice: at most {most} faces, not {n}.").format(most=MAX_SCRIPTED, n=len(parts)))
    if any(p not in ("1", "2", "3", "4", "5", "6") for p in parts):
        raise BadInput(
            _("Scripted dice: {text} is not a list of die faces 1 to 6, such as 6 6 1.").format(text=repr(text.strip()))
        )
    return [int(p) for p in parts]


class Editor:
    """The position being edited (``position``, a position dict whose ``enemies`` may hold None: "random") and
    the message of the last edit refused (``refused``)."""

    def __init__(self, position: dict[str, Any]) -> None:
        position = compact_position(position)
        for key in ("to_play", "check"):
            position.pop(key, None)
        self.position = position
        self.refused = ""
        self.revision = 0  # counts refused edits, so the form is drawn again with the values it had
        self._verdict: tuple[str, Verdict] | None = None

    # --- Reading ------------------------------------------------------------------------------------------

    @property
    def seats(self) -> list[dict[str, Any]]:
        seats: list[dict[str, Any]] = self.position["seats"]
        return seats

    def enemies(self) -> list[str | None]:
        """The card of each year, None where it is left to chance."""
        cards: list[str | None] = self.position.get("enemies") or [None] * 5
        return cards

    def rules_choice(self) -> RulesChoice:
        rules = self.position.get("rules") or {}
        return {
            "edition": rules.get("edition", 1),
            "scenario": rules.get("scenario") or "",
            "modules": list(rules.get("modules", [])),
        }

    def result(self) -> dict[str, Any]:
        """The position as the engine gets it: a year left to chance takes the card the engine would draw from
        the position's generator (five cards are named, or none)."""
        out = copy.deepcopy(self.position)
        cards = self.enemies()
        if all(c is None for c in cards):
            out.pop("enemies", None)
        elif None in cards:
            drawn = load_game(
                {
                    "format": POSITION,
                    "version": 1,
                    "year": 1,
                    "phase": 1,
                    "turn_order": [0, 1],
                    "seats": [{}, {}],
                    "rng": out.get("rng", "0"),
                }
            ).position()["enemies"]
            out["enemies"] = [c if c is not None else d for c, d in zip(cards, drawn, strict=True)]
        return out

    def verdict(self) -> Verdict:
        """The engine's verdict on ``result()`` (worked out once per version of the position)."""
        key = json.dumps(self.position, sort_keys=True)
        if self._verdict is None or self._verdict[0] != key:
            try:
                self._verdict = (key, Verdict("", load_game(self.result())))
            except KingsburgError as exc:
                self._verdict = (key, Verdict(str(exc), None))
        return self._verdict[1]

    def exported(self) -> dict[str, Any]:
        """The position as a file holds it: the engine's own writing of the game it loads as, defaults left out.
        Only while the engine accepts it."""
        game = self.verdict().game
        assert game is not None
        return compact_position(game.position())

    # --- Editing --------------------------------------------------------------------------------------------

    def edit(self, key: str, value: str) -> bool:
        """Set the field ``key`` (FIELDS, or "SEAT.FIELD") to the text ``value``. A bad one changes nothing and
        is kept in ``refused``; whether the edit was taken."""
        try:
            seat, _dot, field = key.partition(".")
            if field:
                self._seat_edit(self._seat(seat), field, value)
            elif key.startswith("enemy-"):
                self._enemy(key.removeprefix("enemy-"), value)
            elif key.startswith("order-"):
                self._order(key.removeprefix("order-"), value)
            elif key in FIELDS:
                FIELDS[key](self, value)
            else:
                raise BadInput(_("There is no field {key} in a position.").format(key=repr(key)))
        except BadInput as exc:
            self.refused = str(exc)
            self.revision += 1
            return False
        self.refused = ""
        return True

    def toggle(self, seat_text: str, slug: str) -> bool:
        """Build or take away ``slug`` in a seat's province. A row is built left to right: building one builds
        those to its left, taking one away takes those to its right."""
        try:
            seat = self.seats[self._seat(seat_text)]
            if slug not in BUILDING_BY_SLUG:
                raise BadInput(_("There is no building {slug}.").format(slug=repr(slug)))
        except BadInput as exc:
            self.refused = str(exc)
            return False
        b = BUILDING_BY_SLUG[slug]
        built = set(seat.get("buildings", []))
        row = [x.slug for x in BUILDINGS if x.row == b.row]
        if slug in built:
            built -= set(row[b.col - 1 :])
        else:
            built |= set(row[: b.col])
        seat["buildings"] = [x.slug for x in BUILDINGS if x.slug in built]
        _balance(seat)
        self.refused = ""
        return True

    def _seat(self, text: str) -> int:
        if not text.isascii() or not text.isdigit() or int(text) >= len(self.seats):
            raise BadInput(_("There is no seat {seat}.").format(seat=repr(text)))
        return int(text)

    def _seat_edit(self, i: int, field: str, value: str) -> None:
        seat = self.seats[i]
        who = seat.get("name", _("Player {n}").format(n=i + 1))
        if field == "name":
            try:
                seat["name"] = normalize_name(value)
            except KingsburgError as exc:
                raise BadInput(_("Player {n}'s name: {error}.").format(n=i + 1, error=exc)) from None
            return
        bounds = {key: (lo, hi) for key, _, lo, hi in SEAT_NUMBERS}
        if field not in bounds:
            raise BadInput(_("A seat has no field {field}.").format(field=repr(field)))
        what = _("{name}'s {count}").format(name=who, count=_(SEAT_LABELS[field]))
        seat[field] = whole(value, what, *bounds[field])
        if field == "vp":
            _balance(seat)

    def _enemy(self, year_text: str, value: str) -> None:
        year = whole(year_text, _("Year"), 1, 5)
        if value and value not in {e.id for e in enemies_of_year(year)}:
            raise BadInput(
                _("Year {year}'s enemy: {card} is not one of that year's cards.").format(year=year, card=repr(value))
            )
        cards = list(self.enemies())
        cards[year - 1] = value or None
        self.position["enemies"] = cards

    def _order(self, place_text: str, value: str) -> None:
        """Put seat ``value`` at ``place`` in the turn order; the seat that was there takes its old place."""
        order: list[int] = self.position["turn_order"]
        place = whole(place_text, _("Place in the turn order"), 0, len(order) - 1)
        seat = self._seat(value)
        old = order.index(seat)
        order[old], order[place] = order[place], seat
        self._new_moment()

    def _year(self, value: str) -> None:
        self.position["year"] = whole(value, _("Year"), 1, 5)
        self._new_moment()

    def _phase(self, value: str) -> None:
        self.position["phase"] = whole(value, _("Phase"), 1, 8)
        self._new_moment()

    def _count(self, value: str) -> None:
        n = whole(value, _("Players"), 2, 5)
        seats = self.seats[:n]
        taken = {s.get("name") for s in seats}
        for name in DEFAULT_NAMES:
            if len(seats) == n:
                break
            if name not in taken:
                seats.append({"name": name})
        self.position["seats"] = seats
        kept = [s for s in self.position["turn_order"] if s < n]
        self.position["turn_order"] = kept + [s for s in range(n) if s not in kept]
        if self.position.get("envoy") is not None and self.position["envoy"] >= n:
            self.position.pop("envoy")
        self.position.pop("variants", None)  # each variant keeps state per seat: it starts afresh
        self._new_moment()

    def _dice(self, value: str) -> None:
        dice = faces(value)
        if dice:
            self.position["dice"] = dice
        else:
            self.position.pop("dice", None)

    def _edition(self, value: str) -> None:
        choice = self.rules_choice()
        choice["edition"] = whole(value, _("Edition"), 1, 2)
        if choice["edition"] == 1:
            choice = {"edition": 1, "scenario": "", "modules": []}
        self._rules(choice)

    def _scenario(self, value: str) -> None:
        self._rules({**self.rules_choice(), "edition": 2, "scenario": value})

    def _module(self, value: str) -> None:
        choice = self.rules_choice()
        modules = choice["modules"]
        choice["modules"] = [m for m in modules if m != value] if value in modules else [*modules, value]
        self._rules({**choice, "edition": 2})

    def _rules(self, choice: RulesChoice) -> None:
        """Rules the engine accepts (its reason otherwise); a position with other rules than the first edition's
        is a version 2 position."""
        try:
            rules = rules_of(choice)
        except KingsburgError as exc:
            raise BadInput(_("These rules cannot be played together: {error}.").format(error=exc)) from None
        self.position.pop("variants", None)  # the new rules' variants start as at the beginning of a game
        if rules == kingsburg.Rules():
            self.position.pop("rules", None)
            self.position["version"] = 1
        else:
            self.position["rules"] = rules.to_dict()
            self.position["version"] = 2
        self._new_moment()

    def _new_moment(self) -> None:
        """Start the position at the beginning of its phase (see MOMENT)."""
        for key in MOMENT:
            self.position.pop(key, None)
        for seat in self.seats:
            for key in seat_moment():
                seat.pop(key, None)


FIELDS: dict[str, Callable[[Editor, str], None]] = {
    "year": Editor._year,
    "phase": Editor._phase,
    "count": Editor._count,
    "dice": Editor._dice,
    "edition": Editor._edition,
    "scenario": Editor._scenario,
    "module": Editor._module,
}
"""The position's own fields by the name the form gives them (a seat's are "SEAT.FIELD", an enemy card
"enemy-YEAR", a place in the turn order "order-PLACE")."""


@cache
def seat_moment() -> tuple[str, ...]:
    """What a seat holds about the moment inside a phase (the season's dice, the once-a-season flags): every
    field the engine writes for a seat but its name, counts, VP sources and buildings."""
    kept = {"name", *SEAT_LABELS, "vp_sources", "buildings"}
    return tuple(k for k in load_game(blank(["A", "B"])).position()["seats"][0] if k not in kept)


def _balance(seat: dict[str, Any]) -> None:
    """Keep a seat's VP sources adding up to its VP, and its buildings' share what they are worth (the engine's
    rule): what the editor changed is put under "position"."""
    sources = seat.get("vp_sources")
    if not sources:
        return
    if "buildings" in sources:
        sources["buildings"] = sum(BUILDING_BY_SLUG[b].vp for b in seat.get("buildings", []))
    rest = sum(v for k, v in sources.items() if k != "position")
    sources["position"] = seat.get("vp", 0) - rest
    if not sources["position"]:
        del sources["position"]
