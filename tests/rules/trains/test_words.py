"""What a newcomer reads: labels with prices, refusals with reasons, names from the board."""

from __future__ import annotations

import random
import re

import pytest

import rules
from rules.trains import Trains
from rules.trains.game import KINGDOMS
from tests.rules.trains.helpers import due, new, play, ready, set_cards

# Card ids ("lay-rails") and lower-case space ids ("d4") are not what the board shows.
RAW_ID = re.compile(r"\b[a-z]+-[a-z]+(-[a-z]+)*\b|\b[a-h]\d{1,2}\b")
CITY_NAMES = ("Ikebukuro-Ueno", "Shinjuku-Shibuya", "Tokyo-Akihabara", "Shinagawa-Meguro")


def label(m: Trains, action: str) -> str:
    """The label the due seat sees for one of its actions."""
    return next(c.label for c in m.choices(due(m)) if c.action == action)


def refused(m: Trains, text: str) -> str:
    """The answer to a refused move (and the match is unchanged)."""
    before = m.to_json()
    with pytest.raises(rules.IllegalAction) as caught:
        m.act(due(m), text)
    assert m.to_json() == before
    return str(caught.value)


def test_buy_labels_say_the_price_what_is_left_and_what_the_card_gives() -> None:
    m = ready(kingdom="osaka-beginner")
    set_cards(m, due(m), ["normal-train"])
    m.state["turn"]["coins"] = 7
    assert label(m, "buy tower") == "Buy Tower: 5 of your 7 coins, 2 VP at the end, +1 Waste now"
    assert label(m, "buy express-train") == (
        "Buy Express Train: 3 of your 7 coins, +2 coins when played")
    assert label(m, "buy tunnel").startswith("Buy Tunnel: 5 of your 7 coins, no mountain cost")
    assert label(m, "end turn") == ("End the turn: discard all, draw 5 new cards (7 coins "
                                    "unspent) ⚠ Normal Train left unplayed")
    assert label(m, "play normal-train") == "Play Normal Train: +1 coin"


def test_play_labels_say_what_the_card_does_and_when_it_cannot() -> None:
    m = ready(hexes=["d4", "g4"], kingdom="osaka-beginner")
    set_cards(m, due(m), ["lay-rails", "bullet-train", "ironworks"])
    # With no coin yet, only the two plains next to D4 are affordable.
    assert label(m, "play lay-rails") == "Play Lay Rails: lay 1 rail (2 spaces in reach), +1 Waste"
    assert "can't be used now" in label(m, "play bullet-train")  # no Normal Train in play
    play(m, "play ironworks")
    assert label(m, "play lay-rails").startswith("Play Lay Rails: +2 coins, lay 1 rail")


def test_lay_labels_break_the_cost_down_and_count_the_waste() -> None:
    m = ready(3, hexes=["d4", "c4", "d5"])
    seat = due(m)
    set_cards(m, seat, ["lay-rails"])
    m.state["turn"]["coins"] = 7
    m.state["stations"]["kichijoji"] = 1
    m.state["cubes"]["kichijoji"] = [(seat + 1) % 3]
    play(m, "play lay rails")
    assert label(m, "lay kichijoji") == (
        "Lay on Kichijoji (C5): 3 of your 7 coins (city 1, 1 station, 1 rival rail), +2 Wastes")
    assert label(m, "lay d3") == "Lay on D3 (river): 1 of your 7 coins (river 1), +1 Waste"
    assert {c.group for c in m.choices(seat) if c.action.startswith("lay ")} == {
        "Row C", "Row D", "Row E"}


def test_station_labels_say_the_slot_and_the_vp_it_makes() -> None:
    m = ready()
    set_cards(m, due(m), ["station-expansion"])
    play(m, "play station expansion")
    m.state["stations"]["yokohama"] = 1
    assert label(m, "station yokohama") == (
        "Station on Yokohama (H2): slot 2 of 3, each rail there 2→4 VP, +1 Waste")


def test_refusals_name_the_reason_and_the_numbers() -> None:
    m = ready(kingdom="osaka-beginner")
    set_cards(m, due(m), ["lay-rails", "tower", "waste"])
    m.state["turn"]["coins"] = 4
    assert "Tower costs 5 and you have 4 coins" in refused(m, "buy tower")
    assert "you have no Bullet Train in your hand (your hand: Lay Rails, Tower, Waste)" in \
        refused(m, "play bullet")
    assert "Tower is a VP card: it cannot be played" in refused(m, "play tower")
    assert "Waste can never be bought" in refused(m, "buy waste")
    assert "Normal Train is not in this game's supply" in refused(m, "buy normal train")
    assert "Tunnel is not in this game's supply" not in refused(m, "buy tunnel")  # it is here
    assert "play a Rail card such as Lay Rails first" in refused(m, "lay d4")
    assert "no Trains card is called “zeppelin”" in refused(m, "play zeppelin")


def test_rail_refusals_say_what_is_in_the_way() -> None:
    m = ready(3, hexes=["d4", "c4", "tachikawa"])
    seat = due(m)
    set_cards(m, seat, ["lay-rails", "tower"])
    m.state["stations"]["kichijoji"] = 1
    m.state["cubes"]["kichijoji"] = [(seat + 1) % 3]
    m.state["turn"]["coins"] = 1
    play(m, "play lay rails")
    assert "a rail on Kichijoji (C5) costs 3 (city 1, 1 station, 1 rival rail) and you have " \
        "1 coin" in refused(m, "lay kichijoji")
    assert "Chichibu (A1) is not next to any of your rails" in refused(m, "lay a1")
    assert "E9 is sea" in refused(m, "lay e9")
    assert "you already have a rail on D4 (plain)" in refused(m, "lay d4")
    assert "finish Lay Rails first: choose a space, or skip it" in refused(m, "buy tower")
    assert "no space called “atlantis” on the Tokyo map" in refused(m, "lay atlantis")


def test_a_barrier_is_named_when_it_cuts_a_space_off() -> None:
    m = ready(hexes=["tachikawa", "g4"])
    set_cards(m, due(m), ["lay-rails"])
    play(m, "play lay rails")
    assert "a barrier line separates Tokorozawa (B3) from your rail on Tachikawa (C3)" in \
        refused(m, "lay tokorozawa")


def test_steps_out_of_order_say_which_comes_first() -> None:
    m = new(2)
    assert "first place your starting rail" in refused(m, "buy tower")
    assert "no rows to choose: name the space itself" in refused(m, "row c")
    old = Trains(["P0", "P1"], 0, {}, rules_version=1)
    assert "choose the row first: `row c` holds Kichijoji (C5)" in refused(old, "start kichijoji")
    old.act(due(old), "row d")
    assert "you are looking at row D; go `back`" in refused(old, "start kichijoji")


def test_starting_spaces_by_name_label_or_both() -> None:
    m = new(4)
    first = due(m)
    m.act(first, "Kichijoji")
    m.act(due(m), "start C4")
    m.act(due(m), "shinjuku shib")  # words cut short
    assert "already holds P" in refused(m, "start c5")
    assert "Chiba (E10) is a remote location" in refused(m, "start chiba")
    m.act(due(m), "d4")
    assert set(m.state["cubes"]) == {"kichijoji", "c4", "shinjuku-shibuya", "d4"}


def test_card_steps_take_bare_card_names_and_refuse_cards_not_held() -> None:
    m = ready(kingdom="osaka-beginner")
    set_cards(m, due(m), ["garage", "normal-train", "waste"], deck=["tower", "lay-rails"])
    play(m, "play garage", "apply")
    assert label(m, "discard waste") == "Discard Waste (2 to discard)"
    assert "you have no Skyscraper in your hand" in refused(m, "discard skyscraper")
    assert "finish Garage first: discard 2 cards from your hand" in refused(m, "end turn")
    m.act(due(m), "Dechets")  # the French name of Waste, alone
    assert label(m, "discard tower") == "Discard Tower (the last to discard)"


def test_prompts_name_things_as_the_board_does() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        m = Trains(["Ann", "Bob", "Cy"], seed, {"map": ("tokyo", "osaka")[seed % 2],
                                                "kingdom": KINGDOMS[seed % len(KINGDOMS)]})
        for _ in range(300):
            if m.over:
                break
            seat = due(m)
            said = m.prompt(seat)
            for name in CITY_NAMES:
                said = said.replace(name, "")
            assert said and not RAW_ID.search(said), said
            for c in m.choices(seat):
                text = c.label
                for name in CITY_NAMES:
                    text = text.replace(name, "")
                assert 0 < len(c.label) <= 100 and not RAW_ID.search(text), c
            m.act(seat, rng.choice(m.legal(seat)))


def test_private_lines_give_the_hand_piles_and_decision_in_words() -> None:
    m = new(2, 3)
    seat = due(m)
    set_cards(m, seat, ["normal-train"] * 3 + ["lay-rails", "station-expansion"],
              deck=["normal-train"] * 4 + ["tower"], discard=["waste"])
    lines = m.private_lines(seat)
    assert lines[0] == "Your hand (5): Lay Rails, 3 × Normal Train, Station Expansion."
    assert lines[1] == "Your deck: 5 cards."
    assert lines[2] == "Your deck holds 4 × Normal Train, Tower."
    assert lines[3] == "Your discard pile (1): Waste."
    assert lines[4] == ("You own 11 cards: Lay Rails, 7 × Normal Train, Station Expansion, "
                        "Tower, Waste.")
    assert lines[5].startswith("Now: place your free starting rail")
    assert not any("kind" in line or "optional" in line for line in lines)
    other = 1 - seat
    theirs = m.private_lines(other)
    set_cards(m, seat, ["tower"] * 5)  # another seat's cards never show in this panel
    assert m.private_lines(other) == theirs and len(theirs) == 5


def test_private_lines_keep_what_the_seat_saw() -> None:
    m = ready(kingdom="reforming-tunneling")
    set_cards(m, due(m), ["signals"], deck=["normal-train", "skyscraper"])
    play(m, "play signals", "apply")
    lines = m.private_lines(due(m))
    assert "Now: you looked at the top card of your deck, Skyscraper" in lines[-1]
    assert label(m, "keep top") == "Keep Skyscraper on top of your deck"
    assert "Skyscraper" not in m.prompt(due(m))  # the prompt is public
