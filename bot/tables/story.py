"""The story of a finished game for its results card: each player's standing over the game,
from the log (issue 29).

The game is replayed once (off the event loop, by the caller) and its public standing read
each time the game moves on to a new stage (a round, a phase): what the table saw at each
handover of the game, in the game's own measure. Never a hand or a secret: the standing is
public by contract.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import rules
from rules.core.standing import amount

MOST_POINTS = 32  # a phone-width chart reads this many points at most


def _thin(points: list[list[float]], most: int) -> list[list[float]]:
    """At most `most` points, the first and last kept, the others evenly picked."""
    if len(points) <= most:
        return points
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]


def score_story(new_match: Callable[[], rules.Match], log: Sequence[tuple[int, str]]
                ) -> dict[str, Any] | None:
    """{"measure": what the values count, "points": [per stage, one value per seat]} over the
    whole game, ending with the final scores; None for a cooperative game (one shared fate)."""
    match = new_match()
    first = match.standing()
    if first.cooperative:
        return None
    points, where = [list(first.values)], first.where
    for seat, action in log:
        match.act(seat, action)
        if match.over:
            break
        now = match.standing()
        if now.where != where:
            points.append(list(now.values))
            where = now.where
    points.append([float(s) for s in match.scores()])
    return {"measure": first.unit or first.measure, "points": _thin(points, MOST_POINTS)}


def story_view(match: rules.Match) -> dict[str, Any] | None:
    """The picture's view of a finished game's story (None for the cooperative game): each
    player's standing per stage, as numbers and as the game writes them."""
    story = score_story(lambda: rules.new_match(match.game_id, list(match.players), match.seed,
                                                match.options, match.started_under), match.log)
    if story is None:
        return None
    measure = str(story["measure"])
    return {"title": match.info.title,
            "players": [{"name": name,
                         "values": [float(stage[seat]) for stage in story["points"]],
                         "said": [amount(float(stage[seat]), measure)
                                  for stage in story["points"]]}
                        for seat, name in enumerate(match.players)]}
