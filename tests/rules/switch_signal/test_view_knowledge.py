"""What a Switch & Signal seat knows at the table is in its view, and no other seat's hand.

From the rulebook (Convoi Express), every seat may know:
- the board: trains and their cargo, green discs, switches, goods cubes waiting and delivered,
  the station clock's time tokens (« Les jetons Temps »), the agents used;
- the departure cards: how many are left (« la pioche des 16 Fiches d'instruction restantes,
  face cachée »), every one revealed and put on the discard pile, the one being played;
- the action cards: how many are left in the face-down pile, the face-up discard pile (« Les
  cartes Action jouées sont posées face visible sur une pile de défausse ») and how many cards
  each player holds; a hand a player chose to show (« vous pouvez communiquer sur les cartes
  que vous avez en main »), as long as it stays the same;
- who started (« Il devient le premier joueur actif ») and who is active now;
- variant « Renoncer aux dés Départ »: the three location tokens chosen at set-up (« Ces 3
  jetons désignent respectivement les cases de départ des trois premiers Trains »).
A seat also knows its own hand. It never knows another seat's unshown hand, nor the order of the
action pile, the departure pile or the location token pile.
"""

from __future__ import annotations

import random

from rules.switch_signal import SwitchSignal
from rules.switch_signal.cards import hand_total
from tests.rules.harness import fresh_twin, views_of
from tests.rules.switch_signal.helpers import due

ACTION_CARDS = 81  # « Mélangez les 81 cartes Action »
GAMES = [({}, 1), ({"location_tokens": "no-start-dice"}, 2), ({}, 3)]


def _new(options: dict[str, str], seed: int) -> SwitchSignal:
    return SwitchSignal(["Ann", "Bob", "Cy"], seed, options)


def _check(m: SwitchSignal) -> None:
    """The table and each seat's own hand, as the match holds them."""
    s, view = m.state, m.view(None)
    cards = view["action_cards"]
    assert cards["draw_pile"] == len(s["action_deck"]) and cards["discard"] == s["action_discard"]
    sizes = [p["hand_size"] for p in view["players"]]
    assert cards["draw_pile"] + sum(cards["discard"].values()) + sum(sizes) == ACTION_CARDS
    departure = view["departure"]
    assert departure["deck"] == len(s["deck"]) and departure["revealed"] == s["revealed"]
    assert view["clock"]["tokens"] == s["clock"] and view["first_player"] == s["first"]
    assert view["location_tokens"]["opening"] == s["tokens"]["opening"]
    for seat, player in enumerate(view["players"]):
        hand = s["hands"][seat]
        assert player["hand_size"] == hand_total(hand)
        assert player["hand"] == (hand if s["shown"][seat] else None)
        assert m.view(seat)["hand"] == hand


def _other_cards(m: SwitchSignal, secret: int, rng: random.Random) -> SwitchSignal | None:
    """The same table but for one card of `secret`'s hand swapped with a card of another kind
    from the action pile, and the three face-down piles in another order."""
    twin = fresh_twin(m)
    s = twin.state
    hand, deck = s["hands"][secret], s["action_deck"]
    swap = next(((i, k) for i, d in enumerate(deck) for k, n in hand.items() if n and d != k),
                None)
    if swap is None:
        return None
    i, k = swap
    hand[k] -= 1
    hand[deck[i]] += 1
    deck[i] = k
    for pile in (deck, s["deck"], s["tokens"]["pile"]):
        rng.shuffle(pile)
    return twin


def test_each_seat_sees_the_table_and_its_own_hand() -> None:
    looks = shown = 0
    for options, seed in GAMES:
        m, rng = _new(options, seed), random.Random(seed)
        opening = list(m.state["tokens"]["opening"])
        assert len(opening) == (3 if options else 0)
        assert m.view(None)["location_tokens"]["opening"] == opening
        while not m.over:
            _check(m)
            looks += 1
            shown += any(m.state["shown"])
            seat = due(m)
            m.act(seat, rng.choice(m.legal(seat)))
        _check(m)
    assert looks > 100 and shown  # someone showed a hand at some point


def test_no_view_shows_another_seats_hand_or_any_pile_order() -> None:
    checked = 0
    for options, seed in GAMES:
        m, rng, k = _new(options, seed), random.Random(seed), 0
        while not m.over:
            secret = k % 3
            if k % 4 == 0 and not m.state["shown"][secret]:
                twin = _other_cards(m, secret, rng)
                if twin is not None:
                    others = [s for s in range(3) if s != secret]
                    assert views_of(twin, others) == views_of(m, others)
                    assert twin.view(secret)["hand"] != m.view(secret)["hand"]
                    checked += 1
            seat = due(m)
            m.act(seat, rng.choice(m.legal(seat)))
            k += 1
    assert checked >= 30
