"""Computer levels: `gentle`, `normal` (each game's own computer) and `strong` (it looks ahead).

Each game may hold a `computer/strong.py` beside its computer with

    def ranked(view: dict[str, Any], legal: list[str], pick: str, rng: Rng) -> list[str]
    def determinise(match: Match, seat: int, rng: Rng) -> Match
    ROLLOUTS: int  # how many sampled deals each candidate is played out on, at most
    BUDGET, MIN_ROLLOUTS, MARGIN  # optional: see `_strong`
    def candidates(view, legal, pick, rng) -> list[str]  # optional: what strong plays out
    def margin(pick: str) -> float  # optional: MARGIN by the kind of decision

`ranked` lists the sensible actions best first by the normal computer's own measures, `pick`
(the normal computer's choice) first; it never lists an action that only hurts the seat (e.g.
passing while a useful move is free). `determinise` is a copy of the match in which whatever the
seat cannot see (other hands, the order of decks, future draws) is dealt again at random from
what the seat can see: a strong computer plans on such samples, never on the real cards.
A game without that module plays the same at every level (Switch & Signal: its planner).

`gentle` plays the normal choice, but now and then the second or third of `ranked` instead.
`strong` plays each of the first few of `ranked` out to the end of the game on the same
samples, every seat then played by the normal computer, and keeps the best average.
Everything is deterministic: the samples come from the decision's rng (public facts only).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

from rules.core.computer import MAX_DECISIONS, chooser, computer_action, decision_rng
from rules.core.match import Match
from rules.core.rng import Rng

LEVELS = ("gentle", "normal", "strong")
DEFAULT_LEVEL = "normal"

# How often the gentle computer plays another sensible choice instead of its first (a game
# may set its own `GENTLE_SLIP`), and how far down the ranking it reaches: second or third.
GENTLE_SLIP = 0.5
GENTLE_REACH = 2
# Candidates the strong computer plays out (the normal choice among them).
CANDIDATES = 4
# A candidate must beat the normal choice by this much (in wins, of 1) to replace it: the
# samples are few, so a small lead is more likely luck than a better move.
MARGIN = 0.05
# Decisions played out per decision at most, unless the game sets its own `BUDGET`.
DEFAULT_BUDGET = 1200
# A won play-out counts 1; the score margin over the best rival adds up to this much more.
SCORE_WEIGHT = 0.5

_HOOKS: dict[str, ModuleType | None] = {}


def hooks(match: Match) -> ModuleType | None:
    """The game's `computer.strong` module, or None when the game has none."""
    package = type(match).__module__.rsplit(".", 1)[0]
    if package not in _HOOKS:
        try:
            _HOOKS[package] = importlib.import_module(f"{package}.computer.strong")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.computer.strong":
                raise  # a strong module that fails to import is a bug, not a missing level
            _HOOKS[package] = None
    return _HOOKS[package]


def check_level(level: str) -> str:
    """The level itself, or ValueError when it is none of `LEVELS`."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}: one of {', '.join(LEVELS)}")
    return level


def level_action(match: Match, seat: int, level: str = DEFAULT_LEVEL) -> str:
    """The computer's choice at `level` for `seat`, one of `match.legal(seat)`."""
    check_level(level)
    module = hooks(match)
    legal = match.legal(seat)
    if level == "normal" or module is None or len(legal) == 1:
        return computer_action(match, seat)
    view = match.computer_view(seat)
    rng = decision_rng(match, seat)
    pick = chooser(match)(view, list(legal), rng)
    if pick not in legal:
        pick = legal[0]
    # A game may weigh more decisions ahead than gentle slips at (`candidates`, strong only).
    rank = module.ranked if level == "gentle" else getattr(module, "candidates", module.ranked)
    ranked: list[str] = rank(view, list(legal), pick, Rng(rng.seed, 1))
    options = list(dict.fromkeys([pick, *(a for a in ranked if a in legal)]))
    if level == "gentle":
        # Never a move that only gives something up while another is free (a game's
        # `GENTLE_NEVER`, e.g. ending a turn with a useful buy in reach).
        never = tuple(getattr(module, "GENTLE_NEVER", ()))
        others = [a for a in options[1:] if a not in never]
        slips = Rng(rng.seed, 2)
        if others and slips.random() < float(getattr(module, "GENTLE_SLIP", GENTLE_SLIP)):
            return slips.choice(others[:int(getattr(module, "GENTLE_REACH", GENTLE_REACH))])
        return pick
    return _strong(match, seat, options[:CANDIDATES], module, Rng(rng.seed, 3))


def _strong(match: Match, seat: int, options: list[str], module: ModuleType, rng: Rng) -> str:
    """The candidate with the best average play-out; the normal choice (first) on near-ties.

    The work is counted in decisions played out, never in seconds (the rules keep no clock):
    the first play-out tells how long the game still runs, and so how many candidates and
    samples the game's `BUDGET` allows.
    """
    if len(options) == 1:
        return options[0]
    budget = int(getattr(module, "BUDGET", DEFAULT_BUDGET))
    fewest = int(getattr(module, "MIN_ROLLOUTS", 1))
    samples = [module.determinise(match, seat, Rng(rng.seed, 0))]
    # Two candidates on `fewest` samples must fit the budget: a longer game is given up at once.
    probe = play_out(samples[0], seat, options[0], limit=budget // (2 * fewest))
    if probe is None:
        return options[0]  # too far from the end to weigh enough samples: the normal choice
    first, length = probe
    count = min(len(options), budget // (length * fewest))
    rounds = max(fewest, min(int(getattr(module, "ROLLOUTS", 1)), budget // (length * count)))
    samples += [module.determinise(match, seat, Rng(rng.seed, k)) for k in range(1, rounds)]
    worth = []
    for i, action in enumerate(options[:count]):
        results = [_worth(sample, seat, action) for sample in samples[1 if i == 0 else 0:]]
        if i == 0:
            results.append(first)
        worth.append(sum(results) / len(results))
    best = max(range(count), key=lambda i: (worth[i], -i))
    # A game may ask less of an alternative where the samples tell choices apart well.
    margin_of = getattr(module, "margin", None)
    margin = float(margin_of(options[0]) if margin_of else getattr(module, "MARGIN", MARGIN))
    return options[best] if worth[best] > worth[0] + margin else options[0]


def play_out(sample: Match, seat: int, action: str, limit: int = MAX_DECISIONS
             ) -> tuple[float, int] | None:
    """What `action` brings `seat` once normal computers finish the game on this sample, and
    how many decisions that took; None when the game runs past `limit` decisions."""
    twin = sample.copy()
    twin.act(seat, action)
    for decisions in range(1, min(limit, MAX_DECISIONS) + 1):
        if twin.over:
            return outcome(twin, seat), decisions
        due = twin.to_act()[0]
        twin.act(due, computer_action(twin, due))
    if limit < MAX_DECISIONS:
        return None
    raise RuntimeError(f"{twin.game_id}: a play-out found no end")


def _worth(sample: Match, seat: int, action: str) -> float:
    """`play_out`'s worth, for a game known to end."""
    found = play_out(sample, seat, action)
    assert found is not None  # no limit: it ends or raises
    return found[0]


def outcome(match: Match, seat: int) -> float:
    """A finished match's worth to `seat`: its share of the win plus its score margin, scaled."""
    winners = match.winners()
    won = 1 / len(winners) if seat in winners else 0.0
    scores = match.scores()
    best_rival = max(s for i, s in enumerate(scores) if i != seat)
    scale = max(1.0, sum(abs(s) for s in scores) / len(scores))
    return won + SCORE_WEIGHT * max(-1.0, min(1.0, (scores[seat] - best_rival) / scale))


def runners_up(pick: str, left: list[str], best_of: Callable[[list[str]], str],
               most: int) -> list[str]:
    """`pick`, then the normal computer's next choices, each once those before are set aside
    (`best_of` is its own ranking of the choices left), `most` in all."""
    out, left = [pick], list(left)
    while left and len(out) < most:
        best = best_of(left)
        if best not in left:
            break
        out.append(best)
        left.remove(best)
    return out


def fresh_copy(match: Match, rng: Rng) -> Match:
    """A copy whose future draws come from a new seed, sharing no remembered legal actions."""
    twin = match.fork()  # the real match's memo: a sample's other hands must never land in it
    twin.seed = rng.below(1 << 62)
    return twin
