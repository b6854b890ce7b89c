"""What a Spike seat knows at the table is in its view, and no other seat's secrets.

From the rulebook, every seat may know:
- the board: every player's track and train, what it carries, its speed, power and cargo
  (« Améliorer son train »), the cities and the goods market (« Score des marchandises »);
- each player's money on the score track, track left, how many rail cards they hold, their
  contract cards, dealt face up (« La face visible qui a été distribuée »), and deliveries;
- the rail cards: the four face-up cards (« cartes faces visibles »), how many are left in the
  deck, and the discard pile, face up (« Les cartes utilisées de cette manière sont défaussées,
  faces visibles, dans une pile ») until the round's reshuffle (« Manches et cartes de temps »);
- the time cards turned up.
A seat also knows its own:
- rail cards in hand, and its route card (« distribuez-en une face cachée à chaque joueur »);
- the card it gave at set-up, or was given (« Le premier joueur choisit maintenant une des
  cartes rails de sa main pour la donner au joueur à sa droite »).
It never knows another seat's hand or route card (until the end scores them), nor the deck order.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from rules.core.computer import computer_action
from rules.spike import Spike
from tests.rules.harness import fresh_twin, views_of
from tests.rules.spike.helpers import due, new

EVERY = 12  # actions between two looks at the views


def _step(m: Spike, rng: random.Random) -> None:
    """The computer's move, or now and then any legal one."""
    seat = due(m)
    m.act(seat, rng.choice(m.legal(seat)) if rng.random() < 0.3 else computer_action(m, seat))


def _paid(m: Spike) -> Counter[str]:
    """The cards paid since the last reshuffle, as the public log lines said them."""
    pile: Counter[str] = Counter()
    for _, text in m.lines:
        if text.startswith("The rail deck is exhausted: round "):
            pile = Counter()  # « mélangez ... avec celles défaussées et reformez la pioche »
        elif " plays " in text:
            cards = text.split(" plays ", 1)[1].split(" (joker")[0].rstrip(".")
            for part in cards.split(", "):
                n, colour = part.split(" ", 1)
                pile[colour] += int(n)
    return pile


def _check(m: Spike) -> None:
    """The table and each seat's own cards, as the match holds them and the log said them."""
    s, board, public = m.state, m.board, m.view(None)
    cards = public["rail_cards"]
    assert cards["discard_pile"] == _paid(m)
    discards = Counter(s["discard"])
    assert cards["discard_pile"] == {board.kind(k).card: n for k, n in discards.items()}
    assert cards["display"] == [board.kind(k).card for k in s["display"]]
    assert cards["deck"] == len(s["deck"])
    for seat in range(len(m.players)):
        p, you = m.me(seat), m.view(seat)["you"]
        assert you["hand"] == {board.kind(k).card: n for k, n in p["hand"].items()}
        assert public["players"][seat]["hand_size"] == sum(p["hand"].values())
        card = m.route_card(seat)
        assert you["route_card"] == (None if card is None else
                                     {"top": card.top, "cities": [list(c) for c in card.cities]})
        if not m.over:
            assert public["players"][seat]["route_card"] is None


def _hide_otherwise(m: Spike, secret: int, rng: random.Random) -> Spike | None:
    """The same table but for `secret`'s hidden cards (a card of its hand swapped with one of
    another colour from the deck, another route card) and the deck's order."""
    twin = fresh_twin(m)
    s, p = twin.state, twin.me(secret)
    held = [k for k, n in p["hand"].items() if n]
    swap = next(((i, k) for i, d in enumerate(s["deck"]) for k in held
                 if d in p["hand"] and d != k), None)
    if swap is None:
        return None
    i, k = swap
    p["hand"][k] -= 1
    p["hand"][s["deck"][i]] += 1
    s["deck"][i] = k
    taken = {q["route"] for q in s["players"]} | {r for q in s["players"] for r in q["route_offer"]}
    if p["route"] is not None:
        p["route"] = next(r for r in range(len(twin.board.routes)) if r not in taken)
    rng.shuffle(s["deck"])
    return twin


def test_each_seat_sees_the_face_up_discards_and_its_own_cards() -> None:
    m, rng, k, piles = new(3, 1), random.Random(1), 0, 0
    while not m.over:  # three rounds: the pile is reshuffled twice
        if k % EVERY == 0:
            _check(m)
            piles += bool(m.state["discard"])
        _step(m, rng)
        k += 1
    _check(m)
    assert piles > 5 and m.state["round"] == 3


def test_no_view_shows_another_seats_cards_route_card_or_the_deck_order() -> None:
    checked = 0
    for seed in (3, 4):
        m, rng, k = new(3, seed), random.Random(seed), 0
        while not m.over and k < 300:
            if k % (3 * EVERY) == 0 and m.state["phase"] == "play":
                secret = k % 3
                twin = _hide_otherwise(m, secret, rng)
                if twin is not None:
                    others = [s for s in range(3) if s != secret]
                    assert views_of(twin, others) == views_of(m, others)
                    assert twin.view(secret)["you"] != m.view(secret)["you"]
                    checked += 1
            _step(m, rng)
            k += 1
    assert checked >= 4


def test_the_card_given_at_setup_is_known_to_giver_and_receiver_only() -> None:
    m = new(3, 5)
    while m.state["step"]["kind"] != "give":
        m.act(due(m), m.legal(due(m))[0])
    giver = due(m)
    right = (giver - 1) % 3
    card = m.legal(giver)[-1].split(" ", 1)[1]
    m.act(giver, f"give {card}")
    assert m.view(giver)["you"]["gave"] == {"to": right, "card": card}
    assert m.view(right)["you"]["received"] == {"from": giver, "card": card}
    third = 3 - giver - right
    assert m.view(third)["you"]["gave"] is None and m.view(third)["you"]["received"] is None
    assert m.view(giver)["you"]["received"] is None and m.view(right)["you"]["gave"] is None
    public = json.dumps(m.view(None))
    assert '"gave"' not in public and '"received"' not in public


def test_the_text_view_says_the_discard_pile() -> None:
    from render.spike.text import text_lines

    m, rng = new(2, 6), random.Random(6)
    assert not any(line.startswith("Discard pile") for line in text_lines(m.view(None)))
    while not m.state["discard"]:
        _step(m, rng)
    pile = ", ".join(f"{n} {colour}" for colour, n in _paid(m).items())
    assert f"Discard pile (face up): {pile}." in text_lines(m.view(None))
