"""The Rich score sheet and round explanation, rendered exactly: 80 columns, no colour."""

from __future__ import annotations

import io
import re

import pytest
from conftest import assert_golden, preset_rules, totals_shown
from rich.console import Console, RenderableType

from scorepad.engine.entry import record_bids, record_tricks
from scorepad.engine.game import Game, new_game, standings
from scorepad.render.explain import explain_round
from scorepad.render.sheet import score_sheet

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def render(renderable: RenderableType, width: int = 80) -> str:
    out = io.StringIO()
    Console(file=out, width=width, no_color=True, force_terminal=False).print(renderable)
    return out.getvalue()


def game_of(preset: str, *rounds: tuple[str, str], players: tuple[str, ...] = PLAYERS,
            teams: tuple[str, ...] | None = None, name: str = "friday") -> Game:  # fmt: skip
    rules = preset_rules(preset)
    game = new_game(name, players[: rules.players], rules, preset=preset, sides=teams)
    for bids, tricks in rounds:
        game = record_bids(game, bids.split())
        if tricks:
            game = record_tricks(game, tricks.split())
    return game


CLUB = (
    ("Ann=4 Bob=3 Cat=4 Dan=nil", "Ann=5 Bob=4 Cat=4 Dan=0"),  # nil made
    ("1=5 2=1 3=6 4=1", "1=4 2=3 3=4 4=2"),  # Ann & Cat set
    ("Ann=bnil Bob=2 Cat=5 Dan=1", "Ann=0 Bob=5 Cat=6 Dan=2"),  # blind nil made
    ("Ann=3 Bob=2 Cat=3 Dan=1", "Ann=1 Bob=3 Cat=4 Dan=5"),  # bag penalty, set
    ("Ann=nil Bob=4 Cat=4 Dan=3", "Ann=2 Bob=4 Cat=3 Dan=4"),  # failed nil, set
    ("Ann=3 Bob=3 Cat=3 Dan=3", ""),  # bids in, tricks to come
)


def club_game() -> Game:
    return game_of("club", *CLUB)


def test_the_club_sheet_marks_sets_failed_nils_and_bag_penalties() -> None:
    game = club_game()
    text = render(score_sheet(game, standings(game)))
    assert_golden("sheet_club.txt", text)
    assert "! nil failed (Ann): 2 tricks" in text
    assert "! bag penalty (10 bags)" in text
    assert "! contract 11 set (8 taken)" in text
    assert "bnil+5" in text and "3+nil" in text
    assert text.endswith(
        # No "Next deal" while round 6 waits for its tricks: Bob's round comes first.
        "Round 6 (dealt by Bob): bids are in, tricks to come.\n"
        "To reach 500: Ann & Cat need 476, Bob & Dan need 306.\n"
    )


def test_a_won_game_ends_with_a_banner_and_no_next_deal() -> None:
    win = ("Ann=6 Bob=nil Cat=6 Dan=1", "Ann=6 Bob=0 Cat=6 Dan=1")
    game = game_of("short", win, win, win)
    text = render(score_sheet(game, standings(game)))
    assert text.splitlines()[-3:] == [
        "╔══════════════════════════════════════════════════════════════════════════╗",
        "║ Ann & Cat won after round 3 (reached 250): Ann & Cat 360, Bob & Dan 330. ║",
        "╚══════════════════════════════════════════════════════════════════════════╝",
    ]
    assert "Next deal" not in text


def test_the_loss_limit_banner_says_why() -> None:
    bad = ("Ann=7 Bob=3 Cat=6 Dan=3", "Ann=3 Bob=3 Cat=3 Dan=4")
    game = game_of("club", bad, bad)
    assert "Bob & Dan won after round 2 (a side fell to the loss limit of -200)" in render(
        score_sheet(game, standings(game))
    )


def test_team_totals_joint_bids_and_custom_team_names() -> None:
    rules = preset_rules("standard", "partner_bidding=true")
    game = new_game("g", PLAYERS, rules, preset="standard", sides=("Us", "Them"))
    game = record_tricks(
        record_bids(game, ["Us=7", "Bob=nil", "Dan=4"]), ["Us=8", "Bob=0", "Dan=5"]
    )
    assert render(score_sheet(game, standings(game))).splitlines()[:6] == [
        "g · standard · to 500",
        "  │        │ Us (Ann, Cat)           │ Them (Bob, Dan)           ",
        "# │ dealer │ bid took pts score bags │ bid   took  pts score bags",
        "──┼────────┼─────────────────────────┼───────────────────────────",
        "1 │ Ann    │ 7   8    +71    71    1 │ nil+4 0+5  +141   141    1",
        "──┼────────┼─────────────────────────┼───────────────────────────",
    ]


def test_names_are_printed_literally() -> None:
    players = ("[bold]Ann[/]", "Bob", "[red]Cat", "Dan")
    game = game_of(
        "standard", ("1=3 2=3 3=3 4=3", "1=3 2=3 3=4 4=3"),
        players=players, teams=("[link=https://x]Us[/link]", "Them :smile:"), name="[b]g[/b]",
    )  # fmt: skip
    text = render(score_sheet(game, standings(game)))
    assert text.startswith("[b]g[/b] · standard · to 500\n")
    assert "[link=https://x]Us[/link]" in text and "([bold]Ann[/], [red]Cat)" in text
    assert "Them :smile: (Bob, Dan)" in text
    assert "1 │ [bold]Ann[/]" in text
    assert "Ann & Cat" not in text
    explained = render(explain_round(game, standings(game), 1))
    assert (
        "[link=https://x]Us[/link]: [bold]Ann[/] bid 3 took 3, [red]Cat bid 3 took 4" in explained
    )


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        ("standard", ("Bernadette-Marie", "Christopher", "Alexandrina", "Maximilian")),
        ("solo-6", ("Annabelle", "Bob", "Catherine", "Dan", "Eve", "Fred")),
        ("solo-5", ("A", "B", "C", "D", "E")),
        ("solo-3", ("Ann", "Bob", "Cat")),
    ],
)
def test_the_sheet_fits_80_columns(preset: str, players: tuple[str, ...]) -> None:
    rules = preset_rules(preset)
    game = new_game(
        "a game with a long name, " * 3, players, rules, preset=preset,
        sides=("The Incredibly Long Team Name Indeed", "Them") if rules.partnerships else None,
    )  # fmt: skip
    count = len(players)
    nil_bids = [f"{seat}=nil" if seat % 2 else f"{seat}=1" for seat in range(1, count + 1)]
    for _ in range(12):
        game = record_bids(game, nil_bids)
        tricks = [f"{seat}=0" for seat in range(2, count + 1)]
        game = record_tricks(game, [f"1={rules.tricks}", *tricks])
        if standings(game).finished:
            break
    text = render(score_sheet(game, standings(game)))
    assert max(len(line) for line in text.splitlines()) <= 80
    for name in players:
        assert name[:10] in text
    if not rules.partnerships:
        # Sides that do not fit beside each other go in another table below.
        assert text.count("# │ dealer") == (count + 1) // 2


def test_explain_a_round_line_by_line_with_the_score_before() -> None:
    game = club_game()
    assert render(explain_round(game, standings(game), 4)) == (
        "Round 4, dealt by Dan\n"
        "\n"
        "Ann & Cat: Ann bid 3 took 1, Cat bid 3 took 4\n"
        "line                      points\n"
        "contract 6 set (5 taken)     -60\n"
        "round                        -60\n"
        "score 222 -> 162; bags 2 -> 2\n"
        "\n"
        "Bob & Dan: Bob bid 2 took 3, Dan bid 1 took 5\n"
        "line                   points\n"
        "contract 3 made           +30\n"
        "5 overtricks               +5\n"
        "bag penalty (10 bags)    -100\n"
        "round                     -65\n"
        "score 188 -> 123; bags 8 -> 3\n"
    )


def test_explain_an_open_round_and_the_round_that_ends_the_game() -> None:
    game = club_game()
    assert render(explain_round(game, standings(game), 6)) == (
        "Round 6, dealt by Bob: bids are in, the tricks are not\n"
        "\n"
        "Ann & Cat: Ann bid 3, Cat bid 3\n"
        "\n"
        "Bob & Dan: Bob bid 3, Dan bid 3\n"
    )
    win = ("Ann=6 Bob=nil Cat=6 Dan=1", "Ann=6 Bob=0 Cat=6 Dan=1")
    won = game_of("short", win, win, win)
    assert render(explain_round(won, standings(won), 3)).endswith(
        "\nThis round ends the game: Ann & Cat won.\n"
    )


def test_explain_a_solo_round_names_each_player_once() -> None:
    game = game_of("solo-3", ("Ann=5 Bob=nil Cat=6", "Ann=6 Bob=1 Cat=10"), players=PLAYERS)
    text = render(explain_round(game, standings(game), 1))
    assert text.splitlines()[:3] == ["Round 1, dealt by Ann", "", "Ann bid 5 took 6"]
    assert "Bob bid nil took 1\nline" in text


SIX = ("Annabelle", "Bob", "Catherine", "Dan", "Eve", "Fred")


@pytest.mark.parametrize("width", [80, 60, 40, 30], ids=lambda width: f"{width}-columns")
@pytest.mark.parametrize(
    "game",
    [
        pytest.param(club_game(), id="club-2-teams"),
        pytest.param(
            game_of(
                "solo-6",
                ("1=2 2=nil 3=1 4=2 5=1 6=1", "1=2 2=1 3=1 4=2 5=1 6=1"),
                ("1=3 2=1 3=1 4=1 5=1 6=1", "1=0 2=3 3=1 4=1 5=2 6=1"),
                players=SIX,
            ),
            id="solo-6-sides",
        ),
        pytest.param(
            game_of("club", *CLUB, teams=("The Incredibly Long Team Name Indeed", "Us")),
            id="long-team-name",
        ),
    ],
)
def test_the_sheet_fits_any_screen_and_cuts_off_no_side_score_or_bags(
    game: Game, width: int
) -> None:
    result = standings(game)
    text = render(score_sheet(game, result), width)
    assert max(len(line) for line in text.splitlines()) <= width
    expected = [value for side in range(len(game.sides)) for value in
                (result.scores[side], result.bags[side])]  # fmt: skip
    assert totals_shown(text) == expected
    for name in game.sides:
        assert name.split()[0] in text
    # Each side keeps its own five headings (bid, tricks, points, score, bags), or, on a
    # screen too narrow for them, names them on each round's line.
    headed = re.findall(r"bid +took +pts +score +bags", text)
    listed = re.findall(r"^total: score", text, flags=re.M)
    assert len(headed) + len(listed) == len(game.sides)


def test_a_narrow_sheet_is_one_block_per_side() -> None:
    game = club_game()
    text = render(score_sheet(game, standings(game)), 60)
    assert_golden("sheet_club_60.txt", text)
    assert text.count("# │ dealer │ bid") == 2


@pytest.mark.parametrize("width", [34, 26], ids=["no-dealer", "listed"])
def test_a_very_narrow_sheet_drops_the_dealer_then_lists_the_rounds(width: int) -> None:
    game = game_of("solo-6", ("1=2 2=nil 3=1 4=2 5=1 6=1", "1=2 2=1 3=1 4=2 5=1 6=1"), players=SIX)
    text = render(score_sheet(game, standings(game)), width)
    assert_golden(f"sheet_solo6_{width}.txt", text)
    assert "dealer" not in text
    assert max(len(line) for line in text.splitlines()) <= width


@pytest.mark.parametrize("width", [80, 60, 34, 26], ids=["grid", "blocks", "no-dealer", "listed"])
def test_rounds_after_the_end_stand_below_the_total_at_every_width(width: int) -> None:
    # To 200: a correction of round 2 makes Ann & Cat reach 201 there, so round 3 was
    # played after the end.
    game = new_game("late", PLAYERS, preset_rules("standard", "target=200"), preset="standard")
    for bids, tricks in (
        ("Ann=6 Bob=3 Cat=6 Dan=1", "Ann=6 Bob=1 Cat=6 Dan=0"),
        ("Ann=4 Bob=3 Cat=4 Dan=1", "Ann=3 Bob=4 Cat=4 Dan=2"),
        ("Ann=4 Bob=4 Cat=4 Dan=1", "Ann=4 Bob=4 Cat=4 Dan=1"),
    ):
        game = record_tricks(record_bids(game, bids.split()), tricks.split())
    game = record_tricks(game, ["Ann=4", "Bob=3", "Cat=5", "Dan=1"], number=2)
    result = standings(game)
    assert [r.after_end for r in result.rounds] == [False, False, True]
    text = render(score_sheet(game, result), width)
    lines = text.splitlines()
    first_total = next(i for i, line in enumerate(lines) if re.search(r"\btotal\b", line))
    late = re.compile(r"\s*3( \(after the end\))?\s*[│:]")
    round_3 = [i for i, line in enumerate(lines) if late.match(line)]
    assert round_3 and min(round_3) > first_total, text
    assert "Round 3 was played after the game ended (round 2): not counted." in " ".join(
        text.split()
    )
    assert totals_shown(text) == [201, 1, 0, 0]


SIX_ROUNDS = (
    ("1=2 2=nil 3=1 4=2 5=1 6=1", "1=2 2=1 3=1 4=2 5=1 6=1"),
    ("1=3 2=1 3=1 4=1 5=1 6=1", "1=0 2=3 3=1 4=1 5=2 6=1"),
)


def test_a_wide_terminal_shows_six_sides_in_one_table() -> None:
    game = game_of("solo-6", *SIX_ROUNDS, players=SIX)
    narrow = render(score_sheet(game, standings(game)), 80)
    wide = render(score_sheet(game, standings(game)), 200)
    heads = [line for line in wide.splitlines() if line.startswith("  │") and "Annabelle" in line]
    assert len(heads) == 1 and all(name in heads[0] for name in SIX)
    assert max(len(line) for line in wide.splitlines()) <= 200
    assert len(wide.splitlines()) < len(narrow.splitlines())


LONG = ("Maximiliana-Theodora", "Bob", "Catherine-Elisabeth", "Dan")


@pytest.mark.parametrize("width", [80, 120])
def test_dealer_names_are_whole_where_there_is_room(width: int) -> None:
    game = game_of("standard", *[("1=3 2=3 3=3 4=3", "1=3 2=3 3=4 4=3")] * 3, players=LONG)
    text = render(score_sheet(game, standings(game)), width)
    rows = [line for line in text.splitlines() if line[:2] in ("1 ", "3 ")]
    assert [row.split("│")[1].strip() for row in rows] == [LONG[0], LONG[2]]
    assert "…" not in text


def test_txt_and_svg_exports_keep_dealer_names_whole() -> None:
    from scorepad.export.formats import export_game

    game = game_of("standard", ("1=3 2=3 3=3 4=3", "1=3 2=3 3=4 4=3"), players=LONG)
    assert "│ Maximiliana-Theodora │" in export_game(game, standings(game), "txt")
    assert "Maximiliana-Theodora" in export_game(game, standings(game), "svg")


def test_at_30_columns_the_list_names_partners_and_keeps_labels_with_numbers() -> None:
    game = game_of("club", *CLUB, teams=("Us", "Them"))
    text = render(score_sheet(game, standings(game)), 30)
    lines = text.splitlines()
    assert lines[lines.index("Us") + 1] == "(Ann, Cat)"
    assert "Them" in lines and lines[lines.index("Them") + 1] == "(Bob, Dan)"
    labels = ("bid", "took", "pts", "score", "bags", "total:")
    for line in lines:
        assert len(line) <= 30
        assert not line.rstrip().endswith(labels), line  # a label never ends a line
        assert not re.match(r"^\s*\d+ \w", line) or re.match(r"^\d+: ", line), line
