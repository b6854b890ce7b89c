"""The bot's hand picture: the card words of the private view, the file and its alt text."""

from __future__ import annotations

import io

from PIL import Image

import rules
from bot.adapter.flows import hand_file
from bot.ops.pictures import IN_THREADS
from rules.switch_signal.said import does as signal_does
from rules.trains.card_words import does
from rules.trains.cards import load_cards

NAMES = ["Ann", "Bob", "Cleo"]


async def test_trains_hand_file_is_a_png_whose_alt_text_lists_every_card() -> None:
    match = rules.new_match("trains", NAMES, 7, {"map": "tokyo", "kingdom": "tokyo-beginner"})
    file = await hand_file(match, 0, IN_THREADS)
    assert file is not None and file.filename == "hand.png"
    image = Image.open(io.BytesIO(file.fp.read()))
    assert image.format == "PNG"
    hand = match.view(0)["you"]["hand"]
    cards = load_cards()
    assert file.description is not None
    assert all(cards[c].name in file.description for c in hand)
    assert does(cards["lay-rails"], False) in file.description or "lay-rails" not in hand


def test_card_facts_cover_exactly_the_held_trains_cards() -> None:
    match = rules.new_match("trains", NAMES, 7, {"map": "osaka", "kingdom": "first-game"})
    private = match.view(1)
    facts = private["card_facts"]
    assert set(facts) == set(private["you"]["hand"])
    assert facts["normal-train"]["coins"] == 1 and facts["normal-train"]["cost"] == 1


async def test_switch_and_signal_facts_give_each_kind_its_effect() -> None:
    match = rules.new_match("switch-and-signal", NAMES, 7, {"board": "central-europe"})
    facts = match.view(0)["card_facts"]
    assert set(facts) == {"signal", "switch", "move"}
    assert all(f["does"] == signal_does(k) for k, f in facts.items())
    file = await hand_file(match, 0, IN_THREADS)
    assert file is not None and file.description is not None
    held = [k for k, n in match.view(0)["hand"].items() if n]
    assert all(k.capitalize() in file.description for k in held)


async def test_no_file_for_a_game_without_hidden_hands() -> None:
    match = rules.new_match("steel-driver", NAMES, 7, {})
    assert await hand_file(match, 0, IN_THREADS) is None
