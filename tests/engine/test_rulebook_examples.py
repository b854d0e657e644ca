"""Every worked example of the first-edition rulebook, with its own names and numbers."""

from __future__ import annotations

import pytest
from helpers import ANN, BRIAN, CINDY, DAVID, NAMES, legal_texts, position, seat, seat_of

import kingsburg

# The rulebook's opening: turn order Cindy, Ann, David, Brian; the spring rolls of the turn-order example, in
# the order the players roll (turn order).
SPRING_ROLLS = [2, 2, 6, 1, 3, 5, 2, 3, 5, 4, 4, 5]


def opening() -> kingsburg.Game:
    return kingsburg.new_game(NAMES, seed=1, turn_order=[CINDY, ANN, DAVID, BRIAN], dice=SPRING_ROLLS)


def test_aid_in_the_first_year_everyone_chooses_a_good():
    game = opening()
    assert game.phase == 1 and game.decision() == "aid"
    # Ann a wood, Brian a stone, Cindy and David a gold; asked in turn order.
    for name, good in (("Cindy", "gold"), ("Ann", "wood"), ("David", "gold"), ("Brian", "stone")):
        assert game.players[game.to_play] == name
        game.apply(f"aid {good}")
    assert [(p.gold, p.wood, p.stone) for p in game.state.players] == [(0, 1, 0), (0, 0, 1), (1, 0, 0), (1, 0, 0)]
    assert not any(p.aid_die for p in game.state.players)


def test_aid_in_the_third_year_goes_to_cindy():
    # Ann six buildings and no goods, Brian five and two goods, Cindy five and none, David six and one good.
    six = ["statue", "chapel", "inn", "market", "guard-tower", "palisade"]
    five = six[:5]
    game = position(
        [seat(buildings=six), seat(buildings=five, gold=2), seat(buildings=five), seat(buildings=six, wood=1)],
        year=3,
        dice=[1] * 15,
    )
    cindy = seat_of(game, "Cindy")
    assert game.phase == 2
    assert len(cindy.white) == 1  # she rolls the white die with her other dice this spring
    assert [len(p.white) for p in game.state.players] == [0, 0, 1, 0]


def test_aid_goes_to_all_players_tied_on_buildings_and_goods():
    game = position([seat(buildings=["inn"]), seat(gold=1), seat(wood=1), seat(gold=2)], dice=[3] * 12)
    assert game.decision() == "aid"
    assert sorted({game.to_play}) == [BRIAN]
    game.apply("aid stone")
    assert game.to_play == CINDY
    game.apply("aid gold")
    assert game.phase == 2  # David has more goods: no aid; and nobody rolls the white die
    assert not any(p.white for p in game.state.players)


def spring() -> kingsburg.Game:
    game = opening()
    for good in ("gold", "wood", "gold", "stone"):
        game.apply(f"aid {good}")
    return game


def test_turn_order_example():
    game = spring()
    assert [p.dice for p in game.state.players] == [[1, 3, 5], [4, 4, 5], [2, 2, 6], [2, 3, 5]]
    # Ann 9, Cindy 10 (ahead of David's 10: her token was higher), David 10, Brian 13.
    assert [game.players[i] for i in game.state.order] == ["Ann", "Cindy", "David", "Brian"]
    assert game.to_play == ANN and game.decision() == "influence"


def influence_example(game: kingsburg.Game) -> kingsburg.Game:
    game.apply("place 5+3 @8")  # Ann on the Treasurer
    assert "place 6+2 @8" not in legal_texts(game)  # Cindy cannot join Ann on the Treasurer
    with pytest.raises(kingsburg.IllegalAction, match="already influenced"):
        game.apply("place 6+2 @8")
    game.apply("place 2+2 @4")  # Cindy on the Merchant
    game.apply("place 5+2 @7")  # David on the Astronomer
    assert "place 5+4+4 @13" in legal_texts(game)  # Brian could take the Champion
    assert "place 4+4 @8" not in legal_texts(game)
    game.apply("place 5+4 @9")  # Brian on the Master Hunter
    game.apply("place 1 @1")  # Ann on the Jester
    game.apply("place 6 @6")  # Cindy on the Alchemist
    game.apply("place 3 @3")  # David on the Architect
    return game


def test_influence_example():
    game = influence_example(spring())
    # Brian's 4 cannot be placed (the Merchant is taken): he must pass, and with that the step is over.
    assert "Brian cannot reach any advisor with 4: Brian passes." in game.log
    forced = [e for e in game.events if e.kind == "forced"]
    assert [(game.players[e.seat], e.data) for e in forced] == [
        ("Brian", {"decision": "influence", "dice": (4,), "white": ()})
    ]
    # The step is over: the gifts are being given, from the Jester up, while the dice stay on the court.
    assert game.decision() == "gift"
    assert [n for n in range(1, 19) if game.state.court[n]] == [1, 3, 4, 6, 7, 8, 9]


def test_gifts_example():
    game = influence_example(spring())
    log_before = len(game.log)
    # The Jester gives Ann 1 VP; the Architect a wood to David; the Merchant lets Cindy choose: she takes wood.
    assert game.to_play == CINDY and legal_texts(game) == ["gift gold", "gift wood"]
    game.apply("gift wood")
    # The Alchemist: Cindy trades the wood she just took for a gold and a stone.
    assert game.to_play == CINDY and "trade wood" in legal_texts(game)
    game.apply("trade wood")
    # The Astronomer: a "+2" token and a good of David's choice.
    assert game.to_play == DAVID
    game.apply("gift wood")
    # The Master Hunter: Brian takes a wood and a gold (he could have had a wood and a stone).
    assert game.to_play == BRIAN and legal_texts(game) == ["gift gold+wood", "gift wood+stone"]
    game.apply("gift gold+wood")
    ann, brian, cindy, david = game.state.players
    assert ann.vp == 1 and (ann.gold, ann.wood, ann.stone) == (2, 1, 0)  # Jester, Treasurer, aid wood
    assert (brian.gold, brian.wood, brian.stone) == (1, 1, 1)
    assert (cindy.gold, cindy.wood, cindy.stone) == (2, 0, 1)
    assert (david.gold, david.wood, david.stone, david.tokens) == (1, 2, 0, 1)
    assert "Ann +1 VP: Jester." in game.log[:log_before]  # resolved first, before the Merchant's choice


def test_building_examples():
    game = influence_example(spring())
    for choice in ("gift wood", "trade wood", "gift wood", "gift gold+wood"):
        game.apply(choice)
    assert game.decision() == "build" and game.to_play == ANN
    game.apply("build statue")  # two gold, three VP
    game.apply("build guard-tower")  # Cindy: one gold and one stone, one VP
    game.apply("build palisade")  # David: two wood, no VP
    game.apply("build inn")  # Brian: one gold and one wood, no VP
    ann, brian, cindy, david = game.state.players
    assert (ann.vp, ann.gold, ann.wood) == (1 + 3 + 1, 0, 1)  # Jester, Statue, the King's Reward
    assert (brian.vp, brian.gold, brian.wood, brian.stone) == (0 + 1, 0, 0, 1)  # +1: the King's Reward
    assert (cindy.vp, cindy.gold, cindy.stone) == (1 + 1, 1, 0)
    assert (david.vp, david.wood) == (0 + 1, 0)
    # Phase 3 has passed: everyone has one building, so all are tied for most and each gained 1 VP.
    assert game.phase == 4
    assert sum(1 for line in game.log if "King's Reward for the most buildings" in line) == 4


def test_a_row_is_built_left_to_right():
    # "You can only build the Church if you have already built the Statue and the Chapel."
    game = position([seat(gold=9, wood=9, stone=9, buildings=["statue"]), seat()], phase=4, step="clear")
    assert game.decision() == "build"
    assert "build church" not in legal_texts(game)
    with pytest.raises(kingsburg.IllegalAction, match="needs the Chapel first"):
        game.apply("build church")
    game.apply("build chapel")
    assert game.state.players[0].built[2] is False


def test_envoy_double_build_example():
    # David holds the Envoy, one gold and three wood: he builds the Barricade and the Blacksmith.
    game = position(
        [seat(), seat(), seat(), seat(gold=1, wood=3, buildings=["guard-tower"])],
        phase=4,
        step="clear",
        envoy=DAVID,
        turn_order=[DAVID, ANN, BRIAN, CINDY],
    )
    assert game.to_play == DAVID
    game.apply("build barricade")
    assert game.to_play == DAVID and "build blacksmith envoy" in legal_texts(game)
    game.apply("build blacksmith envoy")
    david = seat_of(game, "David")
    assert david.built[16] and david.built[9] and (david.gold, david.wood) == (0, 0)
    assert game.state.envoy is None  # the marker went back


def test_envoy_influence_example():
    # David has a 3 left; Brian's die is on the Architect. With the Envoy David joins him and both get a wood.
    court = {"3": [{"seat": BRIAN, "dice": [3]}]}
    game = position(
        [seat(passed=True), seat(passed=True), seat(passed=True), seat(dice=[3])],
        phase=2,
        step="gifts",
        court=court,
        envoy=DAVID,
        queue=[{"seat": DAVID, "kind": "influence"}],
    )
    assert legal_texts(game) == ["place 3 @3 envoy", "pass"]
    game.apply("place 3 @3 envoy")
    assert seat_of(game, "Brian").wood == 1 and seat_of(game, "David").wood == 1
    assert game.state.envoy is None


def test_envoy_on_own_advisor_gives_the_gift_twice():
    court = {"8": [{"seat": ANN, "dice": [6], "token": True}]}  # with her last die, a group of 8 again
    game = position(
        [seat(dice=[5, 3], token_used=True), seat(passed=True)],
        phase=2,
        step="gifts",
        court=court,
        envoy=ANN,
        queue=[{"seat": ANN, "kind": "influence"}],
    )
    game.apply("place 5+3 @8 envoy")
    assert seat_of(game, "Ann").gold == 4


def test_envoy_assignment_example():
    five, four = ["inn", "market", "farms", "guard-tower", "palisade"], ["inn", "market", "guard-tower", "palisade"]
    seats = [seat(buildings=five), seat(buildings=four, gold=2), seat(buildings=four, stone=1), seat(buildings=four)]
    game = position(seats, year=2, phase=5, dice=[3] * 12)
    assert game.state.envoy == DAVID
    seats[2] = seat(buildings=four)  # had Cindy no goods either, nobody would get the Envoy
    game = position(seats, year=2, phase=5, dice=[3] * 12)
    assert game.state.envoy is None


def test_unused_envoy_returns_at_the_next_phase_5():
    game = position(
        [seat(buildings=["inn"]), seat(buildings=["inn"], gold=1)], year=2, phase=5, envoy=BRIAN, dice=[3] * 12
    )
    assert game.state.envoy == ANN  # went back from Brian and was assigned again


def battle_example(david_buildings=("inn", "barricade", "crane")) -> kingsburg.Game:
    seats = [
        seat(buildings=["statue", "palisade", "barricade"]),
        seat(buildings=["inn", "guard-tower"], wood=1, stone=1, soldiers=1),
        seat(buildings=["guard-tower", "blacksmith", "barricade"]),
        seat(buildings=list(david_buildings), wood=1),
    ]
    return position(seats, phase=8, enemies=["I-3", "II-1", "III-1", "IV-1", "V-1"], dice=[1, 3, 3] * 10)


def test_battle_example_against_the_goblins():
    game = battle_example()
    ann, brian, cindy, david = game.state.players
    log = game.log
    assert "Ann rolls the King's die: 1. The King sends 1 soldier to everyone." in log
    assert "Ann fights with 3: a draw, nothing is won or lost." in log
    assert "Brian fights with 3: a draw, nothing is won or lost." in log
    assert "Cindy fights with 4 and wins." in log
    assert (cindy.stone, cindy.vp) == (1, 1)  # the Goblins' reward, and the bonus VP for the strongest winner
    assert "David fights with 2 and is defeated." in log
    assert not david.built[17] and david.built[4] and david.built[16]  # the Crane is destroyed
    assert david.vp == -1 and david.wood == 1  # no gold to lose; the Crane's VP goes
    assert (ann.vp, brian.vp) == (0, 0)
    assert all(p.soldiers == 0 for p in game.state.players)  # everyone goes home
    assert game.year == 2


def test_battle_example_as_structured_events():
    # The same battle as records a page can show without reading the log's words (docs/api.md, Event kinds).
    game = battle_example()
    names = game.players
    winter = [e for e in game.events if e.year == 1 and e.phase == 8 and e.kind]
    assert [(e.kind, names[e.seat] if e.seat is not None else None) for e in winter] == [
        ("enemy", None),
        ("king", None),
        ("fight", "Ann"),
        ("fight", "Brian"),
        ("fight", "Cindy"),
        ("spoils", "Cindy"),
        ("fight", "David"),
        ("destroyed", "David"),
        ("vp", "David"),
        ("vp", "Cindy"),
    ]
    enemy, king, *fights = winter
    assert enemy.data == {"card": "I-3"} and king.data == {"die": 1, "roller": game.state.order[0]}
    by_name = {names[e.seat]: e.data for e in fights if e.kind == "fight"}
    assert {n: d["outcome"] for n, d in by_name.items()} == {
        "Ann": "draw",
        "Brian": "draw",
        "Cindy": "victory",
        "David": "defeat",
    }
    for d in by_name.values():
        assert d["soldiers"] + d["king"] + d["buildings"] == d["strength"]
    assert winter[5].data == {"goods": ("stone",)}
    assert winter[7].data == {"building": "crane", "enemy": "Goblins"}
    assert winter[8].vp == -1 and winter[8].data["source"] == "buildings"
    assert winter[9].vp == 1 and winter[9].data == {
        "source": "battle",
        "why": "strongest victorious governor",
        "reason": "strongest",
        "bonus": 1,
    }


def test_battle_example_with_a_market_destroys_the_market():
    game = battle_example(("inn", "market", "barricade", "crane"))
    david = seat_of(game, "David")
    assert not david.built[5] and david.built[17]


def test_statue_and_chapel_example():
    # 2,2,2 and a white 2: the Statue may reroll one die (the Chapel may not: the total is 8). The reroll gives
    # a 1: the total is 7, so the Chapel rerolls everything; after that no more rerolls this season.
    game = position(
        [seat(buildings=["statue", "chapel", "inn", "market", "farms"]), seat()],
        phase=2,
        dice=[5, 5, 5, 2, 2, 3, 3, 4, 2, 2, 2, 2, 1],
        turn_order=[BRIAN, ANN],
    )
    # 2 players: the dummy dice come first (5,5,5 -> #15; 2,2 -> #4), then Brian's roll, then Ann's.
    assert game.decision() == "reroll" and game.to_play == ANN
    assert legal_texts(game) == ["statue", "statue white", "pass"]
    assert game.prompt() == "Ann may reroll with the Statue, or keep the dice."  # only what applies is named
    game.apply("statue")
    ann = seat_of(game, "Ann")
    assert sorted(ann.dice + ann.white) == [1, 2, 2, 2]
    assert legal_texts(game) == ["chapel", "pass"]
    assert game.prompt() == "Ann may reroll with the Chapel, or keep the dice."
    game.state.script[:4] = [3, 3, 3, 3]  # four identical numbers again: the Statue is spent
    game.apply("chapel")
    assert game.decision() == "influence"
    ann = seat_of(game, "Ann")  # apply replaces the state records
    assert ann.dice == [3, 3, 3] and ann.white == [3]


def test_market_example():
    # A group totalling 9 may influence #8 or #10 with the Market, or #9 without it.
    game = position(
        [seat(dice=[4, 5, 1], buildings=["inn", "market"]), seat(passed=True)],
        phase=2,
        step="gifts",
        queue=[{"seat": ANN, "kind": "influence"}],
    )
    texts = legal_texts(game)
    assert {"place 5+4 @8 market", "place 5+4 @9", "place 5+4 @10 market"} <= set(texts)
    game.apply("place 5+4 @10 market")
    assert seat_of(game, "Ann").market_used
    assert not any("market" in t for t in legal_texts(game))  # once a season


def test_crane_example():
    # With a Crane, the Farms cost one gold (instead of two), three wood and one stone.
    game = position(
        [seat(gold=1, wood=3, stone=1, buildings=["inn", "market", "barricade", "crane"]), seat()],
        phase=2,
        step="clear",
    )
    assert "build farms" in legal_texts(game)
    game.apply("build farms")
    ann = seat_of(game, "Ann")
    assert (ann.gold, ann.wood, ann.stone) == (0, 0, 0)
