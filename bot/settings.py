"""Settings read from the environment (never from files in the repository)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DB = "data/railyard.sqlite3"


@dataclass(frozen=True)
class Settings:
    """What `railyard run` needs to start."""

    token: str | None
    db: str
    guild_id: int | None
    api_base: str | None
    gateway_url: str | None

    @classmethod
    def from_env(cls) -> Settings:
        """Read DISCORD_TOKEN, RAILYARD_DB, RAILYARD_GUILD_ID and the endpoint overrides."""
        guild = os.environ.get("RAILYARD_GUILD_ID", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            db=os.environ.get("RAILYARD_DB", "").strip() or DEFAULT_DB,
            guild_id=int(guild) if guild.isdigit() else None,
            api_base=os.environ.get("DISCORD_API_BASE", "").strip() or None,
            gateway_url=os.environ.get("DISCORD_GATEWAY_URL", "").strip() or None,
        )

    @property
    def db_path(self) -> Path:
        """The SQLite file (a `sqlite:///` prefix is accepted)."""
        return Path(self.db.removeprefix("sqlite:///"))


def point_discord_at(api_base: str | None, gateway_url: str | None) -> None:
    """Send discord.py's REST and gateway traffic to a local Discord-compatible server."""
    import discord
    import yarl

    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
