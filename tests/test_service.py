"""The service: the one way in that every face calls, given bids and tricks as values."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorepad.engine.bids import NIL, number
from scorepad.engine.game import Game
from scorepad.errors import BidError, GameError
from scorepad.files.library import current_game, saved_games
from scorepad.files.store import file_stamp, load_game_file
from scorepad.service.games import (
    NameTakenError,
    StaleGameError,
    Step,
    correct_round,
    enter_bids,
    enter_tricks,
    game_version,
    list_games,
    rename_game,
    start_game,
    undo,
)
from scorepad.service.picks import Bids

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
BIDS = ((number(4), number(3)), (NIL, number(5)))  # Ann & Cat 4+3, Bob & Dan nil+5
TRICKS = ((4, 4), (0, 5))


def started(name: str = "tue", overrides: tuple[str, ...] = ()) -> Path:
    return start_game(name, PLAYERS, "standard", overrides, teams=["Us", "Them"]).path


def test_a_game_starts_saved_and_current(home: Path) -> None:
    begun = start_game("tue", PLAYERS, "club", ["target=300"], dealer="Cat")
    assert begun.path == home / "games" / "tue.toml" == current_game()
    game = load_game_file(begun.path)
    assert game == begun.game
    assert (game.preset, game.rules.target, game.players[game.first_dealer]) == ("club", 300, "Cat")


@pytest.mark.parametrize(
    ("players", "teams", "said"),
    [
        pytest.param(["Ann", "3", "Cat", "Dan"], None, "player name '3' is a whole number",
                     id="numeric-player"),
        pytest.param(PLAYERS, ["Us", " 2"], "team name '2' is a whole number", id="numeric-team"),
        pytest.param(["Ann", "Bob", "Cat"], None,
                     "3 players given; preset standard needs 4 (players in seat order);"
                     " presets for 3 players: solo-3", id="count"),
    ],
)  # fmt: skip
def test_a_new_game_is_refused_and_nothing_is_written(
    home: Path, players: list[str], teams: list[str] | None, said: str
) -> None:
    with pytest.raises(GameError, match=f"^{re.escape(said)}"):
        start_game("tue", players, teams=teams)
    assert saved_games() == [] and current_game() is None


def test_a_taken_name_is_named_in_any_case(home: Path) -> None:
    started("Tue")
    with pytest.raises(NameTakenError) as refused:
        started("tUE")
    assert refused.value.taken == "Tue"
    assert [path.stem for path in saved_games()] == ["Tue"]


def test_a_round_entered_returns_its_standings_and_version(home: Path) -> None:
    path = started()
    bid = enter_bids(path, BIDS)
    assert (bid.number, bid.correction, bid.overbids) == (1, None, ())
    took = enter_tricks(path, TRICKS)
    assert took.standings.scores == (71, 150)
    assert took.version == game_version(load_game_file(path)) != bid.version


def test_bids_read_from_the_game_under_its_lock_are_judged_after_its_state(home: Path) -> None:
    """A face that reads names passes a function: a round waiting for its tricks is named
    before anything the function would refuse."""
    path = started()
    enter_bids(path, BIDS)

    def unread(game: Game) -> Bids:
        raise BidError("never asked")

    with pytest.raises(GameError, match="^round 1 already has its bids"):
        enter_bids(path, unread)


def test_a_contract_above_a_deal_is_kept_and_told(home: Path) -> None:
    path = started()
    entered = enter_bids(path, ((number(13), number(13)), (number(1), number(1))))
    assert [(o.side, o.contract) for o in entered.overbids] == [(0, 26)]


def test_a_change_from_an_old_version_is_refused_and_saves_nothing(home: Path) -> None:
    path = started()
    shown = game_version(load_game_file(path))
    enter_bids(path, BIDS, version=shown)
    stamp = file_stamp(path)
    for change in (
        lambda: enter_tricks(path, TRICKS, version=shown),
        lambda: undo(path, version=shown),
    ):
        with pytest.raises(StaleGameError) as refused:
            change()
        assert len(refused.value.game.rounds) == 1
    assert file_stamp(path) == stamp


def test_undo_gives_back_the_bids_it_took(home: Path) -> None:
    path = started()
    enter_bids(path, BIDS)
    enter_tricks(path, TRICKS)
    assert (undo(path).took, undo(path).took) == ("tricks", "bids")
    enter_bids(path, BIDS)
    assert undo(path).bids == BIDS
    with pytest.raises(GameError, match="^nothing to undo"):
        undo(path)


def test_a_correction_says_which_rounds_stop_counting_and_count_again(home: Path) -> None:
    path = started(overrides=("target=200",))
    enter_bids(path, BIDS)
    enter_tricks(path, TRICKS)  # Us 71, Them 150
    enter_bids(path, ((number(3), number(3)), (number(3), number(3))))
    assert enter_tricks(path, ((3, 3), (3, 4))).standings.ended_after == 2  # Them 211
    ending = correct_round(path, 1, ((number(1), number(1)), (NIL, number(10))), ((1, 2), (0, 10)))
    assert ending.correction is not None and ending.standings.ended_after == 1  # Them 200
    assert (ending.correction.stopped_counting, ending.correction.counting_again) == ((2,), ())
    back = correct_round(path, 1, BIDS, TRICKS)
    assert back.correction is not None and back.standings.ended_after == 2
    assert (back.correction.stopped_counting, back.correction.counting_again) == ((), (2,))


def test_games_are_listed_and_renamed(home: Path) -> None:
    started("tue")
    game, path, changed = rename_game("tue", "wed")
    assert (game.name, path.stem, changed) == ("wed", "wed", True)
    assert [summary.path.stem for summary in list_games()] == ["wed"]


def test_an_entry_the_game_holds_already_as_given_is_not_entered_again(home: Path) -> None:
    """A double tap, a form sent again after a reconnect, a command run twice: nothing
    is saved, and the face is told so."""
    path = started()
    shown = game_version(load_game_file(path))
    assert not enter_bids(path, BIDS, version=shown, shown=1).already
    stamp = file_stamp(path)
    again = enter_bids(path, BIDS, version=shown, shown=1)
    assert (again.already, again.number, file_stamp(path)) == (True, 1, stamp)
    assert enter_bids(path, BIDS).already  # `scorepad bid` run twice
    with pytest.raises(GameError, match="^round 1 already has its bids"):
        enter_bids(path, ((number(4), number(4)), (NIL, number(5))))
    shown = game_version(load_game_file(path))
    assert not enter_tricks(path, TRICKS, version=shown, shown=1).already
    assert enter_tricks(path, TRICKS, version=shown, shown=1).already
    assert enter_tricks(path, TRICKS).already
    fixed = correct_round(path, 1, BIDS, ((5, 3), (0, 5))).version
    assert enter_tricks(path, ((5, 3), (0, 5)), number=1, version="old").already
    assert game_version(load_game_file(path)) == fixed


def test_a_stale_change_says_what_was_entered_since_or_what_the_game_waits_for(
    home: Path,
) -> None:
    path = started()
    empty = game_version(load_game_file(path))
    enter_bids(path, BIDS)
    enter_tricks(path, TRICKS)
    with pytest.raises(StaleGameError) as refused:  # other bids, from the page before both
        enter_bids(path, ((number(2), number(2)), (NIL, number(5))), version=empty, shown=1)
    assert refused.value.since == (Step(1, "bids"), Step(1, "tricks"))
    assert refused.value.waits_for == Step(2, "bids")
    undo(path)
    with pytest.raises(StaleGameError) as refused:  # a version this game no longer had
        undo(path, version=game_version(load_game_file(path)) + "x")
    assert (refused.value.since, refused.value.waits_for) == (None, Step(1, "tricks"))
    now = game_version(load_game_file(path))
    with pytest.raises(StaleGameError) as refused:  # as shown, but for another round
        enter_tricks(path, TRICKS, version=now, shown=2)
    assert (refused.value.since, refused.value.waits_for) == ((), Step(1, "tricks"))
