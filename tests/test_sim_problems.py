"""Every problem a check reports, said from its facts in English and in German.

A check keeps a problem as facts (scorepad.sim.validate.Problem: a kind and its values);
scorepad.render.problems says it in the reader's language. The English is what
`simulate --json` and `verify --json` keep for scripts, so each kind's English is pinned
here word for word, as the checks wrote it before they kept facts; the German is a card
player's, and under the pseudo-locale no word of any kind is left unmarked.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from test_i18n import pseudo_catalog, unmarked_words

from scorepad import i18n
from scorepad.engine.bids import NIL, number
from scorepad.engine.cards import card_code, parse_card
from scorepad.files.presets import load_preset
from scorepad.i18n import set_language
from scorepad.render.problems import KINDS
from scorepad.sim.results import DealRecord, Violation
from scorepad.sim.validate import Problem

STANDARD = load_preset("standard").rules
SUICIDE = load_preset("suicide").rules
NO_HELL = dataclasses.replace(STANDARD, no_hell=True)


def code(card: str) -> int:
    return card_code(parse_card(card))


def codes(cards: str) -> list[int]:
    return [code(card) for card in cards.split()]


# (the problem, its English as the JSON keeps it, its German), one row per kind.
PROBLEMS: list[tuple[Problem, str, str]] = [
    (
        Problem("deal", "not-dealt-once",
                {"missing": {code("AS")}, "twice": {code("KD"), code("2C")}, "strange": set()}),
        "cards not dealt once: missing AS, twice KD 2C, not in the deck nothing",
        "Karten nicht genau einmal gegeben: es fehlen AS, doppelt KD 2C, nicht im Blatt keine",
    ),
    (
        Problem("deal", "dealt-count", {"seat": 2, "who": None, "count": 12, "wanted": 13}, 2),
        "seat 3 was dealt 12 cards, not 13",
        "Platz 3 hat 12 statt 13 Karten bekommen",
    ),
    (
        Problem("deal", "bad-discard"),
        "the dealer discarded cards it was not dealt",
        "der Geber hat Karten abgelegt, die er nicht bekommen hat",
    ),
    (
        Problem("deal", "holdings", {"counts": [13, 13, 12, 14]}),
        "holdings [13, 13, 12, 14] at play",
        "Karten je Platz vor dem ersten Stich: [13, 13, 12, 14]",
    ),
    (
        Problem("tricks", "short-trick", {"trick": 13, "count": 3}),
        "trick 13 has only 3 cards",
        "in Stich 13 fehlen Karten, er hat nur 3",
    ),
    (
        Problem("holding", "still-holds", {"who": "West", "cards": codes("2C 9H")}, 3),
        "West still holds 9H 2C at the end of the play",
        "West hat am Ende des Spiels noch 9H 2C auf der Hand",
    ),
    (
        Problem("holding", "not-held", {"who": "South", "card": code("QH"), "trick": 7}, 2, 7),
        "South played QH in trick 7, a card it does not hold",
        "South hat in Stich 7 QH gespielt, eine Karte, die er nicht hat",
    ),
    (
        Problem("legal", "early-spade",
                {"who": "East", "card": code("3S"), "trick": 1, "cards": codes("4D AH")}, 1, 1),
        "East led 3S in trick 1 before spades were broken, holding AH 4D",
        "East hat in Stich 1 3S ausgespielt, bevor Pik gebrochen war, mit AH 4D auf der Hand",
    ),
    (
        Problem("legal", "revoke", {"who": "North", "trick": 1, "card": code("6S"), "suit": 0,
                                    "cards": codes("7C KC JC 8C")}, 0, 1),
        "North revoked in trick 1: played 6S on a clubs lead, holding KC JC 8C 7C",
        "North hat in Stich 1 Farbe nicht bedient: 6S auf Kreuz gespielt, mit KC JC 8C 7C auf"
        " der Hand",
    ),
    (
        Problem("winner", "winners", {"played": [0, 2, 2], "rules": [0, 3, 2]}),
        "trick winners [0, 2, 2], the rules say [0, 3, 2]",
        "Stichgewinner [0, 2, 2], nach den Regeln [0, 3, 2]",
    ),
    (
        Problem("tricks", "tricks-taken", {"taken": [4, 3, 3, 4], "rules": [4, 3, 2, 4],
                                           "tricks": 13}),
        "tricks [4, 3, 3, 4] (rules: [4, 3, 2, 4]), not 13",
        "gemachte Stiche [4, 3, 3, 4] (nach den Regeln [4, 3, 2, 4]), zusammen nicht 13",
    ),
    (
        Problem("tricks", "tricks-played", {"count": 12, "tricks": 13}),
        "12 tricks played, not 13",
        "12 statt 13 Stiche gespielt",
    ),
    (
        Problem("bids", "bids", {"rules": SUICIDE, "side": 1, "bids": (number(4),),
                                 "who": ("East",), "deficit": 0, "joint": True}),
        "side 2: under suicide each player bids; give each player's bid",
        "Partei 2: bei Suicide sagt jeder Spieler selbst an; gib die Ansage jedes Spielers",
    ),
    (
        Problem("bids", "bids", {"rules": NO_HELL, "side": None,
                                 "bids": (number(4), NIL, number(5), number(4))}),
        "the last bidder: no hell: the bids may not add up to 13; the last bidder may bid"
        " anything but 4",
        "der Letzte beim Ansagen: Keine Hölle: die Ansagen dürfen zusammen nicht 13 ergeben;"
        " der Letzte darf alles ansagen außer 4",
    ),
    (
        Problem("bids", "open-bids", {"trailing_by": 0, "missing": [number(1)], "extra": [NIL]}),
        "trailing by 0, the bids the engine lets a player make on their own leave out 1 and"
        " add nil, against the reference",
        "bei 0 Punkten Rückstand lassen die Ansagen, die die Engine einem Spieler allein"
        " erlaubt, 1 aus und fügen Null hinzu, anders als die Referenz",
    ),
    (
        Problem("bids", "refusal", {"level": "side", "sides": ((number(3), number(6)),),
                                    "trailing": (0,), "engine": None, "reference": "suicide"}),
        "the bid checks take 3 6 (a side's bids), which the reference refuses: not one nil and"
        " one bid high enough under suicide",
        "die Ansagenprüfung nimmt 3 6 (die Ansagen einer Seite) an, das die Referenz ablehnt:"
        " bei Suicide nicht eine Null und eine Ansage, die hoch genug ist",
    ),
    (
        Problem("bids", "refusal", {"level": "table", "sides": ((number(7),), (NIL, number(6))),
                                    "trailing": (0, 0), "engine": "min-team-bid",
                                    "reference": "no-hell"}),
        "the bid checks refuse 7; nil 6 (the table's bids) as a contract under the least team"
        " bid, the reference as bids adding up to the tricks of a deal under no hell",
        "die Ansagenprüfung lehnt 7; Null 6 (die Ansagen des Tisches) als ein Kontrakt unter"
        " der kleinsten Teamansage ab, die Referenz als Ansagen, die bei No Hell die Stiche"
        " eines Spiels ergeben",
    ),
    (
        Problem("night", "night", {"night": 2, "round": 1, "column": "wins",
                                   "engine": [(3, "P01+P02", 0, 1, 0, 0, 1)],
                                   "reference": [(3, "P01+P02", 0, 0, 0, 0, 1)]}),
        "the standings of night 2 after round 1: the event's [(3, 'P01+P02', 0, 1, 0, 0, 1)], the"
        " reference's [(3, 'P01+P02', 0, 0, 0, 0, 1)]",
        "die Tabelle von Abend 2 nach Runde 1: die des Abends [(3, 'P01+P02', 0, 1, 0, 0, 1)], die"
        " der Referenz [(3, 'P01+P02', 0, 0, 0, 0, 1)]",
    ),
    (
        Problem("ratings", "ratings", {"night": 10, "player": "P01",
                                       "engine": (26.42921, 7.23774, 10),
                                       "reference": (27.83042, 7.23651, 10)}),
        "the ratings of night 10: scorepad rates P01 μ 26.4292, σ 7.2377 after 10 games,"
        " openskill in the order played μ 27.8304, σ 7.2365 after 10 games",
        "die Wertungen von Abend 10: scorepad wertet P01 mit μ 26,4292, σ 7,2377 nach 10"
        " Partien, openskill in der gespielten Reihenfolge mit μ 27,8304, σ 7,2365 nach 10"
        " Partien",
    ),
    (
        Problem("file", "file", {"error": ""}),
        "the game written to its file reads back as another game",
        "die in ihre Datei geschriebene Partie liest sich als eine andere zurück",
    ),
    (
        Problem("engine", "lines-sum", {"points": -1234}),
        "lines sum to other than -1234 points",
        "die Zeilen ergeben zusammen nicht die Punktzahl -1.234",
    ),
    (
        Problem("engine", "line-words", {"points": -1234}),
        "a score line of -1234 points lacks its words or its kind",
        "einer Wertungszeile von -1.234 Punkten fehlen ihre Worte oder ihre Art",
    ),
    (
        Problem("engine", "score-sum", {"score": 1010, "points": -50, "result": 970}),
        "score 1010 + -50 != 970",
        "Stand 1.010 + -50 != 970",
    ),
    (
        Problem("bags", "bags-range", {"bags": 10, "most": 9}),
        "bags 10 out of 0..9",
        "Überstiche 10 außerhalb von 0 bis 9",
    ),
    (
        Problem("bags", "bag-penalties", {"bags": 8, "new": 3, "penalties": 0}),
        "8 + 3 bags gave 0 penalties",
        "8 + 3 Überstiche ergaben 0-mal die Überstich-Strafe",
    ),
    (
        Problem("bags", "bags-without-rule"),
        "bags counted though the rules have none",
        "Überstiche gezählt, obwohl die Regeln keine zählen",
    ),
    (
        Problem("reference", "reference",
                {"hands": (("number", 3, 7), ("nil", 0, 0)), "score": 17, "bags": 7,
                 "engine": (-45, 3, 1, True, False), "result": -28,
                 "reference": (-55, 2, 1, True, False)}),
        "side (bid 3 took 7, nil took 0) from score 17, 7 bags: the engine gives -45 points,"
        " 3 bags after, 1 penalties, made (score -28), the reference scorer -55 points,"
        " 2 bags after, 1 penalties, made",
        "Partei (Ansage 3: 7 gemacht, Null: 0 gemacht) ab Stand 17, Überstiche 7: die Engine"
        " gibt Punkte -45, Überstiche danach 3, Strafen 1, Kontrakt erfüllt (Stand -28), die"
        " Referenz Punkte -55, Überstiche danach 2, Strafen 1, Kontrakt erfüllt",
    ),
    (
        Problem("reference", "reference",
                {"hands": (("blind", 6, 13), ("bnil", 0, 0)), "score": 0, "bags": 0,
                 "engine": (0, 0, 0, None, False), "result": 0,
                 "reference": (500, 7, 0, False, True)}),
        "side (blind 6 took 13, blind nil took 0) from score 0, 0 bags: the engine gives"
        " +0 points, 0 bags after, 0 penalties, no contract (score 0), the reference scorer"
        " +500 points, 7 bags after, 0 penalties, set, Boston",
        "Partei (blind 6: 13 gemacht, Blind Null: 0 gemacht) ab Stand 0, Überstiche 0: die"
        " Engine gibt Punkte +0, Überstiche danach 0, Strafen 0, ohne Kontrakt (Stand 0), die"
        " Referenz Punkte +500, Überstiche danach 7, Strafen 0, Kontrakt verfehlt, Boston",
    ),
    (
        Problem("fold", "fold", {"scores": [52, 1052], "bags": [2, 2], "sets": [0, 0],
                                 "ref_scores": [52, 1051], "ref_bags": [2, 1],
                                 "ref_sets": [0, 1]}),
        "scores [52, 1052], bags [2, 2], sets [0, 0]; the reference's fold gives scores"
        " [52, 1051], bags [2, 1], sets [0, 1]",
        "Stände [52, 1.052], Überstiche [2, 2], verfehlte Kontrakte [0, 0]; die Referenz zählt"
        " Stände [52, 1.051], Überstiche [2, 1], verfehlte Kontrakte [0, 1]",
    ),
    (
        Problem("end", "end", {"scores": [520, -210], "engine": (False, None, None),
                               "reference": (True, 0, "target")}),
        "after scores [520, -210]: the game is not over by the engine, won by side 1 (target)"
        " by the reference",
        "bei den Ständen [520, -210] ist die Partie laut Engine nicht zu Ende, laut Referenz"
        " gewonnen von Partei 1 (Ziel)",
    ),
    (
        Problem("end", "end", {"scores": [-200, -200], "engine": (True, None, "loss-limit"),
                               "reference": (True, 1, "boston")}),
        "after scores [-200, -200]: the game is a draw (loss-limit) by the engine, won by"
        " side 2 (boston) by the reference",
        "bei den Ständen [-200, -200] ist die Partie laut Engine unentschieden (Verlustgrenze),"
        " laut Referenz gewonnen von Partei 2 (Boston)",
    ),
    (
        Problem("end", "end", {"scores": [283, -96], "engine": (True, 0, "forfeit"),
                               "reference": (True, 1, "sets-in-a-row")}),
        "after scores [283, -96]: the game is won by side 1 (forfeit) by the engine, won by"
        " side 2 (sets-in-a-row) by the reference",
        "bei den Ständen [283, -96] ist die Partie laut Engine gewonnen von Partei 1"
        " (Aufgabe), laut Referenz gewonnen von Partei 2 (verfehlte Kontrakte in Folge)",
    ),
    (
        Problem("ruling", "ruling",
                {"hands": (("number", 6, 6), ("nil", 0, 1)), "side": 0, "score": -90, "bags": 0,
                 "rulings": [(0, "books", 1), (0, "points", -20)],
                 "engine": (110, 1, 0, True, False), "reference": (50, 1, 0, True, False)}),
        "side 1 (bid 6 took 6, nil took 1) from score -90, 0 bags, ruled 1 book against"
        " side 1; -20 points to side 1: the engine gives +110 points, 1 bags after,"
        " 0 penalties, made, the reference scorer +50 points, 1 bags after, 0 penalties, made",
        "Partei 1 (Ansage 6: 6 gemacht, Null: 1 gemacht) ab Stand -90, Überstiche 0,"
        " entschieden 1 Stich gegen Partei 1; -20 Punkte für Partei 1: die Engine gibt"
        " Punkte +110, Überstiche danach 1, Strafen 0, Kontrakt erfüllt, die Referenz"
        " Punkte +50, Überstiche danach 1, Strafen 0, Kontrakt erfüllt",
    ),
    (
        Problem("ruling", "ruling",
                {"hands": (("number", 4, 4), ("number", 3, 3)), "side": 1, "score": 200,
                 "bags": 4, "rulings": [(1, "set", 0), (0, "books", 2), (1, "forfeit", 0)],
                 "engine": (70, 4, 0, True, False), "reference": (-70, 4, 0, False, False)}),
        "side 2 (bid 4 took 4, bid 3 took 3) from score 200, 4 bags, ruled set against"
        " side 2; 2 books against side 1; forfeit by side 2: the engine gives +70 points,"
        " 4 bags after, 0 penalties, made, the reference scorer -70 points, 4 bags after,"
        " 0 penalties, set",
        "Partei 2 (Ansage 4: 4 gemacht, Ansage 3: 3 gemacht) ab Stand 200, Überstiche 4,"
        " entschieden verfehlt gegen Partei 2; 2 Stiche gegen Partei 1; Aufgabe von Partei 2:"
        " die Engine gibt Punkte +70, Überstiche danach 4, Strafen 0, Kontrakt erfüllt, die"
        " Referenz Punkte -70, Überstiche danach 4, Strafen 0, Kontrakt verfehlt",
    ),
    (
        Problem("misdeal", "dealer",
                {"dealt": ["played", "played", "next", "same"], "engine": 2, "reference": 1}),
        "after 2 deals played and the misdeals since (the deal passes on; the same player"
        " deals again), the engine has seat 3 deal, the reference seat 2",
        "nach 2 gespielten Runden und dem Vergeben seitdem (der Nächste gibt; derselbe Spieler"
        " gibt noch einmal) lässt die Engine Platz 3 geben, die Referenz Platz 2",
    ),
    (
        Problem("confirm", "waiting", {"deal": 1, "waiting": False, "scores": None,
                                       "ref_scores": None}),
        "round 1 does not wait for the other side's OK the rules ask for",
        "Runde 1 wartet nicht auf das OK der anderen Partei, das die Regeln verlangen",
    ),
    (
        Problem("confirm", "waiting", {"deal": 2, "waiting": True, "scores": None,
                                       "ref_scores": None}),
        "round 2 waits for the other side's OK, though the rules do not ask for it",
        "Runde 2 wartet auf das OK der anderen Partei, obwohl die Regeln es nicht verlangen",
    ),
    (
        Problem("confirm", "waiting", {"deal": 3, "waiting": True, "scores": [1210, 40],
                                       "ref_scores": [1130, 60]}),
        "with round 3 waiting for the other side's OK the sheet gives scores [1210, 40], the"
        " reference's fold before it [1130, 60]",
        "während Runde 3 auf das OK der anderen Partei wartet, zeigt der Spielstand die Stände"
        " [1.210, 40], die Referenz vor ihr [1.130, 60]",
    ),
    (
        Problem("clock", "clock", {"minutes": 27, "engine": 5, "reference": 4}),
        "a clock of 27 minutes: the engine calls time in deal 5, the reference in deal 4",
        "eine Uhr von 27 Minuten: laut Engine ist die Zeit in Runde 5 abgelaufen, laut"
        " Referenz in Runde 4",
    ),
    (
        Problem("clock", "clock", {"minutes": 180, "engine": None, "reference": 19}),
        "a clock of 180 minutes: the engine does not call time, the reference in deal 19",
        "eine Uhr von 180 Minuten: laut Engine ist die Zeit nicht abgelaufen, laut Referenz"
        " in Runde 19",
    ),
    (
        Problem("clock", "clock", {"minutes": 30, "engine": 4, "reference": None}),
        "a clock of 30 minutes: the engine calls time in deal 4, the reference does not",
        "eine Uhr von 30 Minuten: laut Engine ist die Zeit in Runde 4 abgelaufen, laut"
        " Referenz nicht",
    ),
    (
        Problem("misdeal", "refused", {"call": "misdeal", "deal": 7, "error": "#42"}),
        "the engine refused a misdeal in deal 7, which the rules allow: #42",
        "die Engine lehnte ein Vergeben in Runde 7 ab, obwohl die Regeln es erlauben: #42",
    ),
    (
        Problem("confirm", "refused", {"call": "confirm", "deal": 2, "error": "#42"}),
        "the engine refused the other side's OK in deal 2, which the rules allow: #42",
        "die Engine lehnte das OK der anderen Partei in Runde 2 ab, obwohl die Regeln es"
        " erlauben: #42",
    ),
    (
        Problem("standings", "standings", {"scores": (510, 230), "winner": 0,
                                           "sim_scores": (510, 240), "sim_winner": None}),
        "standings give (510, 230), winner 0; the simulator (510, 240), winner None",
        "der Spielstand ergibt (510, 230), Sieger 0; der Simulator (510, 240), Sieger keiner",
    ),
    (
        Problem("kernel", "kernel-check", {"bits": 5}),
        "the kernel's own check failed (bits 5)",
        "die eigene Prüfung des Kernels schlug an (Bits 5)",
    ),
    (
        Problem("bot", "bot-discards", {"ours": [12, 40], "theirs": [12, 41]}),
        "the kernel's heuristic bots discarded [12, 40]; the Python bot [12, 41]",
        "die Heuristik-Bots des Kernels legten [12, 40] ab, der Python-Bot [12, 41]",
    ),
    (
        Problem("bot", "bot-passes", {"ours": [(0, 2, [12])], "theirs": []}),
        "the kernel's heuristic bots passed [(0, 2, [12])]; the Python bot []",
        "die Heuristik-Bots des Kernels gaben [(0, 2, [12])] weiter, der Python-Bot []",
    ),
    (
        Problem("bot", "bot-bids", {"ours": [(1, number(4)), (2, NIL)],
                                    "theirs": [(1, number(4)), (2, number(1))]}),
        "the kernel's heuristic bots bid seat 2 4, seat 3 nil; the Python bot bids seat 2 4,"
        " seat 3 1",
        "die Heuristik-Bots des Kernels sagten Platz 2: 4, Platz 3: Null an, der Python-Bot"
        " sagt Platz 2: 4, Platz 3: 1 an",
    ),
    (
        Problem("bot", "bot-play", {"trick": 4, "played": code("AH"), "wanted": code("10H")},
                trick=4),
        "trick 4: the kernel's heuristic bot played AH, the Python bot plays 10H",
        "Stich 4: der Heuristik-Bot des Kernels spielte AH, der Python-Bot spielt 10H",
    ),
]  # fmt: skip
IDS = [f"{problem.kind}-{index}" for index, (problem, _, _) in enumerate(PROBLEMS)]


def test_every_kind_of_problem_has_a_row() -> None:
    assert {problem.kind for problem, _, _ in PROBLEMS} == set(KINDS)


@pytest.mark.parametrize(("problem", "english", "german"), PROBLEMS, ids=IDS)
def test_a_problem_is_said_in_english_for_the_json_and_in_german_for_people(
    problem: Problem, english: str, german: str
) -> None:
    assert problem.words == english
    set_language("de")
    assert problem.words == german
    assert problem.message == english  # the JSON's, whatever the run speaks


# What a problem shows that is not words in any language: seat names, Python, Boston.
_NOT_WORDS = {"North", "East", "South", "West", "Python", "Boston", "scorepad", "openskill"}


@pytest.mark.parametrize(("problem", "english", "german"), PROBLEMS, ids=IDS)
def test_no_english_word_is_left_in_the_german(problem: Problem, english: str, german: str) -> None:
    """The values said inside a message too (`nothing`, `made`, a seat): the pseudo-locale
    below marks the message around them, so it cannot see them."""
    set_language("de")
    shared = _words(problem.words) & _words(english)
    # Words German writes too (`blind 6`, `das OK der anderen Partei`).
    assert shared <= {*_NOT_WORDS, "blind", "in", "OK"}


def _words(text: str) -> set[str]:
    """The words of `text`, less the cards (`AH`, `KD`)."""
    return set(re.findall(r"[A-Za-z][A-Za-z']+", re.sub(r"\b(?:10|[2-9TJQKA])[SHDC]\b", " ", text)))


@pytest.mark.parametrize(("problem", "english", "german"), PROBLEMS, ids=IDS)
def test_every_word_of_every_problem_is_marked_for_translation(
    problem: Problem, english: str, german: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "_language", "de")
    monkeypatch.setattr(i18n, "_catalog", pseudo_catalog())
    said = problem.words
    assert "⟦" in said
    assert unmarked_words(said, _NOT_WORDS) == []


def test_a_deal_to_replay_is_said_in_german_and_kept_in_english_in_the_json() -> None:
    record = DealRecord(
        3,
        [codes("AS 2S"), codes("KH 3H"), codes("QD 4D"), codes("JC 5C")],
        discards=codes("7C"),
        bids=[(0, NIL), (1, number(1)), (2, number(1)), (3, number(0))],
        plays=codes("2S 3H 4D 5C"),
    )
    names = ("North", "East", "South", "West")
    violation = Violation(3, 0, 1, Problem("bags", "bags-without-rule"), record, names)
    replay = [
        "dealer West", "North: AS 2S", "East: KH 3H", "South: QD 4D", "West: JC 5C",
        "discards: 7C", "bids: North nil, East 1, South 1, West 0", "play: 2S 3H 4D 5C",
    ]  # fmt: skip
    assert record.replay_lines(names) == replay
    set_language("de")
    assert record.replay_lines(names) == [
        "Geber West", "North: AS 2S", "East: KH 3H", "South: QD 4D", "West: JC 5C",
        "abgelegt: 7C", "Ansagen: North Null, East 1, South 1, West 0", "gespielt: 2S 3H 4D 5C",
    ]  # fmt: skip
    assert violation.as_json() == {
        "seed": 3, "game": 0, "deal": 1, "check": "bags",
        "message": "bags counted though the rules have none", "replay": "\n".join(replay),
    }  # fmt: skip


def test_a_seat_dealt_too_few_cards_is_named_where_the_names_are_known() -> None:
    """A hand record names its players (verify); the simulator's seats go by number."""
    from scorepad.sim.validate import check_dealt

    dealt = [[0, 1, 2], [3, 4], [5, 6], [7]]  # the dealer (seat 1) takes one card more
    (problem,) = check_dealt(list(range(8)), dealt, 0, 2, 1, names=("Ann", "Bo", "Cy", "Di"))
    assert (problem.seat, problem.words) == (3, "Di was dealt 1 cards, not 2")
    (problem,) = check_dealt(list(range(8)), dealt, 0, 2, 1)
    assert problem.words == "seat 4 was dealt 1 cards, not 2"
    set_language("de")
    assert problem.words == "Platz 4 hat 1 statt 2 Karten bekommen"
