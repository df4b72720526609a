"""Games: standings folded from rounds, the end of a game, and what a round may hold."""

from __future__ import annotations

import pytest
from conftest import preset_rules
from hypothesis import given
from hypothesis import strategies as st

from scorepad.engine.bids import Bid, parse_bid
from scorepad.engine.checks import check_round_bids, check_round_tricks
from scorepad.engine.game import Game, Round, SideEntry, new_game, standings
from scorepad.engine.rules import Rules
from scorepad.engine.scoring import EndReason
from scorepad.errors import BidError, GameError, TricksError

PLAYERS = ("Ann", "Bob", "Cid", "Dee")


def bids(*texts: str) -> tuple[Bid, ...]:
    return tuple(parse_bid(text) for text in texts)


def entry(bid_texts: str, tricks: str | None = None) -> SideEntry:
    """entry("nil 4", "0 5"): bids and tricks per player (or one each for a team)."""
    took = tuple(int(t) for t in tricks.split()) if tricks is not None else None
    return SideEntry(bids(*bid_texts.split()), took)


def game_of(rounds: list[tuple[SideEntry, ...]], preset: str = "standard", *sets: str) -> Game:
    game = new_game("t", PLAYERS, preset_rules(preset, *sets), preset=preset)
    played = tuple(Round(game.dealer_for(n), sides) for n, sides in enumerate(rounds, start=1))
    return Game(game.name, game.players, game.sides, game.preset, game.rules, 0, played)


def test_default_team_names_and_dealer_rotation() -> None:
    game = new_game("Friday", PLAYERS, Rules(), preset="standard", first_dealer=2)
    assert game.sides == ("Ann & Cid", "Bob & Dee")
    assert [game.dealer_for(n) for n in range(1, 6)] == [2, 3, 0, 1, 2]


def test_standings_fold_scores_and_bags_from_rounds() -> None:
    game = game_of([
        (entry("nil 4", "0 5"), entry("5 4", "4 4")),  # +141 / -90 set
        (entry("5 3", "6 3"), entry("2 2", "2 2")),    # +81 / +40
    ])  # fmt: skip
    result = standings(game)
    assert result.scores == (222, -50)
    assert result.bags == (2, 0)
    assert result.sets == (0, 1)
    assert [r.sides[0].points for r in result.rounds if r.sides] == [141, 81]
    assert not result.finished and result.winner is None


def test_a_team_total_and_a_joint_bid_score_like_per_player_entries() -> None:
    per_player = game_of([(entry("4 3", "5 3"), entry("2 3", "2 3"))])
    team_total = game_of([(entry("4 3", "8"), entry("5", "2 3"))])
    assert standings(per_player).scores == standings(team_total).scores == (71, 50)


def test_open_round_is_shown_but_not_scored() -> None:
    game = game_of([(entry("4 3", "5 3"), entry("2 3", "2 3")), (entry("4 3"), entry("2 3"))])
    result = standings(game)
    assert result.rounds[1].sides is None
    assert result.scores == (71, 50)


def test_game_ends_at_target_and_later_rounds_still_score() -> None:
    game = game_of([
        (entry("13", "13"), entry("nil nil", "0 0")),  # 130 / 200
        (entry("nil 6", "0 7"), entry("3 3", "3 3")),  # 161 / 60: 291 / 260
    ], "standard", "target=250")  # fmt: skip
    result = standings(game)
    assert result.winner == 0 and result.outcome is not None
    assert result.outcome.reason is EndReason.TARGET
    assert result.ended_after == 2


def test_rounds_after_the_end_are_kept_and_scored_but_do_not_count() -> None:
    game = game_of([
        (entry("13", "13"), entry("nil nil", "0 0")),  # 130 / 200: Them reach 200
        (entry("nil 6", "0 7"), entry("3 3", "3 3")),  # after the end: 291 / 260
        (entry("4 4"), entry("2 2")),                  # bids only, after the end too
    ], "standard", "target=200")  # fmt: skip
    result = standings(game)
    assert (result.winner, result.ended_after) == (1, 1)
    assert (result.scores, result.bags, result.sets) == ((130, 200), (0, 0), (0, 0))
    assert [r.after_end for r in result.rounds] == [False, True, True]
    assert [r.outcome is not None for r in result.rounds] == [True, False, False]
    second = result.rounds[1].sides
    assert second is not None and (second[0].score, second[1].score) == (291, 260)
    assert result.latest_scores == (291, 260)
    assert result.trailing_by(1) == 31  # what the bids of a round 3 would be judged by


BOB_BLIND = (entry("4 4"), entry("bnil 4"))


@pytest.mark.parametrize(
    ("sets", "first", "second", "warnings"),
    [
        pytest.param((), (entry("6 6", "6 7"), entry("1 1", "0 0")), BOB_BLIND,
                     (), id="trailing-enough"),
        pytest.param((), (entry("3 3", "3 3"), entry("2 1", "3 4")), BOB_BLIND,
                     ("round 2: Bob's blind nil needed Bob & Dee to trail by 100 or more; before "
                      "round 2 they trailed by only 26",), id="trailing-too-little"),
        pytest.param((), (entry("5 5", "3 3"), entry("5 5", "3 4")), BOB_BLIND,
                     ("round 2: Bob's blind nil needed Bob & Dee to trail by 100 or more; before "
                      "round 2 they were level",), id="level"),
        pytest.param(("blind_bids=true",), (entry("3 3", "3 3"), entry("2 1", "3 4")),
                     (entry("bnil b6"), entry("bnil 4")),
                     ("round 2: Ann's blind nil needed Ann & Cid to trail by 100 or more; before "
                      "round 2 they led by 26",
                      "round 2: Cid's blind 6 needed Ann & Cid to trail by 100 or more; before "
                      "round 2 they led by 26",
                      "round 2: Bob's blind nil needed Bob & Dee to trail by 100 or more; before "
                      "round 2 they trailed by only 26"), id="each-bid-named"),
        pytest.param(("blind_bids=true", "partner_bidding=true"),
                     (entry("3 3", "3 3"), entry("2 1", "3 4")), (entry("b7"), entry("3 3")),
                     ("round 2: Ann & Cid's blind 7 needed Ann & Cid to trail by 100 or more; "
                      "before round 2 they led by 26",), id="joint-bid"),
    ],
)  # fmt: skip
def test_later_blind_bids_the_scores_before_them_did_not_allow_are_warned_of(
    sets: tuple[str, ...],
    first: tuple[SideEntry, ...],
    second: tuple[SideEntry, ...],
    warnings: tuple[str, ...],
) -> None:
    result = standings(game_of([first, second], "club", *sets))
    assert result.rounds[0].warnings == ()
    assert tuple(map(str, result.rounds[1].warnings)) == warnings


def test_loss_limit_ends_the_club_game() -> None:
    game = game_of([(entry("7 6", "3 3"), entry("nil 4", "1 6"))], "club")
    result = standings(game)
    assert (result.scores, result.finished) == ((-130, -57), False)
    game = game_of([(entry("7 6", "3 3"), entry("nil 4", "1 6"))] * 2, "club")
    result = standings(game)
    assert result.scores == (-260, -114)
    assert (result.winner, result.outcome and result.outcome.reason) == (1, EndReason.LOSS_LIMIT)


def test_trailing_by_is_against_the_best_other_side() -> None:
    game = game_of([(entry("4 3", "5 3"), entry("2 3", "2 3"))])
    result = standings(game)
    assert (result.trailing_by(0), result.trailing_by(1)) == (-21, 21)


def test_bids_checked_against_standings_before_the_round() -> None:
    game = game_of([(entry("6 6", "6 7"), entry("nil nil", "0 0"))], "club")  # 121 / 200
    before = standings(game)
    blind = Round(0, (entry("bnil 4"), entry("3 3")))
    with pytest.raises(BidError, match="Ann: blind nil needs the side to trail by 100"):
        check_round_bids(game, blind, before)


def test_no_hell_names_the_last_bidder_from_the_dealers_left() -> None:
    game = new_game("t", PLAYERS, preset_rules("no-hell"), preset="no-hell")
    round_ = Round(1, (entry("3 4"), entry("3 3")))  # Bob deals: Cid, Dee, Ann, Bob bid
    with pytest.raises(BidError, match="Bob: no hell: .* anything but 3"):
        check_round_bids(game, round_, standings(game))


@pytest.mark.parametrize(
    ("sides", "message"),
    [
        pytest.param((entry("4 3", "5 3"), entry("2 3", "2 2")), "add up to 12; a deal has 13",
                     id="short"),
        pytest.param((entry("4 3", "14 0"), entry("2 3", "0 0")), "tricks must be 0 to 13",
                     id="over"),
        pytest.param((entry("nil 3", "5"), entry("2 3", "5 3")), "has a nil bidder",
                     id="team-total-beside-nil"),
    ],
)
def test_impossible_tricks(sides: tuple[SideEntry, ...], message: str) -> None:
    game = game_of([])
    with pytest.raises(TricksError, match=message):
        check_round_tricks(game, Round(0, sides))


@pytest.mark.parametrize(
    ("players", "teams", "message"),
    [
        pytest.param(("Ann", "Bob", "Cid"), None, "3 players given; preset needs 4", id="count"),
        pytest.param(("Ann", "Bob", "ann", "Dee"), None, "'ann' is given twice", id="twice"),
        pytest.param(("Ann", " ", "Cid", "Dee"), None, "player name is empty", id="empty"),
        pytest.param(("Ann", "B\x1bob", "Cid", "Dee"), None, "control character", id="control"),
        pytest.param(PLAYERS, ("Us",), "1 team names given", id="teams"),
        pytest.param(PLAYERS, ("Us", "us"), "'us' is given twice", id="teams-twice"),
    ],
)
def test_new_game_refuses_bad_names(
    players: tuple[str, ...], teams: tuple[str, ...] | None, message: str
) -> None:
    with pytest.raises(GameError, match=message):
        new_game("g", players, Rules(), preset="standard", sides=teams)


ROUND_TRICKS = st.lists(st.integers(0, 13), min_size=4, max_size=4).filter(
    lambda t: sum(t) == 13
)
ROUND_BIDS = st.lists(st.sampled_from(["nil", "1", "2", "3", "4", "5"]), min_size=4, max_size=4)


@given(st.lists(st.tuples(ROUND_BIDS, st.permutations([4, 3, 3, 3])), min_size=1, max_size=25))
def test_swapping_the_teams_swaps_their_results(
    rounds: list[tuple[list[str], list[int]]],
) -> None:
    forward, swapped = [], []
    for bid_texts, tricks in rounds:
        a = SideEntry(bids(bid_texts[0], bid_texts[2]), (tricks[0], tricks[2]))
        b = SideEntry(bids(bid_texts[1], bid_texts[3]), (tricks[1], tricks[3]))
        forward.append((a, b))
        swapped.append((b, a))
    one, two = standings(game_of(forward)), standings(game_of(swapped))
    assert one.scores == two.scores[::-1]
    assert one.bags == two.bags[::-1]
    assert one.winner == (None if two.winner is None else 1 - two.winner)


@pytest.mark.parametrize(
    ("preset", "bids", "by_player"),
    [
        pytest.param("standard", "4 3", False, id="team-total"),
        pytest.param("standard", "nil 5", True, id="beside-a-nil"),
        pytest.param("standard", "bnil 5", True, id="beside-a-blind-nil"),
        pytest.param("solo-3", "4", True, id="alone"),
    ],
)
def test_tricks_are_given_per_player_alone_or_beside_a_nil(
    preset: str, bids: str, by_player: bool
) -> None:
    from scorepad.engine.checks import tricks_by_player

    side = [parse_bid(word) for word in bids.split()]
    assert tricks_by_player(preset_rules(preset), side) is by_player


@pytest.mark.parametrize(
    ("taken", "rest"),
    [((4, 5), 4), ((13,), 0), ((), 13), ((7, 7), None)],
    ids=["rest", "none-left", "nothing-given", "too-many"],
)
def test_the_one_left_out_takes_the_rest_of_the_deal(taken: tuple[int, ...], rest: int) -> None:
    from scorepad.engine.checks import rest_of_deal

    assert rest_of_deal(preset_rules("standard"), taken) == rest


def test_a_warning_is_a_fact_worded_in_the_readers_language() -> None:
    """The JSON keeps the English of `str()`; a German reader gets German."""
    from scorepad.engine.game import BidWarning
    from scorepad.i18n import speaking
    from scorepad.words.gametext import warning_words

    warning = BidWarning(2, "Ann", "Ann & Cat", None, 100, -40)
    english = "round 2: Ann's blind nil needed Ann & Cat to trail by 100 or more; before round"
    assert str(warning) == warning_words(warning) == english + " 2 they led by 40"
    with speaking("de"):
        german = warning_words(warning)
    assert german.startswith("Runde 2:") and "40 vorn" in german and "needed" not in german
