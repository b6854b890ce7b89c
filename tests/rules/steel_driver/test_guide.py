"""The how-to-play guide: it loads, covers a whole game, and explains every name the game shows."""

from __future__ import annotations

import re

import rules
from rules.core.guide import PAGE_LIMIT
from rules.steel_driver.board import COLOURS, load_board


def test_guide_loads_with_pages_for_a_newcomer() -> None:
    guide = rules.guide("steel-driver")
    titles = [t for t, _ in guide.pages]
    assert 3 <= len(titles) <= 6
    assert "Our adaptations" in titles
    text = " ".join(body for _, body in guide.pages)
    for needed in ("Goal", "5 rounds", "Auctions", "first link", "Transcontinental",
                   "final value", "most cash"):
        assert needed in text
    assert all(len(body) <= PAGE_LIMIT for _, body in guide.pages)


def test_adaptations_page_names_what_the_data_file_marks_as_ours() -> None:
    guide = rules.guide("steel-driver")
    page = dict(guide.pages)["Our adaptations"]
    # The data file marks cities, links, set values and companies as our adaptation.
    assert set(load_board().adapted) == {"cities", "links", "set_values", "companies"}
    for words in ("map", "cities", "links", "set-value table", "Company names"):
        assert words in page


def test_every_company_colour_and_term_on_the_board_is_a_topic() -> None:
    guide = rules.guide("steel-driver")
    board = load_board()
    for company in board.companies:
        assert guide.topic(company.name) is not None, company.name
    assert guide.topic("Union Pacific") is guide.topic("UP")
    for colour in COLOURS:
        assert guide.topic(colour) is not None, colour
    for term in ("investment cubes", "goods cubes", "auction", "bid", "pass", "share",
                 "control marker", "start city", "hexagon", "link", "profit", "income",
                 "transcontinental", "build order", "pass row", "sets", "final phase",
                 "active player", "company box", "rails left", "winner", "enchères"):
        assert guide.topic(term) is not None, term


def test_numbers_in_the_guide_match_the_game_data() -> None:
    guide = rules.guide("steel-driver")
    board = load_board()
    page = dict(guide.pages)["Our adaptations"]
    assert f"the {len(board.cities)} cities" in page and f"the {len(board.links)} links" in page
    table = " / ".join(f"${board.set_values[n]}" for n in range(1, 6))
    assert table in page
    starts = sorted(c.name for c in board.cities.values() if c.hex_start)
    start_topic = guide.topic("start city")
    assert start_topic is not None
    assert ", ".join(starts[:-1]) + " and " + starts[-1] in start_topic.text
    colours = guide.topic("colours")
    assert colours is not None
    for colour in COLOURS:
        count = sum(1 for c in board.cities.values() if c.colour == colour)
        # "red Pacific (3 cities)", "orange Mountain West (5)", ...
        assert re.search(rf"\b{colour} [A-Za-z -]+ \({count}\b", colours.text), colour
