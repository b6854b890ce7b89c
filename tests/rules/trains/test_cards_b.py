"""One test per card effect, second half (L-W) — 'Explications des effets'."""

from __future__ import annotations

import pytest

from tests.rules.trains.helpers import due, me, pick_hex, play, ready, set_cards
from tests.rules.trains.test_cards_a import coins, extra


def test_landfill_returns_all_waste_in_hand() -> None:
    # Rulebook 'Jouer une carte', example 3.
    m = ready(kingdom="tokyo-beginner")
    set_cards(m, due(m), ["landfill", "waste", "waste", "waste", "normal-train"])
    m.state["supply"]["waste"] = 40
    play(m, "play landfill")
    assert m.legal(due(m)) == ["apply", "skip"]
    play(m, "apply")
    assert me(m)["hand"] == ["normal-train"] and m.state["supply"]["waste"] == 43


def test_landfill_without_waste_has_nothing_to_apply() -> None:
    m = ready(kingdom="tokyo-beginner")
    set_cards(m, due(m), ["landfill"])
    assert "cannot be applied" in play(m, "play landfill")[-1]


def test_mail_train_discards_for_one_coin_each() -> None:
    m = ready(kingdom="holiday-pass")
    set_cards(m, due(m), ["mail-train", "waste", "tower", "normal-train"])
    play(m, "play mail-train", "discard waste", "discard tower", "done")
    assert coins(m) == 1 + 2 and me(m)["hand"] == ["normal-train"]
    assert me(m)["discard"] == ["waste", "tower"]


def test_maintenance_factory_gains_a_copy_of_a_train_shown_from_hand() -> None:
    m = ready(kingdom="holiday-pass")
    set_cards(m, due(m), ["maintenance-factory", "express-train", "normal-train"])
    play(m, "play maintenance-factory")
    assert m.legal(due(m)) == ["reveal express-train", "skip"]  # never a Normal Train
    play(m, "reveal express-train")
    assert m.state["turn"]["gained"] == ["express-train"]
    assert sorted(me(m)["hand"]) == ["express-train", "normal-train"]
    assert m.state["supply"]["express-train"] == 19


def test_maintenance_factory_needs_a_train_left_in_the_supply() -> None:
    m = ready(kingdom="holiday-pass")
    m.state["supply"]["express-train"] = 0
    set_cards(m, due(m), ["maintenance-factory", "express-train"])
    assert "cannot be applied" in play(m, "play maintenance-factory")[-1]


def test_passing_station_draws_one() -> None:
    m = ready(kingdom="tokyo-beginner")
    set_cards(m, due(m), ["passing-station"], deck=["tower", "waste"])
    play(m, "play passing-station", "apply")
    assert coins(m) == 1 and me(m)["hand"] == ["tower"]


def test_pulling_takes_a_train_from_the_discard_pile_keeping_its_order() -> None:
    m = ready(kingdom="reforming-tunneling")
    set_cards(m, due(m), ["pulling"], discard=["express-train", "tower", "normal-train", "waste"])
    play(m, "play pulling")
    assert m.legal(due(m)) == ["take express-train", "take normal-train", "skip"]
    play(m, "take express-train")
    assert me(m)["hand"] == ["express-train"]
    assert me(m)["discard"] == ["tower", "normal-train", "waste"]


def test_signaling_area_draws_two() -> None:
    m = ready(kingdom="reforming-tunneling")
    set_cards(m, due(m), ["signaling-area"], deck=["tower", "waste", "apartment"])
    play(m, "play signaling-area", "apply")
    assert me(m)["hand"] == ["tower", "waste"]


@pytest.mark.parametrize("choice", ["discard top", "keep top"])
def test_signals_draws_one_then_discards_or_keeps_the_top_card(choice: str) -> None:
    m = ready(kingdom="reforming-tunneling")
    set_cards(m, due(m), ["signals"], deck=["tower", "waste", "apartment"])
    play(m, "play signals", "apply")
    assert me(m)["hand"] == ["tower"]
    assert m.view(due(m))["you"]["pending"]["seen"] == "waste"
    assert "seen" not in m.view(None)["pending"]
    play(m, choice)
    if choice == "discard top":
        assert me(m)["deck"] == ["apartment"] and me(m)["discard"] == ["waste"]
    else:
        assert me(m)["deck"] == ["waste", "apartment"] and me(m)["known_top"] == 1


@pytest.mark.parametrize(("choice", "hand", "coin"), [
    ("draw", ["waste", "tower"], 0), ("coin", ["waste"], 1), ("return waste", [], 0)])
def test_station_crew_offers_draw_or_coin_or_return_a_waste(
        choice: str, hand: list[str], coin: int) -> None:
    m = ready(kingdom="holiday-pass")
    set_cards(m, due(m), ["station-crew", "waste"], deck=["tower"])
    play(m, "play station-crew")
    assert m.legal(due(m)) == ["draw", "coin", "return waste", "skip"]
    play(m, choice)
    assert me(m)["hand"] == hand and coins(m) == coin


def test_stationmaster_office_copies_an_action_in_play_without_its_coins() -> None:
    m = ready(kingdom="osaka-beginner")
    set_cards(m, due(m), ["garage", "stationmaster-office", "tower", "waste"],
              deck=["express-train", "normal-train", "apartment", "skyscraper"])
    play(m, "play garage", "skip", "play stationmaster-office")
    assert m.legal(due(m)) == ["copy garage", "skip"]
    play(m, "copy garage")  # committed: draws 2 at once, no second apply/skip
    assert sorted(me(m)["hand"]) == ["express-train", "normal-train", "tower", "waste"]
    assert m.legal(due(m))[0].startswith("discard ") and "skip" not in m.legal(due(m))
    play(m, "discard tower", "discard waste")
    assert coins(m) == 1  # Garage's coin only


def test_stationmaster_office_copying_an_ongoing_effect() -> None:
    m = ready(kingdom="osaka-beginner")
    set_cards(m, due(m), ["ironworks", "stationmaster-office", "lay-rails"])
    play(m, "play ironworks", "play stationmaster-office", "copy ironworks", "play lay-rails")
    assert coins(m) == 1 + 4


def test_stationmaster_office_with_nothing_to_copy_cannot_be_applied() -> None:
    m = ready(kingdom="osaka-beginner")
    set_cards(m, due(m), ["stationmaster-office", "garage"])
    assert "cannot be applied" in play(m, "play stationmaster-office")[-1]


def test_stationmaster_office_printed_copies_from_hand_and_the_card_stays() -> None:
    m = ready(kingdom="osaka-beginner", printed_cards="yes")
    set_cards(m, due(m), ["stationmaster-office", "tourist-train", "normal-train"])
    play(m, "play stationmaster-office")
    assert m.legal(due(m)) == ["copy tourist-train", "skip"]
    play(m, "copy tourist-train")
    assert me(m)["vp"] == 1 and "tourist-train" in me(m)["hand"] and coins(m) == 0


def test_steel_bridge_cancels_river_cost_but_not_other_cubes() -> None:
    m = ready(kingdom="tokyo-beginner", hexes=["c4", "g4"])
    m.state["cubes"]["d3"] = [1 - due(m)]
    set_cards(m, due(m), ["steel-bridge", "lay-rails"])
    m.state["turn"]["coins"] = 1
    play(m, "play steel-bridge", "lay d3")
    assert coins(m) == 0  # 1 for the other cube, the river is free
    play(m, "play lay-rails", "lay d2")  # still in play: another river for free
    assert coins(m) == 0


def test_subway_excavation_cancels_every_extra_cost_but_remote_locations() -> None:
    m = ready(kingdom="reforming-tunneling", hexes=["b1", "g4"])
    m.state["cubes"]["hachioji"] = [1 - due(m)]
    m.state["stations"]["hachioji"] = 3
    set_cards(m, due(m), ["subway-excavation", "lay-rails", "lay-rails"])
    waste = m.state["supply"]["waste"]
    play(m, "play subway-excavation", "lay hachioji", "play lay-rails", "lay a2")
    assert coins(m) == 0 and waste - m.state["supply"]["waste"] == 3  # other cube: Waste
    play(m, "play lay-rails")
    assert "lay chichibu" not in m.legal(due(m))  # remote: 4 coins still due


def test_subway_excavation_printed_also_cancels_remote_cost() -> None:
    m = ready(kingdom="reforming-tunneling", hexes=["a2", "g4"], printed_cards="yes")
    set_cards(m, due(m), ["subway-excavation"])
    play(m, "play subway-excavation", "lay chichibu")
    assert coins(m) == 0


def test_switchback_puts_a_train_from_play_on_the_deck_coins_stay() -> None:
    m = extra()
    set_cards(m, due(m), ["express-train", "switchback"], deck=["tower"])
    play(m, "play express-train", "play switchback")
    assert m.legal(due(m)) == ["put express-train", "skip"]
    play(m, "put express-train")
    assert coins(m) == 3 and me(m)["deck"] == ["express-train", "tower"]
    assert [e["card"] for e in m.state["turn"]["play"]] == ["switchback"]


def test_temporary_timetable_reveals_until_two_trains() -> None:
    m = ready(kingdom="osaka-beginner")
    set_cards(m, due(m), ["temporary-timetable"],
              deck=["tower", "express-train", "waste", "bullet-train", "apartment"])
    lines = play(m, "play temporary-timetable", "apply")
    assert "Tower, Express Train, Waste, Bullet Train" in lines[-1]
    assert me(m)["hand"] == ["express-train", "bullet-train"]
    assert me(m)["discard"] == ["tower", "waste"] and me(m)["deck"] == ["apartment"]


def test_temporary_timetable_reshuffles_without_the_revealed_cards() -> None:
    m = ready(kingdom="osaka-beginner")
    set_cards(m, due(m), ["temporary-timetable"], deck=["waste", "express-train"],
              discard=["tower", "tower"])
    play(m, "play temporary-timetable", "apply")
    assert me(m)["hand"] == ["express-train"]  # only one Train anywhere: the effect stops
    assert me(m)["discard"] == ["waste", "tower", "tower"] and me(m)["deck"] == []


def test_tourist_train_scores_one_vp() -> None:
    # Rulebook 'Jouer une carte', example 1.
    m = ready(kingdom="osaka-beginner")
    seat = due(m)
    set_cards(m, seat, ["tourist-train"])
    play(m, "play tourist-train")
    assert coins(m) == 1 and me(m)["vp"] == 1 and m.score(seat) == 1


def test_tunnel_cancels_mountain_cost_and_lays_even_without_waste_left() -> None:
    # Rulebook 'Jouer une carte', example 2: the Waste is the only part that may fail.
    m = ready(kingdom="osaka-beginner", hexes=["b4", "g4"])
    m.state["supply"]["waste"] = 0
    set_cards(m, due(m), ["tunnel", "lay-rails"])
    play(m, "play tunnel", "lay a4")
    assert coins(m) == 0 and m.state["cubes"]["a4"] == [due(m)]
    assert m.state["turn"]["gained"] == []
    play(m, "play lay-rails", "lay a3")
    assert m.state["cubes"]["a3"] == [due(m)]  # another mountain, still free


def test_viaduct_cancels_city_cost_but_not_remote_locations() -> None:
    m = ready(kingdom="holiday-pass", hexes=["c9", "g4"])
    m.state["stations"]["kashiwa"] = 1
    set_cards(m, due(m), ["viaduct", "lay-rails"])
    play(m, "play viaduct", "lay kashiwa")
    assert coins(m) == 0
    play(m, "play lay-rails")
    assert "lay narita" not in m.legal(due(m))  # remote, 3 coins: not a city


def test_wagon_factory_gains_a_train_costing_exactly_three_more_into_hand() -> None:
    m = ready(kingdom="reforming-tunneling")
    set_cards(m, due(m), ["wagon-factory", "normal-train", "express-train",
                          "limited-express-train"])
    play(m, "play wagon-factory")
    assert m.legal(due(m)) == ["trash express-train", "trash normal-train", "skip"]
    play(m, "trash normal-train")
    assert m.legal(due(m)) == ["gain freight-train"]  # cost 1 + 3
    play(m, "gain freight-train", "play freight-train")
    assert m.state["trash"] == ["normal-train"] and coins(m) == 1


def test_wagon_factory_printed_gains_up_to_three_more() -> None:
    m = ready(kingdom="reforming-tunneling", printed_cards="yes")
    set_cards(m, due(m), ["wagon-factory", "express-train"])
    play(m, "play wagon-factory", "trash express-train")
    assert m.legal(due(m)) == ["gain express-train", "gain limited-express-train",
                               "gain freight-train", "gain early-train"]


def test_wagon_factory_without_a_target_cannot_be_applied() -> None:
    m = ready(kingdom="reforming-tunneling")
    set_cards(m, due(m), ["wagon-factory", "limited-express-train"])
    assert "cannot be applied" in play(m, "play wagon-factory")[-1]
    assert "limited-express-train" in me(m)["hand"]


def test_collaboration_lays_on_a_hex_held_by_others_for_free() -> None:
    m = extra()
    m.state["cubes"]["d4"] = [1 - due(m)]
    set_cards(m, due(m), ["collaboration"])
    play(m, "play collaboration")
    pick_hex(m, "lay", "d4")
    assert coins(m) == 0 and m.state["turn"]["gained"] == ["waste"]
