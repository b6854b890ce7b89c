"""End-to-end tests of the fakediscord harness with a tiny real discord.py bot."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.fakediscord import FakeDiscord

TOKEN = "test-token"
ACTIONS = ["build", "buy", "bulldoze", "pass"]


def make_png() -> bytes:
    """A small PNG image."""
    buf = io.BytesIO()
    Image.new("RGB", (6, 4), (200, 30, 30)).save(buf, format="PNG")
    return buf.getvalue()


PNG = make_png()


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"counter:(?P<n>\d+)"):
    """A persistent button whose custom_id carries a number."""

    def __init__(self, n: int) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=f"Count {n}", custom_id=f"counter:{n}", style=discord.ButtonStyle.primary
        )
        super().__init__(button)
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> Counter:
        """Rebuild the button from its custom_id."""
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Edit the clicked message with the next number."""
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count={self.n + 1}", view=view)


class PickView(discord.ui.View):
    """A persistent string select."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="pick",
        options=[discord.SelectOption(label=c.title(), value=c) for c in ("red", "blue")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        """Answer ephemerally with the choice."""
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)

    @discord.ui.button(label="Refresh", custom_id="refresh")
    async def refresh(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        """Deferred update, then edit the clicked message through @original."""
        await interaction.response.defer()
        await interaction.edit_original_response(content="refreshed")

    @discord.ui.button(label="Rename", custom_id="rename")
    async def rename(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        """Open a modal."""
        await interaction.response.send_modal(RenameModal())


class RenameModal(discord.ui.Modal, title="Rename"):
    """A modal with a plain text input and one inside a Label."""

    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="name")
    note: discord.ui.Label[Any] = discord.ui.Label(
        text="Note", component=discord.ui.TextInput(custom_id="note", required=False)
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Update the message the button was on."""
        assert isinstance(self.note.component, discord.ui.TextInput)
        text = f"renamed to {self.name.value} ({self.note.component.value})"
        await interaction.response.edit_message(content=text)


class DemoBot(commands.Bot):
    """The bot under test."""

    def __init__(self, guild_id: int, **options: Any) -> None:
        intents = options.pop("intents", discord.Intents.default())
        super().__init__(
            command_prefix="!", intents=intents, guild_ready_timeout=0.05, help_command=None
        )
        self.guild_id = guild_id
        self.outcomes: list[Any] = []
        add_commands(self)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Skip discord.py's 5 s sleep before a re-IDENTIFY (there is no identify rate limit)."""

    async def setup_hook(self) -> None:
        """Register persistent components and sync commands."""
        self.add_dynamic_items(Counter)
        self.add_view(PickView())
        await self.tree.sync()
        await self.tree.sync(guild=discord.Object(self.guild_id))


def add_commands(bot: DemoBot) -> None:
    """The `demo` group plus a guild-only `/play` with autocomplete."""
    demo = app_commands.Group(name="demo", description="Demo commands")

    @demo.command(name="hello", description="Public reply with a PNG and a button")
    async def hello(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(0))
        file = discord.File(io.BytesIO(PNG), filename="board.png")
        await interaction.response.send_message("Hello!", file=file, view=view)

    @demo.command(name="secret", description="Ephemeral reply")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("for your eyes only", ephemeral=True)

    @demo.command(name="slow", description="Defer then follow up")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.02)
        await interaction.followup.send("done slowly")
        await interaction.followup.send("a trailing secret", ephemeral=True)

    @demo.command(name="pick", description="A select menu")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pick a colour", view=PickView())

    @demo.command(name="ping", description="Mention two users, ping one")
    async def ping(
        interaction: discord.Interaction, first: discord.Member, second: discord.Member
    ) -> None:
        mentions = discord.AllowedMentions(users=[first])
        text = f"{first.mention} and {second.mention}, your turn"
        await interaction.response.send_message(text, allowed_mentions=mentions)

    @demo.command(name="where", description="Describe the channel")
    async def where(interaction: discord.Interaction) -> None:
        channel = interaction.channel
        parent = getattr(channel, "parent_id", None)
        await interaction.response.send_message(f"{type(channel).__name__} parent={parent}")

    @demo.command(name="announce", description="Post in the channel")
    async def announce(
        interaction: discord.Interaction, text: str, with_file: bool = False
    ) -> None:
        assert isinstance(interaction.channel, discord.abc.Messageable)
        files = [discord.File(io.BytesIO(PNG), filename="board.png")] if with_file else []
        try:
            await interaction.channel.send(text, files=files)
        except discord.Forbidden as exc:
            bot.outcomes.append(exc)
            await interaction.response.send_message(f"forbidden {exc.code}", ephemeral=True)
            return
        await interaction.response.send_message("posted", ephemeral=True)

    @demo.command(name="dm", description="DM the caller")
    async def dm(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("psst")
        except discord.Forbidden as exc:
            bot.outcomes.append(exc)
            await interaction.response.send_message(f"forbidden {exc.code}", ephemeral=True)
            return
        await interaction.response.send_message("sent", ephemeral=True)

    @demo.command(name="sleepy", description="Answer too late")
    async def sleepy(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.15)
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as exc:
            bot.outcomes.append(exc)

    bot.tree.add_command(demo)

    @app_commands.command(name="play", description="Play an action")
    async def play(interaction: discord.Interaction, action: str) -> None:
        await interaction.response.send_message(f"you chose {action}")

    @play.autocomplete("action")
    async def play_action(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=a, value=a) for a in ACTIONS if a.startswith(current)]

    bot.tree.add_command(play, guild=discord.Object(bot.guild_id))


@dataclass
class World:
    """Ids of the objects every test uses."""

    guild: int
    channel: int
    thread: int
    alice: int
    bob: int


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(token=TOKEN)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
    assert not server.server_errors, server.server_errors


@pytest.fixture
def world(fake: FakeDiscord) -> World:
    guild = fake.add_guild("Test Server")
    channel = fake.add_channel(guild, "games")
    return World(
        guild=guild,
        channel=channel,
        thread=fake.add_thread(channel, "game-thread"),
        alice=fake.add_user("alice", guild_id=guild),
        bob=fake.add_user("bob", guild_id=guild, manage_channels=True),
    )


@pytest.fixture
async def bot(fake: FakeDiscord, world: World) -> AsyncIterator[DemoBot]:
    client = DemoBot(world.guild)
    async with fake.run_bot(client):
        yield client


async def test_hello_png_and_dynamic_button(fake: FakeDiscord, world: World, bot: DemoBot) -> None:
    res = await fake.slash(world.alice, world.channel, "demo hello")
    assert res.type == 4 and not res.ephemeral and res.content == "Hello!"
    msg = res.message
    assert msg is not None and fake.channel_messages(world.channel) == [msg]
    assert [a["filename"] for a in msg.attachments] == ["board.png"]
    assert msg.attachments[0]["content_type"] == "image/png"
    assert fake.attachment_bytes(msg.attachments[0]) == PNG
    channel = bot.get_channel(world.channel)
    assert isinstance(channel, discord.TextChannel)
    fetched = await channel.fetch_message(msg.id)
    assert await fetched.attachments[0].read() == PNG
    assert fake.custom_ids(msg) == ["counter:0"]

    click = await fake.click(world.bob, msg.id, "counter:0")
    assert click.type == 7 and click.message_id == msg.id and click.content == "count=1"
    assert fake.custom_ids(msg) == ["counter:1"] and msg.edited
    assert msg.attachments and fake.channel_messages(world.channel) == [msg]


async def test_ephemeral_and_deferred(fake: FakeDiscord, world: World, bot: DemoBot) -> None:
    secret = await fake.slash(world.alice, world.channel, "demo secret")
    assert secret.ephemeral and secret.content == "for your eyes only"
    assert fake.ephemerals(world.alice) == [secret.message]
    assert fake.ephemerals(world.bob) == [] and fake.channel_messages(world.channel) == []

    slow = await fake.slash(world.alice, world.channel, "demo slow")
    assert slow.type == 5 and slow.content == "done slowly" and not slow.ephemeral
    assert [m.content for m in fake.channel_messages(world.channel)] == ["done slowly"]
    await fake.settle()
    assert [m.content for m in slow.followups] == ["done slowly", "a trailing secret"]
    assert slow.followups[0].id == slow.message_id and slow.followups[1].ephemeral
    assert [m.content for m in slow.all_messages()] == ["done slowly", "a trailing secret"]


async def test_autocomplete_and_guild_command(
    fake: FakeDiscord, world: World, bot: DemoBot
) -> None:
    choices = await fake.autocomplete(
        world.alice, world.channel, "play", {"action": "bu"}, "action"
    )
    assert choices == [
        {"name": "build", "value": "build"},
        {"name": "buy", "value": "buy"},
        {"name": "bulldoze", "value": "bulldoze"},
    ]
    res = await fake.slash(world.alice, world.channel, "play", {"action": "buy"})
    assert res.content == "you chose buy"
    with pytest.raises(AssertionError, match="not synced"):
        await fake.slash(world.alice, world.channel, "nope")
    with pytest.raises(AssertionError, match="not a subcommand"):
        await fake.slash(world.alice, world.channel, "demo nope")
    with pytest.raises(AssertionError, match="no option"):
        await fake.slash(world.alice, world.channel, "play", {"action": "buy", "x": 1})


async def test_select_menu(fake: FakeDiscord, world: World, bot: DemoBot) -> None:
    res = await fake.slash(world.alice, world.channel, "demo pick")
    assert res.message is not None and fake.custom_ids(res.message) == ["pick", "refresh", "rename"]
    picked = await fake.select(world.bob, res.message.id, "pick", ["blue"])
    assert picked.type == 4 and picked.ephemeral and picked.content == "picked blue"
    assert fake.ephemerals(world.bob) == [picked.message]
    with pytest.raises(AssertionError):
        await fake.select(world.bob, res.message.id, "pick", ["green"])


async def test_deferred_update_and_modal(fake: FakeDiscord, world: World, bot: DemoBot) -> None:
    res = await fake.slash(world.alice, world.channel, "demo pick")
    assert res.message_id is not None
    refreshed = await fake.click(world.alice, res.message_id, "refresh")
    assert refreshed.type == 6 and refreshed.message_id == res.message_id
    assert refreshed.content == "refreshed" and fake.message(res.message_id).edited
    opened = await fake.click(world.alice, res.message_id, "rename")
    assert opened.type == 9 and opened.modal is not None and opened.modal["title"] == "Rename"
    submitted = await fake.submit_modal(opened, {"name": "Express", "note": "fast"})
    assert submitted.type == 7 and submitted.content == "renamed to Express (fast)"
    assert [m.content for m in fake.channel_messages(world.channel)] == [submitted.content]


async def test_mentions_follow_allowed_mentions(
    fake: FakeDiscord, world: World, bot: DemoBot
) -> None:
    options = {"first": world.alice, "second": world.bob}
    res = await fake.slash(world.alice, world.channel, "demo ping", options)
    assert res.message is not None
    assert f"<@{world.alice}>" in res.message.content and f"<@{world.bob}>" in res.message.content
    assert res.message.mentions == [world.alice]


async def test_interaction_in_thread(fake: FakeDiscord, world: World, bot: DemoBot) -> None:
    res = await fake.slash(world.alice, world.thread, "demo where")
    assert res.content == f"Thread parent={world.channel}"
    assert fake.channel_messages(world.thread) == [res.message]


async def test_dynamic_button_survives_restart(fake: FakeDiscord, world: World) -> None:
    async with fake.run_bot(DemoBot(world.guild)):
        res = await fake.slash(world.alice, world.channel, "demo hello")
    assert res.message_id is not None
    async with fake.run_bot(DemoBot(world.guild)):
        click = await fake.click(world.alice, res.message_id, "counter:0")
        assert click.content == "count=1"
    assert fake.gateway.identify_count == 2


async def test_resume_and_reidentify(fake: FakeDiscord, world: World, bot: DemoBot) -> None:
    await fake.disconnect_bot(resume=True)
    assert fake.gateway.resume_count == 1 and fake.gateway.identify_count == 1
    assert fake.gateway.connections[-1].path == "/resume"
    res = await fake.slash(world.alice, world.channel, "demo secret")
    assert res.content == "for your eyes only"
    await fake.disconnect_bot(resume=False)
    assert fake.gateway.identify_count == 2
    res = await fake.slash(world.alice, world.channel, "demo hello")
    assert res.content == "Hello!"


async def test_rate_limit_then_success(fake: FakeDiscord, world: World, bot: DemoBot) -> None:
    route = f"/channels/{world.channel}/messages"
    fake.rate_limit_next(route, retry_after=0.05)
    res = await fake.slash(world.alice, world.channel, "demo announce", {"text": "trains!"})
    assert res.content == "posted"
    assert [m.content for m in fake.channel_messages(world.channel)] == ["trains!"]
    statuses = [r.status for r in fake.request_log if r.path == route and r.method == "POST"]
    assert statuses == [429, 200]


async def test_denied_send_and_closed_dms(fake: FakeDiscord, world: World, bot: DemoBot) -> None:
    fake.deny(world.channel, "send_messages")
    res = await fake.slash(world.alice, world.channel, "demo announce", {"text": "x"})
    assert res.content == "forbidden 50013" and fake.channel_messages(world.channel) == []
    fake.close_dms(world.alice)
    res = await fake.slash(world.alice, world.channel, "demo dm")
    assert res.content == "forbidden 50007"
    assert [type(e) for e in bot.outcomes] == [discord.Forbidden, discord.Forbidden]
    fake.allow(world.channel, "send_messages")
    res = await fake.slash(world.bob, world.channel, "demo dm")
    assert res.content == "sent"
    fake.deny(world.channel, "attach_files")
    res = await fake.slash(world.alice, world.channel, "demo announce", {"text": "a"})
    assert res.content == "posted"
    options = {"text": "b", "with_file": True}
    res = await fake.slash(world.alice, world.channel, "demo announce", options)
    assert res.content == "forbidden 50013"
    assert [m.content for m in fake.channel_messages(world.channel)] == ["a"]


async def test_ack_rules(fake: FakeDiscord, world: World, bot: DemoBot) -> None:
    res = await fake.slash(world.alice, world.channel, "demo secret")
    url = f"{fake.api_base}/interactions/{res.interaction_id}/{res.record.token}/callback"
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={"type": 4, "data": {"content": "again"}}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 40060
        async with http.get(
            f"{fake.api_base}/nope", headers={"Authorization": "Bot " + TOKEN}
        ) as resp:
            assert resp.status == 404 and resp.headers["Content-Type"] == "application/json"
        async with http.get(f"{fake.api_base}/users/@me") as resp:
            assert resp.status == 401
    fake.ack_deadline = 0.1
    with pytest.raises(AssertionError, match="did not acknowledge"):
        await fake.slash(world.alice, world.channel, "demo sleepy", timeout=0.4)
    await fake.settle()
    assert [getattr(e, "code", None) for e in bot.outcomes] == [10062]


async def test_privileged_intents_refused(fake: FakeDiscord, world: World) -> None:
    client = DemoBot(world.guild, intents=discord.Intents.all())
    with fake.patch_discord(), pytest.raises(discord.PrivilegedIntentsRequired):
        await asyncio.wait_for(client.start(TOKEN), 60)
    await client.close()
