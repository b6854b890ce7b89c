"""'Pistes Performance': advancing, the icons passed on the way, the VP they multiply."""

from __future__ import annotations

from rules.railroad_revolution import RailroadRevolution, scoring
from tests.rules.railroad_revolution.helpers import act, due, give, me, ready, start, top


def _advance(m: RailroadRevolution, steps: int = 8) -> int:
    """Put the due seat on an 'advance up to `steps`' decision."""
    seat = due(m)
    m.state["stack"].append({"kind": "advance", "seat": seat, "left": steps})
    return seat


def test_advances_may_be_split_between_tracks_and_stopped_early() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "trade", "purple")
    act(m, "use purple", "advance telegraph", "advance network", "done")
    assert me(m, seat)["tracks"] == {"telegraph": 1, "stations": 0, "network": 1}


def test_the_icons_on_the_way_cost_money_shares_and_a_worker() -> None:
    m = ready(2)
    seat = _advance(m)
    give(m, seat, white=5)
    p = me(m, seat)
    p["money"], p["shares"] = 1000, 10
    for _ in range(7):
        act(m, "advance stations")
        if top(m)["kind"] == "trackdiscard":
            act(m, "discard stock white")
    assert p["tracks"]["stations"] == 7
    assert p["money"] == 1000 - 50 - 50 - 100
    assert p["shares"] == 10 - 1 - 2 and m.available(seat) == 4


def test_rulebook_example_entering_step_3_discards_one_share() -> None:
    # p.12: to move to the next space Yellow must discard 1 share.
    m = ready(2)
    seat = _advance(m)
    me(m, seat)["tracks"]["telegraph"] = 2
    me(m, seat)["shares"] = 1
    act(m, "advance telegraph")
    assert me(m, seat)["shares"] == 0 and me(m, seat)["tracks"]["telegraph"] == 3


def test_an_icon_that_cannot_be_paid_blocks_the_track() -> None:
    m = ready(2)
    seat = _advance(m)
    p = me(m, seat)
    p["tracks"] = {"telegraph": 2, "stations": 5, "network": 8}
    p["shares"] = 0
    assert "advance telegraph" not in m.legal(seat)  # no share to discard
    assert "advance stations" not in m.legal(seat)  # only 4 workers
    assert "advance network" not in m.legal(seat)  # top of the track
    assert top(m)["kind"] == "advance" or m.legal(seat) == []


def test_a_worker_icon_may_be_cancelled() -> None:
    m = ready(2)
    seat = _advance(m)
    give(m, seat, white=5)
    me(m, seat)["tracks"]["network"] = 5
    act(m, "advance network")
    assert m.legal(seat)[:2] == ["discard stock white", "cancel"]
    act(m, "cancel")
    assert me(m, seat)["tracks"]["network"] == 5 and top(m)["left"] == 8


def test_hard_variant_money_icons_cost_500_500_and_1000() -> None:
    m = ready(2, performance_costs="hard")
    seat = _advance(m)
    p = me(m, seat)
    p["money"], p["shares"] = 2000, 0
    act(m, "advance network", "advance network")
    assert p["money"] == 1500
    p["tracks"]["network"] = 6
    act(m, "advance network")
    assert p["money"] == 500


def test_rulebook_example_telegraph_track_5_times_3_offices_is_15() -> None:
    # p.12: Red has built 3 telegraph offices, she scores 15 VP.
    m = ready(2)
    seat = due(m)
    me(m, seat)["tracks"]["telegraph"] = 5
    me(m, seat)["offices"] = [1, 4, 8]
    assert dict((label.split(" (")[0], vp) for label, vp in scoring.breakdown(m, seat))[
        "Telegraph track"] == 15


def test_stations_and_network_tracks_multiply_stations_and_level_5_cities() -> None:
    m = ready(2)
    seat = due(m)
    p = me(m, seat)
    p["tracks"] = {"telegraph": 0, "stations": 3, "network": 2}
    p["stations"] = ["washington", "charlotte"]
    p["rails"] = ["was-cha-1", "sfo-sdg-1", "slc-sea-2"]  # San Francisco, San Diego, Seattle
    parts = dict((label.split(" (")[0], vp) for label, vp in scoring.breakdown(m, seat))
    assert parts["Stations track"] == 3 * 2
    assert parts["Network track"] == 6 * 3
