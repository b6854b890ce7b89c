"""A choice that costs time tokens, ends a round or the game, or leaves a card unused says so in
its label, at the end where clipping never reaches; and what it says comes true."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import rules
from rules.core.choices import LABEL_LIMIT, Choice
from rules.core.computer import computer_action
from rules.core.standing import WARNING_MARK, warned


def _positions(game_id: str, seed: int, players: int = 3) -> Iterator[
        tuple[rules.Match, int, list[Choice]]]:
    """Every decision of a seeded game (the computer's moves, one in five random)."""
    pick = random.Random(seed)
    m = rules.new_match(game_id, [f"P{i}" for i in range(players)], seed)
    while not m.over:
        seat = m.to_act()[0]
        yield m, seat, m.choices(seat)
        legal = m.legal(seat)
        m.act(seat, pick.choice(legal) if pick.random() < 0.2 else computer_action(m, seat))


def _after(m: rules.Match, seat: int, action: str) -> rules.Match:
    twin = m.copy()
    twin.act(seat, action)
    return twin


def _warnings(games: list[tuple[str, int]]) -> Iterator[tuple[rules.Match, int, Choice, str]]:
    """Each warned choice with its warning, checked for length on the way."""
    for game_id, seed in games:
        for m, seat, choices in _positions(game_id, seed):
            for c in choices:
                assert len(c.label) <= LABEL_LIMIT, c.label
                if WARNING_MARK in c.label:
                    yield m, seat, c, c.label.split(WARNING_MARK, 1)[1].strip()


def test_a_warning_survives_clipping_and_the_label_keeps_its_start() -> None:
    long = "Move black train 3 next (Strasbourg–Stuttgart track, 2nd space from Stuttgart), " \
        "black die 2–5, and more words"
    said = warned(long, "costs 2 time tokens")
    assert len(said) <= LABEL_LIMIT and said.endswith("⚠ costs 2 time tokens")
    assert said.startswith("Move black train 3 next") and "…" in said
    assert warned("Pass", "") == "Pass"


def test_steel_driver_says_which_choice_ends_a_round_or_the_game() -> None:
    seen = set()
    for m, seat, c, said in _warnings([("steel-driver", 1), ("steel-driver", 2)]):
        twin = _after(m, seat, c.action)
        before, after = m.state, twin.state
        if said.startswith("ends round"):
            assert after["round"] == before["round"] + 1, said
        elif said.startswith("ends the last round"):
            assert after["phase"] == "final" and before["phase"] in ("auction", "build")
        elif said.startswith("ends the game"):
            assert twin.over and all(twin.players[w] in said or "you" in said
                                     for w in twin.winners())
        else:
            assert said == "ends the auctions" and after["phase"] != "auction"
        seen.add(said.split(":")[0].rstrip("0123456789 "))
    assert {"ends round", "ends the last round", "ends the game"} <= seen, seen


def test_railroad_revolution_says_which_piece_starts_the_end_and_who_leads() -> None:
    found = 0
    for m, seat, c, said in _warnings([("railroad-revolution", 3)]):
        if said.startswith("starts the end of the game"):
            assert m.state["end"] is None and _after(m, seat, c.action).state["end"] is not None
            assert re.search(r"\((you lead|\w+ leads?)", said), said
            found += 1
        elif said.startswith("leaves unused"):
            assert c.action == "done" and len(m.legal(seat)) > 1
            found += 1
        else:
            assert said.startswith(("may start the end", "your last turn")), said
    assert found


def test_trains_warns_of_the_end_of_the_game_and_of_cards_left_in_hand() -> None:
    kinds = set()
    for m, seat, c, said in _warnings([("trains", 3)]):
        if c.action == "end turn" and "unplayed" in said:
            hand = m.state["players"][seat]["hand"]
            assert any(m.cards[card].playable for card in hand)  # type: ignore[attr-defined]
            kinds.add("unplayed")
        if said.startswith("ends the game"):
            assert _after(m, seat, c.action).over
            kinds.add("end")
    assert "unplayed" in kinds


def test_spike_warns_before_the_last_deck_card_and_a_delivery_left_undone() -> None:
    kinds = set()
    for m, seat, c, said in _warnings([("spike", 3)]):
        if "round" in said:
            assert _after(m, seat, c.action).state["round"] == m.state["round"] + 1
            kinds.add("round")
        elif "left undone" in said:
            assert any(a.startswith(("deliver ", "load ")) for a in m.legal(seat))
            kinds.add("undone")
        else:
            assert said.startswith("may end the game") and m.state["round"] == 3
    assert "round" in kinds


@pytest.mark.parametrize("seed", [3, 8])
def test_switch_signal_move_labels_say_the_time_tokens_they_cost(seed: int) -> None:
    checked = 0
    for m, seat, c, said in _warnings([("switch-and-signal", seed)]):
        exact = re.fullmatch(r"costs (\d+) time tokens?", said)
        if not exact or m.state["outcome"] is not None:
            continue
        twin = _after(m, seat, c.action)
        while twin.state["motion"] is not None and twin.state["motion"]["await"] == "roll":
            twin.act(seat, "keep")
        if twin.state["motion"] is not None or twin.state["phase"] == "over":
            continue  # paused for a way out: the rest is the player's choice
        rolls = sum(" die for " in line for _, line in twin.lines[len(m.lines):])
        if rolls > (1 if c.action.startswith("move ") else 0):
            continue  # the departure card moved the next train on its own: its cost adds up
        lost = (m.state["clock"] - twin.state["clock"]
                + (twin.state["set_aside"] - m.state["set_aside"]) * m.state["clock_size"])
        assert lost == int(exact.group(1)), (c.label, lost)
        checked += 1
    assert checked
