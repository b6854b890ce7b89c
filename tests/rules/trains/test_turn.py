"""The turn: play and buy in any order, coins, pass, clean-up, drawing, the end and scoring."""

from __future__ import annotations

import pytest

import rules
from tests.rules.trains.helpers import due, me, play, ready, set_cards


def test_play_and_buy_in_any_order_coins_last_the_turn() -> None:
    m = ready(kingdom="tokyo-beginner")
    set_cards(m, due(m), ["normal-train", "normal-train", "express-train", "normal-train"])
    play(m, "play normal-train", "play normal-train", "buy landfill", "play express-train")
    assert m.state["turn"]["coins"] == 2
    play(m, "play normal-train", "buy express-train")
    assert m.state["turn"]["coins"] == 0
    assert m.state["turn"]["gained"] == ["landfill", "express-train"]
    assert m.state["supply"]["landfill"] == 9


def test_unspent_coins_are_lost_at_the_end_of_the_turn() -> None:
    m = ready()
    seat = due(m)
    set_cards(m, seat, ["limited-express-train"])
    play(m, "play limited-express-train", "end turn")
    assert m.state["turn"]["coins"] == 0 and due(m) != seat


def test_only_affordable_nonempty_piles_and_never_waste_or_normal_train() -> None:
    m = ready()
    set_cards(m, due(m), ["express-train"])
    play(m, "play express-train")
    legal = m.legal(due(m))
    assert "buy waste" not in legal and "buy normal-train" not in legal
    assert "buy bullet-train" in legal or "bullet-train" not in m.state["kingdom"]
    assert "buy lay-rails" not in legal  # costs 3
    m.state["turn"]["coins"] = 3
    m.state["supply"]["lay-rails"] = 0
    assert "buy lay-rails" not in m.legal(due(m))
    with pytest.raises(rules.IllegalAction):
        m.act(due(m), "buy waste")


def test_vp_cards_cannot_be_played_and_buying_one_gains_a_waste() -> None:
    m = ready()
    set_cards(m, due(m), ["apartment", "waste", "normal-train"])
    assert [a for a in m.legal(due(m)) if a.startswith("play")] == ["play normal-train"]
    m.state["turn"]["coins"] = 8
    play(m, "buy skyscraper")
    assert m.state["turn"]["gained"] == ["waste", "skyscraper"]


def test_pass_returns_every_waste_only_when_nothing_was_played_or_bought() -> None:
    m = ready()
    seat = due(m)
    set_cards(m, seat, ["waste", "waste", "normal-train"])
    m.state["supply"]["waste"] = 60
    lines = play(m, "pass")
    assert "returns 2 Waste" in lines[0]
    assert m.state["supply"]["waste"] == 62
    assert "waste" not in m.state["players"][seat]["discard"]
    other = due(m)
    set_cards(m, other, ["waste", "normal-train"])
    assert "pass" in m.legal(other)
    play(m, "play normal-train")
    assert "pass" not in m.legal(other)  # played a card: no special action any more


def test_clean_up_discards_everything_and_draws_5() -> None:
    m = ready()
    seat = due(m)
    set_cards(m, seat, ["normal-train", "express-train", "lay-rails", "waste"],
              deck=["express-train"] * 6, discard=["tower"])
    play(m, "play normal-train", "play express-train", "buy apartment", "end turn")
    p = m.state["players"][seat]
    assert sorted(p["discard"]) == sorted(["tower", "normal-train", "express-train", "waste",
                                           "apartment", "lay-rails", "waste"])
    assert p["hand"] == ["express-train"] * 5 and p["deck"] == ["express-train"]


def test_reshuffle_only_when_a_draw_needs_it() -> None:
    m = ready()
    seat = due(m)
    set_cards(m, seat, ["normal-train"], deck=["express-train"] * 5, discard=["tower"] * 3)
    lines = play(m, "end turn")
    p = m.state["players"][seat]
    assert p["deck"] == [] and len(p["discard"]) == 4  # deck empty, not reshuffled yet
    assert not any("shuffles" in line for line in lines)


def test_reshuffle_in_mid_draw_takes_the_rest_from_the_new_deck() -> None:
    m = ready()
    seat = due(m)
    set_cards(m, seat, ["normal-train"], deck=["express-train"] * 3, discard=["tower"] * 2)
    lines = play(m, "end turn")
    p = m.state["players"][seat]
    assert any("shuffles the discard pile into a new deck (3 cards)" in ln for ln in lines)
    # The discard pile held the 2 Towers and the just-discarded Normal Train.
    assert sorted(p["hand"])[:3] == ["express-train"] * 3 and len(p["hand"]) == 5
    assert len(p["deck"]) == 1 and p["discard"] == []


def test_drawing_from_empty_deck_and_discard_draws_nothing() -> None:
    # Rulebook 'Piocher': one card in the deck, empty discard, "draw 3" draws only that card.
    m = ready(kingdom="holiday-pass")
    set_cards(m, due(m), ["control-room"], deck=["tower"], discard=[])
    lines = play(m, "play control-room", "apply")
    assert me(m)["hand"] == ["tower"] and "draws 1 card" in lines[-1]


def test_turns_go_clockwise() -> None:
    m = ready(3)
    first = due(m)
    play(m, "end turn")
    assert due(m) == (first + 1) % 3
    play(m, "end turn", "end turn")
    assert due(m) == first and m.state["turn_number"] == 4


@pytest.mark.parametrize("trigger", ["piles", "cubes", "stations"])
def test_game_ends_after_the_turn_that_meets_a_condition(trigger: str) -> None:
    m = ready()
    seat = due(m)
    if trigger == "piles":
        for cid in ("express-train", "apartment", "tower"):
            m.state["supply"][cid] = 0
        m.state["supply"]["skyscraper"] = 1
        set_cards(m, seat, ["limited-express-train"] * 3)
        play(m, "play limited-express-train", "play limited-express-train",
             "play limited-express-train", "buy skyscraper")
    elif trigger == "cubes":
        m.state["players"][seat]["cubes_left"] = 1
        set_cards(m, seat, ["lay-rails"])
        play(m, "play lay-rails", "lay d4")
    else:
        m.state["stations_left"] = 1
        set_cards(m, seat, ["station-expansion"])
        play(m, "play station-expansion", "station kichijoji")
    assert m.state["phase"] == "turn" and m.to_act() == [seat]  # checked at the end only
    lines = play(m, "end turn")
    assert m.over and m.state["end_reasons"] and "Game over" in " ".join(lines)


def test_waste_pile_running_out_does_not_end_the_game() -> None:
    m = ready()
    for cid in ("waste", "express-train", "apartment"):
        m.state["supply"][cid] = 0
    play(m, "end turn")
    assert not m.over


def test_scoring_cities_by_stations_remote_locations_cards_and_tokens() -> None:
    m = ready(hexes=["c4", "g4"])
    seat = due(m)
    s = m.state
    s["cubes"] = {"c4": [seat], "kichijoji": [seat], "tachikawa": [seat], "hachioji": [seat],
                  "ikebukuro-ueno": [seat], "narita": [seat]}
    s["stations"] = {"kichijoji": 1, "tachikawa": 2, "hachioji": 3}
    s["players"][seat].update(hand=["apartment"], deck=["tower", "skyscraper"], discard=["waste"],
                              vp=2)
    rails = 0 + 2 + 4 + 8 + 0 + 3  # plain, 1/2/3 stations, city without station, Narita
    cards = 1 + 2 + 4
    assert m.score(seat) == rails + cards + 2


def test_tied_players_share_the_win() -> None:
    m = ready()
    m.state["supply"].update({"express-train": 0, "apartment": 0, "tower": 0, "skyscraper": 0})
    play(m, "end turn")
    assert m.over and m.winners() == [0, 1] and m.scores() == [0.0, 0.0]
