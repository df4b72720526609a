"""Game operations: naming players, entering bids and tricks, corrections and undo."""

from __future__ import annotations

import re

import pytest
from conftest import preset_rules

from scorepad.engine.bids import BLIND_NIL, NIL, number
from scorepad.engine.entry import record_bids, record_tricks, undo_last
from scorepad.engine.game import Game, new_game, next_dealer, open_round, standings
from scorepad.engine.lookup import find_bidder, find_seat, find_side
from scorepad.errors import BidError, GameError, ScorepadError, Todo, TricksError

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
FULL_BIDS = ["Ann=4", "Bob=nil", "Cat=3", "Dan=5"]
FULL_TRICKS = ["Ann=5", "Bob=0", "Cat=4", "Dan=4"]


def fresh(preset: str = "standard", *sets: str, teams: tuple[str, ...] | None = None) -> Game:
    rules = preset_rules(preset, *sets)
    return new_game("g", PLAYERS[: rules.players], rules, preset=preset, sides=teams)


def played(game: Game, *rounds: tuple[list[str], list[str]]) -> Game:
    for bids, tricks in rounds:
        game = record_tricks(record_bids(game, bids), tricks)
    return game


# ---------------------------------------------------------------------------
# Naming players and teams


@pytest.mark.parametrize(
    ("ref", "seat"),
    [("Ann", 0), ("ann", 0), (" BOB ", 1), ("3", 2), ("4", 3)],
)
def test_a_player_is_a_name_in_any_case_or_a_seat_number(ref: str, seat: int) -> None:
    assert find_seat(fresh(), ref) == seat


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        pytest.param("Anne", r"unknown player 'Anne' \(did you mean 'Ann'\?\); players are Ann, "
                     r"Bob, Cat, Dan \(or seat 1 to 4, or a team: Ann & Cat, Bob & Dan\)",
                     id="unknown"),
        pytest.param("5", "there is no seat 5; seats are 1 to 4", id="seat-5"),
        pytest.param("0", "there is no seat 0; seats are 1 to 4", id="seat-0"),
    ],
)  # fmt: skip
def test_unknown_players_are_refused_with_the_known_ones(ref: str, message: str) -> None:
    with pytest.raises(GameError, match=f"^{message}$"):
        find_bidder(fresh(), ref)


def test_teams_are_found_by_name_in_any_case() -> None:
    game = fresh(teams=("Us", "Them"))
    assert find_side(game, "them") == 1
    assert find_bidder(game, "US") == (0, None)
    with pytest.raises(GameError, match="unknown team 'They'"):
        find_side(game, "They")


def test_a_team_may_not_be_named_like_a_player() -> None:
    with pytest.raises(GameError, match="team name 'bob' is also a player's name"):
        fresh(teams=("bob", "Them"))


def test_in_solo_play_a_side_is_its_player() -> None:
    game = fresh("solo-3")
    assert game.sides == ("Ann", "Bob", "Cat")
    assert find_bidder(game, "cat") == (2, 2)


# ---------------------------------------------------------------------------
# Bids, then tricks


def test_a_round_is_bids_then_tricks_and_the_deal_moves_left() -> None:
    game = fresh()
    assert next_dealer(game) == 0
    game = record_bids(game, ["1=4", "2=nil", "cat=3", "DAN=5"])
    assert open_round(game) == 1
    assert game.rounds[0].sides[1].bids == (NIL, number(5))
    game = record_tricks(game, FULL_TRICKS)
    assert open_round(game) is None
    assert next_dealer(game) == 1
    assert standings(game).scores == (72, 50)


def test_team_totals_for_tricks_beside_a_nil_players_own() -> None:
    game = record_bids(fresh(), FULL_BIDS)
    game = record_tricks(game, ["Ann & Cat=9", "Bob=0", "Dan=4"])
    assert game.rounds[0].sides[0].tricks == (9,)
    assert standings(game).scores == (72, 50)


def test_a_joint_bid_where_partner_bidding_is_on() -> None:
    game = fresh("standard", "partner_bidding=true", teams=("Us", "Them"))
    game = record_bids(game, ["us=7", "Them=6"])
    game = record_tricks(game, ["Us=7", "Them=6"])
    assert standings(game).scores == (70, 60)


def test_blind_nil_is_judged_by_the_standings_before_the_round() -> None:
    game = played(fresh("club"), (["1=7", "2=3", "3=3", "4=2"], ["1=7", "2=2", "3=3", "4=1"]))
    assert standings(game).scores == (100, -50)  # Bob & Dan trail by 150
    game = record_bids(game, ["1=4", "2=bnil", "3=3", "4=5"])
    assert game.rounds[1].sides[1].bids == (BLIND_NIL, number(5))
    with pytest.raises(BidError, match="Ann: blind nil needs the side to trail by 100"):
        record_bids(game, ["1=bnil", "2=bnil", "3=3", "4=5"], number=2)


def test_no_hell_refuses_the_last_bidder_from_the_dealers_left() -> None:
    game = fresh("no-hell")  # Ann deals: Bob, Cat, Dan, Ann bid
    with pytest.raises(BidError, match="Ann: no hell: .* anything but 1"):
        record_bids(game, ["Ann=1", "Bob=4", "Cat=4", "Dan=4"])


@pytest.mark.parametrize(
    ("tokens", "error", "message"),
    [
        pytest.param(["Ann=4", "Bob=nil", "Cat=3"], GameError,
                     "no bid for Dan; give every player's bid (or the team's)", id="missing"),
        pytest.param([*FULL_BIDS, "ann=2"], GameError,
                     "Ann is given twice; give each player's bid once", id="twice"),
        pytest.param(["1=4", "Bob=nil", "Cat=3", "Dan=5", "ann=4"], GameError,
                     "Ann is given twice", id="twice-by-seat"),
        pytest.param(["Ann=14", "Bob=nil", "Cat=3", "Dan=5"], BidError,
                     "Ann: bid 14 is out of range; bid 1 to 13, nil (or 0)", id="range"),
        pytest.param(["Ann=lots", "Bob=nil", "Cat=3", "Dan=5"], BidError,
                     "Ann: not a bid: 'lots'", id="word"),
        pytest.param(["Ann=bnil", "Bob=nil", "Cat=3", "Dan=5"], BidError,
                     "Ann: blind nil is not allowed by these rules", id="blind-nil-off"),
        pytest.param(["Ann & Cat=7", "Bob=nil", "Dan=5"], BidError,
                     "Ann & Cat: a joint team bid needs partner bidding", id="joint-off"),
        pytest.param(["Zed=4", "Bob=nil", "Cat=3", "Dan=5"], GameError,
                     "unknown player 'Zed'", id="unknown"),
        pytest.param(["Ann:4"], GameError, "not PLAYER=BID: 'Ann:4'; write it like Ann=4",
                     id="no-equals"),
        pytest.param([], GameError, "no bids given", id="nothing"),
    ],
)  # fmt: skip
def test_bad_bids_are_refused(tokens: list[str], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        record_bids(fresh(), tokens)


@pytest.mark.parametrize(
    ("tokens", "error", "message"),
    [
        pytest.param(["Ann=5", "Bob=0", "Cat=4", "Dan=5"], TricksError,
                     "the tricks add up to 14; a deal has 13", id="sum"),
        pytest.param(["Ann=5", "Bob=0", "Cat=4"], GameError, "no tricks for Dan", id="missing"),
        pytest.param(["Ann & Cat=9", "Bob & Dan=4"], TricksError,
                     "Bob & Dan has a nil bidder: give each player's tricks", id="team-beside-nil"),
        pytest.param(["Ann & Cat=9", "Ann=9", "Bob=0", "Dan=4"], GameError,
                     "Ann & Cat: give the team's tricks or each player's, not both", id="both"),
        pytest.param(["Ann=14", "Bob=0", "Cat=4", "Dan=4"], TricksError,
                     "Ann: tricks '14' are not allowed; give 0 to 13", id="over"),
        pytest.param(["Ann=-1", "Bob=0", "Cat=4", "Dan=4"], TricksError,
                     "Ann: tricks '-1' are not allowed", id="negative"),
    ],
)  # fmt: skip
def test_bad_tricks_are_refused(tokens: list[str], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        record_tricks(record_bids(fresh(), FULL_BIDS), tokens)


def test_nothing_given() -> None:
    with pytest.raises(GameError, match="^no tricks given; write PLAYER=TRICKS for every player"):
        record_tricks(record_bids(fresh(), FULL_BIDS), [])


def test_tricks_before_bids_and_bids_while_bids_are_open() -> None:
    # What is wrong, and apart from it what to do, which each face says in its own terms.
    with pytest.raises(GameError, match="^round 1 has no bids yet$") as caught:
        record_tricks(fresh(), FULL_TRICKS)
    assert (caught.value.todo, caught.value.number) == (Todo.ENTER_BIDS_OR_CORRECT, 1)
    game = record_bids(fresh(), FULL_BIDS)
    with pytest.raises(GameError, match="^round 1 already has its bids$") as caught:
        record_bids(game, FULL_BIDS)
    assert (caught.value.todo, caught.value.number) == (Todo.ENTER_TRICKS_OR_UNDO, 1)
    with pytest.raises(GameError, match="^round 1 already has its bids"):
        record_bids(game, ["Ann=4"])  # the state is named before the missing bids


# ---------------------------------------------------------------------------
# Corrections, undo, the end of the game


def test_a_corrected_round_rescores_every_round_after_it() -> None:
    game = played(
        fresh(),
        (FULL_BIDS, FULL_TRICKS),
        (["1=3", "2=3", "3=3", "4=3"], ["Ann & Cat=7", "Bob & Dan=6"]),
    )
    assert standings(game).scores == (72 + 61, 50 + 60)
    fixed = record_tricks(game, ["Ann=5", "Bob=1", "Cat=4", "Dan=3"], number=1)
    assert standings(fixed).scores == (72 + 61, -149 + 60)  # nil failed, Dan set
    assert fixed.rounds[1] == game.rounds[1]
    rebid = record_bids(fixed, ["1=2", "2=nil", "3=2", "4=4"], number=1)
    assert standings(rebid).rounds[0].sides is not None
    assert standings(rebid).scores[0] == 45 + 61


def test_a_rebid_that_no_longer_fits_the_tricks_says_what_to_fix_first() -> None:
    game = played(fresh(), (["1=3", "2=3", "3=3", "4=3"], ["Ann & Cat=7", "Bob & Dan=6"]))
    with pytest.raises(TricksError, match=r"^round 1: ") as caught:
        record_bids(game, ["1=3", "2=3", "3=nil", "4=3"], number=1)
    assert (caught.value.todo, caught.value.number) == (Todo.CORRECT_TRICKS, 1)


@pytest.mark.parametrize("number", [0, 3, -1])
def test_a_round_that_does_not_exist(number: int) -> None:
    game = played(fresh(), (FULL_BIDS, FULL_TRICKS))
    game = record_bids(game, FULL_BIDS)
    with pytest.raises(GameError, match=f"^there is no round {number}; rounds are 1 to 2$"):
        record_tricks(game, FULL_TRICKS, number=number)
    with pytest.raises(GameError, match=f"^there is no round {number}"):
        record_bids(game, FULL_BIDS, number=number)


def test_undo_takes_back_tricks_then_bids() -> None:
    game = played(fresh(), (FULL_BIDS, FULL_TRICKS))
    game = undo_last(game)
    assert open_round(game) == 1
    assert game.rounds[0].sides[0].bids == (number(4), number(3))
    game = undo_last(game)
    assert game.rounds == ()
    with pytest.raises(GameError, match="nothing to undo"):
        undo_last(game)


def test_a_finished_game_refuses_new_rounds_but_takes_corrections() -> None:
    round_ = (["1=6", "2=nil", "3=6", "4=1"], ["1=6", "2=0", "3=6", "4=1"])  # +120 / +110
    game = played(fresh("short"), round_, round_, round_)
    result = standings(game)
    assert (result.scores, result.winner) == ((360, 330), 0)
    with pytest.raises(GameError, match=r"^the game is over \(Ann & Cat won after round 3\)"):
        record_bids(game, FULL_BIDS)
    fixed = record_tricks(game, ["1=5", "2=1", "3=6", "4=1"], number=3)
    assert standings(fixed).scores == (120, 131)
    assert not standings(fixed).finished
    assert len(record_bids(fixed, FULL_BIDS).rounds) == 4


def test_every_refusal_is_a_scorepad_error_on_one_line() -> None:
    game = fresh()
    for tokens in (["Ann"], ["Ann=4\nBob=3"], ["Zed=1"]):
        with pytest.raises(ScorepadError) as caught:
            record_bids(game, tokens)
        assert "\n" not in str(caught.value).replace("Ann=4\\nBob", "")
