"""'Télégraphe (Telegraph)': offices, shares, the telegraph tile bonus, worker abilities."""

from __future__ import annotations

from tests.rules.railroad_revolution.helpers import act, due, give, me, ready, start, top


def test_rulebook_example_first_office_3_plus_1_shares_and_the_600_tile() -> None:
    # p.9: Blue builds the First Office: 4 shares (3 + 1), discards a worker and gains $600.
    m = ready(4)
    m.state["telegraph_tiles"]["1"] = "t4"
    seat = due(m)
    give(m, seat, white=5)
    start(m, "telegraph")
    act(m, "office 1")
    p = me(m, seat)
    assert p["shares"] == 3 + 4 and m.state["offices"]["1"] == [seat]
    act(m, "tile bonus", "discard stock white")
    assert p["money"] == 1200 and m.available(seat) == 4
    assert m.state["telegraph_tiles"]["1"] == "t4"  # the tile stays for everyone


def test_rulebook_example_not_first_only_3_shares_but_the_tile_bonus_too() -> None:
    # p.9: Red is not first: only the 3-share main reward, and also the $600 tile bonus.
    m = ready(4)
    m.state["telegraph_tiles"]["1"] = "t4"
    seat = due(m)
    m.state["offices"]["1"] = [(seat + 1) % 4]
    give(m, seat, white=5)
    start(m, "telegraph")
    act(m, "office 1", "tile bonus", "discard board white")
    p = me(m, seat)
    assert p["shares"] == 6 and p["money"] == 1200 and p["board"] == []


def test_the_tile_bonus_needs_a_fifth_worker() -> None:
    m = ready(4)
    seat = due(m)
    start(m, "telegraph")
    act(m, "office 1")
    assert "tile bonus" not in m.legal(seat)  # 4 available workers only


def test_the_tile_bonus_may_be_cancelled() -> None:
    m = ready(4)
    seat = due(m)
    give(m, seat, white=5)
    start(m, "telegraph")
    act(m, "office 1", "tile bonus", "cancel")
    assert "tile bonus" in m.legal(seat) and m.available(seat) == 5


def test_one_office_per_player_per_section_and_offices_use_the_leftmost_building() -> None:
    m = ready(4)
    seat = due(m)
    me(m, seat)["offices"] = [2, 5]
    start(m, "telegraph")
    assert [a for a in m.legal(seat) if a.startswith("office")] == [
        "office 1", "office 3", "office 4", "office 6", "office 7", "office 8"]
    act(m, "office 8")
    assert me(m, seat)["sections"][0] == [0, 2]


def test_a_blocked_first_office_gives_only_the_main_shares() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "telegraph")
    act(m, "office 1")  # 2 players: a neutral building holds the First Office of section 1
    assert me(m, seat)["shares"] == 3 + 3 and m.state["offices"]["1"] == [-1, seat]


def test_an_office_in_a_market_section_resolves_the_market() -> None:
    m = ready(3)
    seat = due(m)
    start(m, "telegraph")
    act(m, "office 3")
    assert top(m)["kind"] == "market" and top(m)["seat"] == seat
    assert me(m, seat)["shares"] == 3 + 2 + 2


def test_grey_takes_the_first_office_bonus_again() -> None:
    m = ready(4)
    seat = due(m)
    start(m, "telegraph", "grey")
    act(m, "office 3")  # 2 + 2 shares
    act(m, "use grey")
    assert me(m, seat)["shares"] == 3 + 4 + 2


def test_orange_gains_100_per_share_taken() -> None:
    m = ready(4)
    seat = due(m)
    start(m, "telegraph", "orange")
    act(m, "office 1", "use orange")
    assert me(m, seat)["money"] == 600 + 400


def test_turquoise_pays_400_for_the_tile_bonus_besides_the_discard() -> None:
    m = ready(4)
    m.state["telegraph_tiles"]["1"] = "t4"
    seat = due(m)
    give(m, seat, white=5)
    start(m, "telegraph", "turquoise")
    act(m, "office 1", "use turquoise", "tile bonus", "discard stock white")
    assert me(m, seat)["money"] == 600 - 400 + 600 + 600


def test_purple_exchanges_a_worker() -> None:
    m = ready(4)
    seat = due(m)
    start(m, "telegraph", "purple")
    act(m, "use purple")
    assert m.legal(seat)[:2] == ["give stock white", "give board purple"]
    act(m, "give board purple", "get grey")
    assert me(m, seat)["board"] == [["telegraph", "grey"]]
    assert m.state["supply"]["purple"] == 13 and m.state["supply"]["grey"] == 11


def test_each_telegraph_tile_bonus() -> None:
    m = ready(4)
    seat = due(m)
    for tile, steps in (("t1", ["rail cha-lrk-1"]), ("t3", ["flip down promote",
                                                            "flip up promote"]),
                        ("t5", ["take shares train"]), ("t6", ["advance telegraph", "done"])):
        m.state["telegraph_tiles"]["1"] = tile
        m.state["offices"]["1"] = []
        me(m, seat)["offices"] = []
        me(m, seat)["sections"][0] = [1, 2]
        give(m, seat, white=6)
        start(m, "telegraph")
        act(m, "office 1", "tile bonus", "discard stock white", *steps)
        assert top(m)["kind"] == "place"
        m.state["turn"] -= 1
        m.state["stack"] = [{"kind": "place", "seat": seat}]
    p = me(m, seat)
    assert "cha-lrk-1" in p["rails"]  # free: no terrain cost, no market
    assert p["trains"][0]["up"] and len(p["trains"]) == 2
    assert p["tracks"]["telegraph"] == 1
    assert p["money"] == 600
