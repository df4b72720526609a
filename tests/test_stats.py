"""Statistics across games, on games built here and counted by hand (see each game's notes)."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import preset_rules

from scorepad.club.stats import collect_stats
from scorepad.engine.bids import BLIND_NIL, NIL, Bid, number
from scorepad.engine.game import Game, Round, SideEntry, new_game, standings
from scorepad.engine.misdeals import Misdeal
from scorepad.engine.rulings import Ruling, RulingKind
from scorepad.errors import GameError


def entry(bids: tuple[Bid | int, ...], tricks: tuple[int, ...] | None) -> SideEntry:
    """A side's entry; a number stands for a plain bid."""
    return SideEntry(tuple(number(b) if isinstance(b, int) else b for b in bids), tricks)


def won_then_more() -> Game:
    """Standard to 100. Ann & Cat vs Bob & Dan.

    Round 1: Ann 4 takes 5, Cat nil takes 0 (+100 +41 = 141, 1 bag: game over, Ann & Cat
    win); Bob 3 takes 3, Dan 5 takes 5 (+80). Round 2 is played after the end (a late
    correction) and counts for nothing: Ann 3/3, Bob 3/4, Cat 3/2, Dan 3/4.
    """
    game = new_game("won", ["Ann", "Bob", "Cat", "Dan"], preset_rules("standard", "target=100"),
                    preset="standard")  # fmt: skip
    rounds = (
        Round(0, (entry((4, NIL), (5, 0)), entry((3, 5), (3, 5)))),
        Round(1, (entry((3, 3), (3, 2)), entry((3, 3), (4, 4)))),
    )
    return dataclasses.replace(game, rounds=rounds)


def open_club_game() -> Game:
    """Club (to 500, blind nil), unfinished. ann & Bob vs Cat & Eve ("ann" in lower case).

    Round 1: ann 5 takes 4, Bob 3 takes 2 (set, -80); Cat 4 takes 4, Eve 2 takes 3 (+61).
    Round 2: ann 4 and Bob 3 enter a team total of 7 (+70, not judged per player);
    Cat 4 takes 6, Eve blind nil takes 0 (+200 +40 +2 = 242, 2 bags).
    Round 3: bids only, waiting for its tricks: not counted.
    """
    game = new_game("open", ["ann", "Cat", "Bob", "Eve"], preset_rules("club"), preset="club")
    rounds = (
        Round(0, (entry((5, 3), (4, 2)), entry((4, 2), (4, 3)))),
        Round(1, (entry((4, 3), (7,)), entry((4, BLIND_NIL), (6, 0)))),
        Round(2, (entry((3, 3), None), entry((NIL, 5), None))),
    )
    return dataclasses.replace(game, rounds=rounds)


def solo_game() -> Game:
    """Solo-3, unfinished: Ann 5 takes 5, Eve 6 takes 8, Fay 4 takes 4."""
    game = new_game("solo", ["Ann", "Eve", "Fay"], preset_rules("solo-3"), preset="solo-3")
    return dataclasses.replace(
        game, rounds=(Round(0, (entry((5,), (5,)), entry((6,), (8,)), entry((4,), (4,)))),)
    )


GAMES = [won_then_more(), open_club_game(), solo_game()]


def test_the_games_are_what_their_notes_say() -> None:
    won, club, solo = (standings(game) for game in GAMES)
    assert (won.ended_after, won.winner) == (1, 0)
    assert [side.points for side in won.rounds[0].sides or ()] == [141, 80]
    assert not club.finished and not solo.finished
    assert [[side.points for side in r.sides] for r in club.rounds if r.sides] == [
        [-80, 61],
        [70, 242],
    ]


PLAYER_ROWS = {
    # name: games, finished, wins, rounds, bids, average, judged, exact, over, under,
    #       nil bids, nil made, blind nil bids, blind nil made
    # Ann: won (1 round, 4 took 5), open (5 took 4; 4 in a team total), solo (5 took 5).
    "Ann": (3, 1, 1, 4, 4, 4.5, 3, 1, 1, 1, 0, 0, 0, 0),
    # Bob: won (3 took 3), open (3 took 2; 3 in a team total).
    "Bob": (2, 1, 0, 3, 3, 3.0, 2, 1, 0, 1, 0, 0, 0, 0),
    # Cat: won (nil made), open (4 took 4, 4 took 6).
    "Cat": (2, 1, 1, 3, 2, 4.0, 2, 1, 1, 0, 1, 1, 0, 0),
    # Eve: open (2 took 3, blind nil made), solo (6 took 8).
    "Eve": (2, 0, 0, 3, 2, 4.0, 2, 0, 2, 0, 0, 0, 1, 1),
    "Dan": (1, 1, 0, 1, 1, 5.0, 1, 1, 0, 0, 0, 0, 0, 0),
    "Fay": (1, 0, 0, 1, 1, 4.0, 1, 1, 0, 0, 0, 0, 0, 0),
}
PLAYER_KEYS = (
    "games", "finished", "wins", "rounds", "bids", "average_bid", "judged", "exact", "over",
    "under", "nil_bids", "nil_made", "blind_nil_bids", "blind_nil_made",
)  # fmt: skip


def test_players_in_order_of_games_then_name() -> None:
    assert [p.name for p in collect_stats(GAMES).players] == list(PLAYER_ROWS)


@pytest.mark.parametrize("name", PLAYER_ROWS, ids=str)
def test_player_counts(name: str) -> None:
    found = {p.name: p.as_json() for p in collect_stats(GAMES).players}[name]
    assert tuple(found[key] for key in PLAYER_KEYS) == PLAYER_ROWS[name]


PAIR_ROWS = {
    # players: games, finished, wins, rounds, contracts, made, set, bags, penalties
    ("Ann", "Bob"): (1, 0, 0, 2, 2, 1, 1, 0, 0),  # open: set in round 1, 7 of 7 in round 2
    ("Ann", "Cat"): (1, 1, 1, 1, 1, 1, 0, 1, 0),  # won: 4 took 5 beside a made nil
    ("Bob", "Dan"): (1, 1, 0, 1, 1, 1, 0, 0, 0),  # won: 8 took 8
    ("Cat", "Eve"): (1, 0, 0, 2, 2, 2, 0, 3, 0),  # open: 6 took 7, then 4 took 6
}
PAIR_KEYS = ("games", "finished", "wins", "rounds", "contracts", "made", "set", "bags",
             "bag_penalties")  # fmt: skip


def test_partnerships_are_the_same_two_players_in_any_case() -> None:
    pairs = collect_stats(GAMES).partnerships
    assert [pair.players for pair in pairs] == list(PAIR_ROWS)


@pytest.mark.parametrize("players", PAIR_ROWS, ids=" & ".join)
def test_partnership_counts(players: tuple[str, str]) -> None:
    found = {p.players: p.as_json() for p in collect_stats(GAMES).partnerships}[players]
    assert tuple(found[key] for key in PAIR_KEYS) == PAIR_ROWS[players]
    assert found["bags_per_round"] == round(found["bags"] / found["rounds"], 2)


def test_rounds_after_the_end_do_not_count() -> None:
    ann = collect_stats([won_then_more()]).players[0]
    # Counting round 2 would make it 2 rounds, 2 bids, 2 exact.
    assert (ann.rounds, ann.bids, ann.exact, ann.over) == (1, 1, 0, 1)


def test_a_player_with_partners_and_opponents_head_to_head() -> None:
    result = collect_stats(GAMES, player="CAT")
    assert [p.name for p in result.players] == ["Cat"]
    assert [pair.players for pair in result.partnerships] == [("Ann", "Cat"), ("Cat", "Eve")]
    versus = result.as_json()["head_to_head"]
    assert versus["name"] == "Cat"
    # With Ann: won (finished, won); with Eve: open. Against Bob in both; Dan in won;
    # Ann in open.
    assert versus["partners"] == [
        {"name": "Ann", "games": 1, "finished": 1, "wins": 1},
        {"name": "Eve", "games": 1, "finished": 0, "wins": 0},
    ]
    assert versus["opponents"] == [
        {"name": "Bob", "games": 2, "finished": 1, "wins": 1},
        {"name": "Ann", "games": 1, "finished": 0, "wins": 0},
        {"name": "Dan", "games": 1, "finished": 1, "wins": 1},
    ]


def test_an_unknown_player_is_refused_with_the_names_known() -> None:
    with pytest.raises(GameError) as error:
        collect_stats(GAMES, player="Eva")
    assert str(error.value) == (
        "no player named 'Eva' in these games (did you mean 'Eve'?); "
        "players: Ann, Bob, Cat, Dan, Eve, Fay"
    )


def test_no_games_count_nothing() -> None:
    assert collect_stats([]).as_json() == {
        "games": 0,
        "finished": 0,
        "players": [],
        "partnerships": [],
    }


def ruled_game() -> Game:
    """Standard. Ann & Cat vs Bob & Dan; a director's night.

    Ann misdeals before round 1 and deals again. Round 1: Ann 4 takes 5, Cat 3 takes 3;
    Bob 3 takes 3, Dan 2 takes 2; then Bob & Dan renege (3 books to Ann & Cat) and Ann &
    Cat talk across the table (-30 points). Bob misdeals before round 2 and the deal
    passes on to Cat. Round 2: bids only, and Bob & Dan forfeit for a second renege: the
    game ends there, won by Ann & Cat.
    """
    game = new_game("ruled", ["Ann", "Bob", "Cat", "Dan"], preset_rules("standard"),
                    preset="standard")  # fmt: skip
    books = Ruling(1, RulingKind.BOOKS, 3, "renege")
    talk = Ruling(0, RulingKind.POINTS, -30, "talked across the table")
    forfeit = Ruling(1, RulingKind.FORFEIT, 0, "second renege")
    rounds = (
        Round(0, (entry((4, 3), (5, 3)), entry((3, 2), (3, 2))), rulings=(books, talk)),
        Round(2, (entry((3, 3), None), entry((3, 3), None)), rulings=(forfeit,)),
    )
    misdeals = (Misdeal(1, 0, "same"), Misdeal(2, 1, "next"))
    return dataclasses.replace(game, rounds=rounds, misdeals=misdeals)


def ruled_after_the_end() -> Game:
    """won_then_more, with a misdeal by Bob before round 2 and a ruling on round 2, both
    after the round that ended the game: neither counts."""
    game = won_then_more()
    late = game.rounds[1]._replace(rulings=(Ruling(1, RulingKind.SET, 0, "late"),))
    return dataclasses.replace(
        game, rounds=(game.rounds[0], late), misdeals=(Misdeal(2, 1, "same"),)
    )


def test_the_ruled_games_are_what_their_notes_say() -> None:
    ruled, late = standings(ruled_game()), standings(ruled_after_the_end())
    assert (ruled.ended_after, ruled.winner, ruled.outcome and ruled.outcome.reason.value) == (
        2, 0, "forfeit",
    )  # fmt: skip
    # 7 bid, 11 scored after the books (+74), less 30; 5 bid, 2 scored: set (-50).
    assert [side.points for side in ruled.rounds[0].sides or ()] == [44, -50]
    assert (late.ended_after, late.winner) == (1, 0)


RULED_PLAYERS = {
    # name: books, points, set, forfeit (rulings against the player's side), misdeals dealt
    "Ann": ({"books": 0, "points": 1, "set": 0, "forfeit": 0}, 1),
    "Bob": ({"books": 1, "points": 0, "set": 0, "forfeit": 1}, 1),
    "Cat": ({"books": 0, "points": 1, "set": 0, "forfeit": 0}, 0),
    "Dan": ({"books": 1, "points": 0, "set": 0, "forfeit": 1}, 0),
}


@pytest.mark.parametrize("name", RULED_PLAYERS, ids=str)
def test_rulings_count_by_kind_against_each_players_side(name: str) -> None:
    found = {p.name: p.as_json() for p in collect_stats([ruled_game()]).players}[name]
    assert (found["rulings"], found["misdeals"]) == RULED_PLAYERS[name]


def test_rulings_count_by_kind_against_each_partnership() -> None:
    pairs = {p.players: p.as_json() for p in collect_stats([ruled_game()]).partnerships}
    assert {players: (pair["rulings"], pair["misdeals"]) for players, pair in pairs.items()} == {
        ("Ann", "Cat"): ({"books": 0, "points": 1, "set": 0, "forfeit": 0}, 1),
        ("Bob", "Dan"): ({"books": 1, "points": 0, "set": 0, "forfeit": 1}, 1),
    }
    # The forfeit's round has no tricks: it is no round played, but it ends the game.
    assert (pairs["Ann", "Cat"]["rounds"], pairs["Ann", "Cat"]["wins"]) == (1, 1)


def test_rulings_and_misdeals_after_the_end_do_not_count() -> None:
    result = collect_stats([ruled_after_the_end()])
    rows = [*result.players, *result.partnerships]
    assert [(row.rulings, row.misdeals) for row in rows] == [(0, 0)] * len(rows)
    # Without the end before them, they would: the same game, still open.
    open_game = dataclasses.replace(
        ruled_after_the_end(), rules=preset_rules("standard", "target=500")
    )
    bob = {p.name: p for p in collect_stats([open_game]).players}["Bob"]
    assert (bob.ruled_set, bob.misdeals) == (1, 1)
