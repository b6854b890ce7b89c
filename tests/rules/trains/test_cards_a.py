"""One test per card effect, first half (base cards and A-I) — 'Explications des effets'."""

from __future__ import annotations

from rules.trains import Trains
from tests.rules.trains.helpers import (
    due,
    me,
    pick_hex,
    play,
    ready,
    set_cards,
    start,
    with_custom,
)

EXTRA = ("collaboration,command-central,switchback,amusement-park,bullet-train,ironworks,"
         "early-train,maintenance-factory")


def extra(**options: str) -> Trains:
    """A match whose kingdom holds the cards no preset has."""
    cls = with_custom(EXTRA)
    m = cls(["P0", "P1"], 0, {"kingdom": "custom", "custom_cards": EXTRA, **options})
    start(m, "c4", "g4")
    return m


def coins(m: Trains) -> int:
    value: int = m.state["turn"]["coins"]
    return value


def test_trains_give_1_2_3_coins_and_have_no_effect() -> None:
    m = ready()
    set_cards(m, due(m), ["normal-train", "express-train", "limited-express-train"])
    play(m, "play normal-train", "play express-train", "play limited-express-train")
    assert coins(m) == 6 and m.state["pending"] is None


def test_lay_rails_effect_may_be_declined() -> None:
    m = ready()
    set_cards(m, due(m), ["lay-rails"])
    play(m, "play lay-rails")
    assert "skip" in m.legal(due(m))
    play(m, "skip")
    assert m.state["turn"]["gained"] == [] and me(m)["cubes_left"] == 19
    assert m.state["turn"]["play"][0]["on"] is False


def test_waste_cannot_be_played_and_a_trashed_waste_returns_to_its_pile() -> None:
    m = ready()
    set_cards(m, due(m), ["waste"])
    assert m.legal(due(m)) == ["pass", "end turn"]
    t = m.table()
    t.trash("waste")
    assert m.state["supply"]["waste"] == 71 and m.state["trash"] == []


def test_amusement_park_gains_the_coins_of_a_train_in_play() -> None:
    m = extra()
    set_cards(m, due(m), ["express-train", "normal-train", "amusement-park"])
    play(m, "play express-train", "play normal-train", "play amusement-park")
    assert m.legal(due(m)) == ["choose express-train", "choose normal-train", "skip"]
    play(m, "choose express-train")
    assert coins(m) == 2 + 1 + 1 + 2


def test_amusement_park_without_a_train_in_play_cannot_be_applied() -> None:
    m = extra()
    set_cards(m, due(m), ["amusement-park"])
    assert "cannot be applied" in play(m, "play amusement-park")[-1]
    assert coins(m) == 1


def test_bullet_train_adds_one_coin_once_with_normal_trains_in_play() -> None:
    m = extra()
    set_cards(m, due(m), ["bullet-train", "normal-train", "normal-train", "bullet-train"])
    play(m, "play bullet-train")
    assert coins(m) == 1  # no Normal Train in play yet
    play(m, "play normal-train", "play normal-train", "play bullet-train")
    assert coins(m) == 1 + 2 + 1 + 1


def test_collaboration_cancels_other_cubes_cost_and_waste_not_terrain() -> None:
    m = extra()
    other = 1 - due(m)
    m.state["cubes"]["kichijoji"] = [other]
    set_cards(m, due(m), ["collaboration"])
    m.state["turn"]["coins"] = 1
    waste = m.state["supply"]["waste"]
    play(m, "play collaboration", "lay kichijoji")
    assert coins(m) == 0  # the city's 1 coin is still due
    assert waste - m.state["supply"]["waste"] == 1  # only Collaboration's own Waste


def test_command_central_takes_the_named_top_card() -> None:
    m = extra()
    set_cards(m, due(m), ["command-central"], deck=["normal-train", "tower", "waste"])
    play(m, "play command-central", "apply")
    assert me(m)["hand"] == ["normal-train"]
    assert "name normal-train" in m.legal(due(m)) and "name collaboration" in m.legal(due(m))
    lines = play(m, "name tower")
    assert me(m)["hand"] == ["normal-train", "tower"] and "top card" in lines[-1]


def test_command_central_leaves_another_card_on_top() -> None:
    m = extra()
    set_cards(m, due(m), ["command-central"], deck=["normal-train", "tower", "waste"])
    play(m, "play command-central", "apply", "name skyscraper")
    assert me(m)["hand"] == ["normal-train"] and me(m)["deck"] == ["tower", "waste"]
    assert m.view(due(m))["you"]["deck_top"] == ["tower"]
    assert "you" not in m.view(None) and "Tower" not in " ".join(t for _, t in m.lines)


def test_conductors_station_discards_then_draws_as_many() -> None:
    m = ready(kingdom="tokyo-beginner")
    set_cards(m, due(m), ["conductors-station", "waste", "waste", "normal-train"],
              deck=["express-train", "express-train", "tower"])
    play(m, "play conductors-station", "discard waste", "discard waste")
    assert me(m)["hand"] == ["normal-train"]
    play(m, "done")
    assert sorted(me(m)["hand"]) == ["express-train", "express-train", "normal-train"]
    assert me(m)["discard"] == ["waste", "waste"]


def test_control_room_draws_three_or_nothing_when_skipped() -> None:
    m = ready(kingdom="holiday-pass")
    set_cards(m, due(m), ["control-room", "control-room"], deck=["tower"] * 4)
    play(m, "play control-room", "skip")
    assert me(m)["hand"] == ["control-room"]
    play(m, "play control-room", "apply")
    assert me(m)["hand"] == ["tower"] * 3


def test_dump_site_stops_waste_from_then_on() -> None:
    m = ready(kingdom="tokyo-beginner", hexes=["c4", "g4"])
    set_cards(m, due(m), ["lay-rails", "dump-site", "lay-rails", "station-expansion"])
    play(m, "play lay-rails", "lay d4")
    assert m.state["turn"]["gained"] == ["waste"]  # before Dump Site: not retroactive
    play(m, "play dump-site", "play lay-rails", "lay d5", "play station-expansion",
         "station kichijoji")
    m.state["turn"]["coins"] = 3
    play(m, "buy apartment")
    assert m.state["turn"]["gained"] == ["waste", "apartment"]
    assert m.state["stations"]["kichijoji"] == 1 and me(m)["cubes_left"] == 17


def test_early_train_puts_bought_cards_on_the_deck_when_chosen() -> None:
    m = extra()
    set_cards(m, due(m), ["early-train", "express-train"], deck=["normal-train"])
    play(m, "play early-train", "play express-train", "buy bullet-train")
    assert m.legal(due(m)) == ["to deck", "to gained"]
    play(m, "to deck", "buy bullet-train", "to gained")
    assert me(m)["deck"] == ["bullet-train", "normal-train"]
    assert m.state["turn"]["gained"] == ["bullet-train"]


def test_early_train_does_not_touch_cards_gained_otherwise() -> None:
    m = extra()
    set_cards(m, due(m), ["early-train", "maintenance-factory", "express-train"])
    play(m, "play early-train", "play maintenance-factory", "reveal express-train")
    assert m.state["turn"]["gained"] == ["express-train"] and m.state["pending"] is None


def test_freight_train_returns_waste_for_coins() -> None:
    m = ready(kingdom="reforming-tunneling")
    set_cards(m, due(m), ["freight-train", "waste", "waste", "waste"])
    m.state["supply"]["waste"] = 50
    play(m, "play freight-train")
    assert m.legal(due(m)) == ["return 1", "return 2", "return 3", "skip"]
    play(m, "return 2")
    assert coins(m) == 1 + 2 and me(m)["hand"] == ["waste"]
    assert m.state["supply"]["waste"] == 52


def test_garage_draws_two_then_discards_two() -> None:
    m = ready(kingdom="osaka-beginner")
    set_cards(m, due(m), ["garage", "waste"], deck=["express-train", "tower", "normal-train"])
    play(m, "play garage", "apply")
    assert sorted(me(m)["hand"]) == ["express-train", "tower", "waste"]
    play(m, "discard waste", "discard tower")
    assert me(m)["hand"] == ["express-train"] and m.state["pending"] is None


def test_garage_cannot_be_applied_without_two_cards_to_discard() -> None:
    m = ready(kingdom="osaka-beginner")
    set_cards(m, due(m), ["garage"], deck=["express-train"], discard=[])
    assert "cannot be applied" in play(m, "play garage")[-1]


def test_holiday_timetable_trashes_itself_for_three_coins() -> None:
    m = ready(kingdom="tokyo-beginner")
    seat = due(m)
    set_cards(m, seat, ["holiday-timetable", "holiday-timetable"])
    play(m, "play holiday-timetable", "skip", "play holiday-timetable", "apply")
    assert coins(m) == 3 and m.state["trash"] == ["holiday-timetable"]
    play(m, "end turn")
    assert m.state["players"][seat]["discard"].count("holiday-timetable") == 1


def test_information_central_reveals_four_takes_one_and_reorders() -> None:
    m = ready(kingdom="reforming-tunneling")
    set_cards(m, due(m), ["information-central"],
              deck=["tower", "express-train", "waste", "apartment", "skyscraper"])
    lines = play(m, "play information-central", "apply")
    assert "reveals Tower, Express Train, Waste, Apartment" in lines[-1]
    assert m.view(None)["pending"]["revealed"] == ["tower", "express-train", "waste",
                                                    "apartment"]
    play(m, "take express-train")
    assert m.legal(due(m)) == ["top apartment", "top tower", "top waste"]
    play(m, "top waste", "top tower")
    assert me(m)["hand"] == ["express-train"]
    assert me(m)["deck"] == ["waste", "tower", "apartment", "skyscraper"]
    assert m.view(due(m))["you"]["deck_top"] == ["waste", "tower", "apartment"]


def test_ironworks_adds_two_per_ironworks_to_each_later_lay_rails() -> None:
    m = extra(printed_cards="no")
    set_cards(m, due(m), ["lay-rails", "ironworks", "ironworks", "lay-rails", "collaboration"])
    play(m, "play lay-rails", "skip")
    assert coins(m) == 0  # played before Ironworks
    play(m, "play ironworks", "play ironworks", "play lay-rails", "skip")
    assert coins(m) == 1 + 1 + 4  # the bonus comes even without building
    play(m, "play collaboration", "skip")
    assert coins(m) == 6  # rulebook: only Lay Rails cards trigger it


def test_ironworks_with_printed_cards_counts_every_rail_card() -> None:
    m = extra(printed_cards="yes")
    set_cards(m, due(m), ["ironworks", "collaboration"])
    play(m, "play ironworks", "play collaboration")
    assert coins(m) == 1 + 2
    assert m.legal(due(m))[0].startswith("lay ")


def test_ironworks_bonus_can_pay_for_the_rail() -> None:
    m = extra()
    set_cards(m, due(m), ["ironworks", "lay-rails"])
    play(m, "play ironworks", "play lay-rails")
    pick_hex(m, "lay", "kichijoji")
    assert coins(m) == 1 + 2 - 1
