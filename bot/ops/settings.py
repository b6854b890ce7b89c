"""Settings read from the environment (never from files in the repository)."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DB = "data/railyard.sqlite3"
DEFAULT_METRICS_ADDR = "0.0.0.0"


@dataclass(frozen=True)
class Settings:
    """What `railyard run` needs to start."""

    token: str | None
    db: str
    guild_id: int | None
    api_base: str | None
    gateway_url: str | None
    shard_count: int | None = None  # None: as many shards as Discord recommends
    shard_ids: tuple[int, ...] | None = None  # None: every shard, in this one process
    health_file: Path | None = None  # a heartbeat file for a container's HEALTHCHECK
    metrics_port: int | None = None  # None: no Prometheus endpoint
    metrics_addr: str = DEFAULT_METRICS_ADDR
    picture_workers: int | None = None  # None: one process per core; 0: threads of this one

    @classmethod
    def from_env(cls) -> Settings:
        """Read DISCORD_TOKEN, RAILYARD_DB, RAILYARD_GUILD_ID, the shards, the metrics endpoint
        and endpoint overrides.

        ValueError (with what to fix) for shard or metrics variables that do not make sense.
        """
        guild = os.environ.get("RAILYARD_GUILD_ID", "").strip()
        count, ids = shards_from(os.environ.get("RAILYARD_SHARD_COUNT", ""),
                                 os.environ.get("RAILYARD_SHARD_IDS", ""))
        metrics_port, metrics_addr = metrics_from(os.environ.get("RAILYARD_METRICS_PORT", ""),
                                                  os.environ.get("RAILYARD_METRICS_ADDR", ""))
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            db=os.environ.get("RAILYARD_DB", "").strip() or DEFAULT_DB,
            guild_id=int(guild) if guild.isdigit() else None,
            api_base=os.environ.get("DISCORD_API_BASE", "").strip() or None,
            gateway_url=os.environ.get("DISCORD_GATEWAY_URL", "").strip() or None,
            shard_count=count,
            shard_ids=ids,
            health_file=Path(health) if (health := os.environ.get(
                "RAILYARD_HEALTH_FILE", "").strip()) else None,
            metrics_port=metrics_port,
            metrics_addr=metrics_addr,
            picture_workers=workers_from(os.environ.get("RAILYARD_PICTURE_WORKERS", "")),
        )

    @property
    def postgres(self) -> bool:
        """True when RAILYARD_DB names a PostgreSQL server rather than a SQLite file."""
        scheme, sep, _ = self.db.partition("://")
        return bool(sep) and scheme.lower() in ("postgres", "postgresql")

    @property
    def db_path(self) -> Path:
        """The SQLite file (a `sqlite:///` prefix is accepted)."""
        return Path(self.db.removeprefix("sqlite:///"))


def workers_from(text: str) -> int | None:
    """RAILYARD_PICTURE_WORKERS: processes drawing pictures (unset: one per core)."""
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or int(text) > 64:
        raise ValueError(f"RAILYARD_PICTURE_WORKERS must be a whole number from 0 (draw in "
                         f"threads of the bot's own process) to 64, not {text!r}.")
    return int(text)


def shards_from(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """RAILYARD_SHARD_COUNT and RAILYARD_SHARD_IDS ("0,2") as numbers, checked."""
    count_text, ids_text = count_text.strip(), ids_text.strip()
    if not count_text:
        if ids_text:
            raise ValueError("RAILYARD_SHARD_IDS needs RAILYARD_SHARD_COUNT (how many shards "
                             "all the bot's processes run together).")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ValueError(f"RAILYARD_SHARD_COUNT must be a whole number of at least 1, "
                         f"not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return count, None
    ids: list[int] = []
    for part in ids_text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) >= count:
            raise ValueError(f"RAILYARD_SHARD_IDS lists shard numbers from 0 to {count - 1} "
                             f"separated by commas; {part!r} is not one.")
        if int(part) in ids:
            raise ValueError(f"RAILYARD_SHARD_IDS lists shard {part} twice.")
        ids.append(int(part))
    return count, tuple(sorted(ids))


def metrics_from(port_text: str, addr_text: str) -> tuple[int | None, str]:
    """RAILYARD_METRICS_PORT and RAILYARD_METRICS_ADDR, checked: (None, default) when unset."""
    port_text, addr_text = port_text.strip(), addr_text.strip()
    if not port_text:
        if addr_text:
            raise ValueError("RAILYARD_METRICS_ADDR needs RAILYARD_METRICS_PORT (the port to "
                             "serve Prometheus metrics on, e.g. 9108).")
        return None, DEFAULT_METRICS_ADDR
    if not (port_text.isascii() and port_text.isdigit()) or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"RAILYARD_METRICS_PORT must be a port number from 1 to 65535, "
                         f"not {port_text!r}.")
    if any(c.isspace() for c in addr_text) or (":" in addr_text and not _ipv6(addr_text)):
        raise ValueError(f"RAILYARD_METRICS_ADDR must be one address to listen on (0.0.0.0 for "
                         f"every interface, 127.0.0.1 for this machine only, :: for IPv6), "
                         f"without a port (that is RAILYARD_METRICS_PORT), not {addr_text!r}.")
    return int(port_text), addr_text or DEFAULT_METRICS_ADDR


def _ipv6(text: str) -> bool:
    """Whether the text is an IPv6 address (written without brackets)."""
    try:
        return ipaddress.ip_address(text).version == 6
    except ValueError:
        return False


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The gateway shard that carries a guild's events (Discord's rule; DMs ride shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count
