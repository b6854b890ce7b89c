"""What a profile and a leaderboard show, read from the kept records (never by replaying every
game): the views `render/community` draws, in the language spoken (issue 29)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import rules
from bot.store import GameRow
from bot.store.community import EVERYWHERE, PlayerGameRow
from bot.tables.computer_levels import LEVELS, level_word
from bot.tables.moves import GameError, seat_of
from bot.tables.ratings import computer, person
from bot.tables.service import GameService
from rules.core.lang import tr

LEADERS = 10  # players a leaderboard lists above the reader's own place


def title_of(game_id: str) -> str:
    """A game's title ("Trains"), or its id for a game no longer in the catalogue."""
    try:
        return rules.game_info(game_id).title
    except ValueError:
        return game_id


def setup_words(difficulty: str) -> str:
    """A cooperative set-up as the reader says it: "standard", or the options that differ."""
    return tr("standard") if difficulty == "standard" else difficulty


def favourite(rows: Sequence[PlayerGameRow]) -> str | None:
    """The game played most (the latest played among equals)."""
    played: dict[str, tuple[int, float]] = {}
    for r in rows:
        games, last = played.get(r.game_id, (0, 0.0))
        played[r.game_id] = (games + r.games, max(last, r.last_at))
    return max(played, key=lambda g: played[g]) if played else None


async def waiting_on(service: GameService, user_id: int) -> list[GameRow]:
    """The running games where it is this person's move."""
    due = []
    for game in await service.store.games_for_user(user_id, ("active",)):
        try:
            match = await service.match_of(game)
        except GameError:  # frozen: its log no longer replays
            continue
        if seat_of(game, user_id) in match.to_act():
            due.append(game)
    return due


async def profile_view(service: GameService, user_id: int, name: str, scope: int, where: str,
                       place_of: Callable[[GameRow], str]) -> dict[str, Any]:
    """A person's profile in a scope (a server's, or everywhere with `where` empty)."""
    store, key = service.store, person(user_id)
    rows = await store.player_games(key, scope)
    games = []
    for row in sorted(rows, key=lambda r: (-r.games, r.game_id, r.difficulty)):
        rated = row.shown is not None
        history = await store.rating_history(scope, row.game_id, key) if rated else []
        games.append({
            "title": title_of(row.game_id), "played": row.games, "won": row.won,
            "best": row.best if rated else None, "rating": row.shown,
            "rank": await store.rank_of(scope, row.game_id, key) if rated else None,
            "history": [h.shown for h in history],
            "difficulty": setup_words(row.difficulty) if row.difficulty else ""})
    top = favourite(rows)
    return {"name": name, "where": where if scope != EVERYWHERE else "",
            "favourite": title_of(top) if top else None, "games": games,
            "waiting": [{"title": title_of(g.game_id), "where": place_of(g)}
                        for g in await waiting_on(service, user_id)]}


PRIVATE = "profile_private"  # a person's preference: their profile stays on their servers


async def keeps_private(service: GameService, user_id: int) -> bool:
    """Whether this person hides their profile and name from other servers (`/me`)."""
    return bool((await service.store.prefs(user_id)).get(PRIVATE))


async def profile_scope(service: GameService, user_id: int, asked: int, here: int | None,
                        reader_id: int | None = None) -> int:
    """The scope a profile is shown in: the one asked, unless the person keeps their
    profile private and someone else asked for it everywhere (then: this server's only)."""
    if asked == EVERYWHERE and here is not None and reader_id != user_id \
            and await keeps_private(service, user_id):
        return here
    return asked


def player_name(key: str, names: Mapping[str, str]) -> str:
    """A leaderboard's name for a player key: the person's, or the computer's level."""
    if key.startswith("computer:"):
        return tr("Computer ({level})", level=level_word(key.split(":", 1)[1]))
    return names.get(key, tr("a former player"))


async def leaderboard_view(service: GameService, game_id: str, scope: int, where: str,
                           reader_id: int, names: Mapping[str, str],
                           among: Sequence[str] | None = None) -> dict[str, Any]:
    """A game's leaderboard in a scope; only players `among` (a server's members and the
    computers) when given; the reader's own place below the leaders when lower."""
    store, me = service.store, person(reader_id)
    listed = None if among is None else [*among, *(computer(level) for level in LEVELS)]
    leaders = await store.leaderboard(scope, game_id, 1000 if listed else LEADERS, listed)
    private = set()
    if scope == EVERYWHERE:  # names of people who keep their profile to their own servers
        private = {r.player for r in leaders[:LEADERS + 1] if r.player != me
                   and r.player.startswith("u:") and r.player not in names
                   and await keeps_private(service, int(r.player[2:]))}
    # Players not among `names` (not members here) go by the name they last played under.
    stored = await store.known_names([int(r.player[2:]) for r in leaders[:LEADERS + 1]
                                      if r.player.startswith("u:") and r.player not in names])
    names = {**{person(u): n for u, n in stored.items()}, **names}
    rows = [{"rank": i + 1, "rating": r.shown, "games": r.games, "won": r.won,
             "you": r.player == me,
             "name": tr("a private player") if r.player in private else player_name(
                 r.player, names)} for i, r in enumerate(leaders)]
    reader = None
    if not any(r["you"] for r in rows[:LEADERS]):
        mine = next((r for r in rows if r["you"]), None)
        if mine is None and listed is None:
            rank = await store.rank_of(scope, game_id, me)
            row = next((r for r in await store.player_games(me, scope)
                        if r.game_id == game_id and r.shown is not None), None)
            if rank is not None and row is not None:
                mine = {"rank": rank, "name": player_name(me, names), "rating": row.shown,
                        "games": row.games, "won": row.won, "you": True}
        reader = mine
    return {"title": title_of(game_id), "where": where if scope != EVERYWHERE else "",
            "players": len(rows) if listed is not None else await store.rated_count(
                scope, game_id),
            "rows": rows[:LEADERS], "reader": reader}
