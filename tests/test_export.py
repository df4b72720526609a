"""Exports: exact output for small fixed games in every format, and hostile names as data.

Golden files live in tests/golden/; a difference fails. After a deliberate change of
output, rewrite them with `SCOREPAD_UPDATE_GOLDEN=1 python -m pytest tests/test_export.py`
and review the diff.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace

import pytest
from conftest import assert_golden, preset_rules

from scorepad.engine.bids import Bid, parse_bid
from scorepad.engine.game import Game, Round, SideEntry, new_game, standings
from scorepad.errors import ExportError
from scorepad.export.chart import score_chart_svg
from scorepad.export.csv import CSV_HEADER, csv_cell
from scorepad.export.formats import ExportFormat, export_game, format_from_suffix, parse_format
from scorepad.export.json import game_json
from scorepad.export.md import md_text

FORMATS = ["csv", "json", "md", "html", "svg", "txt"]
XMLNS = 'xmlns="http://www.w3.org/2000/svg"'


def bids(*texts: str) -> tuple[Bid, ...]:
    return tuple(parse_bid(text) for text in texts)


def entry(bid_texts: str, tricks: str | None = None) -> SideEntry:
    """entry("nil 4", "0 5"): bids and tricks per player (or one total for a team)."""
    took = tuple(int(t) for t in tricks.split()) if tricks is not None else None
    return SideEntry(bids(*bid_texts.split()), took)


def with_rounds(game: Game, rounds: list[tuple[SideEntry, ...]]) -> Game:
    played = tuple(Round(game.dealer_for(n), sides) for n, sides in enumerate(rounds, start=1))
    return replace(game, rounds=played)


def friday_game() -> Game:
    """Seed 003's short game to 250, won by a blind nil: a nil, a set, a bag penalty."""
    game = new_game(
        "Friday", ["Ann", "Bob", "Cy", "Dee"], preset_rules("short"), preset="short",
        sides=["Us", "Them"],
    )  # fmt: skip
    return with_rounds(game, [
        (entry("nil 4", "0 5"), entry("4 3", "4 4")),   # +141 / +71
        (entry("2 2", "6 6"), entry("2 2", "1 0")),     # +48, 9 bags / set -40
        (entry("3 3", "4 3"), entry("bnil 4", "0 6")),  # +61 -100 / +242: Them win
    ])  # fmt: skip


def open_game() -> Game:
    """A standard game under way: a failed nil, a team total, then a round with bids only."""
    game = new_game("Tuesday", ["Ann", "Bob", "Cy", "Dee"], preset_rules("standard"),
                    preset="standard", first_dealer=1)  # fmt: skip
    return with_rounds(game, [
        (entry("nil 5", "1 5"), entry("3 3", "7")),  # -49 / +61 (team total)
        (entry("4 3"), entry("nil 5")),
    ])  # fmt: skip


def hostile_game() -> Game:
    """Names that are formulas, markup and table syntax, played far enough for a set."""
    game = new_game(
        "<script>alert(1)</script>",
        ["=cmd()", "+1", "-x", "@x"],
        preset_rules("standard"),
        preset="standard",
        sides=["<b>a|b</b>", "[bold red]x[/]"],
    )
    return with_rounds(game, [
        (entry("4 4", "3 4"), entry("2 2", "3 3")),  # set -80 / +42
        (entry("3 3"), entry("3 3")),
    ])  # fmt: skip


GAMES = {"friday": friday_game, "open": open_game}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("which", GAMES)
def test_export_matches_golden(which: str, fmt: str) -> None:
    game = GAMES[which]()
    assert_golden(f"{which}.{fmt}", export_game(game, standings(game), fmt))


# ---------------------------------------------------------------------------
# JSON: the object `show --json` prints


def test_game_json_tells_the_finished_game() -> None:
    game = friday_game()
    data = game_json(game, standings(game))
    assert data["status"] == "finished"
    assert data["winner"] == "Them"
    assert data["end_reason"] == "target"
    assert data["next_dealer"] is None
    assert data["teams"] == [
        {"name": "Us", "players": ["Ann", "Cy"], "score": 150, "bags": 0, "sets": 0,
         "to_target": 100},
        {"name": "Them", "players": ["Bob", "Dee"], "score": 273, "bags": 3, "sets": 1,
         "to_target": 0},
    ]  # fmt: skip
    last = data["rounds"][2]
    assert (last["number"], last["dealer"]) == (3, "Cy")
    us, them = last["teams"]
    assert (us["bid"], us["bids"], us["tricks"], us["points"], us["score"], us["bags"]) == (
        6, ["3", "3"], 7, -39, 150, 0,
    )  # fmt: skip
    assert [line["kind"] for line in us["lines"]] == ["contract", "overtricks", "bag-penalty"]
    assert them["bids"] == ["bnil", "4"] and them["player_tricks"] == [0, 6]
    assert them["lines"][0] == {"label": "blind nil made (Bob)", "points": 200, "kind": "nil"}


def test_game_json_leaves_an_open_round_unscored() -> None:
    game = open_game()
    data = game_json(game, standings(game))
    assert (data["status"], data["winner"], data["next_dealer"]) == ("playing", None, "Dee")
    first, second = data["rounds"]
    assert first["dealer"] == "Bob" and second["dealer"] == "Cy"
    assert first["teams"][1]["tricks"] == 7 and first["teams"][1]["player_tricks"] is None
    assert second["played"] is False
    for team in second["teams"]:
        assert team["tricks"] is None and team["points"] is None and team["score"] is None
    assert second["teams"][1]["bids"] == ["nil", "5"] and second["teams"][1]["bid"] == 5


def test_game_json_matches_the_engine_and_keeps_integers() -> None:
    game = friday_game()
    result = standings(game)
    data = json.loads(export_game(game, result, "json"))
    assert data == game_json(game, result)
    assert [team["score"] for team in data["teams"]] == list(result.scores)
    for number, round_ in enumerate(data["rounds"]):
        scored = result.rounds[number].sides
        assert scored is not None
        for side, team in enumerate(round_["teams"]):
            assert team["score"] == scored[side].score
            assert type(team["points"]) is int and type(team["bags"]) is int
    assert data["rules"]["target"] == 250 and data["target"] == 250


def test_teams_come_in_seat_order_of_their_first_player() -> None:
    rules = preset_rules("solo-3")
    game = new_game("solo", ["Cy", "Ann", "Bob"], rules, preset="solo-3")
    data = game_json(game, standings(game))
    assert [team["name"] for team in data["teams"]] == ["Cy", "Ann", "Bob"]


# ---------------------------------------------------------------------------
# Formats and their names


@pytest.mark.parametrize(
    ("text", "fmt"),
    [("csv", ExportFormat.CSV), ("HTML", ExportFormat.HTML), (" md ", ExportFormat.MD)],
)
def test_parse_format_reads_names_in_any_case(text: str, fmt: ExportFormat) -> None:
    assert parse_format(text) is fmt


def test_unknown_format_is_refused_naming_the_choices() -> None:
    with pytest.raises(ExportError, match=r"unknown export format 'jsno' \(did you mean 'json'"):
        parse_format("jsno")
    with pytest.raises(ExportError, match="csv, json, md, html, svg, txt"):
        export_game(open_game(), standings(open_game()), "pdf")


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("sheet.csv", ExportFormat.CSV),
        ("out/Sheet.HTML", ExportFormat.HTML),
        ("a.b.markdown", ExportFormat.MD),
        ("x.htm", ExportFormat.HTML),
        ("x.pdf", None),
        ("README", None),
        (".json", None),
    ],
)
def test_format_from_suffix(name: str, fmt: ExportFormat | None) -> None:
    assert format_from_suffix(name) is fmt


# ---------------------------------------------------------------------------
# CSV


def test_csv_has_one_row_per_round_per_side() -> None:
    game = open_game()
    rows = list(csv.reader(io.StringIO(export_game(game, standings(game), "csv"))))
    assert tuple(rows[0]) == CSV_HEADER
    assert [(row[0], row[2]) for row in rows[1:]] == [
        ("1", "Ann & Cy"), ("1", "Bob & Dee"), ("2", "Ann & Cy"), ("2", "Bob & Dee"),
    ]  # fmt: skip
    assert rows[1][5:10] == ["1+5", "6", "-49", "-49", "1"]  # a negative number stays one
    assert rows[2][5:7] == ["", "7"]  # tricks entered as a team total
    assert rows[3][7:] == ["", "", "", "", "false"]  # the open round, before any end


@pytest.mark.parametrize(
    ("cell", "safe"),
    [
        ("=cmd()", "'=cmd()"),
        ("+1", "'+1"),
        ("-x", "'-x"),
        ("@x", "'@x"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("Ann", "Ann"),
        ("a=b", "a=b"),
        (-47, -47),
        (0, 0),
    ],
    ids=repr,
)
def test_csv_cells_that_a_spreadsheet_would_run_are_neutralized(cell: object, safe: object) -> None:
    assert csv_cell(cell) == safe


def test_csv_with_hostile_names() -> None:
    game = hostile_game()
    rows = list(csv.reader(io.StringIO(export_game(game, standings(game), "csv"))))
    dealers = [row[1] for row in rows[1:]]
    assert dealers == ["'=cmd()", "'=cmd()", "'+1", "'+1"]
    assert rows[1][2] == "<b>a|b</b>" and rows[2][2] == "[bold red]x[/]"
    assert rows[1][7] == "-80"  # numbers are never prefixed
    for row in rows[1:]:
        assert not any(cell.startswith(("=", "+", "@")) for cell in row)
        assert not any(cell.startswith("-") and not cell.lstrip("-").isdigit() for cell in row)


# ---------------------------------------------------------------------------
# Markdown

UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


def test_markdown_table_survives_hostile_names() -> None:
    game = hostile_game()
    text = export_game(game, standings(game), "md")
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    assert len(rows) == 2 + 2 + 1  # header, alignment, two rounds, totals
    assert {len(UNESCAPED_PIPE.findall(row)) for row in rows} == {13}
    assert "\\<b\\>a\\|b\\</b\\>" in rows[0]
    assert "\\[bold red\\]x\\[/\\]" in rows[0]
    assert "<script>" not in text


@pytest.mark.parametrize(
    ("name", "cell"),
    [
        ("a|b", "a\\|b"),
        ("*x*", "\\*x\\*"),
        ("A & C", "A & C"),
        ("&lt;", "&amp;lt;"),
        ("two\nlines", "two lines"),
    ],
)
def test_md_text_escapes(name: str, cell: str) -> None:
    assert md_text(name) == cell


# ---------------------------------------------------------------------------
# HTML


def test_html_is_one_self_contained_page_with_a_chart() -> None:
    game = friday_game()
    page = export_game(game, standings(game), "html")
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<svg") >= 1 and "<polyline" in page
    assert page.count("<polyline") == 2  # one line per side
    assert "target 250" in page and "loss limit -200" in page
    assert "<script" not in page.lower()
    assert "http" not in page and "<link" not in page and "@import" not in page
    assert "Them won after round 3 (reached 250): Us 150, Them 273." in page


def test_html_escapes_hostile_names() -> None:
    game = hostile_game()
    page = export_game(game, standings(game), "html")
    assert "<script" not in page.lower() and "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;b&gt;a|b&lt;/b&gt;" in page
    assert "=cmd()" in page and "[bold red]x[/]" in page


# ---------------------------------------------------------------------------
# svg and txt: the Rich sheet as rendered


def test_txt_is_the_sheet_as_show_draws_it_in_80_columns() -> None:
    game = friday_game()
    text = export_game(game, standings(game), "txt")
    assert "\x1b" not in text  # no colour codes
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "Them won after round 3" in text
    assert "! bag penalty (10 bags)" in text


def test_txt_and_svg_print_markup_in_names_literally() -> None:
    game = hostile_game()
    result = standings(game)
    text = export_game(game, result, "txt")
    assert "[bold red]x[/]" in text and "<b>a|b</b>" in text and "=cmd()" in text
    svg = export_game(game, result, "svg")
    assert "[bold" in svg and "&lt;script&gt;" in svg
    assert "<script" not in svg and "<b>" not in svg


def test_svg_is_a_standalone_image_that_fetches_nothing() -> None:
    game = friday_game()
    svg = export_game(game, standings(game), "svg")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert XMLNS in svg
    assert "http" not in svg.replace(XMLNS, "")
    assert "@font-face" not in svg


def solo_game(rounds: int) -> Game:
    game = new_game("solo", ["A", "B", "C", "D", "E", "F"], preset_rules("solo-6"), preset="solo-6")
    one = tuple(entry(bid, bid) for bid in ("1", "1", "2", "1", "2", "1"))  # 8 tricks
    return with_rounds(game, [one] * rounds)


SMALL_GAMES = {
    "no-rounds": lambda: with_rounds(open_game(), []),
    "solo-no-rounds": lambda: solo_game(0),
    "solo": lambda: solo_game(2),
}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("which", SMALL_GAMES)
def test_every_format_exports_empty_and_six_sided_games(which: str, fmt: str) -> None:
    game = SMALL_GAMES[which]()
    result = standings(game)
    text = export_game(game, result, fmt)
    assert text.endswith("\n")
    if fmt == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        assert len(rows) == 1 + len(game.rounds) * len(game.sides)
    elif fmt == "json":
        assert json.loads(text) == game_json(game, result)
    else:
        assert game.name in text


def test_six_sides_draw_six_lines_and_six_teams() -> None:
    game = solo_game(2)
    result = standings(game)
    assert export_game(game, result, "html").count("<polyline") == 6
    teams = game_json(game, result)["teams"]
    assert [(team["name"], team["players"], team["score"]) for team in teams] == [
        ("A", ["A"], 20), ("B", ["B"], 20), ("C", ["C"], 40),
        ("D", ["D"], 20), ("E", ["E"], 40), ("F", ["F"], 20),
    ]  # fmt: skip


def test_rounds_after_the_end_are_apart_in_every_export_and_out_of_the_chart() -> None:
    """A correction ended the game in round 1; round 2 stays on record but does not count."""
    rules = preset_rules("short", "target=200")
    game = new_game("Short", ["Ann", "Bob", "Cy", "Dee"], rules, preset="short")
    game = with_rounds(game, [(entry("6 6", "6 7"), entry("nil nil", "0 0"))] * 2)
    result = standings(game)
    assert (result.ended_after, result.scores) == (1, (121, 200))
    data = game_json(game, result)
    assert [r["after_end"] for r in data["rounds"]] == [False, True]
    md = export_game(game, result, "md").splitlines()
    assert md[-2].startswith("| **Total** |") and md[-1].startswith("| 2 (after the end) |")
    html = export_game(game, result, "html")
    assert '<tbody class="after-end">' in html
    assert "Played after the game ended (round 1): not counted" in html
    # Below the Total row, as the terminal and md have it: no tfoot, which a browser would
    # draw last, under them.
    assert "<tfoot" not in html
    assert html.index('<tbody class="total">') < html.index('<tbody class="after-end">')
    chart = html.split('<svg class="chart"', 1)[1]
    assert chart.count('r="3"') == 2 * 2  # each side: the start and round 1, not round 2


def test_html_opens_with_every_sides_score_and_wraps_six_sides_into_two_tables() -> None:
    rules = preset_rules("solo-6")
    game = new_game("Six", ["A", "B", "C", "D", "E", "F"], rules, preset="solo-6")
    game = with_rounds(game, [(entry("1", "2"),) * 2 + (entry("1", "1"),) * 4])
    page = export_game(game, standings(game), "html")
    standings_table = page.split('<table class="standings">', 1)[1].split("</table>", 1)[0]
    assert re.findall(r"<tr><th>(\w)</th>", standings_table) == list("ABCDEF")
    assert page.index('<table class="standings">') < page.index('<table class="sheet">')
    assert page.count('<table class="sheet">') == 2 and page.count('<th colspan="5">') == 6


def test_the_charts_limit_labels_sit_at_the_left_with_a_halo() -> None:
    rules = preset_rules("club")
    game = new_game("Club", ["Ann", "Bob", "Cy", "Dee"], rules, preset="club")
    chart = score_chart_svg(game, standings(game))
    labels = re.findall(r'<text x="(\d+)"[^>]*text-anchor="start"[^>]*>(target|loss limit)', chart)
    assert [label for _, label in labels] == ["target", "loss limit"]
    assert all(int(x) < 100 for x, _ in labels) and 'paint-order="stroke"' in chart
