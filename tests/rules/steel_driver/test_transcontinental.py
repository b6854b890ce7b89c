"""Liaison transcontinentale: New York to San Francisco, +$50 to the builder, +$30 to the others."""

from __future__ import annotations

from rules.steel_driver.board import load_board, transcontinental_route
from tests.rules.steel_driver.helpers import due, new, pass_auctions, sell

NORTH = ["buffalo-new-york", "buffalo-detroit", "chicago-detroit"]  # New York to Chicago
VIA_SEATTLE = ["chicago-minneapolis", "minneapolis-seattle", "san-francisco-seattle"]
VIA_OMAHA = ["chicago-omaha", "cheyenne-omaha", "cheyenne-salt-lake-city",
             "salt-lake-city-san-francisco"]


def _owners(**companies: list[str]) -> dict[str, str]:
    return {lid: cid for cid, links in companies.items() for lid in links}


def test_not_joined_means_no_route() -> None:
    assert transcontinental_route(_owners(up=NORTH), load_board(), "up") is None


def test_route_with_fewest_companies_wins_even_if_longer() -> None:
    owners = _owners(up=NORTH + VIA_OMAHA, sp=VIA_SEATTLE)
    due_companies, routes = transcontinental_route(owners, load_board(), "up") or ([], [])
    assert due_companies == ["up"]  # one company, 7 rails, beats two companies with 6 rails
    assert len(routes[0]) == 7


def test_then_fewest_rails() -> None:
    owners = _owners(up=NORTH, sp=VIA_SEATTLE, atsf=VIA_OMAHA)
    due_companies, routes = transcontinental_route(owners, load_board(), "up") or ([], [])
    assert due_companies == ["sp", "up"]  # 6 rails via Seattle beat 7 via Omaha
    assert routes == [NORTH + VIA_SEATTLE]


def test_still_tied_routes_all_score() -> None:
    west = ["san-francisco-seattle", "minneapolis-seattle", "chicago-minneapolis"]
    east = ["cincinnati-pittsburgh", "baltimore-pittsburgh", "baltimore-philadelphia",
            "new-york-philadelphia"]
    owners = _owners(up=west + east, sp=["chicago-indianapolis", "cincinnati-indianapolis"],
                     atsf=["chicago-detroit", "cincinnati-detroit"])
    due_companies, routes = transcontinental_route(owners, load_board(), "up") or ([], [])
    assert due_companies == ["atsf", "sp", "up"]
    assert len(routes) == 2


def test_bonus_is_paid_once_to_builder_and_contributors() -> None:
    m = new(3, 0)
    owner = due(m)
    sell(m, "up", owner, bid=9)
    pass_auctions(m)
    s = m.state
    # Lay out the rest of the route as earlier rounds would have: SP owns the west,
    # UP owns New York to Chicago except its last link.
    for lid in VIA_SEATTLE:
        s["links"][lid] = "sp"
    s["companies"]["sp"]["network"] = ["Chicago", "Minneapolis", "Seattle", "San Francisco"]
    for lid in NORTH[:-1]:
        s["links"][lid] = "up"
    s["companies"]["up"]["network"] = ["New York", "Buffalo", "Detroit"]
    lines = m.act(owner, "build detroit-chicago")
    assert any("Transcontinental" in line for line in lines)
    assert s["companies"]["up"]["profit"] == 40 + 50  # Chicago, then the builder's bonus
    assert s["companies"]["sp"]["profit"] == 30
    assert s["transcontinental"]["companies"] == ["sp", "up"]
    # Another route later pays nothing more: the event happens once per game.
    m.act(owner, m.legal(owner)[0])
    assert s["companies"]["sp"]["profit"] == 30
