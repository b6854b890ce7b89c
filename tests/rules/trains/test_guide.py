"""The how-to-play guide: it loads, it covers the whole game, and every card has a topic."""

from __future__ import annotations

import rules
from rules.trains.board import load_board
from rules.trains.cards import load_cards


def test_guide_loads_with_pages_for_a_first_game() -> None:
    guide = rules.guide("trains")
    titles = [title for title, _ in guide.pages]
    assert 3 <= len(titles) <= 6 and "Our adaptations" in titles
    text = "\n".join(body for _, body in guide.pages)
    for needed in ("Goal", "Starting rails", "Play a card", "Buy a card", "End the turn",
                   "Pass", "Scoring", "4 supply piles", "20 rails", "30 station pawns"):
        assert needed.lower() in text.lower(), needed
    adaptations = dict(guide.pages)["Our adaptations"]
    assert "Printed card texts" in adaptations and "Mountain" in adaptations


def test_every_card_has_a_topic_under_each_of_its_names() -> None:
    guide = rules.guide("trains")
    cards = load_cards()
    for card in cards.cards.values():
        for name in (card.name, *card.aliases):
            topic = guide.topic(name)
            assert topic is not None and topic.name == card.name, name
        if card.cost and card.id != "normal-train":  # Normal Train is never bought
            assert f"costs {card.cost}" in guide.topic(card.name).text  # type: ignore[union-attr]


def test_every_term_the_game_shows_has_a_topic() -> None:
    guide = rules.guide("trains")
    terms = ["Waste", "coins", "VP", "rail", "station", "city", "remote location", "river",
             "mountain", "plain", "sea", "barrier", "space labels", "coordinates", "rival rails",
             "supply",
             "kingdom", "hand", "deck", "discard pile", "gained pile", "play area", "trash",
             "pass", "end turn", "skip", "Train card", "Action card", "Rail card", "VP card",
             "starting rail", "end of the game", "printed cards", "Tokyo", "Osaka"]
    missing = [t for t in terms if guide.topic(t) is None and not guide.search(t)]
    assert not missing
    for terrain in {h.terrain for b in ("tokyo", "osaka") for h in load_board(b).hexes.values()}:
        assert guide.topic(terrain) is not None, terrain
