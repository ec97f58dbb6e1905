"""The pure pieces behind the pages: number formats, charts, rules sentences, deal sheets."""

from __future__ import annotations

from fractions import Fraction

from django.utils import translation

from games.deal_sheets import deal_sheet
from league.rules import LeagueRules
from league.templatetags.web_format import league_number, signed
from scoring.generate import random_game
from web.charts import colored, legend, line_chart, nice_ticks
from web.rules_text import describe_rules


def test_league_points_show_at_most_two_decimals_without_trailing_zeros():
    assert league_number(6.0) == "6"
    assert league_number(Fraction(9, 2)) == "4.5"
    assert league_number(Fraction(4, 3)) == "1.33"
    assert league_number("not a number") == ""


def test_gaps_show_their_sign_and_two_decimals():
    assert signed(58.75) == "+58.75"
    assert signed(Fraction(-49, 4)) == "-12.25"
    assert signed(0) == "0.00"


def test_chart_ticks_are_round_numbers_covering_the_values():
    assert nice_ticks(9, 12) == [9, 10, 11, 12]
    assert nice_ticks(0, 36.5) == [0, 10, 20, 30, 40]
    ticks = nice_ticks(-1240, 643)
    assert ticks[0] <= -1240 and ticks[-1] >= 643


def test_chart_escapes_player_names():
    series = colored([("<script>x</script>", [1.0, 2.0])])
    svg = line_chart(["1", "2"], series, title="Race & <chart>")
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    assert "Race &amp; &lt;chart&gt;" in svg
    assert "<script>" not in legend(series)


def test_inverted_chart_puts_rank_one_on_top():
    svg = line_chart(["1", "2"], colored([("Dana", [1.0, 4.0])]), title="ranks", invert=True)
    points = svg.split('points="')[1].split('"')[0].split()
    first_y, last_y = (float(p.split(",")[1]) for p in (points[0], points[-1]))
    assert first_y < last_y


def test_a_rank_chart_starts_at_first_place_not_at_a_place_zero():
    svg = line_chart(["1", "2", "3"], colored([("Dana", [1.0, 8.0, 5.0])]), title="", invert=True)
    ticks = [text.split("</text>")[0] for text in svg.split('text-anchor="end">')[1:]]
    assert ticks[:2] == ["1", "2"] and "0" not in ticks


def test_chart_without_values_renders_nothing():
    assert line_chart([], [], title="empty") == ""


def test_rules_sentences_of_the_rated_league_name_its_own_numbers():
    rules = LeagueRules.from_preset("whist-online-1200")
    with translation.override("en"):
        text = " ".join(s for item in describe_rules(rules) for s in item.sentences)
    assert "1st: 7, 2nd: 3, 3rd: 1, 4th: 0" in text
    assert "after 10, 20 and 30 games played" in text
    assert "Then one more after every 7 further games" in text
    assert "At least 30 games to be ranked" in text
    assert "At least 5 games in the season's last month" in text
    assert "reached 1200" in text
    assert "A game is 24 deals" in text


def test_rules_sentences_are_translated_to_hebrew():
    rules = LeagueRules.from_preset("whist-online-league")
    with translation.override("he"):
        titles = [item.title for item in describe_rules(rules)]
    assert "נקודות ליגה" in titles


def test_deal_sheet_scores_every_valid_deal_with_the_league_preset():
    record = random_game(seed=5, players=["a", "b", "c", "d"], deals=3)
    lines = deal_sheet(record["deals"], "whist-online")
    assert [line.number for line in lines] == [1, 2, 3]
    assert all(len(line.cells) == 4 for line in lines)
    assert sum(cell.declarer for cell in lines[0].cells) == 1


def test_deal_sheet_of_nothing_is_empty():
    assert deal_sheet(None, "whist-online") == []
    assert deal_sheet([{"contracts": "bad"}], "whist-online") == []
    assert deal_sheet([], "no-such-preset") == []


def test_scoring_grid_matches_the_worked_examples_of_the_rules():
    from web.rules_text import scoring_grid

    grid = scoring_grid("whist-online")
    by_contract = {row[0]: row for row in grid.contracts}
    assert by_contract[3][1] == 19  # contract 3 made
    assert by_contract[6][3] == -30  # contract 6, took 4 (two off)
    zero = {row[0]: row for row in grid.zero}
    assert zero["under game, down 2"][1] == 40  # zero in down 2 made
    assert zero["under game, down 1"][3] == -20  # zero in down 1 with 2 tricks
    assert scoring_grid("no-such-preset") is None


def test_deal_sheet_shows_trump_as_suit_symbols():
    symbols = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663", "NT": "NT"}
    record = random_game(seed=5, players=["a", "b", "c", "d"], deals=6)
    for line in deal_sheet(record["deals"], "whist-online"):
        assert line.trump_symbol == symbols[line.trump]
