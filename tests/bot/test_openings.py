"""The first message of a game: its set-up said once, the game's name not twice."""

from __future__ import annotations

from bot.tables.presenters import handover_message, turn_card
from bot.tables.service import GameService
from render.core.turn_card import turn_card_alt

CHANNEL = 77


async def test_the_first_message_names_the_game_once_and_its_card_says_set_up(
        service: GameService) -> None:
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="Ann",
                         game_id="switch-and-signal", options={})
    await service.join(CHANNEL, 2, "Bob")
    report = await service.start(CHANNEL, 1, can_manage=False)
    lines = [t for _, t in report.match.lines]
    text, _ = handover_message(report, lines)
    first = text.splitlines()[0]
    assert first.startswith("**Switch & Signal** on the Central Europe board: deliver 8 goods")
    assert first.count("Switch & Signal") == 1
    alt = turn_card_alt(turn_card(report.match, lines))
    assert ". Set-up: Switch & Signal on the Central Europe board" in alt
    assert "Last turn" not in alt
