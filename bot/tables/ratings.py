"""Ratings per player and game, from the ranking of each finished game (issue 29).

The model is openskill's Plackett–Luce (a Bayesian rating for any number of players, ties and
all): each player has a skill estimate `mu` and an uncertainty `sigma`; a game moves both.
What people see is the cautious estimate `mu − 3·sigma` on a friendlier scale, so a newcomer
starts at the bottom and climbs as the estimate firms up, as on BoardGameArena.

A game rates only when it ended normally: winners first, then by score, equal scores tied,
resigned seats last whatever their score. Computers are rated too, one rating per level
(`computer:normal`), so a table with computers still rates its people. The cooperative game
rates nobody: it records won or lost by difficulty instead (`Outcome.cooperative`).
Ratings are a pure function of the finished games in the order they finished: `rebuild` gives
what the game-by-game updates gave, so nothing is lost if the formula changes.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from openskill.models import PlackettLuce

import rules
from bot.store.community import PlayerGameRow, ResultRow
from bot.store.records import GameRow, Store, StoreError
from bot.tables.computer_levels import computer_level

log = logging.getLogger(__name__)

MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3
SCALE, OFFSET = 40, 1000  # shown = OFFSET + SCALE × (mu − 3 sigma): a newcomer shows 1000
EVERYWHERE = 0  # the scope of ratings across servers (a server's scope is its guild id)


@dataclass(frozen=True)
class Rating:
    """One player's rating at one game: skill estimate, uncertainty, games rated."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def shown(self) -> int:
        """The number people see: a cautious estimate, 1000 for a newcomer."""
        return round(OFFSET + SCALE * (self.mu - 3 * self.sigma))


NEW = Rating()


@dataclass(frozen=True)
class Placing:
    """One seat's result: who (`u:<user id>` or `computer:<level>`), score, whether resigned."""

    player: str
    score: float
    won: bool = False
    resigned: bool = False


@dataclass(frozen=True)
class Outcome:
    """A finished game as the ratings read it."""

    game_pk: int
    game_id: str
    guild_id: int | None
    finished_at: float
    placings: tuple[Placing, ...]
    cooperative: bool = False  # a shared win or loss: recorded, never rated
    difficulty: str = ""  # the cooperative game's set-up, as its players chose it

    def scopes(self) -> tuple[int, ...]:
        """Where it counts: everywhere, and its server's own ratings."""
        return (EVERYWHERE,) if self.guild_id is None else (EVERYWHERE, self.guild_id)


def person(user_id: int) -> str:
    """A person's key in the ratings."""
    return f"u:{user_id}"


def computer(level: str) -> str:
    """A computer level's key in the ratings (every computer of that level shares it)."""
    return f"computer:{level}"


def ranks(placings: Iterable[Placing]) -> list[int]:
    """Rank per seat (1 best, ties equal): winners first, then by score, resigned seats last."""
    keys = [(p.resigned, not p.won, -p.score) for p in placings]
    order = sorted(set(keys))
    return [order.index(k) + 1 for k in keys]


def rate(current: Mapping[str, Rating], outcome: Outcome) -> dict[str, Rating]:
    """The new ratings of the players of one game (others unchanged, not returned).

    Two seats of one computer level play as one rating: each seat is rated from the level's
    rating before the game, and the level keeps the last seat's result."""
    if outcome.cooperative or len(outcome.placings) < 2:
        return {}
    teams = [[MODEL.create_rating([r.mu, r.sigma], name=p.player)]
             for p in outcome.placings for r in [current.get(p.player, NEW)]]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks(outcome.placings)])
    new: dict[str, Rating] = {}
    for placing, (after,) in zip(outcome.placings, rated, strict=True):
        before = current.get(placing.player, NEW)
        new[placing.player] = Rating(after.mu, after.sigma, before.games + 1)
    return new


def rebuild(outcomes: Iterable[Outcome]) -> dict[tuple[int, str, str], Rating]:
    """Every rating from the finished games, oldest first: (scope, game id, player) → rating."""
    ratings: dict[tuple[int, str, str], Rating] = {}
    for outcome in sorted(outcomes, key=lambda o: (o.finished_at, o.game_pk)):
        for scope in outcome.scopes():
            current = {p.player: ratings[(scope, outcome.game_id, p.player)]
                       for p in outcome.placings
                       if (scope, outcome.game_id, p.player) in ratings}
            for player, rating in rate(current, outcome).items():
                ratings[(scope, outcome.game_id, player)] = rating
    return ratings


def difficulty(game: GameRow) -> str:
    """A cooperative game's set-up in a few words: "standard", or its options that differ
    from the defaults ("time_tokens=8, extra_green=yes")."""
    info = rules.game_info(game.game_id)
    chosen = info.resolve_options(game.options)
    changed = [f"{o.id}={chosen[o.id]}" for o in info.options if chosen[o.id] != o.default]
    return ", ".join(changed) or "standard"


def result_of(game: GameRow, match: rules.Match, finished_at: float) -> ResultRow:
    """What a game that ended normally leaves for the ratings and profiles."""
    players = tuple(computer(computer_level(s.user_id)) if s.user_id < 0 else person(s.user_id)
                    for s in sorted(game.seats, key=lambda s: s.seat))
    outcome: dict[str, object] = {
        "scores": [float(x) for x in match.scores()], "winners": sorted(match.winners()),
        "resigned": [s.seat for s in game.seats if s.resigned]}
    if match.table_result() is not None:  # the cooperative game: won or lost together
        outcome |= {"cooperative": True, "difficulty": difficulty(game)}
    return ResultRow(game.id, game.guild_id, game.game_id, finished_at, players, outcome)


def outcome_of(result: ResultRow) -> Outcome:
    """A kept result as the ratings read it."""
    o = result.outcome
    winners, resigned = set(o.get("winners", [])), set(o.get("resigned", []))
    placings = tuple(Placing(player, float(score), seat in winners, seat in resigned)
                     for seat, (player, score) in enumerate(zip(result.players, o["scores"],
                                                                strict=True)))
    return Outcome(result.game_pk, result.game_id, result.guild_id, result.finished_at,
                   placings, bool(o.get("cooperative")), result.difficulty)


def rater(result: ResultRow, scope: int, current: dict[str, PlayerGameRow]
          ) -> list[PlayerGameRow]:
    """The store's `Rater`: each player's record (and rating, unless cooperative) after the
    game, from their rows in that scope before it."""
    outcome = outcome_of(result)
    ratings = {p: Rating(r.mu, r.sigma, r.games) for p, r in current.items()
               if r.mu is not None and r.sigma is not None}
    rated = rate(ratings, outcome)
    rows: dict[str, PlayerGameRow] = {}
    for placing in outcome.placings:
        if placing.player in rows:  # a computer level seated twice counts once
            continue
        before = current.get(placing.player) or PlayerGameRow(
            scope, outcome.game_id, placing.player, outcome.difficulty)
        best = placing.score if before.best is None else max(before.best, placing.score)
        after = rated.get(placing.player)
        rows[placing.player] = replace(
            before, games=before.games + 1, won=before.won + placing.won, best=best,
            mu=after.mu if after else None, sigma=after.sigma if after else None,
            shown=after.shown if after else None, last_at=outcome.finished_at)
    return list(rows.values())


async def record_missing(store: Store, load: Callable[[GameRow], Awaitable[rules.Match]],
                         batch: int = 100) -> int:
    """Record the finished games whose result was not kept (the process stopped between the
    last move and the recording), each as of its last change; how many."""
    done = 0
    while pks := await store.unrecorded_finished(batch):
        for pk in pks:
            game = await store.get_game(pk)
            if not await store.record_result(result_of(game, await load(game),
                                                       game.updated_at), rater):
                return done  # another process is catching up too: leave it the rest
            done += 1
    return done


async def record_finished(store: Store, game: GameRow, match: rules.Match, now: float) -> None:
    """Keep a game that just ended normally and rate it (once, whoever calls). A failure is
    logged, not raised: the move stands, and `record_missing` catches up at the next start."""
    try:
        await store.record_result(result_of(game, match, now), rater)
    except StoreError:
        log.exception("the result of game %s was not recorded yet", game.id)


async def changes_of(store: Store, game: GameRow, scope: int) -> list[tuple[int, int, int]]:
    """(seat, rating shown before, after) of each person this finished game rated in a scope
    (a server's, or everywhere); none for a game not rated (cooperative, not yet recorded)."""
    out = []
    for seat in sorted(game.seats, key=lambda s: s.seat):
        if seat.user_id < 0:
            continue  # a computer: its level's rating is not news to the table
        history = await store.rating_history(scope, game.game_id, person(seat.user_id))
        at = next((i for i, h in enumerate(history) if h.game_pk == game.id), None)
        if at is None:
            continue
        before = history[at - 1].shown if at else NEW.shown
        out.append((seat.seat, before, history[at].shown))
    return out
