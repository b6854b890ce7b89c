"""What a person reads in the channel, and whose move it is, for the tests that play whole games."""

from __future__ import annotations

import rules
from tests.e2e.conftest import Table
from tests.fakediscord.state import Message


def said_in(message: Message) -> list[str]:
    """What a person reads of a message: text, embeds, buttons, menus, pictures' alt text."""
    texts = [message.content]
    for embed in message.embeds:
        texts += [embed.get("title", ""), embed.get("description", ""),
                  embed.get("footer", {}).get("text", "")]
        texts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", [])]
    for row in message.components:
        for comp in row.get("components", []):
            texts += [comp.get("label") or "", comp.get("placeholder") or ""]
            texts += [o["label"] for o in comp.get("options", [])]
    texts += [a.get("description") or "" for a in message.attachments]
    return [t for t in texts if t]


async def due_now(table: Table) -> tuple[str, rules.Match]:
    """The name of the first player due, and the match as the bot has it."""
    assert table.bot is not None
    game = await table.bot.service.store.open_game(table.channel)
    assert game is not None
    match = await table.bot.service.match_of(game)
    user = game.seats[match.to_act()[0]].user_id
    return next(n for n, uid in table.users.items() if uid == user), match
