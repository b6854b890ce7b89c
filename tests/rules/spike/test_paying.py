"""'JOKER': the player chooses which cards pay, e.g. keeps a matching card and plays a set.

« Le nombre de cartes de la même sorte que vous jouez s'échangent contre une carte de moins
(que le nombre joué) de la sorte de votre choix. »
"""

from __future__ import annotations

import itertools
import random

import pytest

import rules
from rules.spike import Spike
from rules.spike.cards import payable
from rules.spike.paying import PAY_MENU, count_payments, payments
from tests.rules.spike.helpers import act, lay, ready, set_hand, turn_to


def _finished(version: int | None = None, **hand: int) -> Spike:
    """P0 in Raleigh has laid Raleigh - Raleigh NE (black) - Norfolk (blue) and says 'finish'."""
    m = ready(2, ["Raleigh", "Kansas City"], version=version)
    turn_to(m, 0)
    set_hand(m, 0, **hand)
    act(m, "build", "from raleigh", lay("Raleigh", "r9c12"), lay("r9c12", "Norfolk"), "finish")
    return m


def _label(m: Spike, action: str) -> str:
    return next(c.label for c in m.choices(0) if c.action == action)


def test_a_matching_card_may_be_kept_and_a_set_of_another_colour_played_instead() -> None:
    m = _finished(blue=1, black=1, white=2)
    assert m.state["step"]["kind"] == "pay"
    assert m.legal(0) == ["pay 1 blue 1 black", "pay 2 white 1 blue", "pay 2 white 1 black"]
    lines = act(m, "pay 2 white 1 black")
    assert m.hand_counts(0) == {"white": 0, "blue": 1, "red": 0, "green": 0, "yellow": 0,
                                "black": 0}
    assert "P0 plays 2 white, 1 black (joker: 2 white for 1)." in lines
    assert sorted(m.state["discard"]) == ["K", "W", "W"]


def test_version_2_games_still_pay_matching_cards_first_without_asking() -> None:
    m = _finished(version=2, blue=1, black=1, white=2)
    assert m.state["step"]["kind"] != "pay"
    assert m.hand_counts(0)["white"] == 2 and m.hand_size(0) == 2


def test_labels_say_which_cards_are_paid_and_which_are_kept() -> None:
    m = ready(2, ["Raleigh", "Kansas City"])
    turn_to(m, 0)
    set_hand(m, 0, blue=1, black=1, white=2)
    act(m, "build", "from raleigh", lay("Raleigh", "r9c12"), lay("r9c12", "Norfolk"))
    assert _label(m, "finish") == "Finish building, then choose how to pay 1 black, 1 blue (3 ways)"
    act(m, "finish")
    assert "pay 1 black, 1 blue: choose the cards to play" in m.prompt(0)
    assert _label(m, "pay 1 blue 1 black") == "Keep 2 white: pay 1 black, 1 blue"
    assert _label(m, "pay 2 white 1 black") == (
        "Keep 1 blue: pay 1 black, 2 white (joker: 2 white for 1 blue)")
    assert _label(m, "pay 2 white 1 blue") == (
        "Keep 1 black: pay 1 blue, 2 white (joker: 2 white for 1 black)")


def test_a_set_of_three_counts_as_two_and_may_replace_matching_cards() -> None:
    """'3 cartes rails pointillés bleus = 2 cartes de la sorte de votre choix'."""
    m = _finished(blue=3, black=1)
    assert m.legal(0) == ["pay 1 blue 1 black", "pay 3 blue"]
    assert _label(m, "pay 3 blue") == "Keep 1 black: pay 3 blue (joker: 2 blue for 1 black)"
    act(m, "pay 3 blue")
    assert m.hand_counts(0)["black"] == 1 and m.hand_size(0) == 1


def test_payments_that_leave_the_same_hand_are_not_asked_for() -> None:
    """Two sets of 2 for the two spaces: whichever set 'pays' which space, the hand is empty."""
    m = ready(2, ["Raleigh", "Kansas City"])
    turn_to(m, 0)
    set_hand(m, 0, white=2, green=2)
    act(m, "build", "from raleigh", lay("Raleigh", "r9c12"), lay("r9c12", "Norfolk"))
    assert _label(m, "finish") == (
        "Finish building and pay: 2 white, 2 green (jokers: 2 white + 2 green for 1 black, "
        "1 blue)")
    lines = act(m, "finish")
    assert "P0 plays 2 white, 2 green (joker: 2 white for 1; 2 green for 1)." in lines
    assert m.hand_size(0) == 0 and m.state["step"]["kind"] != "pay"


def test_a_lone_extra_card_is_never_paid_and_typing_it_says_why() -> None:
    m = _finished(blue=1, black=1, white=1)  # the white card cannot help: no choice
    assert m.hand_counts(0)["white"] == 1 and m.hand_size(0) == 1
    m = _finished(blue=1, black=1, white=2, red=1)
    assert not any("red" in a for a in m.legal(0))
    with pytest.raises(rules.IllegalAction, match="a single red card pays nothing here"):
        m.act(0, "pay 1 red 1 blue 1 black")
    with pytest.raises(rules.IllegalAction, match="you have 2 white, not 3"):
        m.act(0, "pay 3 white 1 blue")
    with pytest.raises(rules.IllegalAction, match="1 card more than the bill"):
        m.act(0, "pay 2 white 1 blue 1 black")
    m = _finished(white=3, green=2)
    with pytest.raises(rules.IllegalAction, match="pay 1 of the 2 cards of the bill"):
        m.act(0, "pay 2 green")


def test_joker_and_a_colour_name_point_at_the_payments_with_that_set() -> None:
    m = _finished(blue=1, black=1, white=2)
    with pytest.raises(rules.IllegalAction,
                       match="could mean: .*Keep 1 blue: pay 1 black, 2 white"):
        m.act(0, "joker white")
    act(m, "pay 2 white-solid 1 blue")
    assert m.hand_counts(0)["black"] == 1 and m.hand_size(0) == 1


def test_many_payments_come_one_colour_at_a_time_in_short_menus() -> None:
    m = _finished(white=5, blue=5, red=5, green=5, yellow=5, black=5)
    assert count_payments(m.hand_vector(0), [0, 1, 0, 0, 0, 1], {}) > PAY_MENU
    assert m.legal(0) == ["play 0 blue", "play 1 blue", "play 3 blue"]
    assert _label(m, "play 3 blue") == ("Play 3 blue: 1 for the blue space, 2 as a joker for 1 "
                                        "card of any colour; keep 2 blue")
    assert _label(m, "play 0 blue") == (
        "Play no blue card, keep all 5: jokers pay for the blue space")
    with pytest.raises(rules.IllegalAction, match="choose how many blue cards to play first"):
        m.act(0, "pay 1 blue 1 black")
    act(m, "play 0 blue")
    assert 1 < len(m.legal(0)) <= PAY_MENU and all(a.startswith("pay ") for a in m.legal(0))
    act(m, "pay 2 red 1 black")
    assert m.hand_counts(0) == {"white": 5, "blue": 5, "red": 3, "green": 5, "yellow": 5,
                                "black": 4}


def test_payments_are_exactly_the_ones_that_waste_no_card() -> None:
    """Against brute force: every sub-hand that pays and pays no more once any card is out."""
    rng = random.Random(3)
    for _ in range(300):
        hand = [rng.randint(0, 4) for _ in range(6)]
        cost = [rng.randint(0, 2) for _ in range(6)]
        if not any(cost):
            continue
        brute = set()
        for paid in itertools.product(*(range(h + 1) for h in hand)):
            if not payable(paid, cost):
                continue
            if all(not payable([p - (j == k) for j, p in enumerate(paid)], cost)
                   for k in range(6) if paid[k]):
                brute.add(tuple(paid))
        found = payments(hand, cost, {})
        assert len(found) == len(set(found)) == count_payments(hand, cost, {})
        assert set(found) == brute, (hand, cost)
