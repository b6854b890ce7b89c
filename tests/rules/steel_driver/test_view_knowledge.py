"""What a seat knows at the table is in its view, and every seat knows the same.

Steel Driver has no hidden information; from the rulebook a seat may know:
- the board: links built and by whom, cities and their goods cubes (« Phase 3 », « Phase 6 »);
- each player's investment cubes, cash and shares (« Installation du jeu »: the bank is open);
- each company's cubes, profit, controller, shares left, rails left, network, turn order and
  « Pass » row (« Phase 3 : construction de rails »);
- what was said in the auctions (« Phase 2 : mise aux enchères »): who holds the active marker,
  how many players in a row passed it (« Lorsque tous les joueurs passent » ends the phase),
  who opened the auction under way, its high bid and bidder, who dropped out of it (« un joueur
  qui passe ne peut plus participer à cette enchère »), and who opened the last one (« le
  marqueur joueur actif est donné au joueur situé à la gauche du dernier joueur à avoir mis un
  marqueur de contrôle aux enchères »).
The auction items are checked against the public log lines, as a player at the table heard them.
"""

from __future__ import annotations

import random
from typing import Any

from rules.steel_driver import SteelDriver
from tests.rules.steel_driver.helpers import due, new


def _heard(m: SteelDriver) -> dict[str, Any]:
    """The auction so far, read from the public log lines alone."""
    seat = {name: i for i, name in enumerate(m.players)}
    heard: dict[str, Any] = {"passes": 0, "opener": None, "last_opener": None, "dropped": []}
    auctions = False
    for _, text in m.lines:
        who = seat.get(text.split(" ", 1)[0])
        if text.startswith("Round "):
            auctions, heard["passes"] = True, 0
        elif text.startswith("Auctions are over."):
            auctions = False
        elif not auctions or who is None:
            continue
        elif text.endswith(" up for auction."):
            heard["opener"], heard["dropped"] = who, []
        elif " passes on " in text:
            heard["dropped"].append(who)
        elif text.endswith((" passes.", " passes (no cubes).")):
            heard["passes"] += 1
        elif " wins " in text:
            heard.update(passes=0, last_opener=heard["opener"], opener=None)
    return heard


def _check(m: SteelDriver) -> None:
    """Every seat's view holds the table as it stands and the auction as it was said."""
    view, s = m.view(None), m.state
    assert all(m.view(seat) == view for seat in range(len(m.players)))  # nothing is secret
    heard = _heard(m)
    assert view["last_opener"] == heard["last_opener"]
    if s["phase"] == "auction":
        assert view["passes_in_a_row"] == heard["passes"]
        assert view["active_player"] == s["active"]
    auction = view["auction"]
    if auction is not None:
        assert auction["opener"] == heard["opener"]
        assert sorted(auction["passed"]) == sorted(heard["dropped"])
        assert set(auction["passed"]) | set(auction["in"]) == set(range(len(m.players)))
        assert auction["high_bid"] == s["auction"]["high_bid"]
    for i, p in enumerate(view["players"]):
        state = s["players"][i]
        assert (p["cubes"], p["cash"], p["shares"]) == \
            (state["cubes"], state["cash"], state["shares"])
    for c in view["companies"]:
        co = s["companies"][c["id"]]
        assert (c["cubes"], c["profit"], c["controller"], c["last_controller"]) == \
            (co["cubes"], co["profit"], co["controller"], co["last_controller"])
        assert c["shares"] == [p["shares"][c["id"]] for p in s["players"]]
    assert {link["id"]: link["owner"] for link in view["links"]} == s["links"]


def test_every_seat_sees_the_board_and_what_the_auctions_said() -> None:
    opened = dropped = passed = 0
    for seed, players in ((3, 3), (4, 4)):
        m, rng = new(players, seed), random.Random(seed)
        while not m.over:
            _check(m)
            view = m.view(None)
            opened += view["auction"] is not None
            dropped += bool(view["auction"] and view["auction"]["passed"])
            passed += view["passes_in_a_row"] > 0
            seat = due(m)
            m.act(seat, rng.choice(m.legal(seat)))
        _check(m)
    assert opened and dropped and passed  # the games went through each kind of moment


def test_the_last_opener_stays_known_into_the_next_round() -> None:
    m, rng = new(3, 7), random.Random(7)
    while m.state["round"] < 2 or m.state["phase"] != "auction":
        seat = due(m)
        m.act(seat, rng.choice(m.legal(seat)))
    heard = _heard(m)
    assert heard["last_opener"] is not None
    assert m.view(None)["last_opener"] == heard["last_opener"]
    assert m.view(None)["passes_in_a_row"] == heard["passes"]
