"""The rulebook's 'Exemple de partie' (Tokyo, four players, first two rounds), step by step.

Two places of the example do not fit the board or the rules, and are adapted (see comments):
Red's first rail "in Yokohama", where his starting rail already is, and his second-turn rail
"on the river left of Mizonoguchi", which the digest (shared/games/trains.md 1.4) shows is not
adjacent to his network on the real board: that build is skipped.
"""

from __future__ import annotations

from rules.trains import Trains
from tests.rules.trains.helpers import due, pick_hex, play, set_cards, start

N, L, S = "normal-train", "lay-rails", "station-expansion"
VIOLET, YELLOW, GREY, RED = 0, 1, 2, 3


def _example() -> Trains:
    """Violet, Yellow, Grey and Red on Tokyo with the example's 8 cards; Violet starts."""
    seed = next(s for s in range(100)
                if Trains(["a", "b", "c", "d"], s, {}).state["first"] == VIOLET)
    m = Trains(["Violet", "Yellow", "Grey", "Red"], seed,
               {"map": "tokyo", "kingdom": "tokyo-beginner"})
    assert set(m.state["kingdom"]) == {"landfill", "conductors-station", "passing-station",
                                       "holiday-timetable", "steel-bridge", "amusement-park",
                                       "maintenance-factory", "dump-site"}
    start(m, "shinagawa-meguro", "ikebukuro-ueno", "tachikawa", "yokohama")
    # The example's opening hands; each deck holds the rest of that player's 10 cards.
    set_cards(m, VIOLET, [L, L, N, N, S], deck=[N] * 5)
    set_cards(m, YELLOW, [N, N, N, N, S], deck=[N, N, N, L, L])
    set_cards(m, GREY, [N, N, N, N, S], deck=[N, N, N, L, L])
    set_cards(m, RED, [N, N, N, L, S], deck=[N, N, N, N, L])
    return m


def _after_end(m: Trains, seat: int) -> tuple[int, int, int]:
    p = m.state["players"][seat]
    return len(p["hand"]), len(p["deck"]), len(p["discard"])


def test_example_first_round() -> None:
    m = _example()
    assert due(m) == VIOLET
    play(m, "play lay-rails", "lay e6")  # left of Shinagawa-Meguro: a field, free
    assert m.state["turn"]["coins"] == 0 and m.state["turn"]["gained"] == ["waste"]
    play(m, "play normal-train", "play lay-rails")
    assert "lay shinjuku-shibuya" in m.legal(VIOLET)
    play(m, "lay shinjuku-shibuya")  # a city: 1 coin
    assert m.state["turn"]["coins"] == 0
    play(m, "play station-expansion")
    pick_hex(m, "station", "shinjuku-shibuya")
    assert m.state["turn"]["gained"] == ["waste"] * 3
    play(m, "end turn")  # one Normal Train left unplayed
    assert _after_end(m, VIOLET) == (5, 0, 8)  # 4 played + 1 in hand + 3 Waste

    for seat, city in ((YELLOW, "ikebukuro-ueno"), (GREY, "tachikawa")):
        assert due(m) == seat
        play(m, "play station-expansion")
        pick_hex(m, "station", city)
        play(m, *["play normal-train"] * 4, "buy amusement-park", "end turn")
        assert _after_end(m, seat) == (5, 0, 7)

    assert due(m) == RED
    play(m, "play normal-train", "play lay-rails")
    # "Il construit dans Yokohama": his starting rail is already there (one cube per space),
    # so he builds on the river next to it, which costs the same 1 coin.
    assert "lay yokohama" not in m.legal(RED)
    play(m, "lay h3")
    assert m.state["turn"]["coins"] == 0
    play(m, "play station-expansion")
    pick_hex(m, "station", "yokohama")
    play(m, "play normal-train", "play normal-train", "buy landfill")
    assert m.state["turn"]["gained"] == ["waste", "waste", "landfill"]
    play(m, "end turn")
    assert _after_end(m, RED) == (5, 0, 8)
    assert m.state["stations"] == {"shinjuku-shibuya": 1, "ikebukuro-ueno": 1, "tachikawa": 1,
                                   "yokohama": 1}
    assert m.state["supply"]["amusement-park"] == 8


def test_example_second_round() -> None:
    m = _example()
    play(m, "play lay-rails", "lay e6", "play normal-train", "play lay-rails",
         "lay shinjuku-shibuya", "play station-expansion", "station shinjuku-shibuya", "end turn")
    for city in ("ikebukuro-ueno", "tachikawa"):
        play(m, "play station-expansion", f"station {city}", *["play normal-train"] * 4,
             "buy amusement-park", "end turn")
    play(m, "play normal-train", "play lay-rails", "lay h3", "play station-expansion",
         "station yokohama", "play normal-train", "play normal-train", "buy landfill", "end turn")

    # Violet: five Normal Trains buy a Dump Site; the empty deck is reshuffled to draw 5.
    assert sorted(m.state["players"][VIOLET]["hand"]) == [N] * 5
    lines = play(m, *["play normal-train"] * 5, "buy dump-site", "end turn")
    assert any("Violet shuffles the discard pile into a new deck (14 cards)" in x for x in lines)
    assert _after_end(m, VIOLET) == (5, 9, 0)

    # Yellow: a field left of Ikebukuro-Ueno, then Kichijoji (city, 1 coin), Conductor's Station.
    play(m, "play lay-rails", "lay c6", "play normal-train", "play lay-rails", "lay kichijoji")
    assert m.state["turn"]["coins"] == 0
    play(m, "play normal-train", "play normal-train", "buy conductors-station")
    assert m.state["turn"]["gained"] == ["waste", "waste", "conductors-station"]
    play(m, "end turn")
    assert _after_end(m, YELLOW) == (5, 10, 0)

    # Grey: right of Tachikawa and below-left of Kichijoji, both fields; an Express Train.
    play(m, "play lay-rails", "lay c4", "play lay-rails", "lay d4")
    play(m, *["play normal-train"] * 3, "buy express-train", "end turn")
    assert _after_end(m, GREY) == (5, 10, 0)

    # Red: "the river left of Mizonoguchi" is not adjacent to his rails on the real board
    # (digest 1.4): that build is skipped; he plays his trains and buys an Express Train.
    play(m, "play normal-train", "play lay-rails")
    assert not any(a.endswith("f2") for a in m.legal(RED))
    play(m, "skip", *["play normal-train"] * 3, "buy express-train", "end turn")
    assert _after_end(m, RED) == (5, 9, 0)  # 8 + 5 played + Express, 5 drawn
    assert m.state["cubes"]["kichijoji"] == [YELLOW] and m.state["cubes"]["d4"] == [GREY]
