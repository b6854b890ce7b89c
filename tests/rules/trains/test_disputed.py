"""The disputed readings (digest D2, D3 and the rival-rail surcharge) under both settings of the
option `printed_cards`: what the player is offered or refused, pays, gains and leaves on the board.
The readings themselves are written down in rules/trains/data/NOTES.md."""

from __future__ import annotations

import pytest

from rules.trains import Trains
from tests.rules.trains.helpers import due, me, play, ready, set_cards
from tests.rules.trains.test_cards_a import coins
from tests.rules.trains.test_words import label, refused

BOTH = ("no", "yes")
# A deck deep enough that ending the turn draws from it and leaves the discard pile alone.
DECK = ["tower"] * 5


def waste_taken(m: Trains, before: int) -> int:
    """Waste cards that left the supply since `before` was read."""
    return before - int(m.state["supply"]["waste"])


# -- D2 Wagon Factory: "coûte 3 de plus" (rulebook) / "up to 3 more" (printed card) ------------
@pytest.mark.parametrize(("printed", "offered", "into"), [
    ("no", ["gain freight-train"], "Freight Train"),
    ("yes", ["gain express-train", "gain freight-train"], "Express Train or Freight Train"),
])
def test_wagon_factory_offers_an_express_for_a_normal_train_only_with_printed_cards(
        printed: str, offered: list[str], into: str) -> None:
    # Reforming & Tunneling: Express 3, Freight Train 4, Early Train 5, Limited Express 6.
    m = ready(kingdom="reforming-tunneling", printed_cards=printed)
    seat = due(m)
    set_cards(m, seat, ["wagon-factory", "normal-train"])
    more = "up to" if printed == "yes" else "exactly"
    assert label(m, "play wagon-factory") == (
        f"Play Wagon Factory: trash a Train from hand, gain one costing {more} 3 more")
    play(m, "play wagon-factory")
    assert m.legal(seat) == ["trash normal-train", "skip"]
    assert label(m, "trash normal-train") == f"Trash Normal Train for good, to gain {into}"
    play(m, "trash normal-train")
    # Never Early Train (5) nor Limited Express (6): more than 1 + 3.
    assert m.legal(seat) == offered
    assert m.state["trash"] == ["normal-train"] and me(m)["hand"] == []


def test_wagon_factory_rulebook_refuses_an_express_for_a_normal_train() -> None:
    m = ready(kingdom="reforming-tunneling", printed_cards="no")
    set_cards(m, due(m), ["wagon-factory", "normal-train"])
    play(m, "play wagon-factory", "trash normal-train")
    assert refused(m, "gain express-train").endswith(
        "Wagon Factory gains a Train costing exactly 4 (Normal Train + 3): Freight Train")
    play(m, "gain freight-train")
    assert me(m)["hand"] == ["freight-train"] and m.state["supply"]["express-train"] == 20
    assert m.state["supply"]["freight-train"] == 9 and m.state["turn"]["gained"] == []


def test_wagon_factory_printed_gains_an_express_into_the_hand_to_play_at_once() -> None:
    m = ready(kingdom="reforming-tunneling", printed_cards="yes")
    seat = due(m)
    set_cards(m, seat, ["wagon-factory", "normal-train"], deck=DECK, discard=[])
    play(m, "play wagon-factory", "trash normal-train", "gain express-train")
    assert me(m)["hand"] == ["express-train"] and m.state["turn"]["gained"] == []
    assert m.state["supply"]["express-train"] == 19 and m.state["trash"] == ["normal-train"]
    play(m, "play express-train")
    assert coins(m) == 2
    play(m, "end turn")
    assert sorted(m.state["players"][seat]["discard"]) == ["express-train", "wagon-factory"]


@pytest.mark.parametrize("printed", BOTH)
def test_wagon_factory_without_a_four_coin_train_left(printed: str) -> None:
    # Rulebook: "S'il n'y a plus de cartes train qui coûte 3 de plus ... vous ne pouvez pas
    # utiliser cet effet du tout (... vous ne pouvez même pas écarter de carte train)."
    m = ready(kingdom="reforming-tunneling", printed_cards=printed)
    m.state["supply"]["freight-train"] = 0
    set_cards(m, due(m), ["wagon-factory", "normal-train"])
    lines = play(m, "play wagon-factory")
    if printed == "no":
        assert "cannot be applied" in lines[-1] and m.state["pending"] is None
        assert me(m)["hand"] == ["normal-train"] and m.state["trash"] == []
        assert "trash normal-train" not in m.legal(due(m))
    else:
        play(m, "trash normal-train")
        assert m.legal(due(m)) == ["gain express-train"]
        play(m, "gain express-train")
        assert me(m)["hand"] == ["express-train"] and m.state["trash"] == ["normal-train"]


# -- Rival rails: "le nombre de cubes + gagnez une carte Déchets" (both settings) ---------------
@pytest.mark.parametrize("printed", BOTH)
def test_lay_rails_on_a_rival_rail_pays_one_coin_and_takes_a_second_waste(printed: str) -> None:
    m = ready(printed_cards=printed)  # the due seat starts on C4, next to plain D4
    seat = due(m)
    rival = 1 - seat
    m.state["cubes"]["d4"] = [rival]
    set_cards(m, seat, ["lay-rails", "lay-rails", "normal-train"], deck=DECK, discard=[])
    play(m, "play lay-rails")
    assert "lay d4" not in m.legal(seat) and "lay b4" in m.legal(seat)  # plain B4 is free
    assert "a rail on D4 (plain) costs 1 (1 rival rail) and you have 0 coins" in \
        refused(m, "lay d4")
    play(m, "skip", "play normal-train", "play lay-rails")
    assert label(m, "lay d4") == "Lay on D4 (plain): 1 of your 1 coin (1 rival rail), +2 Wastes"
    waste = m.state["supply"]["waste"]
    lines = play(m, "lay d4")
    assert "lays a rail on D4 for 1 coin (Lay Rails) and gains 2 Wastes" in lines[-1]
    assert coins(m) == 0 and m.state["cubes"]["d4"] == [rival, seat]
    assert m.state["turn"]["gained"] == ["waste", "waste"] and waste_taken(m, waste) == 2
    play(m, "end turn")
    assert m.state["players"][seat]["discard"].count("waste") == 2


@pytest.mark.parametrize("printed", BOTH)
def test_two_rival_rails_cost_two_coins_but_bring_one_extra_waste(printed: str) -> None:
    # "le nombre de cubes + gagnez une carte Déchets": one coin per cube, one Waste in all.
    m = ready(3, printed_cards=printed)
    seat = due(m)
    m.state["cubes"]["d4"] = [(seat + 1) % 3, (seat + 2) % 3]
    set_cards(m, seat, ["express-train", "lay-rails"])
    play(m, "play express-train", "play lay-rails")
    waste = m.state["supply"]["waste"]
    play(m, "lay d4")
    assert coins(m) == 0 and waste_taken(m, waste) == 2
    assert m.state["turn"]["gained"] == ["waste", "waste"]


# -- D3 Subway Excavation: "avec pour seule exception les endroits éloignés" (rulebook) ---------
@pytest.mark.parametrize(("printed", "reach", "effect"), [
    ("no", 3, "no extra rail cost but remote ones"),
    ("yes", 4, "no extra rail cost at all this turn"),
])
def test_subway_excavation_reaches_a_remote_location_for_free_only_with_printed_cards(
        printed: str, reach: int, effect: str) -> None:
    # A2 is a mountain between Chichibu (A1, remote 4) and the mountains A3, B1, B2.
    m = ready(kingdom="reforming-tunneling", hexes=["a2", "g4"], printed_cards=printed)
    seat = due(m)
    set_cards(m, seat, ["subway-excavation"])
    said = label(m, "play subway-excavation")  # said shorter, never clipped, when too long
    assert said in (f"Play Subway Excavation: {effect}, lay 1 rail ({reach} spaces in reach), "
                    "+1 Waste", f"Play Subway Excavation: {effect}, lay 1 rail ({reach} in "
                    "reach), +1 Waste"), said
    play(m, "play subway-excavation")
    offered = [a for a in m.legal(seat) if a.startswith("lay ")]
    if printed == "no":
        assert offered == ["lay a3", "lay b1", "lay b2"]  # mountains free, Chichibu not
        assert "a rail on Chichibu (A1) costs 4 (remote 4) and you have 0 coins" in \
            refused(m, "lay chichibu")
    else:
        assert offered == ["lay chichibu", "lay a3", "lay b1", "lay b2"]
        assert label(m, "lay chichibu") == "Lay on Chichibu (A1): free, +1 Waste"
        play(m, "lay chichibu")
        assert m.state["cubes"]["chichibu"] == [seat] and m.state["turn"]["gained"] == ["waste"]


@pytest.mark.parametrize(("printed", "paid"), [("no", 4), ("yes", 0)])
def test_subway_excavation_onto_a_remote_location_pays_its_number_by_the_rulebook(
        printed: str, paid: int) -> None:
    m = ready(kingdom="reforming-tunneling", hexes=["a2", "g4"], printed_cards=printed)
    seat = due(m)
    set_cards(m, seat, ["express-train", "express-train", "subway-excavation", "lay-rails"])
    play(m, "play express-train", "play express-train", "play subway-excavation")
    price = "4 of your 4 coins (remote 4)" if paid else "free"
    assert label(m, "lay chichibu") == f"Lay on Chichibu (A1): {price}, +1 Waste"
    waste = m.state["supply"]["waste"]
    play(m, "lay chichibu")
    assert coins(m) == 4 - paid and waste_taken(m, waste) == 1
    assert m.state["cubes"]["chichibu"] == [seat] and m.score(seat) == 4
    # The waiver lasts while the card is in play; the mountain beyond is free either way.
    play(m, "play lay-rails")
    assert label(m, "lay b1") == "Lay on B1 (mountain): free, +1 Waste"


@pytest.mark.parametrize("printed", BOTH)
def test_subway_excavation_waives_rival_coins_but_not_their_waste(printed: str) -> None:
    # A remote location with a rival rail: remote 4 (rulebook) + 1 rival coin, both waived by
    # the printed card; the rival coin by either reading. The extra Waste stays (digest D3).
    m = ready(kingdom="reforming-tunneling", hexes=["a2", "g4"], printed_cards=printed)
    seat = due(m)
    m.state["cubes"]["chichibu"] = [1 - seat]
    set_cards(m, seat, ["express-train", "express-train", "subway-excavation"])
    play(m, "play express-train", "play express-train", "play subway-excavation")
    waste = m.state["supply"]["waste"]
    play(m, "lay chichibu")
    assert coins(m) == (0 if printed == "no" else 4)
    assert waste_taken(m, waste) == 2 and m.state["cubes"]["chichibu"] == [1 - seat, seat]
