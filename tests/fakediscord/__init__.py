"""A local Discord-compatible server (REST + gateway) for testing the real discord.py client.

Usage (in-process)::

    fake = FakeDiscord(token="test-token")
    await fake.start()
    guild = fake.add_guild("Test Server")
    channel = fake.add_channel(guild, "games")
    alice = fake.add_user("alice", guild_id=guild)
    async with fake.run_bot(make_bot(guild_ready_timeout=0.05)):  # patches discord.py endpoints
        res = await fake.slash(alice, channel, "game new", {"game": "steel-driver"})
        assert res.content == "..."
    await fake.stop()  # after the bot is closed

Every user action (slash, click, select, submit_modal) returns once an in-process bot has
finished handling it (`settle()`: it read every event and its handlers returned), so what the bot
posts or records after its answer is there to assert on. To wait for something else, wait for it
by a condition (`wait_until(check)`), never for a time: the timeouts only bound a failure.

`fake.requests` holds (method, path) with the /api/v10 prefix removed.
"""

from .fake import FakeDiscord
from .interactions import InteractionResult
from .server import RequestRecord
from .state import Message

__all__ = ["FakeDiscord", "InteractionResult", "Message", "RequestRecord"]
