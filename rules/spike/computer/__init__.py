"""Spike's computer player: it decides from its seat's view only (see rules/core/computer.py).

Strategy, in short: start in a city close to its contracts' producers and destinations; build
towards the project paying most per track space (a contract's producer and destination, the
route card, or a nearby city whose good sells high); draw the rail cards that project needs;
send the train to load and deliver whenever a contract can be completed on the network;
upgrade the coal tender and locomotive early while the game is long enough to repay them.
"""

from __future__ import annotations

from typing import Any

from rules.core.rng import Rng
from rules.spike.computer.board import Table, board, read, train_state
from rules.spike.computer.build import build_step, chain, need, pay_step
from rules.spike.computer.plan import (
    Planner,
    Project,
    dead,
    deliverable,
    move_toward,
    train_job,
    turns_left,
)
from rules.spike.computer.setup import setup_step

LAST_TURNS = 2.0  # own turns left under which the game is about to end
BATCH = 4  # spaces worth one build action (self-play: about $10 a game better than 1)
# (part, from level, more turns left than, at least open contracts), in order of preference
UPGRADES = [("power", 0, 14, 0), ("speed", 0, 12, 2), ("power", 1, 24, 0), ("speed", 1, 20, 3)]


def choose(view: dict[str, Any], legal: list[str], rng: Rng) -> str:
    """One of `legal` for the seat whose view this is."""
    if len(legal) == 1:
        return legal[0]
    step = view["step"]
    if step in ("side", "give", "route", "place"):
        return setup_step(view, legal, rng)
    t = read(view)
    if step == "build":
        return build_step(t, legal)
    if step == "pay":
        return pay_step(t, legal)
    if step in ("free", "move"):
        return move_step(t, legal)
    if step == "draw":
        return draw_step(t, legal, Planner(t).projects())
    if step == "city":
        return city_step(t, legal) or "end turn"
    return main_step(t, legal)


# -- in a city: load and deliver ('Explication du chargement et de la livraison') -----------
def city_step(t: Table, legal: list[str]) -> str | None:
    """Deliver the best carried good, load a useful one, or drop a dead one; None: nothing."""
    b = board()
    point = t.train["point"]
    city = b.points[point].city if point else None
    values = {}
    for c in t.me["contracts"]:
        if c["token"] == "train" and c["side"]:
            values[c["good"]] = dict(c["destinations"][c["side"]]).get(city, 0)
    delivers = [a for a in legal if a.startswith("deliver ")]
    if delivers:
        # Only one delivery per city and player: the most valuable one.
        return max(delivers, key=lambda a: (values.get(a.split(" ")[1], 0), a))
    loads = [a for a in legal if a.startswith("load ")]
    if loads:
        return loads[0]
    drops = [a for a in legal if a.startswith("drop ")]
    for action in drops:
        # 'Vous pouvez toujours jeter une cargaison ... pour faire de la place': only a good
        # that can no longer be delivered on the network makes room for the one here.
        good = action.split(" ")[1]
        here = b.cities[city].good if city else None
        if dead(t, good) and here and deliverable(t, here):
            return action
    return None


# -- moving ('Explication d'un déplacement de train') ----------------------------------------
def move_step(t: Table, legal: list[str]) -> str:
    """A step towards the train's next stop; stop when it has none."""
    job = train_job(t)
    if job is not None:
        found = move_toward(t, job.target, legal)
        if found:
            return found
    if "stop" in legal:
        return "stop"
    # A restart or extra move must take a step: any that does not stop in a city.
    moves = [a for a in legal if a.startswith("move ")]
    return moves[0] if moves else legal[0]


# -- the main action ('Jouer': A-E) ----------------------------------------------------------
def main_step(t: Table, legal: list[str]) -> str:
    """City actions first, then the most useful of actions A-E."""
    city = city_step(t, legal)
    if city:
        return city
    job = train_job(t)
    here = train_state(t)
    if job is not None:
        if "restart" in legal and here != ("c", job.target):
            return "restart"
        if ("extra move" in legal and job.what.startswith("deliver")
                and turns_left(t.view) < LAST_TURNS):
            # 'D. Déplacement supplémentaire' spends the turn's action on one space: only to
            # deliver before the end (earlier, drawing cards is worth more: self-play games
            # scored about $18 more without it).
            step = move_toward(t, job.target, [f"enter {board().points[job.target].label}"])
            if step:
                return "extra move"
    planner = Planner(t)
    projects = planner.projects()
    draws = [a for a in legal if a == "draw deck" or a.startswith("take ")]
    # Near the end, or with no card left to draw, build whatever the hand pays.
    batch = BATCH if planner.left > 4 and draws else 1
    if "build" in legal and chain(t, planner, projects) >= min(batch, t.pieces):
        return "build"
    upgrade = pick_upgrade(t, legal, projects)
    if upgrade:
        return upgrade
    if draws:
        return draw_step(t, draws, projects)
    for action in ("extra move", "restart", "pass"):
        if action in legal:
            return action
    return legal[-1]


def pick_upgrade(t: Table, legal: list[str], projects: list[Project]) -> str | None:
    """'E. Améliorer son train' when the rest of the game repays it."""
    levels = t.train["levels"]
    left = turns_left(t.view)
    open_contracts = sum(1 for c in t.me["contracts"] if c["token"] != "done")
    for part, level, turns, contracts in UPGRADES:
        action = f"upgrade {part}"
        if (levels[part] == level and left > turns and open_contracts >= contracts
                and action in legal):
            return action
    return None


def draw_step(t: Table, legal: list[str], projects: list[Project]) -> str:
    """'A. Piocher': a face-up card the plan needs, else the deck; never stop early."""
    b = board()
    wanted = [n - h for n, h in zip(need(t, projects), t.hand)]
    takes = [a for a in legal if a.startswith("take ")]
    best: tuple[int, str] | None = None
    for action in takes:
        k = b.kind_codes.index(b.kind_by_card(action.split(" ")[1]))
        if wanted[k] > 0 and (best is None or wanted[k] > best[0]):
            best = (wanted[k], action)
    if best:
        return best[1]
    if "draw deck" in legal:
        return "draw deck"
    if takes:
        return takes[0]
    return "stop" if "stop" in legal else legal[0]

