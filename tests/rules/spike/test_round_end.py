"""'Manches et cartes de temps': when a round ends, and what hoarded cards do to round 3."""

from __future__ import annotations

from rules.spike import Spike
from tests.rules.spike.helpers import due, ready, set_hand


def hoarders(version: int | None) -> Spike:
    """Two players with empty hands and one track piece each (no connection can be finished),
    one card left in the deck and no discards: every other card is held by someone."""
    m = ready(2, version=version)
    s = m.state
    for seat in (0, 1):
        set_hand(m, seat)
        s["players"][seat]["tracks"] = 1
    s["deck"], s["display"], s["discard"] = ["W"], ["R", "B", "G", "Y"], []
    return m


def hoard(m: Spike) -> str:
    """Never build nor deliver: pass if that is all, else stop drawing, else draw a card."""
    legal = m.legal(due(m))
    for choice in ("pass", "stop", "draw deck"):
        if choice in legal:
            return choice
    return next(a for a in legal if a.startswith("take "))


def test_version_3_a_new_deck_the_display_took_whole_leaves_a_table_that_only_passes() -> None:
    m = hoarders(3)
    m.act(0, "draw deck")  # the last card: round 2, whose four cards all go to the display
    assert m.state["round"] == 2 and m.state["deck"] == []
    assert "draw deck" not in m.legal(due(m))
    for _ in range(40):
        m.act(due(m), hoard(m))
    assert m.state["display"] == [] and not m.over and m.state["round"] == 2
    assert [a for a in m.legal(due(m)) if a.split(" ")[0] not in ("load", "deliver")] == ["pass"]


def test_version_4_an_empty_new_deck_ends_the_round_at_once_and_the_game_ends() -> None:
    # « Quand le deck de cartes rails est épuisé, une manche est terminée. »
    m = hoarders(None)
    lines = m.act(0, "draw deck")
    begun = [line for line in lines if "begins" in line]
    assert len(begun) == 2 and "round 2" in begun[0] and "round 3" in begun[1]
    for _ in range(40):
        if m.over:
            break
        m.act(due(m), hoard(m))
    assert m.over and m.state["time_drawn"] == 3


def test_round_3_is_made_of_the_display_and_discards_only_so_hoarded_cards_shorten_it() -> None:
    # « A la fin des première et seconde manches, mélangez les cartes rails faces visibles
    # restantes avec celles défaussées et reformez la pioche »: cards in hand stay in hand.
    m = ready(2)
    s = m.state
    set_hand(m, 0, white=10, blue=10)
    set_hand(m, 1, black=10, red=10)
    s["round"], s["deck"] = 2, ["G"]
    s["display"], s["discard"] = ["R", "B", "G", "Y"], ["W", "W", "K", "K", "Y"]
    m.act(due(m), "draw deck")
    assert s["round"] == 3
    # 4 face-up + 5 discarded rail cards and the 3 time cards, some of them dealt already.
    assert len(s["deck"]) + len(s["display"]) + s["time_drawn"] == 9 + 3
    assert sum(m.hand_vector(1)) == 20 and sum(m.hand_vector(0)) == 21
