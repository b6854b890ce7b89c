"""Refusals a newcomer reads: hints that are labels they can type, the closest names for
misspelt places and cards, and no false reason for a move that is right there on the screen."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import rules
from rules.core.reading import closest_name

Found = tuple[rules.Match, int]


def _find(game_id: str, wanted: Callable[[rules.Match, int], bool], players: int = 3) -> Found:
    """The first decision of seeded random games where `wanted` holds (always the same one)."""
    for seed in range(30):
        rng = random.Random(seed)
        m = rules.new_match(game_id, players, seed)
        while not m.over:
            seat = rng.choice(m.to_act())
            if wanted(m, seat):
                return m, seat
            m.act(seat, rng.choice(m.legal(seat)))
    raise AssertionError(f"no such decision in {game_id}")


def _refused(m: rules.Match, seat: int, typed: str) -> str:
    before = m.to_json()
    try:
        played = m.parse(seat, typed)
    except rules.IllegalAction as exc:
        assert m.to_json() == before  # a refusal changes nothing
        return str(exc)
    raise AssertionError(f"{typed!r} played {played!r}")


def _labels(m: rules.Match, seat: int) -> dict[str, str]:
    return {c.action: c.label for c in m.choices(seat)}


def _hinted(refusal: str) -> list[str]:
    """The labels a "Did you mean `a`, `b` or `c`?" offers."""
    return refusal.partition("Did you mean ")[2].split("`")[1::2]


def test_a_hint_is_a_label_that_plays_when_typed_back() -> None:
    m, seat = _find("trains", lambda m, s: "end turn" in m.legal(s))
    assert m.parse(seat, "end teh turn") == "end turn"  # little words may be left out, or off
    refusal = _refused(m, seat, "end the trun")
    (hint,) = _hinted(refusal)
    assert hint == _labels(m, seat)["end turn"] and m.parse(seat, hint) == "end turn"


def test_no_hint_offers_a_move_the_words_do_not_name() -> None:
    # Railroad Revolution: "sell share" is on offer; "grey: gain 2 shares" is not selling.
    m, seat = _find("railroad-revolution", lambda m, s: "sell share" in m.legal(s))
    refusal = _refused(m, seat, "grey: gain 2 shares")
    assert "sell" not in refusal.lower(), refusal
    # Trains: "+1 coin" is no card's name: never "Did you mean `coin`?" (an id).
    m, seat = _find("trains", lambda m, s: "play normal-train" in m.legal(s)
                    and "coin" not in m.legal(s))
    refusal = _refused(m, seat, "+1 coin")
    assert "`coin`" not in refusal and "Play Normal Train: +1 coin" in refusal, refusal
    refusal = _refused(m, seat, "normal")
    assert "normal-train" not in refusal and "Play Normal Train" in refusal, refusal


def test_a_misspelt_place_or_card_gets_the_closest_name() -> None:
    m: Any
    m, seat = _find("trains", lambda m, s: any(a.startswith("start ") for a in m.legal(s)))
    if m.board.id == "tokyo":  # the issue's own words: a hint that names Kawagoe
        assert "Kawagoe" in _refused(m, seat, "start kawgaoe")
    city = next(m.board.hexes[a.split()[1]].name for a in m.legal(seat)
                if a.startswith("start ") and m.board.hexes[a.split()[1]].name)
    typo = city[0] + city[2] + city[1] + city[3:]
    assert city in _refused(m, seat, f"start {typo}")
    assert m.parse(seat, f"start {city}") == next(a for a in m.legal(seat)
                                                  if m.board.hexes[a.split()[1]].name == city)
    m, seat = _find("trains", lambda m, s: "play normal-train" in m.legal(s))
    assert "Lay Rails" in _refused(m, seat, "play lay rials")
    missing = next(c.name for c in m.cards.cards.values()
                   if f"play {c.id}" not in m.legal(seat) and len(c.name) > 8)
    typo = missing[:3] + missing[4] + missing[3] + missing[5:]
    assert f"did you mean {missing}?" in _refused(m, seat, f"play {typo}")
    assert closest_name("zzzz", ["Lay Rails"]) is None


def test_the_words_of_a_label_point_at_it_never_at_a_false_reason() -> None:
    # Steel Driver: a city named alone that a build on offer reaches ("birmingham" with
    # "Build Atlanta → Birmingham for UP" shown) is that build, not "rails don't reach".
    def reaches_new_city(m: rules.Match, s: int) -> bool:
        return any("profit" in c.label and "already" not in c.label for c in m.choices(s)) \
            and len(m.legal(s)) > 2

    m, seat = _find("steel-driver", reaches_new_city)
    label = next(c.label for c in m.choices(seat) if "profit" in c.label)
    city = label.split(" → ")[1].split(" for ")[0]
    refusal = _refused(m, seat, city.lower())
    assert "don't reach" not in refusal and label in refusal, refusal
    # Switch & Signal: while revealing, "reveal" in other words never says "reveal first".
    m, seat = _find("switch-and-signal", lambda m, s: "reveal" in m.legal(s))
    assert m.parse(seat, "reveal next departure card") == "reveal"
    assert "first" not in _refused(m, seat, "reveal the next card")


def test_a_spike_move_too_far_says_why_not_that_the_place_is_unknown() -> None:
    def moving_far(m: Any, s: int) -> bool:
        return m.step()["kind"] in ("free", "move") and any(
            owner == s for owner in m.state["owners"]) and m.train_space(s) is not None

    m: Any
    m, seat = _find("spike", moving_far)
    board = m.board
    near = {i for _, _, i in m.move_choices(seat) if i is not None}
    here = m.train_space(seat)
    far = next(sp for sp in board.spaces
               if m.state["owners"][sp.index] == seat and sp.index not in near | {here})
    typed = f"move {board.points[far.a].label} {board.points[far.b].label}"
    refusal = _refused(m, seat, typed)
    assert "no city or junction called" not in refusal
    assert "not one step from your train" in refusal, refusal
