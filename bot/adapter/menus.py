"""The decision at hand as buttons and menus: labels in plain words, long lists in groups.

Grouping is the bot's job (Discord shows 5 buttons in a row, 25 options in a menu): the rules
offer the whole decision, and nothing here reaches the log.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

import rules
from bot.adapter.components import ActionButton, ActionSelect, action_check
from bot.adapter.replies import guarded
from bot.tables.presenters import short
from rules.core.lang import tr

if TYPE_CHECKING:
    from bot.adapter.host import Host

MAX_BUTTONS = 5
PER_MENU = 25
MAX_MENUS = 4  # a message holds five rows; one stays free
PASSIVE = {"pass", "done", "skip", "end turn", "cancel", "back", "decline", "no"}


def groups_of(choices: list[rules.Choice]) -> list[tuple[str, list[int]]]:
    """Menu groups (name, indexes into choices): the game's own groups, else pages of 25."""
    return [(name, indexes) for name, indexes, _ in _groups(choices)]


def _groups(choices: list[rules.Choice]) -> list[tuple[str, list[int], bool]]:
    """(name, indexes, a page of the list rather than a group the game named)."""
    named: dict[str, list[int]] = {}
    for i, choice in enumerate(choices):
        named.setdefault(choice.group or tr("Other choices"), []).append(i)
    if len(named) > 1 and len(named) <= PER_MENU and all(
            len(v) <= PER_MENU for v in named.values()):
        return [(name, indexes, False) for name, indexes in named.items()]
    return [(tr("Choices {first}–{last}", first=start + 1,
                last=min(start + PER_MENU, len(choices))),
             list(range(start, min(start + PER_MENU, len(choices)))), True)
            for start in range(0, len(choices), PER_MENU)][:PER_MENU]


def _style(action: str) -> discord.ButtonStyle:
    return discord.ButtonStyle.secondary if action in PASSIVE else discord.ButtonStyle.primary


def action_view(game_pk: int, version: int, match: rules.Match,
                seat: int | None = None) -> discord.ui.View | None:
    """Buttons for a few choices, one menu for up to 25, menus of groups beyond.

    Without `seat` this is for the public board: the one due seat's choices, and never for a
    game with hidden information (those go to the player alone, in a private panel).
    """
    due = match.to_act()
    if seat is None:
        if len(due) != 1 or match.info.hidden_information:
            return None
        seat = due[0]
    if seat not in due:
        return None
    choices = match.choices(seat)
    view = discord.ui.View(timeout=None)
    if len(choices) <= MAX_BUTTONS:
        for index, choice in enumerate(choices):
            view.add_item(ActionButton(game_pk, version, index, choice.label,
                                       _style(choice.action), action_check(choice.action)))
        return view
    if len(choices) <= PER_MENU:
        view.add_item(ActionSelect(game_pk, version, 0, [(c.action, c.label) for c in choices]))
        return view
    groups = _groups(choices)
    if len(groups) <= MAX_MENUS and all(paged for _, _, paged in groups):
        for part, (name, indexes, _) in enumerate(groups):
            view.add_item(ActionSelect(game_pk, version, part,
                                       [(choices[i].action, choices[i].label) for i in indexes],
                                       placeholder=tr("{group}…", group=name)))
        return view
    view.add_item(GroupSelect(game_pk, version, seat, [name for name, _, _ in groups]))
    return view


def group_view(game_pk: int, version: int, match: rules.Match, seat: int,
               group: str) -> tuple[str, discord.ui.View] | None:
    """The name of one group and its choices, as one menu. `group` is the group's place in
    the list (`#2`: the same whatever language the first menu was shown in), or its name."""
    choices = match.choices(seat)
    for n, (name, indexes) in enumerate(groups_of(choices)):
        if group in (f"#{n}", name):
            view = discord.ui.View(timeout=None)
            view.add_item(ActionSelect(game_pk, version, 0,
                                       [(choices[i].action, choices[i].label) for i in indexes],
                                       placeholder=tr("{group}: choose…", group=name)))
            return name, view
    return None


class GroupSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=r"ry:g:(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+)"):
    """A first menu for a long decision: pick a group, then a choice in it (privately)."""

    def __init__(self, game_pk: int, version: int, seat: int,
                 groups: list[str] | None = None) -> None:
        options = [discord.SelectOption(label=short(g[:1].upper() + g[1:], 100) or "…",
                                        value=f"#{n}") for n, g in enumerate(groups or [])]
        super().__init__(discord.ui.Select(
            custom_id=f"ry:g:{game_pk}:{version}:{seat}", placeholder=tr("Choose where to look…"),
            options=options or [discord.SelectOption(label="…", value="…")]))
        self.game_pk, self.version, self.seat = game_pk, version, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> GroupSelect:
        """Rebuild the menu from a choice, also after a restart."""
        return cls(int(match["game"]), int(match["version"]), int(match["seat"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the clicker the choices of the group they picked."""
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or [""]
        bot: Host = interaction.client
        await bot.open_group(interaction, self.game_pk, self.version, self.seat, str(values[0]))
