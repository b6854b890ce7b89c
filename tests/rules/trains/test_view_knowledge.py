"""What a Trains seat knows at the table is in its view, and no other seat's secrets.

From the rulebook, every seat may know:
- the board: each player's rails and the stations, the stations left (« Installation »);
- the supply piles and their counts, the trashed cards (« écarter »);
- each player's VP on the score track, rail cubes left, and how many cards lie in their hand,
  deck and discard pile (piles on the table);
- the turn under way: the cards played « face visible dans votre zone de jeu », the coins, the
  cards bought or gained (« la pile des cartes gagnées »).
A seat also knows its own:
- hand;
- discard pile, in its order (Traction: « Regardez dans votre pile de défausse ... Vous ne
  pouvez pas changer l'ordre des cartes »);
- every card it owns, each having been dealt, bought or gained in the open (« autant de points
  que vous avez de PV en votre possession (cartes en main, dans le deck et dans la défausse) »),
  hence what its deck holds but not in which order (« mélangez votre pile de défausse pour
  former un nouveau deck »);
- the top cards of its deck it looked at and put back (Signaux, Centre d'information).
It never knows another seat's hand, deck or discard pile, nor any deck order beyond what it saw.
`test_hidden.py` checks the public side for a whole game; this checks every seat's view.
"""

from __future__ import annotations

import random
from collections import Counter

from rules.core.computer import computer_action
from rules.trains import Trains
from tests.rules.harness import fresh_twin, views_of
from tests.rules.trains.helpers import due

OPTIONS = {"map": "tokyo", "kingdom": "reforming-tunneling"}  # Signals, Information Central
EVERY = 9  # actions between two looks at the views


def _games() -> list[tuple[Trains, random.Random]]:
    return [(Trains(["Ann", "Bob", "Cy"], seed, OPTIONS), random.Random(seed))
            for seed in (1, 2)]


def _step(m: Trains, rng: random.Random) -> None:
    """The computer's move, or now and then any legal one (random play alone stalls early)."""
    seat = due(m)
    m.act(seat, rng.choice(m.legal(seat)) if rng.random() < 0.3 else computer_action(m, seat))


def _owned(m: Trains, seat: int) -> Counter[str]:
    """Every card of the seat, zone by zone, from the match state."""
    s = m.state
    p = s["players"][seat]
    cards = Counter(p["hand"] + p["deck"] + p["discard"])
    if seat == s["current"]:
        cards.update(e["card"] for e in s["turn"]["play"])
        cards.update(s["turn"]["gained"])
    for zone in ("revealed", "left", "placed"):
        cards.update((s["pending"] or {}).get(zone, []))
    return cards


def _check_own(m: Trains) -> None:
    """Each seat finds its own cards in its view, as the match holds them."""
    for seat in range(len(m.players)):
        p, you = m.state["players"][seat], m.view(seat)["you"]
        assert you["hand"] == sorted(p["hand"]) and you["discard"] == p["discard"]
        assert you["deck_cards"] == Counter(p["deck"]) and you["deck_size"] == len(p["deck"])
        assert you["deck_top"] == p["deck"][: p["known_top"]]
        assert you["owned"] == _owned(m, seat)
        public = m.view(None)["players"][seat]
        assert (public["hand_size"], public["deck_size"], public["discard_size"]) == \
            (len(p["hand"]), len(p["deck"]), len(p["discard"]))


def _check_secrets(m: Trains, rng: random.Random) -> bool:
    """Another deck order, or other cards in one seat's hand, show in no other view.

    Returns whether a hand could be changed (a seat holding a card its deck lacks).
    """
    seats = list(range(len(m.players)))
    before = views_of(m, seats)
    reordered = fresh_twin(m)
    for p in reordered.state["players"]:
        unseen = p["deck"][p["known_top"]:]
        rng.shuffle(unseen)
        p["deck"][p["known_top"]:] = unseen
    assert views_of(reordered, seats) == before  # deck order is nobody's knowledge
    for secret in seats:
        swapped = fresh_twin(m)
        p = swapped.state["players"][secret]
        pairs = [(i, j) for i, c in enumerate(p["hand"])
                 for j, d in enumerate(p["deck"]) if j >= p["known_top"] and c != d]
        if not pairs:
            continue
        i, j = pairs[0]
        p["hand"][i], p["deck"][j] = p["deck"][j], p["hand"][i]
        others = [s for s in seats if s != secret]
        assert views_of(swapped, others) == views_of(m, others)
        assert swapped.view(secret)["you"]["hand"] != before[1 + secret]["you"]["hand"]
        return True
    return False


def test_each_seat_sees_its_own_cards_and_what_the_table_shows() -> None:
    seen_top = owned_more = False
    for m, rng in _games():
        k = 0
        while not m.over:
            if k % EVERY == 0:
                _check_own(m)
                seen_top |= any(p["known_top"] for p in m.state["players"])
                owned_more |= any(sum(m.view(s)["you"]["owned"].values()) > 20
                                  for s in range(3))
            _step(m, rng)
            k += 1
        _check_own(m)
    assert seen_top and owned_more  # a seat knew its deck's top; decks grew well past 10


def test_no_view_shows_another_seats_cards_or_any_deck_order() -> None:
    swaps = 0
    for m, rng in _games():
        k = 0
        while not m.over and k < 400:
            if k % (3 * EVERY) == 0:
                swaps += _check_secrets(m, rng)
            _step(m, rng)
            k += 1
    assert swaps >= 10
