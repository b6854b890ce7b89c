"""What a newcomer reads: labels with prices, names from the board, refusals that say why."""

from __future__ import annotations

import random
import re

import pytest

import rules
from rules.core.errors import IllegalAction
from rules.railroad_revolution import RailroadRevolution
from rules.railroad_revolution.data import COLOURS, STACKS, load_data
from rules.railroad_revolution.names import space_name
from tests.rules.railroad_revolution.helpers import act, due, give, me, rails, ready, start, top

# Ids the board never shows: rail spaces, routes, city slugs and milestone or tile ids.
RAW_ID = re.compile(r"\b([a-z]{3}-[a-z]{3}(-\d)?|little-rock|new-orleans|salt-lake-city|santa-fe|"
                    r"san-francisco|san-diego|(a[12]|[bcd])-\d+|m\d|tr\d\d|c\d-\d)\b", re.I)


def refused(m: RailroadRevolution, text: str) -> str:
    """The message a due seat gets for a move that is refused."""
    with pytest.raises(IllegalAction) as err:
        m.act(due(m), text)
    return str(err.value)


def labels(m: RailroadRevolution) -> dict[str, str]:
    """Canonical action to label, for the due seat."""
    return {c.action: c.label for c in m.choices(due(m))}


def test_a_rail_label_names_the_space_as_the_map_does_and_shows_its_price() -> None:
    m = ready(2)
    me(m)["money"] = 400
    start(m, "railroad")
    shown = labels(m)
    assert shown["rail was-chi-1"] == "Rail on Washington–Chicago 1 (▲▲): $600 of your $400, " \
                                      "selling 2 shares"
    assert shown["rail cha-mia-1"] == "Rail on Charlotte–Miami 1 (plains): $400 of your $400"


def test_rails_are_typed_by_name_code_or_ordinal_and_the_log_names_them_too() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "railroad")
    for typed in ("Washington–Chicago 1", "was chi 1", "washington chicago 1st", "rail was-chi-1"):
        assert m.parse(seat, typed) == "rail was-chi-1"
    lines = act(m, "charlotte miami 1")
    assert "builds a rail on Charlotte–Miami 1 (plains) for $400." in " ".join(lines)


def test_every_space_name_matches_the_number_drawn_on_the_map() -> None:
    data = load_data()
    assert space_name(data, "was-chi-2") == "Washington–Chicago 2"
    assert space_name(data, "was-cha-1") == "Washington–Charlotte"  # one space: no number
    names = [space_name(data, s) for s in data.spaces]
    assert len(set(names)) == len(names)


def test_worker_placement_labels_say_what_each_colour_adds() -> None:
    m = ready(2)
    give(m, due(m), white=1, orange=1, grey=1)
    shown = labels(m)
    assert shown["railroad white"] == "Railroad, white worker: 2 rails, $400 + $100 per ▲"
    assert shown["railroad orange"] == "Railroad, orange worker: 2 rails, $300 + $50 per ▲"
    assert shown["trade grey"].startswith("Trade, grey worker: sell your leftmost piece for $300")
    assert shown["station orange"].endswith("at no cost")
    assert shown["hire"] == "Hire a worker of any colour: $800 of your $600, selling 2 shares"


def test_station_and_office_labels_show_cost_reward_and_first_bonus() -> None:
    m = ready(4)
    start(m, "station")
    shown = labels(m)
    assert shown["build washington"].startswith("Station in Washington: $100 of your $600; gives ")
    assert "1st: +1 share, promote 1" in shown["build washington"]
    m2 = ready(2)
    start(m2, "telegraph")
    assert labels(m2)["office 2"] == "Office in telegraph section 2: +2 shares (+1 as 1st " \
                                     "office), tile bonus"
    # at 2 players a neutral building holds section 1's First Office: no bonus is promised
    assert labels(m2)["office 1"] == "Office in telegraph section 1: +3 shares, tile bonus"
    assert labels(m2)["office 3"].endswith(", market")


def test_extras_of_an_action_say_what_they_do() -> None:
    m = ready(2)
    seat = due(m)
    me(m)["milestones"] = [{"id": "a1-2", "managers": [None]}]  # wants an orange manager
    start(m, "trade", "orange")
    shown = labels(m)
    assert shown["use orange"] == "Orange: +$100 ($100 per train, you have 1)"
    assert shown["flip train"].startswith("Flip a train (a face-up one gives its bonus")
    assert shown["promote"] == "Promote a worker to milestone manager (instead of the orange " \
                               "ability)"
    act(m, "promote")
    assert labels(m)["promote board orange to a1-2"] == \
        "Promote an orange worker (player board) to manager of A1 (13 VP)"
    assert m.parse(seat, "promote orange to a1") == "promote board orange to a1-2"


def test_refusals_say_what_the_player_has_and_needs() -> None:
    m = ready(2)
    assert refused(m, "railroad grey").endswith(
        "you have no grey worker in stock (your stock: 4 white).")
    assert refused(m, "build denver").endswith("place a worker on Station first.")
    me(m)["money"], me(m)["shares"] = 100, 0
    assert refused(m, "railroad white").endswith(
        "Railroad costs at least $500 now; you have $100 and no shares.")
    assert refused(m, "hire").endswith("hiring costs $800; you have $100 and no shares.")
    assert refused(m, "sell share").endswith("you have no share left to sell.")


def test_rail_refusals_name_the_space_and_the_reason() -> None:
    m = ready(2)
    start(m, "railroad")
    assert refused(m, "was chi 2").endswith(
        "Washington–Chicago 2 is not linked to your network: a new rail must touch a city you "
        "reach or one of your rails.")
    assert m.parse(due(m), "washington chicago") == "rail was-chi-1"  # the one open space
    assert refused(m, "washington chicago 3").endswith(
        "say which space of Washington–Chicago: `Washington–Chicago 1`.")
    assert refused(m, "chicago duluth").endswith(
        "no space of Chicago–Duluth is linked to your network.")
    me(m)["money"], me(m)["shares"] = 500, 1
    assert refused(m, "charlotte little rock 1").endswith(
        "a rail on Charlotte–Little Rock 1 costs $700; you have $500 and 1 share ($650 in all).")


def test_station_refusals_say_which_cities_are_reached() -> None:
    m = ready(2)
    start(m, "station")
    assert refused(m, "build denver").endswith(
        "Denver is not connected to your network (your rails reach Washington, Charlotte).")
    assert "no city has that name" in refused(m, "build gotham")
    assert refused(m, "Seattle").endswith("Seattle is not connected to your network (your rails "
                                          "reach Washington, Charlotte).")
    assert "already placed a worker" in refused(m, "railroad white")


def test_rules_version_1_asks_for_the_route_first_in_a_long_list() -> None:
    m = ready(2, version=1)
    seat = due(m)
    # the far space of every longer route: some 25 spaces are open, too many for one list
    rails(m, seat, *(r.spaces[-1] for r in m.data.routes.values() if len(r.spaces) > 1))
    me(m)["money"] = 5000
    start(m, "railroad")
    legal = m.legal(seat)
    assert "route den-sfe" in legal and not any(a.startswith("rail ") for a in legal)
    assert m.parse(seat, "Denver–Santa Fe") == "route den-sfe"
    assert refused(m, "denver santa fe 1").endswith("choose the route first: `Denver–Santa Fe`.")
    act(m, "route den-sfe")
    assert labels(m)["rail den-sfe-1"].startswith("Rail on Denver–Santa Fe (▲▲): $600")


def test_a_long_list_of_rails_is_one_decision_by_name() -> None:
    m = ready(2)
    seat = due(m)
    rails(m, seat, *(r.spaces[-1] for r in m.data.routes.values() if len(r.spaces) > 1))
    me(m)["money"] = 5000
    start(m, "railroad")
    offered = [c for c in m.choices(seat) if c.action.startswith("rail ")]
    assert len(offered) > 20 and all(len([o for o in offered if o.group == g]) <= 25
                                     for g in {o.group for o in offered})
    assert m.parse(seat, "Denver–Santa Fe") == "rail den-sfe-1"
    act(m, "denver santa fe 1")
    assert "den-sfe-1" in me(m, seat)["rails"]


def test_market_labels_show_the_shares_paid_and_the_reward() -> None:
    m = ready(2)
    m.state["market"]["up"] = "m3"
    start(m, "railroad")
    act(m, "rail cha-mia-1", "rail cha-mia-2")
    while top(m)["kind"] != "market":
        act(m, "done")
    shown = labels(m)
    assert shown["accept top"] == "Top market: 1 share of your 3: +1 track step"
    assert shown["accept bottom"] == "Bottom market: 3 shares of your 3: +3 track steps"


def test_private_lines_are_sentences_and_show_drawn_milestones_to_their_owner_only() -> None:
    m = ready(2)
    seat = due(m)
    lines = m.private_lines(seat)
    assert lines[0] == "Money: $600 and 3 shares ($1050 in all, shares sell for $150)."
    assert lines[1] == "Workers in stock: 4 white; on actions: none."
    assert not any("{" in line or "'" in line or "None" in line for line in lines)
    m.push({"kind": "pick", "seat": seat, "pile": "B", "offer": ["b-01", "b-02"]})
    drawn = m.private_lines(seat)[-1]
    assert drawn.startswith("You drew, keep one: B (") and "b-01" not in drawn
    assert not any("You drew" in line for line in m.private_lines(1 - seat))


def test_prompts_labels_and_log_never_show_ids_the_board_does_not() -> None:
    for seed in range(6):
        m = rules.new_match("railroad-revolution", 2 + seed % 3, seed)
        rng = random.Random(seed)
        while not m.over:
            seat = m.to_act()[0]
            shown = [m.prompt(seat), *m.private_lines(seat)]
            shown += [c.label for c in m.choices(seat)]
            for text in shown:
                assert not RAW_ID.search(text), text
                assert len(text) <= 100 or text in shown[:1] + m.private_lines(seat)
            m.act(seat, rng.choice(m.legal(seat)))
        for _, line in m.lines:
            assert not RAW_ID.search(line), line


def test_the_rules_say_nothing_of_discord() -> None:
    m = ready(2)
    words = " ".join([m.prompt(due(m)), *labels(m).values(), *m.private_lines(due(m))])
    guide = rules.guide("railroad-revolution")
    words += " ".join(t for _, t in guide.pages) + " ".join(t.text for t in guide.topics)
    assert not re.search(r"/play|button|menu|discord", words, re.IGNORECASE)


def test_the_guide_explains_every_piece_the_game_shows() -> None:
    guide = rules.guide("railroad-revolution")
    assert 3 <= len(guide.pages) <= 6
    assert guide.pages[-1][0] == "Our adaptations"
    data = load_data()
    names = [f"{c} worker" for c in COLOURS] + ["Station", "Railroad", "Telegraph", "Trade"]
    names += [f"{t} train" for t in ("promote", *STACKS)]
    names += [m.upper() for m in data.markets] + ["A1", "A2", "B", "C", "D"]
    names += [face.key for faces in data.setup_tiles.values() for face in faces]
    names += ["market", "milestone", "manager", "shares", "performance tracks", "telegraph tiles",
              "First Station", "First Office", "hire", "terrain", "rail space", "player board",
              "supply", "main reward", "flip a train", "swap a worker"]
    missing = [n for n in names if guide.topic(n) is None]
    assert not missing
    assert "workers" in guide.pages[1][1].lower() and "orange" in guide.pages[1][1].lower()


def test_office_refusals_say_what_is_in_the_way() -> None:
    m = ready(2)
    seat = due(m)
    me(m)["offices"] = [2]
    m.state["offices"]["2"] = [seat]
    give(m, seat, white=5)  # a fifth worker, so the tile bonus keeps the action open
    start(m, "telegraph")
    assert refused(m, "office 2").endswith("you already have an office in section 2.")
    assert refused(m, "section 9").endswith("the telegraph line has sections 1 to 8.")
    act(m, "section 4")
    assert refused(m, "office 5").endswith("you already built your office this turn.")


def test_a_misspelt_rail_is_answered_with_the_board_name() -> None:
    m = ready(2)
    start(m, "railroad")
    # The hint is the label on the screen, with the board's name, and it plays as typed.
    hint = refused(m, "charlote miam 1")
    assert "Did you mean `Rail on Charlotte–Miami 1 (plains)" in hint, hint
    label = hint.split("`")[3]
    assert m.parse(due(m), label) == "rail cha-mia-1"
    assert m.parse(due(m), "rail cha-mia-1") == "rail cha-mia-1"  # stored texts still work
