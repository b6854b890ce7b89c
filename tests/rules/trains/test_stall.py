"""A table that stops moving toward the end (house rule of rules version 3, see data/NOTES.md)."""

from __future__ import annotations

from rules.trains import Trains
from rules.trains.risks import risks
from tests.rules.trains.helpers import due, play, set_cards, start

ENDED = "for two whole rounds no one bought"


def ready(version: int | None = None, players: int = 2) -> Trains:
    """Starting rails placed, under a given rules version (None: the current one)."""
    m = Trains([f"P{i}" for i in range(players)], 0, {}, version)
    start(m, *["c4", "f6", "b8"][:players])
    return m


def test_version_2_a_table_that_only_ends_its_turns_never_ends() -> None:
    m = ready(2)
    for _ in range(200):
        play(m, "end turn")
    assert not m.over


def test_two_whole_rounds_without_progress_end_the_game_and_the_label_says_so() -> None:
    m = ready(players=3)
    for _ in range(6):  # the first turn has nothing to compare with, then 2 rounds of 3
        assert not m.over
        assert not any("ends the game" in r for r in risks(m, due(m), "end turn"))
        play(m, "end turn")
    assert any("ends the game" in r for r in risks(m, due(m), "end turn"))
    lines = play(m, "end turn")
    assert m.over and any(ENDED in line for line in lines)
    assert len(m.scores()) == 3 and m.winners()


def test_buying_a_card_starts_the_count_again() -> None:
    m = ready()
    for _ in range(4):
        play(m, "end turn")
    assert not m.over
    set_cards(m, due(m), ["normal-train"] * 5)
    play(m, *["play normal-train"] * 5, "buy express-train", "end turn")
    for _ in range(3):
        play(m, "end turn")
    assert not m.over
    play(m, "end turn")  # the 4th turn in a row without a change: 2 rounds of 2 players
    assert m.over


def test_returning_waste_counts_as_progress() -> None:
    # « Un joueur qui passe son tour peut ... remettre toutes les cartes Déchets » : a player
    # cleaning their deck is not stalling.
    m = ready()
    m.state["supply"]["waste"] -= 2  # two Wastes gained before these turns
    for _ in range(4):
        play(m, "end turn")
    set_cards(m, due(m), ["waste", "waste", "normal-train"])
    play(m, "pass")
    for _ in range(3):
        play(m, "end turn")
    assert not m.over
