"""Storage records and the Store interface (SQLite now, PostgreSQL later)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from bot.store.community import HistoryPoint, PlayerGameRow, Rater, ResultRow
from bot.store.leagues import LeagueRow, LeagueTableRow, MemberRow

STATUSES: tuple[str, ...] = ("lobby", "active", "finished", "abandoned")
OPEN_STATUSES: tuple[str, ...] = ("lobby", "active")


class StoreError(Exception):
    """Base class of storage errors."""


class ChannelBusy(StoreError):
    """An open game already exists in that channel."""


class StaleVersion(StoreError):
    """The game moved on: the expected version or status is not the current one."""


class RowsChanged(StaleVersion):
    """Another connection wrote since this store last looked: read the game again."""


class NotFound(StoreError):
    """No such game (or seat)."""


class StorageFailure(StoreError):
    """The disk refused a write or the database file went away: its text is for players.

    Nothing of the refused write is kept, so the text always says the move was not played.
    """


@dataclass(frozen=True)
class Append:
    """What one append writes: log entries (seat, user, text) and what changes with them."""

    actions: list[tuple[int, int, str]]
    status: str | None = None  # a new status (the game finished)
    restart_wait: bool = True  # False keeps the current wait (an out-of-turn free action)
    snapshot: str | None = None
    reserve: tuple[int, float] | None = None  # (seat, seconds left in its clock bank)
    result: Any = None  # what the caller computed with it, handed back after the commit


@dataclass(frozen=True)
class SeatRow:
    """One player's seat at a game."""

    seat: int
    user_id: int
    name: str
    resigned: bool
    reserve: float | None = None  # seconds left in the seat's clock bank (None: no clock)


@dataclass(frozen=True)
class GameRow:
    """One game with its seats, as stored."""

    id: int
    guild_id: int | None
    channel_id: int
    game_id: str
    options: dict[str, str]
    seed: int
    status: str
    creator_id: int
    version: int
    created_at: float
    updated_at: float
    board_message_id: int | None
    seats: tuple[SeatRow, ...]
    settings: dict[str, Any] = field(default_factory=dict)
    waiting_since: float | None = None  # when the seats due now became due
    # The version of the game's rules it started under; None until it starts (then: current).
    rules_version: int | None = None

    @property
    def wait(self) -> int:
        """Which wait this is: reminders and timeouts are counted per wait."""
        return int(self.waiting_since or 0)


@dataclass(frozen=True)
class ActionRow:
    """One entry of a game's action log; seq starts at 1."""

    game_pk: int
    seq: int
    seat: int
    user_id: int
    text: str
    created_at: float


@dataclass(frozen=True)
class RequestRow:
    """A question put to the table (undo consent, seat handover, timeout): open until decided."""

    id: int
    game_pk: int
    kind: str
    version: int
    payload: dict[str, Any]
    status: str
    created_at: float


@runtime_checkable
class Store(Protocol):
    """What the bot needs from storage; SQLite now, PostgreSQL later (see SqliteStore docs)."""

    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def create_game(
        self, *, guild_id: int | None, channel_id: int, game_id: str, options: dict[str, str],
        seed: int, creator_id: int, creator_name: str, now: float,
    ) -> GameRow: ...
    async def open_game(self, channel_id: int) -> GameRow | None: ...
    async def get_game(self, game_pk: int) -> GameRow: ...
    async def add_seat(self, game_pk: int, user_id: int, name: str, now: float) -> GameRow: ...
    async def remove_seat(self, game_pk: int, user_id: int, now: float) -> GameRow: ...
    async def set_status(
        self, game_pk: int, status: str, now: float, *, expected_status: str | None = None,
        rules_version: int | None = None,
    ) -> GameRow: ...
    async def set_resigned(self, game_pk: int, seat: int, now: float) -> GameRow: ...
    async def append_actions(
        self, game_pk: int, expected_version: int, actions: list[tuple[int, int, str]],
        now: float, *, snapshot: str | None = None, status: str | None = None,
        restart_wait: bool = True,
    ) -> GameRow: ...
    async def append_computed(self, game_pk: int, expected_version: int,
                              compute: Callable[[], Append], now: float, *,
                              kept_row: bool = False) -> tuple[GameRow, Append]: ...
    async def actions(self, game_pk: int, *, since: int = 0) -> list[ActionRow]: ...
    async def snapshot(self, game_pk: int) -> tuple[int, str] | None: ...
    async def put_snapshot(self, game_pk: int, version: int, text: str, now: float) -> None: ...
    async def drop_snapshot(self, game_pk: int) -> None: ...
    async def latest_game(self, channel_id: int) -> GameRow | None: ...
    def kept_open_game(self, channel_id: int) -> GameRow | None: ...
    async def set_board_message(self, game_pk: int, message_id: int | None) -> None: ...
    async def games_for_user(
        self, user_id: int, statuses: tuple[str, ...] = OPEN_STATUSES
    ) -> list[GameRow]: ...
    async def games_with_status(self, statuses: tuple[str, ...]) -> list[GameRow]: ...
    async def count_open_games(self) -> dict[str, int]: ...
    async def merge_settings(self, game_pk: int, changes: dict[str, Any]) -> GameRow: ...
    async def set_reserve(self, game_pk: int, seat: int, reserve: float | None) -> None: ...
    async def reseat(self, game_pk: int, seat: int, user_id: int, name: str,
                     now: float) -> GameRow: ...
    async def prefs(self, user_id: int) -> dict[str, Any]: ...
    async def set_prefs(self, user_id: int, prefs: dict[str, Any]) -> None: ...
    async def claim_notice(self, game_pk: int, version: int, seat: int, kind: str, n: int,
                           now: float) -> bool: ...
    async def notices_sent(self, game_pk: int, version: int, seat: int, kind: str) -> int: ...
    async def add_request(self, game_pk: int, kind: str, version: int,
                          payload: dict[str, Any], now: float) -> RequestRow: ...
    async def get_request(self, request_id: int) -> RequestRow: ...
    async def update_request(self, request_id: int, payload: dict[str, Any], status: str,
                             *, expected_status: str = "open") -> RequestRow: ...
    async def record_result(self, result: ResultRow, rate: Rater) -> bool: ...
    async def results(self) -> list[ResultRow]: ...
    async def rebuild_ratings(self, rate: Rater) -> int: ...
    async def player_games(self, player: str, scope: int) -> list[PlayerGameRow]: ...
    async def leaderboard(self, scope: int, game_id: str, limit: int,
                          among: Sequence[str] | None = None) -> list[PlayerGameRow]: ...
    async def rank_of(self, scope: int, game_id: str, player: str) -> int | None: ...
    async def rating_history(self, scope: int, game_id: str,
                             player: str) -> list[HistoryPoint]: ...
    async def unrecorded_finished(self, limit: int) -> list[int]: ...
    async def rated_count(self, scope: int, game_id: str) -> int: ...
    async def known_names(self, user_ids: Sequence[int]) -> dict[int, str]: ...
    async def create_league(self, *, guild_id: int | None, channel_id: int, game_id: str,
                            options: dict[str, str], rounds: int, table_size: int,
                            days_per_round: float, seed: int, creator_id: int,
                            now: float) -> LeagueRow: ...
    async def league_here(self, channel_id: int) -> LeagueRow | None: ...
    async def get_league(self, league_id: int) -> LeagueRow: ...
    async def running_leagues(self) -> list[LeagueRow]: ...
    async def join_league(self, league_id: int, user_id: int, name: str, now: float) -> bool: ...
    async def leave_league(self, league_id: int, user_id: int, now: float) -> bool: ...
    async def league_members(self, league_id: int) -> list[MemberRow]: ...
    async def claim_round(self, league_id: int, expected_round: int, plan: Any,
                          now: float) -> bool: ...
    async def round_plan(self, league_id: int, round_no: int) -> tuple[Any, float]: ...
    async def add_league_table(self, league_id: int, round_no: int, table_no: int,
                               game_pk: int) -> bool: ...
    async def league_tables(self, league_id: int) -> list[LeagueTableRow]: ...
    async def finish_league(self, league_id: int) -> bool: ...


