"""Installation: supply, starting decks, kingdom choices, starting rails, data files."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

import rules
from rules.trains import Trains
from rules.trains.board import load_board, parse_board
from rules.trains.cards import load_cards, parse_cards
from rules.trains.game import INFO, SAMPLE_CUSTOM
from tests.rules.trains.helpers import due, new, pick_hex, with_custom


@pytest.mark.parametrize("players", [2, 3, 4])
def test_supply_piles_after_dealing_starting_decks(players: int) -> None:
    m = new(players)
    supply = m.state["supply"]
    assert supply["lay-rails"] == 20 - 2 * players
    assert supply["station-expansion"] == 20 - players
    assert supply["express-train"] == 20 and supply["limited-express-train"] == 10
    assert supply["apartment"] == supply["tower"] == supply["skyscraper"] == 10
    assert supply["waste"] == 70
    assert "normal-train" not in supply  # never in the supply
    assert len(supply) == 8 + 8 and all(supply[c] == 10 for c in m.state["kingdom"])


def test_starting_deck_is_7_normal_2_lay_rails_1_station_and_hand_of_5() -> None:
    m = new(3)
    for p in m.state["players"]:
        cards = sorted(p["hand"] + p["deck"])
        assert cards == sorted(["normal-train"] * 7 + ["lay-rails"] * 2 + ["station-expansion"])
        assert len(p["hand"]) == 5 and p["discard"] == []
        assert p["cubes_left"] == 20
    assert m.state["stations_left"] == 30


def test_presets_first_game_and_random_kingdoms() -> None:
    presets = load_cards().presets
    for pid, preset in presets.items():
        assert new(2, kingdom=pid).state["kingdom"] == list(preset.cards)
    first = new(2, 5, kingdom="first-game").state["kingdom"]
    assert "landfill" in first and len(set(first)) == 8
    kingdoms = {tuple(new(2, seed).state["kingdom"]) for seed in range(6)}
    assert len(kingdoms) > 1 and all(len(set(k)) == 8 for k in kingdoms)


def test_custom_kingdom_by_ids_or_names() -> None:
    text = "Landfill, tunnel, Viaduc, garage,signals, Freight Train, wagon-factory, Steel Mill"
    cls = with_custom(text)
    m = cls(["A", "B"], 0, {"kingdom": "custom", "custom_cards": text})
    assert m.state["kingdom"] == ["landfill", "tunnel", "viaduct", "garage", "signals",
                                  "freight-train", "wagon-factory", "ironworks"]
    sample = new(2, kingdom="custom")
    assert len(sample.state["kingdom"]) == 8 and SAMPLE_CUSTOM.startswith("landfill")


@pytest.mark.parametrize(("text", "message"), [
    ("landfill,tunnel", "exactly 8"),
    ("landfill,tunnel,viaduct,garage,signals,freight-train,wagon-factory,ironworks,pulling",
     "exactly 8"),
    ("landfill,tunnel,viaduct,garage,signals,freight-train,wagon-factory,monorail", "monorail"),
    ("landfill,landfill,viaduct,garage,signals,freight-train,wagon-factory,ironworks", "twice"),
    ("landfill,lay-rails,viaduct,garage,signals,freight-train,wagon-factory,ironworks",
     "not a selectable"),
])
def test_custom_kingdom_refuses_unknown_cards_and_wrong_counts(text: str, message: str) -> None:
    cls = with_custom(text)
    with pytest.raises(rules.IllegalAction, match=message):
        cls(["A", "B"], 0, {"kingdom": "custom", "custom_cards": text})


def test_options_are_listed_with_defaults() -> None:
    ids = {o.id: o for o in INFO.options}
    assert ids["map"].choices == ("tokyo", "osaka")
    assert ids["printed_cards"].choices == ("no", "yes") and ids["printed_cards"].default == "no"
    assert set(ids["kingdom"].choices) >= {"random", "first-game", "custom", *load_cards().presets}
    assert INFO.hidden_information and (INFO.min_players, INFO.max_players) == (2, 4)
    with pytest.raises(rules.IllegalAction):
        new(2, map="kyushu")


def test_starting_rails_are_one_decision_grouped_by_row() -> None:
    m = new(3, 1)
    first = due(m)
    choices = m.choices(first)
    assert not any(c.action.startswith("row ") for c in choices)
    shinjuku = next(c for c in choices if c.action == "start shinjuku-shibuya")
    assert shinjuku.group == "Row D" and "Shinjuku-Shibuya (D6)" in shinjuku.label
    assert "start chiba" not in m.legal(first) and "start e9" not in m.legal(first)
    m.act(first, "Shinjuku-Shibuya")  # the name alone, as the board prints it
    second = due(m)
    assert "start shinjuku-shibuya" not in m.legal(second)
    m.act(second, "start E7")  # the label drawn on Shinagawa-Meguro
    m.act(due(m), "c4")
    assert m.state["cubes"] == {"shinjuku-shibuya": [first], "shinagawa-meguro": [second],
                                "c4": [(first + 2) % 3]}
    assert m.state["phase"] == "turn" and due(m) == first


def test_starting_rails_in_turn_order_and_their_restrictions_version_1() -> None:
    m = Trains(["P0", "P1", "P2"], 1, {}, rules_version=1)
    first = due(m)
    assert m.legal(first)[0].startswith("row ")  # long lists come row by row
    m.act(first, "row d")
    row_d = m.legal(first)
    assert "start shinjuku-shibuya" in row_d and row_d[-1] == "back"
    assert not any(a == "start chiba" for a in m.legal(first))  # remote
    m.act(first, "back")
    pick_hex(m, "start", "shinjuku-shibuya")
    second = due(m)
    assert second == (first + 1) % 3  # clockwise
    m.act(second, "row d")
    assert "start shinjuku-shibuya" not in m.legal(second)  # another player is there
    m.act(second, "back")
    m.act(second, "row e")
    legal = m.legal(second)
    assert "start e9" not in legal  # sea
    assert "start chiba" not in legal  # remote location
    assert "start shinagawa-meguro" in legal  # a city is fine
    m.act(second, "start shinagawa-meguro")
    pick_hex(m, "start", "c4")
    assert m.state["phase"] == "turn" and due(m) == first
    assert m.state["players"][first]["cubes_left"] == 19


def test_maps_match_the_digest_totals() -> None:
    tokyo, osaka = load_board("tokyo"), load_board("osaka")
    assert (len(tokyo.cities()), tokyo.capacity()) == (22, 39)
    assert (len(osaka.cities()), osaka.capacity()) == (24, 35)
    remotes = [h.value for h in tokyo.hexes.values() if h.terrain == "remote"]
    assert sorted(remotes) == [2, 2, 3, 3, 4, 4]
    assert len(tokyo.hexes) == len(osaka.hexes) == 76
    # A barrier line: Shinagawa-Meguro and Shinjuku-Shibuya touch but are not adjacent.
    assert "shinjuku-shibuya" not in tokyo.adjacent["shinagawa-meguro"]
    assert "e6" in tokyo.adjacent["shinagawa-meguro"]


def _data(name: str) -> dict[str, object]:
    text = resources.files("rules.trains").joinpath(f"data/{name}.json").read_text("utf-8")
    data: dict[str, object] = json.loads(text)
    return data


def test_bad_map_data_is_refused_with_a_clear_error() -> None:
    data = _data("tokyo")
    broken = copy.deepcopy(data)
    broken["barriers"] = [[[0, 0], [5, 5]]]
    with pytest.raises(ValueError, match="joins no neighbours"):
        parse_board("tokyo", broken)
    broken = copy.deepcopy(data)
    rows = broken["rows"]
    assert isinstance(rows, list)
    rows[0][4] = {"city": "Kawagoe", "buildings": 5}
    with pytest.raises(ValueError, match="1-3 buildings"):
        parse_board("tokyo", broken)


def test_bad_card_data_is_refused_with_a_clear_error() -> None:
    data = _data("cards")
    broken = copy.deepcopy(data)
    cards = broken["cards"]
    assert isinstance(cards, list)
    cards[1]["aliases"] = ["Normal Train"]
    with pytest.raises(ValueError, match="reused"):
        parse_cards(broken)
    broken = copy.deepcopy(data)
    presets = broken["presets"]
    assert isinstance(presets, dict)
    presets["holiday-pass"]["cards"] = ["landfill"]
    with pytest.raises(ValueError, match="8 cards"):
        parse_cards(broken)
