"""What a newcomer reads: labels with prices, board names, refusals that say why, the guide."""

from __future__ import annotations

import re

import pytest

import rules
from rules.spike.names import point_name, point_names
from tests.rules.spike.helpers import (
    BOARD,
    act,
    contract,
    greedy,
    lay,
    new,
    own,
    ready,
    set_contracts,
    set_hand,
    turn_to,
)

LATTICE_ID = re.compile(r"\br\d+c\d+\b")


def _refused(m: rules.Match, seat: int, text: str) -> str:
    with pytest.raises(rules.IllegalAction) as caught:
        m.act(seat, text)
    return str(caught.value)


def _label(m: rules.Match, seat: int, action: str) -> str:
    return next(c.label for c in m.choices(seat) if c.action == action)


def test_every_junction_has_a_name_after_a_city() -> None:
    names = point_names()
    assert len(set(names.values())) == len(BOARD.points)
    cities = set(BOARD.cities)
    for name in names.values():
        assert name in cities or name.rsplit(" ", 1)[0].removesuffix(" far") in cities, name
    assert point_name("r9c12") == "Raleigh NE"


def test_build_labels_name_the_place_and_the_card_it_costs() -> None:
    m = ready(2, ["Raleigh", "Omaha"])
    turn_to(m, 0)
    set_hand(m, 0, black=1, blue=1)
    assert _label(m, 0, "build") == "Build track to a new city (45 track, 2 rail cards)"
    act(m, "build")
    assert _label(m, 0, "from raleigh") == "Start the new track at Raleigh"
    act(m, "from raleigh")
    assert _label(m, 0, lay("Raleigh", "r9c12")).startswith(
        "Lay track to Raleigh NE: 1 black card; a new city 1 space on")
    act(m, "Raleigh NE")  # the junction's name as the board shows it
    price = m.price("pigs")
    assert _label(m, 0, lay("r9c12", "Norfolk")) == (
        f"Lay track into Norfolk: 1 blue card; connects it, pigs pays ${price}")
    act(m, "lay norfolk")
    assert _label(m, 0, "finish") == "Finish building and pay: 1 black, 1 blue"
    assert "from Raleigh NE" not in m.lines[-1] and "r9c12" not in " ".join(
        t for _, t in m.lines)


def test_joker_label_and_prompt_say_what_is_paid_in_version_2() -> None:
    m = ready(2, ["Raleigh", "Omaha"], version=2)
    turn_to(m, 0)
    set_hand(m, 0, white=3, green=2)
    act(m, "build", "from raleigh", "lay raleigh ne", "lay norfolk", "finish")
    assert "pay 1 black, 1 blue" in m.prompt(0)
    assert _label(m, 0, "joker white") == "Joker: play 3 white cards as 2 of the colours you lack"
    assert _label(m, 0, "joker green") == "Joker: play 2 green cards as 1 of the colours you lack"


def test_upgrade_and_cargo_labels_show_money() -> None:
    m = ready(2, ["Raleigh", "Omaha"])
    set_contracts(m, 0, ("wood", 1, "a"), ("pigs", 1, "a"))
    turn_to(m, 0)
    m.state["players"][0]["money"] = 7
    assert _label(m, 0, "upgrade speed") == "Upgrade speed 1 → 2: pay $3 of your $7"
    assert _label(m, 0, "load wood") == (
        "Load wood in Raleigh: deliver it to Boston $5, Knoxville $10 or Pittsburgh $14")
    contract(m, 0, "pigs")["token"] = "train"
    m.state["players"][0]["train"]["point"] = BOARD.city_point("Columbus")
    assert _label(m, 0, "deliver pigs") == "Deliver pigs to Columbus: +$5 (your only delivery here)"


def test_move_labels_and_spellings_use_track_names() -> None:
    m = ready(2, ["Raleigh", "Omaha"])
    own(m, 0, "Raleigh", "r9c12", "Norfolk", "r8c13")
    turn_to(m, 0)
    act(m, "restart")
    assert _label(m, 0, "move r9c12-raleigh") == (  # named after the city it heads for
        "Move toward Norfolk onto the Raleigh–Raleigh NE track (1 move left)")
    act(m, "move Raleigh–Raleigh NE")
    turn_to(m, 0)
    assert "on the Raleigh–Raleigh NE track" in m.prompt(0)
    assert _label(m, 0, "enter raleigh").startswith("Enter Raleigh and stop")
    act(m, "norfolk")  # toward Norfolk: onto the Raleigh NE–Norfolk track
    assert m.state["players"][0]["train"]["space"] == BOARD.space_by_label("r9c12-norfolk")
    assert m.lines[-1][1] == "P0's train moves onto the Raleigh NE–Norfolk track."
    act(m, "extra move")
    assert _label(m, 0, "move r8c13-norfolk") == (
        "Pass through Norfolk toward the end of your track onto the Baltimore SE–Norfolk track "
        "(1 move left)")


def test_old_canonical_texts_still_work_as_input() -> None:
    m = ready(2, ["Raleigh", "Omaha"])
    turn_to(m, 0)
    set_hand(m, 0, black=1, blue=1)
    act(m, "build", "from raleigh", "lay r9c12 black", "lay norfolk blue-dotted", "finish")
    assert m.state["players"][0]["tracks"] == 43


def test_refusals_say_what_you_have_and_need() -> None:
    m = ready(3, ["Raleigh", "Omaha", "Chicago"])
    turn_to(m, 0)
    m.state["players"][0]["money"] = 2
    assert _refused(m, 0, "upgrade speed").endswith(
        "can't be played: you have $2; the next speed upgrade costs $3.")
    assert "Raleigh loads only wood" in _refused(m, 0, "load pigs")
    assert "your train carries no wood (it carries nothing)" in _refused(m, 0, "deliver wood")
    assert "choose `build` first" in _refused(m, 0, "lay raleigh ne")
    m.state["display"] = ["B", "B", "W", "R"]
    assert "no green card is face up; the display shows blue, blue, white, red" in _refused(
        m, 0, "take green")


def test_refusals_while_building_name_the_place_and_the_reason() -> None:
    m = ready(2, ["Raleigh", "Omaha"])
    own(m, 1, "Omaha", "r5c0")
    turn_to(m, 0)
    set_hand(m, 0, black=1, blue=1)
    act(m, "build")
    assert "Omaha is not on your track" in _refused(m, 0, "from omaha")
    assert "choose where your new track starts first" in _refused(m, 0, "lay raleigh ne")
    act(m, "from raleigh")
    assert "Omaha is not next to Raleigh" in _refused(m, 0, "lay omaha")
    assert "there is no city or junction called `gotham`" in _refused(m, 0, "lay gotham")
    reason = _refused(m, 0, "lay raleigh nw")
    assert "Raleigh NW" in reason and "no new city can be reached" in reason
    m.state["owners"][BOARD.space_by_label("r9c12-raleigh")] = 1
    assert "the Raleigh–Raleigh NE space is taken by P1" in _refused(m, 0, "lay raleigh ne")


def test_refusal_for_a_card_not_in_hand() -> None:
    m = new(2)
    seat = m.to_act()[0]
    set_hand(m, seat, white=2, red=3)
    assert _refused(m, seat, "give green").endswith(
        "you have no green card; your hand: 2 white, 3 red.")


def test_private_lines_are_sentences_of_that_seat_only() -> None:
    m = ready(2, ["Raleigh", "Omaha"])
    set_hand(m, 0, white=2, blue=1)
    lines = m.private_lines(0)
    assert lines[0] == "Your rail cards (3): 2 white, 1 blue."
    mine = m.route_card(0)
    assert mine is not None and lines[1].startswith(f"Your route card {mine.top}: ")
    assert f"{mine.cities[0][0]} ${mine.cities[0][1]}" in lines[1] and "(now $0)" in lines[1]
    assert not any(ch in " ".join(lines) for ch in "{}[]")
    m.state["players"][1]["route"] = (m.state["players"][1]["route"] + 1) % len(BOARD.routes)
    set_hand(m, 1, black=4)
    assert m.private_lines(0) == lines  # nothing of the other seat's secrets shows


def test_a_whole_game_shows_no_lattice_ids_and_labels_fit() -> None:
    m = greedy(3, 2)
    assert not [t for _, t in m.lines if LATTICE_ID.search(t)]
    m = rules.new_match("spike", 3, 2)
    for _ in range(150):
        if m.over:
            break
        seat = m.to_act()[0]
        prompt = m.prompt(seat)
        assert prompt and not LATTICE_ID.search(prompt), prompt
        choices = m.choices(seat)
        for c in choices:
            assert c.label and len(c.label) <= 100 and not LATTICE_ID.search(c.label), c
        m.act(seat, max(choices, key=lambda c: c.action.startswith(("lay", "from", "build")))
              .action)


def test_guide_explains_every_card_good_and_action() -> None:
    guide = rules.guide("spike")
    assert 3 <= len(guide.pages) <= 6
    assert guide.pages[-1][0] == "Our adaptations"
    for name in (*BOARD.goods, *(k.card for k in BOARD.kinds), *(k.name for k in BOARD.kinds),
                 "joker", "time cards", "route card", "contract", "display", "goods market",
                 "junction", "build", "restart", "extra move", "upgrade", "free move", "load",
                 "deliver", "drop", "speed", "power", "cargo", "passing a city", "special end",
                 "fruits", "vaches", "cochons", "expert game", "junction names"):
        assert guide.topic(name) is not None, name
    assert not any(word in text.lower() for _, text in guide.pages
                   for word in ("/play", "button", "menu"))


def test_refusals_never_fail_and_never_show_ids() -> None:
    from rules.spike.refusals import VERB_STEPS

    m = rules.new_match("spike", 3, 7)
    tails = ["", "raleigh", "raleigh ne", "gotham", "wheat", "blue", "speed", "r9c12", "a"]
    for _ in range(120):
        if m.over:
            break
        seat = m.to_act()[0]
        for verb in (*VERB_STEPS, "chicago", "norfolk sw", "xyzzy"):
            for tail in tails:
                typed = f"{verb} {tail}".strip()
                reason = m.refusal(seat, typed)
                assert reason is None or (reason.endswith((".", "?")) and (
                    "r9c12" in typed or not LATTICE_ID.search(reason))), (typed, reason)
        m.act(seat, m.legal(seat)[-1] if len(m.legal(seat)) < 3 else m.legal(seat)[1])
