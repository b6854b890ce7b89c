"""What a Switch & Signal choice risks, said before it is made: time tokens, the game itself.

A move is tried on a copy of the table for every face of the train's die (the board, the lights,
the switches and the dice are all public): « Les jetons Temps » says what each stop costs, one
token per unused movement point, two per point in a head-on collision, two for a start space.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from rules.core.lang import tr, trn
from rules.switch_signal import movement
from rules.switch_signal.actions import loadable
from rules.switch_signal.names import node_name, train_name
from rules.switch_signal.table import Table

Outcome = tuple[int, bool]  # time tokens lost, the game lost


def _tokens(state: dict[str, Any]) -> int:
    """Time tokens the table holds, counting the clock's refills (a set-aside departure card
    stands for a full clock)."""
    return int(state["clock"]) - int(state["set_aside"]) * int(state["clock_size"])


def _run(t: Table, motion: dict[str, Any]) -> Outcome:
    """Tokens lost and whether the game is lost when this move runs on a copy of the table,
    up to its next pause (a way out to choose: the player then chooses)."""
    state = copy.deepcopy(t.state)
    state["motion"] = motion
    twin = Table(state, t.players, t.version)
    before = _tokens(state)
    movement.run(twin)
    return before - _tokens(state), state["outcome"] == "lost"


def move_outcomes(t: Table, tid: str) -> list[Outcome]:
    """One outcome per face of the train's die, as `movement.start` would roll it."""
    train = t.trains[tid]
    faces = t.cards.dice[train["colour"]]
    found: dict[int, Outcome] = {}
    for face in faces:
        if face not in found:
            found[face] = _run(t, {"train": tid, "die": face, "mp": face, "await": None,
                                   "entered": None, "exit": None, "moved": 0, "done": False,
                                   "path": [train["at"]]})
    return [found[face] for face in faces]


def words(outcomes: list[Outcome]) -> list[str]:
    """"costs 2 time tokens", "costs 1–4 time tokens", "2/6 rolls cost 1–3 time tokens",
    "may lose the game (1/6 rolls)"."""
    lost = [n for n, _ in outcomes]
    doomed = sum(1 for _, over in outcomes if over)
    if doomed:
        return [tr("loses the game") if doomed == len(outcomes)
                else tr("may lose the game ({n}/{of} rolls)", n=doomed, of=len(outcomes))]
    hit = sorted(n for n in lost if n)
    if not hit:
        return []
    if hit[0] != hit[-1]:
        tokens = tr("{low}–{high} time tokens", low=hit[0], high=hit[-1])
    else:
        tokens = trn("{n} time token", "{n} time tokens", hit[0])
    if len(hit) == len(lost):
        return [tr("costs {tokens}", tokens=tokens)]
    return [tr("{n}/{of} rolls cost {tokens}", n=len(hit), of=len(lost), tokens=tokens)]


def _deploy(t: Table) -> list[str]:
    """« Mettre un Train en jeu »: a taken start space costs 2 tokens (not on the first turn)."""
    s = t.state
    if s["turn"] == 1 or s["tokens"]["mode"] == "no-start-dice":
        return []
    taken = {int(n.number) for n in t.board.nodes.values()
             if n.kind == "start" and n.number is not None and t.train_at(n.id) is not None}
    spaces = s["tokens"]["spaces"]
    if spaces:  # the variant's tokens renumber the start spaces
        taken = {int(n) for n, space in spaces.items() if t.train_at(space) is not None}
    faces = t.cards.start_die
    sums = Counter(a + b for a in faces for b in faces)
    chance = sum(sums[n] for n in taken) / sum(sums.values())
    if not chance:
        return []
    return [tr("{percent}% chance its start is taken: 2 time tokens",
               percent=round(100 * chance))]


def _reminders(t: Table) -> list[str]:
    """Ending the turn: a train standing loaded in a city, an empty one that could load there
    for one card ('Charger un Train')."""
    out = []
    for tid, train in t.trains.items():
        at = train["at"]
        if at is not None and ":" not in at and t.board.nodes[at].kind == "city" \
                and train["cargo"] is not None:
            out.append(tr("{train} waits loaded in {city}", train=train_name(tid),
                          city=node_name(t.board, at)))
    if sum(t.state["hands"][t.active].values()):
        out += [tr("{train} could load in {place}", train=train_name(tid),
                   place=t.place(t.trains[tid]["at"])) for tid in loadable(t)]
    return out[:2]


def risks(t: Table, action: str) -> list[str]:
    """Warnings for one legal action (empty when it risks nothing)."""
    s = t.state
    if s["outcome"] is not None:
        return []
    verb, _, arg = action.partition(" ")
    m = s["motion"]
    if m is not None:
        if action == "keep":
            return words([_run(t, {**copy.deepcopy(m), "await": None})])
        if verb == "go":
            at = t.trains[m["train"]]["at"]
            exit_id = t.board.between(at, t.board.by_label(arg)).id
            return words([_run(t, {**copy.deepcopy(m), "await": None, "exit": exit_id})])
        return []
    if verb == "move" and arg in t.trains and t.trains[arg]["at"] is not None:
        return words(move_outcomes(t, arg))
    if verb == "colour" and s["phase"] == "depart":
        # Every train of the colour moves, each on its own roll: the worst case of each, added.
        worst = sum(max(n for n, _ in move_outcomes(t, tid)) for tid in t.on_network(arg))
        return [tr("may cost up to {n} time tokens", n=worst)] if worst else []
    if verb == "deploy" and s["phase"] == "depart":
        return _deploy(t)
    if action == "done" and s["deck"]:
        return _reminders(t)
    return []
