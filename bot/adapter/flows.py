"""Interaction flows for table matters: answers to table questions, snoozes, catch-up."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord

import rules
from bot.adapter.components import request_view
from bot.adapter.menus import action_view
from bot.adapter.replies import NO_PINGS, refusal, reply
from bot.store import GameRow
from bot.tables import history, presenters
from bot.tables.service import GameError, MoveReport, seat_of
from render.core.hands import hand_alt, render_hand

if TYPE_CHECKING:
    from bot.adapter.host import Host

OUTCOMES = {"approved": "agreed", "refused": "refused", "wait": "the table waits",
            "skip": "the turn is skipped", "replace": "the seat is open to a substitute",
            "end": "the game is ended", "taken": "taken"}


class TableFlows:
    """Handlers for request buttons, snooze and catch-up (the bot holds one as `bot.flows`)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def answer_request(self, interaction: discord.Interaction[Any],
                             request_id: int, choice: str) -> None:
        """A table question answered by a button: undo consent, a late player, an open seat."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            request = await self.bot.service.store.get_request(request_id)
            report: MoveReport | None = None
            status = choice
            if request.kind == "undo":
                answered, report = await self.bot.service.answer_undo(
                    request_id, interaction.user.id, choice == "yes")
                status = answered.status
                if status == "open":
                    await reply(interaction, "Noted; waiting for the others.")
                    return
            elif request.kind == "timeout":
                decision = await self.bot.seats.decide_timeout(
                    request_id, interaction.user.id, bool(interaction.permissions.manage_channels),
                    choice)
                report = decision.report
                if decision.open_seat is not None:
                    await self._offer_seat(interaction, decision.game, decision.open_seat)
            elif request.kind == "seat":
                name = presenters.display(interaction.user)
                game, seat = await self.bot.seats.take_seat(request_id, interaction.user.id, name)
                await self.bot.post(interaction, f"{name} takes over seat {seat + 1}.")
                status = "taken"
        except GameError as exc:
            await reply(interaction, refusal(str(exc)))
            return
        await reply(interaction, "Noted.")
        if interaction.message is not None:
            who = presenters.display(interaction.user)
            await interaction.message.edit(
                content=presenters.clip(f"{interaction.message.content}\n→ "
                                        f"{OUTCOMES.get(status, status)} ({who})."),
                view=None, allowed_mentions=NO_PINGS)
        if report is not None:
            await self.bot.publish(interaction, report)
        elif request.kind == "timeout" and status == "replace":  # the computer may stand in
            await self.bot.run_computers(request.game_pk, interaction.channel_id or 0)

    async def _offer_seat(self, interaction: discord.Interaction[Any], game: GameRow,
                          seat: int) -> None:
        """Invite anyone to take an open seat; meanwhile the computer (or a pass) stands in."""
        game_pk, version = game.id, game.version
        request = await self.bot.service.store.add_request(game_pk, "seat", version, {"seat": seat},
                                                       self.bot.service.clock())
        await self.bot.get_partial_messageable(interaction.channel_id or 0).send(
            f"Seat {seat + 1} is open: anyone who is not playing yet may take it over. "
            + ("Until then I pass for it." if game.settings.get("stand_in") == "pass"
               else "Until then the computer plays it."),
            view=request_view(request.id, [("take", "Take this seat", True)]),
            allowed_mentions=NO_PINGS)

    async def snooze(self, interaction: discord.Interaction[Any], game_pk: int,
                     version: int, seat: int) -> None:
        """Put the next reminder off by one interval (only the reminded player may)."""
        store = self.bot.service.store
        game = await store.get_game(game_pk)
        owner = next((s.user_id for s in game.seats if s.seat == seat), None)
        if owner != interaction.user.id:
            await reply(interaction, "Only the reminded player can snooze.")
            return
        if game.wait != version:  # the button carries the wait it was made for
            await reply(interaction, "You have moved since; nothing to snooze.")
            return
        count = await store.notices_sent(game_pk, game.wait, seat, "snooze")
        await store.claim_notice(game_pk, game.wait, seat, "snooze", count + 1,
                                 self.bot.service.clock())
        await reply(interaction, "Snoozed: the next reminder comes one interval later.")

    async def catch_up(self, interaction: discord.Interaction[Any],
                       game_pk: int | None) -> None:
        """Privately: what happened since the player's last move."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            if game_pk is None:
                game_pk = (await self.bot.service.game_here(interaction.channel_id or 0)).id
            lines = await history.catch_up(self.bot.service, game_pk, interaction.user.id)
        except GameError as exc:
            await reply(interaction, refusal(str(exc)))
            return
        text = "\n".join(f"• {line}" for line in lines) or "Nothing new since your last move."
        await reply(interaction, "**Since your last move:**\n" + text)

    async def panel(self, interaction: discord.Interaction[Any], game_pk: int) -> None:
        """Privately: the player's hand and, when it is their turn, their choices."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.bot.service.store.get_game(game_pk)
        seat = seat_of(game, interaction.user.id)
        if seat is None or game.status != "active":
            await reply(interaction, "You are not playing in this game." if seat is None
                        else "This game is not running.")
            return
        match = await self.bot.service.match_of(game)
        text, view = self._panel_of(game.id, game.version, match, seat)
        # The picture shows the hand itself, so it goes only into this ephemeral reply.
        picture = await asyncio.to_thread(hand_file, match, seat)
        await reply(interaction, text, view, picture)

    async def private_panel(self, game_pk: int,
                            seat: int) -> tuple[str, discord.ui.View | None]:
        """The text and components of a seat's private panel at the current version."""
        game = await self.bot.service.store.get_game(game_pk)
        match = await self.bot.service.match_of(game)
        return self._panel_of(game.id, game.version, match, seat)

    @staticmethod
    def _panel_of(game_pk: int, version: int, match: rules.Match,
                  seat: int) -> tuple[str, discord.ui.View | None]:
        """A seat's private panel text and components for one loaded match."""
        text = presenters.private_words(match, seat)
        view = action_view(game_pk, version, match, seat)
        hint = presenters.explain_hint(match.game_id, match.prompt(seat))
        if view is not None:
            text += f"\n**Your move:** {match.prompt(seat)}{hint}"
        elif seat in match.to_act():
            text += f"\n**Your move:** {match.prompt(seat)} (type it with `/play`){hint}"
        return presenters.clip(text), view


def hand_file(match: rules.Match, seat: int) -> discord.File | None:
    """The seat's hand as a picture with alt text, or None (no hand, or an empty one).

    It shows hidden cards: send it only in an ephemeral reply to that seat's player."""
    if not match.info.hidden_information:
        return None
    private, public = match.view(seat), match.view(None)
    png = render_hand(private, public)
    if png is None:
        return None
    return discord.File(io.BytesIO(png), filename="hand.png",
                        description=hand_alt(private, public))
