"""What a newcomer reads: prompts and labels with prices, refusals that say why, spellings."""

from __future__ import annotations

import re

import pytest

import rules
from rules.core.choices import LABEL_LIMIT
from rules.steel_driver import SteelDriver
from tests.rules.steel_driver.helpers import due, new, pass_auctions, sell
from tests.rules.steel_driver.test_final import _play_to_final

SLUG = re.compile(r"\b[a-z]+-[a-z]+\b")  # ids such as "new-york-boston" never reach a player
COMPANY_IDS = re.compile(r"\b(bo|prr|nyc|sp|atsf)\b")  # lower-case ids ("up" is a word)


def _refused(m: rules.Match, seat: int, text: str) -> str:
    """The refusal message, checking that nothing changed."""
    before = m.to_json()
    with pytest.raises(rules.IllegalAction) as info:
        m.act(seat, text)
    assert m.to_json() == before
    return str(info.value)


def _build_phase(bid: int = 5, players: int = 4) -> tuple[SteelDriver, int]:
    """B&O sold to the first player, everyone else passes: B&O is due to build."""
    m = new(players, 3)
    owner = due(m)
    sell(m, "bo", owner, bid=bid)
    pass_auctions(m)
    assert due(m) == owner
    return m, owner


def _readable(text: str) -> None:
    """No internal ids, within the label limit."""
    assert not SLUG.search(text), text
    assert not COMPANY_IDS.search(text), text


# -- auctions ----------------------------------------------------------------------------------
def test_auction_prompt_and_labels_say_what_is_for_sale() -> None:
    m = new(4, 3)
    seat = due(m)
    assert m.prompt(seat) == (f"{m.players[seat]} (8 cubes): put a company up for auction "
                              "(B&O, PRR, NYC, UP, SP, ATSF) or pass.")
    labels = {c.action: c.label for c in m.choices(seat)}
    assert labels["auction bo"] == ("Auction B&O: empty box, no track yet; "
                                    "winner gets control + 1 of 5 shares")
    assert labels["pass"].startswith("Pass: open no auction now;")


def test_auction_label_shows_track_box_and_who_holds_shares() -> None:
    m, owner = _build_phase(bid=2, players=3)
    m.act(owner, "build new-york-boston")  # all its cubes: B&O passes, round 2 starts
    seat = due(m)
    holder = "you" if seat == owner else m.players[owner]
    label = next(c.label for c in m.choices(seat) if c.action == "auction bo")
    assert label == f"Auction B&O: empty box, 2 cities from New York; shares {holder} 1"
    m.state["companies"]["bo"]["cubes"] = 3  # as if it had kept 3 cubes from round 1
    label = next(c.label for c in m.choices(seat) if c.action == "auction bo")
    assert label.startswith("Auction B&O: 3 cubes in box, 2 cities from New York;")


def test_bid_labels_show_what_the_bid_costs_and_beats() -> None:
    m = new(4, 3)
    a = due(m)
    m.act(a, "auction up")
    assert m.prompt(a) == f"{m.players[a]}: make the opening bid for UP, 1 to 8 cubes."
    labels = [c.label for c in m.choices(a)]
    assert labels[2] == "Bid 3 for UP (opening bid): pay 3 of your 8 cubes into its box if you win"
    assert labels[-1].endswith("pay all your 8 cubes into its box if you win")
    m.act(a, "bid 3")
    b = due(m)
    assert "bid more than 3 for UP" in m.prompt(b) and f"{m.players[a]} leads" in m.prompt(b)
    labels = [c.label for c in m.choices(b)]
    assert labels[0] == f"Bid 4 for UP (beats {m.players[a]}'s 3): pay 4 of your 8 cubes into " \
                        "its box if you win"
    assert labels[-1] == f"Pass: drop out of the UP auction for good ({m.players[a]} leads with 3)"


def test_a_bid_above_the_cubes_held_says_how_many_there_are() -> None:
    m = new(4, 3)
    seat = due(m)
    m.act(seat, "auction up")
    assert _refused(m, seat, "bid 9").endswith("you have 8 cubes; a bid of 9 needs 9.")
    assert "a bid is at least 1 cube" in _refused(m, seat, "bid 0")
    assert "a bid is at least 1 cube" in _refused(m, seat, "bid -1")
    assert "you make the first bid: 1 to 8 cubes" in _refused(m, seat, "pass")


def test_a_bid_not_above_the_lead_names_the_lead() -> None:
    m = new(4, 3)
    a = due(m)
    m.act(a, "auction up")
    m.act(a, "bid 3")
    reason = _refused(m, due(m), "bid 3")
    assert f"{m.players[a]} leads with 3; bid at least 4 (you have 8)" in reason


def test_auctions_refused_for_sold_or_unknown_companies_and_out_of_order() -> None:
    m = new(4, 3)
    owner = due(m)
    sell(m, "up", owner, bid=3)
    seat = due(m)
    assert f"UP is already sold this round: {m.players[owner]} controls it" in _refused(
        m, seat, "auction union pacific")
    assert "there is no company called `zz`; the companies are B&O, PRR" in _refused(
        m, seat, "auction zz")
    assert "no auction is running" in _refused(m, seat, "bid 2")
    assert "building comes after the auctions" in _refused(m, seat, "build boston new york")
    m.act(seat, "auction nyc")
    assert "the NYC auction is still running" in _refused(m, seat, "auction b&o")


def test_companies_and_bids_are_accepted_by_full_name_short_name_or_number() -> None:
    m = new(4, 3)
    seat = due(m)
    m.act(seat, "auction Baltimore and Ohio")
    assert m.state["auction"]["company"] == "bo"
    m.act(seat, "4")
    assert m.state["auction"]["high_bid"] == 4
    m2 = new(4, 3)
    m2.act(due(m2), "B&O")
    assert m2.state["auction"]["company"] == "bo"


# -- building ----------------------------------------------------------------------------------
def test_build_labels_show_direction_price_and_profit() -> None:
    m, owner = _build_phase(bid=5)
    assert m.prompt(owner) == (f"{m.players[owner]}: build one link for B&O starting at a start "
                               "city (hexagon); it has 5 cubes and 17 rails.")
    choices = {c.action: c for c in m.choices(owner)}
    ny_phl = choices["build new-york-philadelphia"]
    assert ny_phl.label == "Build New York → Philadelphia for B&O: 1 of 5 cubes, +$30 profit"
    assert ny_phl.group == "From New York"
    # All its cubes, no other company able to build: the label says the round ends.
    assert choices["build san-francisco-seattle"].label.endswith(
        "all 5 cubes, +$20 profit ⚠ ends round 1")
    for c in choices.values():
        _readable(c.label)
        assert len(c.label) <= LABEL_LIMIT


def test_build_label_says_when_a_link_adds_no_profit() -> None:
    m, owner = _build_phase(bid=9, players=3)
    m.act(owner, "build new-york-philadelphia")
    m.act(owner, "build philadelphia-buffalo")
    label = next(c.label for c in m.choices(owner) if c.action == "build buffalo-new-york")
    assert label == "Build Buffalo → New York for B&O: 2 of 6 cubes, +$0 (already reached)"
    assert "from New York, Philadelphia or Buffalo" in m.prompt(owner)


def test_build_label_announces_the_transcontinental_bonus() -> None:
    m, owner = _build_phase(bid=5)
    # As if other companies had laid rail from New York to Salt Lake City already.
    path = ["new-york-philadelphia", "buffalo-philadelphia", "buffalo-cleveland",
            "cleveland-detroit", "chicago-detroit", "chicago-omaha", "cheyenne-omaha",
            "cheyenne-salt-lake-city"]
    for lid in path:
        m.state["links"][lid] = "nyc"
    label = m.plain_label(owner, "build san-francisco-salt-lake-city")
    assert label.endswith("+$20 profit, +$50 transcontinental")


@pytest.mark.parametrize("text", ["build Atlanta → Savannah", "Charleston Savannah",
                                  "build charleston to savannah", "charleston-savannah"])
def test_links_are_accepted_the_way_the_board_names_them(text: str) -> None:
    m, owner = _build_phase(bid=5)
    if "atlanta" in text.lower():  # Atlanta is no start city: refused with the reason
        assert "first link starts at a start city (hexagon)" in _refused(m, owner, text)
        return
    m.act(owner, text)
    assert m.state["links"]["charleston-savannah"] == "bo"


def test_build_refusals_name_the_link_and_the_numbers() -> None:
    m, owner = _build_phase(bid=5)
    assert "no link joins Denver and Omaha on the map; from Denver links go to Albuquerque" in (
        _refused(m, owner, "build denver omaha"))
    assert "there is no city called `zork` on the map" in _refused(m, owner, "build boston zork")
    assert "B&O must build while it can: with 5 cubes it can afford 18 links" in _refused(
        m, owner, "pass")
    assert "the auctions of round 1 are over" in _refused(m, owner, "bid 3")
    m.act(owner, "build new york philadelphia")
    m.state["links"]["baltimore-philadelphia"] = "prr"  # as if PRR had built it
    assert "Philadelphia–Baltimore already carries PRR's rail" in _refused(
        m, owner, "build philadelphia baltimore")
    assert "B&O's rails don't reach Pittsburgh or Cincinnati; build from a city on its line: " \
           "New York and Philadelphia" in _refused(m, owner, "build pittsburgh cincinnati")


def test_a_link_the_company_cannot_afford_says_its_price() -> None:
    m, owner = _build_phase(bid=2, players=3)
    assert "Boston–Buffalo costs 3 cubes; B&O has 2." in _refused(m, owner, "build boston buffalo")


# -- final phase -------------------------------------------------------------------------------
def test_take_labels_name_the_city_colour_and_value_change() -> None:
    m, _ = _play_to_final(1)
    seat = due(m)
    cid = m.state["order"][m.state["turn"]]
    name = m.board.company(cid).name
    assert m.prompt(seat).startswith(f"{m.players[seat]}: take a goods cube for {name} ")
    for c in m.choices(seat):
        city = m.board.city_by_slug(c.action.removeprefix("take "))
        colour = m.board.cities[city].colour
        assert c.label.startswith(f"Take the {colour} cube from {city} for {name}: share value $")
        _readable(c.label)
    first = m.choices(seat)[0]
    city = m.board.city_by_slug(first.action.removeprefix("take "))
    m.act(seat, city)  # the bare city name, as the map prints it
    while due(m) == seat and m.state["phase"] == "final":
        m.act(seat, m.legal(seat)[0])
    if m.state["phase"] == "final":
        assert f"{city}'s goods cube was already taken." in _refused(m, due(m), f"take {city}")


def test_take_refusals_say_what_is_in_reach() -> None:
    m, _ = _play_to_final(1)
    seat = due(m)
    cid = m.state["order"][m.state["turn"]]
    network = m.state["companies"][cid]["network"]
    away = next(c for c in m.board.cities if c not in network and c in m.state["goods"])
    name = m.board.company(cid).name
    assert f"{name}'s rails don't reach {away}; it can take from" in _refused(
        m, seat, f"take {away}")
    bare = next((c for c in m.board.cities if c not in m.state["goods"]), None)
    if bare is not None:
        assert f"{bare} has no goods cube: no rail reaches it." in _refused(m, seat, f"take {bare}")
    assert "companies now take goods cubes" in _refused(m, seat, "bid 3")


# -- whole games -------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_prompt_and_label_of_a_game_is_readable(seed: int) -> None:
    m = new(3 + seed, seed)
    step = 0
    while not m.over:
        seat = due(m)
        _readable(m.prompt(seat))
        choices = m.choices(seat)
        assert [c.action for c in choices] == m.legal(seat)
        for c in choices:
            _readable(c.label)
            assert len(c.label) <= LABEL_LIMIT
        assert m.private_lines(seat) == []  # no hidden information in this game
        step += 1
        m.act(seat, choices[(step * 7) % len(choices)].action)


def test_long_bid_lists_come_in_groups_of_ten() -> None:
    m = new(4, 3)
    seat = due(m)
    m.state["players"][seat]["cubes"] = 34  # as if saved up over several rounds
    m.act(seat, "auction sp")
    groups = [c.group for c in m.choices(seat)]
    assert groups[0] == "Bids 1–10" and groups[33] == "Bids 31–40"
    assert len(set(groups)) == 4 and len(groups) == 34
    m.act(seat, "bid 2")
    m.act(due(m), "bid 3")
    m.act(due(m), "bid 4")
    m.act(due(m), "bid 5")
    short = m.choices(seat)  # 29 bids from 6 to 34, and the pass
    assert short[-1].group == "Pass" and short[0].group == "Bids 1–10"


def test_near_misses_are_answered_with_names_as_the_board_prints_them() -> None:
    m, owner = _build_phase(bid=5)
    reason = _refused(m, owner, "1 charleston savannah")
    # The hint is the label as the screen shows it, which plays when typed back.
    assert "Did you mean `Build Charleston → Savannah for B&O" in reason, reason
    assert not SLUG.search(reason), reason
    reason = _refused(m, owner, "build savannah atlanta union")
    assert "there is no city called `union` on the map" in reason
    # "st louis" is one city, never "St. Louis" and "Louisville".
    assert "B&O has no track yet" in _refused(m, owner, "build st louis")
    assert "St. Louis was named twice" in _refused(m, owner, "build st louis st louis")


def test_an_ambiguous_link_lists_the_links_with_their_prices() -> None:
    m, owner = _build_phase(bid=5)
    reason = _refused(m, owner, "build new york")
    assert "Build New York → Philadelphia for B&O: 1 of 5 cubes, +$30 profit" in reason
    assert not SLUG.search(reason)
