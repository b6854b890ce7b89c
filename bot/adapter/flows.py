"""Interaction flows for table matters: answers to table questions, snoozes, catch-up."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord

import rules
from bot.adapter.components import request_view
from bot.adapter.menus import action_view
from bot.adapter.replies import NO_PINGS, refusal, reply
from bot.ops.pictures import Pictures
from bot.store import GameRow
from bot.tables import history, presenters
from bot.tables.language import game_language
from bot.tables.service import GameError, MoveReport, seat_of
from render.core.hands import hand_alt
from rules.core.lang import speaking, tr

if TYPE_CHECKING:
    from bot.adapter.host import Host



def outcome(status: str, who: str) -> str:
    """How a table question was answered, and by whom (under the question)."""
    said = {"approved": tr("→ agreed ({who})."), "refused": tr("→ refused ({who})."),
            "wait": tr("→ the table waits ({who})."),
            "skip": tr("→ the turn is skipped ({who})."),
            "replace": tr("→ the seat is open to a substitute ({who})."),
            "end": tr("→ the game is ended ({who})."), "taken": tr("→ taken ({who}).")}
    return said.get(status, "→ {status} ({who}).").format(status=status, who=who)


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
                    await reply(interaction, tr("Noted; waiting for the others."))
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
                with speaking(game_language(game)):
                    said = tr("{player} takes over seat {n}.", player=name, n=seat + 1)
                await self.bot.post(interaction, said)
                status = "taken"
        except GameError as exc:
            await reply(interaction, refusal(str(exc)))
            return
        await reply(interaction, tr("Noted."))
        if interaction.message is not None:
            who = presenters.display(interaction.user)
            game_row = await self.bot.service.store.get_game(request.game_pk)
            with speaking(game_language(game_row)):  # under the table's question
                said = outcome(status, who)
            await interaction.message.edit(
                content=presenters.clip(f"{interaction.message.content}\n{said}"),
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
        with speaking(game_language(game)):  # a public question to the table
            text = tr("Seat {n} is open: anyone who is not playing yet may take it over. "
                      "Until then I pass for it.", n=seat + 1) \
                if game.settings.get("stand_in") == "pass" else \
                tr("Seat {n} is open: anyone who is not playing yet may take it over. "
                   "Until then the computer plays it.", n=seat + 1)
            view = request_view(request.id, [("take", tr("Take this seat"), True)])
        await self.bot.get_partial_messageable(interaction.channel_id or 0).send(
            text, view=view, allowed_mentions=NO_PINGS)

    async def snooze(self, interaction: discord.Interaction[Any], game_pk: int,
                     version: int, seat: int) -> None:
        """Put the next reminder off by one interval (only the reminded player may)."""
        store = self.bot.service.store
        game = await store.get_game(game_pk)
        owner = next((s.user_id for s in game.seats if s.seat == seat), None)
        if owner != interaction.user.id:
            await reply(interaction, tr("Only the reminded player can snooze."))
            return
        if game.wait != version:  # the button carries the wait it was made for
            await reply(interaction, tr("You have moved since; nothing to snooze."))
            return
        count = await store.notices_sent(game_pk, game.wait, seat, "snooze")
        await store.claim_notice(game_pk, game.wait, seat, "snooze", count + 1,
                                 self.bot.service.clock())
        await reply(interaction, tr("Snoozed: the next reminder comes one interval later."))

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
        text = "\n".join(f"• {line}" for line in lines) or tr("Nothing new since your last "
                                                              "move.")
        await reply(interaction, tr("**Since your last move:**") + "\n" + text)

    async def panel(self, interaction: discord.Interaction[Any], game_pk: int) -> None:
        """Privately: the player's hand and, when it is their turn, their choices."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.bot.service.store.get_game(game_pk)
        seat = seat_of(game, interaction.user.id)
        if seat is None or game.status != "active":
            await reply(interaction, tr("You are not playing in this game.") if seat is None
                        else tr("This game is not running."))
            return
        match = await self.bot.service.match_of(game)
        text, view = self._panel_of(game.id, game.version, match, seat)
        # The picture shows the hand itself, so it goes only into this ephemeral reply.
        picture = await hand_file(match, seat, self.bot.pictures)
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
            text += "\n" + tr("**Your move:** {prompt}", prompt=match.prompt(seat)) + hint
        elif seat in match.to_act():
            text += "\n" + tr("**Your move:** {prompt} (type it with `/play`)",
                              prompt=match.prompt(seat)) + hint
        return presenters.clip(text), view


async def hand_file(match: rules.Match, seat: int, pictures: Pictures) -> discord.File | None:
    """The seat's hand as a picture with alt text, or None (no hand, or an empty one).

    It shows hidden cards: send it only in an ephemeral reply to that seat's player."""
    if not match.info.hidden_information:
        return None
    private, public = match.view(seat), match.view(None)
    png = await pictures.hand(private, public)
    if png is None:
        return None
    return discord.File(io.BytesIO(png), filename="hand.png",
                        description=hand_alt(private, public))
