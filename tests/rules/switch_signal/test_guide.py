"""The how-to-play guide: it loads, covers the game, and every card, agent and term has a topic."""

from __future__ import annotations

import json
from importlib import resources

import rules
from rules.switch_signal.board import load_board
from rules.switch_signal.cards import KINDS, load_cards

GUIDE = rules.guide("switch-and-signal")


def test_guide_loads_with_three_to_six_pages() -> None:
    titles = [title for title, _ in GUIDE.pages]
    assert 3 <= len(titles) <= 6
    assert titles[-1] == "Our adaptations"
    text = " ".join(body for _, body in GUIDE.pages)
    for needed in ("Goal", "17 turns", "draw 5", "time token", "wins", "loses"):
        assert needed.lower() in text.lower(), needed


def test_every_card_agent_and_term_of_the_game_is_a_topic() -> None:
    cards = load_cards()
    for kind in KINDS:
        assert GUIDE.topic(f"{kind} card") is not None, kind
    for agent in cards.agents.values():
        assert GUIDE.topic(agent.name) is not None, agent.name
        assert GUIDE.topic(agent.french) is not None, agent.french
    for term in ("wild switch", "departure card", "start card", "multicolour", "deploy",
                 "time tokens", "station clock", "location tokens", "start dice", "black die",
                 "grey train", "depot", "green disc", "red light", "L7", "junction",
                 "head-on collision", "port", "goods cube", "load", "show hand", "done"):
        assert GUIDE.topic(term) is not None or GUIDE.search(term), term
    listed = GUIDE.topic("departure card list")
    assert listed is not None
    for card in cards.departures.values():
        assert f"**{card.id}**: {card.describe()}" in listed.text


def test_adaptations_page_covers_what_the_data_files_mark() -> None:
    page = dict(GUIDE.pages)["Our adaptations"].lower()
    for board in ("central-europe", "north-america"):
        assert load_board(board).adapted  # the data marks its own parts
    for word in ("track networks", "departure cards", "extra green", "agent", "light codes"):
        assert word in page, word


def test_french_names_lead_to_the_same_topics() -> None:
    assert GUIDE.topic("le garde-voie") == GUIDE.topic("Track guard")
    assert GUIDE.topic("fiche d'instruction") == GUIDE.topic("departure card")
    raw = json.loads(resources.files("rules.switch_signal").joinpath(
        "data/guide.json").read_text(encoding="utf-8"))
    assert all(len(t["text"]) <= 1500 for t in raw["topics"])
