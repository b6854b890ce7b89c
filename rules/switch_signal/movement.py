"""Regles de deplacement: one train's move, space by space, pausing for the player's choices."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.lang import Msg, msg, msgn, tr
from rules.core.rng import Rng
from rules.switch_signal import cards
from rules.switch_signal.names import both, light_said, node_name, node_said, train_said
from rules.switch_signal.said import colour as colour_said
from rules.switch_signal.said import command
from rules.switch_signal.table import Table, split_space

Choice = tuple[str, list[str]]


@dataclass(frozen=True)
class Step:
    """One movement point: the gaps (signal spots) crossed, a junction passed, the target."""

    gaps: tuple[tuple[str, int], ...]
    junction: str | None
    branch_open: bool
    segment: str
    target: str
    heading: str | None


def start(t: Table, tid: str, rng: Rng) -> list[Msg]:
    """Regle 2: roll the train's own die; its result is the movement points."""
    colour = t.trains[tid]["colour"]
    die = cards.roll_movement(rng, colour)
    t.state["motion"] = {"train": tid, "die": die, "mp": die, "await": None, "entered": None,
                         "exit": None, "moved": 0, "done": False,
                         "path": [t.trains[tid]["at"]]}
    lines = [msg("{player} rolls the {colour} die for {train}: {die}.", player=t.name,
                 colour=colour_said(colour), train=train_said(tid), die=die)]
    if agent_ready(t, "logistician"):
        t.state["motion"]["await"] = "roll"
        return lines
    return lines + run(t)


def agent_ready(t: Table, agent: str) -> bool:
    """The agent is on this board and not yet covered by a Stop token."""
    return agent in t.board.agents and not t.state["agents"][agent]


def options(t: Table) -> list[Choice]:
    """The choice a paused move waits for."""
    m = t.state["motion"]
    at = t.trains[m["train"]]["at"]
    if m["await"] == "roll":
        return [("keep", ["ok", "go on", "keep roll", f"keep {m['die']}", command("keep")]),
                ("agent logistician", ["logistician", "reroll", "re roll", "call logistician",
                                       tr("logistician")])]
    out: list[Choice] = []
    if m["await"] in ("through", "dispatcher"):
        names = both(t.board.nodes[at].name) + both(node_name(t.board, at))
        out.append(("stop", [f"stop in {x}" for x in names]
                    + ["stop here", command("stop"), tr("stop here")]))
    if m["await"] == "dispatcher":  # the way on opens only with the Dispatcher (game.py)
        return out
    for seg_id in t.green_exits(at, exclude=m["entered"]):
        node = t.board.segments[seg_id].other(at)
        other = t.board.nodes[node]
        words = [other.label]
        for name in both(other.name):
            words += [f"go {name}", f"go to {name}", f"toward {name}", f"towards {name}", name]
        for name in both(node_name(t.board, node)):
            words += [tr("go to {city}", city=name), name]
        out.append((f"go {other.label}", words))
    return out


def apply(t: Table, action: str, rng: Rng) -> list[Msg]:
    """Apply the answer to a paused move and carry on moving."""
    m = t.state["motion"]
    verb, _, arg = action.partition(" ")
    m["await"] = None
    if action == "keep":
        return run(t)
    if action == "agent logistician":
        t.state["agents"]["logistician"] = True
        die = cards.roll_movement(rng, t.trains[m["train"]]["colour"])
        m["die"] = m["mp"] = die
        return [msg("{player} calls the Logistician: the die is rolled again and shows {die}.",
                    player=t.name, die=die)] + run(t)
    if action == "stop":
        return _finish(t, [])
    if verb == "go":
        at = t.trains[m["train"]]["at"]
        m["exit"] = t.board.between(at, t.board.by_label(arg)).id
        return run(t)
    raise ValueError(f"unknown move answer {action}")


def _leave(t: Table, m: dict[str, Any], at: str) -> tuple[str, str | None]:
    """Regle 4: how a train leaves a node: ("go", segment), "wait", "stop" or "stuck"."""
    node = t.board.nodes[at]
    if node.kind == "start":
        return "go", t.board.at_node(at)[0].id
    if m["exit"] is not None:
        chosen: str = m["exit"]
        m["exit"] = None
        return "go", chosen
    exits = t.green_exits(at, exclude=m["entered"])
    if m["entered"] is not None:  # passing through: stop here or pick a green way out
        if not exits:
            return "stop", None
        m["await"] = "through"
        return "wait", None
    if not exits:
        return "stuck", None
    if len(exits) == 1:
        return "go", exits[0]
    m["await"] = "exit"
    return "wait", None


def _from_node(t: Table, node: str, seg_id: str) -> Step:
    seg = t.board.segments[seg_id]
    return Step(((seg_id, seg.gap_at(node)),), None, True, seg_id,
                f"{seg_id}:{seg.first_space(node)}", seg.other(node))


def _from_track(t: Table, at: str, heading: str) -> Step:
    """Regles 4 and 6: keep the direction of travel; a junction passes its open pair only."""
    seg_id, i = split_space(at)
    seg = t.board.segments[seg_id]
    j = i + 1 if heading == seg.b else i - 1
    if 1 <= j <= seg.spaces:
        return Step(((seg_id, min(i, j)),), None, True, seg_id, f"{seg_id}:{j}", heading)
    node = heading
    gaps: tuple[tuple[str, int], ...] = ((seg_id, seg.gap_at(node)),)
    if t.board.nodes[node].kind != "junction":
        return Step(gaps, None, True, seg_id, node, None)
    came = seg.other(node)
    pair = t.state["switches"][node]
    if came not in pair:
        return Step(gaps, node, False, seg_id, "", None)
    out = pair[1] if pair[0] == came else pair[0]
    nxt = t.board.between(node, out)
    gaps += ((nxt.id, nxt.gap_at(node)),)
    return Step(gaps, node, True, nxt.id, f"{nxt.id}:{nxt.first_space(node)}", out)


def _blocked(t: Table, step: Step) -> Msg | None:
    """Regles 6 and 7: a red light or a closed switch branch stops the train."""
    first = t.board.signal_in(*step.gaps[0])
    if not t.is_green(first):
        return msg("at a red light, {light},", light=light_said(t.board, str(first)))
    if not step.branch_open:
        assert step.junction is not None
        return msg("at the {city} switch (branch closed),",
                   city=node_said(t.board, step.junction))
    for gap in step.gaps[1:]:
        signal = t.board.signal_in(*gap)
        if not t.is_green(signal):
            return msg("at a red light, {light},", light=light_said(t.board, str(signal)))
    return None


def _head_on(t: Table, other: str, step: Step) -> bool:
    """Regle 11: the train ahead faces the mover (a train on a start space faces outward)."""
    if ":" not in step.target:
        return t.board.nodes[step.target].kind == "start"
    return bool(t.trains[other]["heading"] != step.heading)


def run(t: Table) -> list[Msg]:
    """Move the train until its points are spent, it must stop, or a choice is needed."""
    lines: list[Msg] = []
    m = t.state["motion"]
    tid = m["train"]
    name = train_said(tid, capital=True)
    train = t.trains[tid]
    while not t.over and train["at"] is not None and m["mp"] > 0:
        at = train["at"]
        if ":" in at:
            step = _from_track(t, at, train["heading"])
        else:
            how, seg_id = _leave(t, m, at)
            if how == "wait":
                return lines
            if how == "stuck":  # regle 3: no green light to leave by
                lines += t.lose_time(m["mp"], msgn(
                    "{train} cannot leave {place} (no green light) with {n} movement point "
                    "unused", "{train} cannot leave {place} (no green light) with {n} movement "
                    "points unused", m["mp"], train=name, place=t.place_said(at)))
            if seg_id is None:
                break
            step = _from_node(t, at, seg_id)
        why = _blocked(t, step)
        if why is not None:  # regle 3: one token per unused point
            lines += t.lose_time(m["mp"], msgn(
                "{train} stops {why} with {n} movement point unused",
                "{train} stops {why} with {n} movement points unused", m["mp"], train=name,
                why=why))
            break
        other = t.train_at(step.target)
        if other is not None:
            if _head_on(t, other, step):  # regle 11: two tokens per unused point
                lines.append(msg("Head-on collision: {train} runs into {other} and returns "
                                 "to the depot.", train=name, other=train_said(other)))
                mp = m["mp"]
                lines += t.to_depot(tid)
                lines += t.lose_time(2 * mp, msgn(
                    "Collision with {n} movement point unused",
                    "Collision with {n} movement points unused", mp))
            else:  # regle 8: no overtaking, stop right behind
                lines += t.lose_time(m["mp"], msgn(
                    "{train} stops behind {other} with {n} movement point unused",
                    "{train} stops behind {other} with {n} movement points unused", m["mp"],
                    train=name, other=train_said(other)))
            break
        lines += _advance(t, m, step)
        if m["await"] is not None:
            return lines
        if m.get("done"):
            break
    return _finish(t, lines)


def _advance(t: Table, m: dict[str, Any], step: Step) -> list[Msg]:
    """Spend one point to enter the next space; handle cities, ports and start spaces."""
    tid = m["train"]
    train = t.trains[tid]
    m["mp"] -= 1
    m["moved"] += 1
    m["entered"] = None
    train["at"], train["heading"] = step.target, step.heading
    m["path"].append(step.target)
    if ":" in step.target:
        return []
    node = t.board.nodes[step.target]
    m["done"] = True
    if node.kind == "start":  # regle 12
        lines = [msg("{train} enters the start space {space} and returns to the depot.",
                     train=train_said(tid, capital=True), space=node_said(t.board, node.id))]
        lines += t.to_depot(tid)
        return lines + t.lose_time(2, msg("A train entered a start space"))
    if node.kind == "port" and t.port_accepts(node.id, train["cargo"]):  # regle 10
        return t.deliver(tid, node.id)
    if node.kind == "port" and not t.board.pass_through:
        train.update(at=None, heading=None)
        return [msg("{train} reaches {port} empty and returns to the depot.",
                    train=train_said(tid, capital=True), port=node_said(t.board, node.id))]
    if m["mp"] > 0 and t.can_pass_through(node.id):  # North America, or the dispatcher's turn
        m["done"] = False
        m["entered"] = step.segment
    elif m["mp"] > 0 and _dispatcher_may_open(t, node.id, step.segment):
        # « Vous pouvez utiliser la gestionnaire n'importe quand pendant votre tour »: from rules
        # version 9 the move pauses here, with its points known, so the table may call her now.
        m["done"] = False
        m["entered"] = step.segment
        m["await"] = "dispatcher"
    return []  # regle 9: a stop in a city or port costs no time


def _dispatcher_may_open(t: Table, node: str, entered: str) -> bool:
    """A goods city the Dispatcher would let this train leave by a green light (version 9)."""
    return (t.version >= 9 and t.board.nodes[node].kind == "city"
            and agent_ready(t, "dispatcher") and not t.state["dispatcher"]
            and bool(t.green_exits(node, exclude=entered)))


def _finish(t: Table, lines: list[Msg]) -> list[Msg]:
    """End the move: report where the train stands; remember the path for the board image."""
    m = t.state["motion"]
    if m is None or m["await"] is not None and not t.over:
        return lines
    tid = m["train"]
    at = t.trains[tid]["at"]
    t.state["last_move"] = {"train": tid, "die": m["die"], "path": m["path"]}
    t.state["motion"] = None
    if at is not None:
        lines.append(msgn("{train} moved {n} space and stands at {place}.",
                          "{train} moved {n} spaces and stands at {place}.", m["moved"],
                          train=train_said(tid, capital=True), place=t.place_said(at)))
    return lines
