"""Running a season league without Discord: open it, take members, seat each round from its
kept plan, open each table's game where the adapter says (a thread), read the standings from
the finished tables, and move on to the next round once every table of this one is over
(issue 29). The adapter makes the threads and posts; everything here is exact across restarts
and processes: a round is claimed once and a table opened once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import rules
from bot.store import GameRow
from bot.store.leagues import LeagueClosed, LeagueRow, MemberRow
from bot.store.records import ChannelBusy
from bot.tables.computers import is_computer, next_computer
from bot.tables.leagues import Standing, TableResult, seat_round, standings
from bot.tables.moves import GameError, MoveReport
from bot.tables.ratings import outcome_of, ranks
from bot.tables.service import GameService
from rules.core.lang import ENGLISH

MOST_ROUNDS, MOST_DAYS = 20, 60


@dataclass(frozen=True)
class PlannedTable:
    """One table of a round: its members (user ids), computers, and its game once open."""

    table_no: int
    members: tuple[int, ...]
    computers: int
    game_pk: int | None = None


@dataclass(frozen=True)
class Advance:
    """A league moved on by this call: the round that ended, and the next one's tables (None
    when that was the last round: the league is over)."""

    ended: int
    next: RoundPlan | None


@dataclass(frozen=True)
class RoundPlan:
    """A round's tables."""

    round: int
    tables: tuple[PlannedTable, ...]

    def to_open(self) -> list[PlannedTable]:
        """The tables whose game is not open yet."""
        return [t for t in self.tables if t.game_pk is None]


class LeagueTables:
    """League play over the game service (and its store)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

    async def here(self, channel_id: int) -> LeagueRow:
        """The channel's league; GameError if none."""
        league = await self.store.league_here(channel_id)
        if league is None:
            raise GameError("There is no league in this channel: `/league new` opens one.")
        return league

    async def new(self, *, guild_id: int | None, channel_id: int, user_id: int, name: str,
                  game_id: str, rounds: int, table_size: int, days_per_round: float,
                  options: dict[str, str]) -> LeagueRow:
        """Open a league; its creator is its first member."""
        try:
            info = rules.game_info(game_id)
            resolved = info.resolve_options(options)
        except ValueError as exc:
            raise GameError(str(exc)) from None
        if not 1 <= rounds <= MOST_ROUNDS:
            raise GameError(f"A league has 1 to {MOST_ROUNDS} rounds.")
        if not info.min_players <= table_size <= info.max_players:
            raise GameError(f"{info.title} is played at tables of {info.min_players} to "
                            f"{info.max_players}.")
        if not 0 < days_per_round <= MOST_DAYS:
            raise GameError(f"A round lasts from a few hours to {MOST_DAYS} days.")
        try:
            league = await self.store.create_league(
                guild_id=guild_id, channel_id=channel_id, game_id=game_id, options=resolved,
                rounds=rounds, table_size=table_size, days_per_round=days_per_round,
                seed=self.service.seed_source(), creator_id=user_id, now=self.service.clock())
        except ChannelBusy:
            raise GameError("This channel already has a league.") from None
        await self.store.join_league(league.id, user_id, name, self.service.clock())
        return league

    async def join(self, channel_id: int, user_id: int, name: str) -> LeagueRow:
        """Become a member before the league starts."""
        league = await self.here(channel_id)
        try:
            if not await self.store.join_league(league.id, user_id, name, self.service.clock()):
                raise GameError("You are already in this league.")
        except LeagueClosed:
            raise GameError("This league has started; join the next one.") from None
        return league

    async def leave(self, channel_id: int, user_id: int) -> list[MoveReport]:
        """Leave the league: gone before the start; after it, no more tables, and the
        computer plays your seats at the tables under way (reports of what it played)."""
        league = await self.here(channel_id)
        if not await self.store.leave_league(league.id, user_id, self.service.clock()):
            raise GameError("You are not in this league.")
        reports = []
        for table in await self.store.league_tables(league.id):
            game = await self.store.get_game(table.game_pk)
            if game.status == "active" and any(s.user_id == user_id and not s.resigned
                                               for s in game.seats):
                reports.append(await self.service.resign(game.channel_id, user_id))
        return reports

    async def start(self, channel_id: int, user_id: int, can_manage: bool) -> RoundPlan:
        """Close the doors and seat round 1 (the creator or a channel manager)."""
        league = await self.here(channel_id)
        if user_id != league.creator_id and not can_manage:
            raise GameError("Only the league's creator or a channel manager can start it.")
        if league.status != "open":
            raise GameError("This league has already started.")
        if len(await self._playing(league)) < 2:
            raise GameError("A league needs at least 2 members.")
        plan = await self._claim(league)
        if plan is None:
            raise GameError("This league has already started.")
        return plan

    async def _playing(self, league: LeagueRow) -> list[MemberRow]:
        return [m for m in await self.store.league_members(league.id) if m.left_at is None]

    async def _claim(self, league: LeagueRow) -> RoundPlan | None:
        """Seat the next round and claim it; None if another process claimed it first."""
        members = [m.user_id for m in await self._playing(league)]
        info = rules.game_info(league.game_id)
        seats = seat_round(members, await self.results(league), league.round + 1,
                           league.table_size, info.min_players, league.seed)
        plan = [[list(t), computers] for t, computers in seats]
        if not await self.store.claim_round(league.id, league.round, plan,
                                            self.service.clock()):
            return None
        return await self.plan(await self.store.get_league(league.id))

    async def plan(self, league: LeagueRow) -> RoundPlan:
        """The current round's tables, with the games already open."""
        kept, _ = await self.store.round_plan(league.id, league.round)
        opened = {t.table_no: t.game_pk for t in await self.store.league_tables(league.id)
                  if t.round == league.round}
        return RoundPlan(league.round, tuple(
            PlannedTable(i + 1, tuple(members), int(computers), opened.get(i + 1))
            for i, (members, computers) in enumerate(kept)))

    async def open_table(self, league: LeagueRow, table: PlannedTable, channel_id: int,
                         language: str = ENGLISH) -> MoveReport | None:
        """Open one table's game in `channel_id` (a thread), seat its members and computers
        and start it; None if another process opened that table first."""
        names = {m.user_id: m.name for m in await self.store.league_members(league.id)}
        first, *others = table.members
        game = await self.service.create(guild_id=league.guild_id, channel_id=channel_id,
                                         user_id=first, name=names[first],
                                         game_id=league.game_id, options=league.options,
                                         language=language)
        for user in others:
            game = await self.service.join(channel_id, user, names[user])
        for _ in range(table.computers):
            user, name = next_computer(game)
            game = await self.store.add_seat(game.id, user, name, self.service.clock())
        if not await self.store.add_league_table(league.id, league.round, table.table_no,
                                                 game.id):
            await self.service.abandon(channel_id, first, can_manage=True)
            return None
        return await self.service.start(channel_id, first, can_manage=True)

    async def results(self, league: LeagueRow) -> list[TableResult]:
        """The finished tables' ranks among members (computers left out)."""
        found = []
        kept = {r.game_pk: r for r in await self.store.results()}
        for table in await self.store.league_tables(league.id):
            result = kept.get(table.game_pk)
            if result is None:
                continue
            game = await self.store.get_game(table.game_pk)
            seat_ranks = ranks(outcome_of(result).placings)
            found.append(TableResult(table.round, {
                s.user_id: seat_ranks[s.seat] for s in game.seats
                if not is_computer(s.user_id)}))
        return found

    async def standings(self, league: LeagueRow) -> list[tuple[Standing, str]]:
        """Every member's standing, best first, with their name."""
        members = await self.store.league_members(league.id)
        names = {m.user_id: m.name for m in members}
        lines = standings([m.user_id for m in members], await self.results(league))
        return [(s, names.get(s.user_id, "?")) for s in lines]

    async def standings_view(self, league: LeagueRow) -> dict[str, Any]:
        """What the league's standings picture shows (render/community/league.py)."""
        left = {m.user_id: m.left_at is not None for m in await self.store.league_members(
            league.id)}
        lines = await self.standings(league)
        rows = []
        for s, name in lines:
            rank = 1 + sum(1 for o, _ in lines if (o.points, o.wins) > (s.points, s.wins))
            rows.append({"rank": rank, "name": name, "points": s.points, "wins": s.wins,
                         "played": s.played, "left": left.get(s.user_id, False)})
        return {"title": rules.game_info(league.game_id).title, "round": league.round,
                "rounds": league.rounds, "over": league.status == "finished", "rows": rows}

    async def round_over(self, league: LeagueRow) -> bool:
        """Whether every table of the current round is open and finished."""
        plan = await self.plan(league)
        if plan.to_open():
            return False
        for table in plan.tables:
            game: GameRow = await self.store.get_game(int(table.game_pk or 0))
            if game.status not in ("finished", "abandoned"):
                return False
        return True

    async def advance(self, league: LeagueRow) -> Advance | None:
        """After a round's last table: seat the next round, or end the league after the last;
        None when the round goes on or another process moved the league first (so the
        standings are posted once)."""
        if league.status != "running" or not await self.round_over(league):
            return None
        if league.round >= league.rounds:
            return Advance(league.round, None) if await self.store.finish_league(
                league.id) else None
        plan = await self._claim(league)
        return None if plan is None else Advance(league.round, plan)
