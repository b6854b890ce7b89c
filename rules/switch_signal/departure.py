"""1. Reveler une Fiche d'instruction: deploy trains, then move every train of the shown colours."""

from __future__ import annotations

from typing import Any

from rules.core.lang import Msg, msg, tr
from rules.core.rng import Rng
from rules.switch_signal import cards, movement
from rules.switch_signal.actions import train_words
from rules.switch_signal.movement import Choice, agent_ready
from rules.switch_signal.names import colour_word, node_said, train_said, train_spellings
from rules.switch_signal.said import colour as colour_said
from rules.switch_signal.said import command, trains_of
from rules.switch_signal.table import Table


def new_current(card: str, data: cards.Cards) -> dict[str, Any]:
    """Progress through one revealed departure card."""
    dep = data.card(card)
    return {"card": card, "deploys": list(dep.deploy), "deployed": [], "moves": list(dep.moves),
            "colour": None, "queue": [], "begun": False, "used": [], "halted": [],
            "held": None, "started": False, "confirmed": False}


def reveal(t: Table) -> list[Msg]:
    """The active player turns the top departure card face up."""
    s = t.state
    card = s["deck"].pop(0)
    s["revealed"].append(card)
    s["current"] = new_current(card, t.cards)
    s["phase"] = "depart"
    text = t.cards.card(card).described()
    label = msg("the first departure card") if card == "start" else \
        msg("departure card {card}", card=card)
    lines = [msg("{player} reveals {card}: {text}.", player=t.name, card=label, text=text)]
    if not s["deck"]:
        lines.append(msg("It is the last departure card: this is the last turn!"))
    return lines


# -- deploying a train -------------------------------------------------------------------------
def _token(t: Table, rng: Rng) -> tuple[int, Msg]:
    """Variant "Renoncer aux des Depart": the next location token (pile reshuffled if empty)."""
    tokens = t.state["tokens"]
    if tokens["opening"]:
        number = int(tokens["opening"].pop(0))
        return number, msg("the location token chosen at set-up shows {n}", n=number)
    if not tokens["pile"]:
        pile = list(range(2, 13))
        rng.shuffle(pile)
        tokens["pile"] = pile
    number = int(tokens["pile"].pop(0))
    return number, msg("{player} draws location token {n}", player=t.name, n=number)


def _space(t: Table, number: int) -> str:
    """The start space for a number (variant: the location token lying on it)."""
    spaces = t.state["tokens"]["spaces"]
    return str(spaces[str(number)]) if spaces else t.board.start_space(number)


def deploy(t: Table, colour: str, rng: Rng) -> list[Msg]:
    """Mettre un Train en jeu: roll the start dice (or draw a token) and place the train."""
    tid = t.in_depot(colour)[0]
    lines: list[Msg] = []
    while True:
        if t.state["tokens"]["mode"] == "no-start-dice":
            number, how = _token(t, rng)
        else:
            d1, d2 = cards.roll_start(rng)
            number = d1 + d2
            how = msg("{player} rolls the start dice: {a} + {b} = {n}", player=t.name, a=d1,
                      b=d2, n=number)
        space = _space(t, number)
        where = msg("{space} ({n})", space=node_said(t.board, space), n=number)
        if t.train_at(space) is None:
            t.trains[tid].update(at=space, heading=None)
            return lines + [msg("{how}: {train} enters at {where}.", how=how,
                                train=train_said(tid), where=where)]
        if t.state["turn"] == 1:  # first turn only: roll again at no cost
            lines.append(msg("{how}: {where} is taken, so the start is tried again.", how=how,
                             where=where))
            continue
        lines.append(msg("{how}: {where} is taken, so no {colour} train enters.", how=how,
                         where=where, colour=colour_said(colour)))
        return lines + t.lose_time(2, msg("A train could not be placed"))


# -- the decision due --------------------------------------------------------------------------
def needs_confirm(t: Table) -> bool:
    """North America: before resolving, the track guard may still swap the card."""
    cur = t.state["current"]
    return (not cur["confirmed"] and not cur["started"] and cur["card"] != "start"
            and bool(t.state["deck"]) and agent_ready(t, "track-guard"))


def _halt_colours(t: Table) -> list[str]:
    """Colours the conductor may still stop: shown on the card, none of them moved yet."""
    cur = t.state["current"]
    out = [] if cur["colour"] is None or cur["begun"] else [cur["colour"]]
    out += [c for c in cur["moves"] if c != "any" and c not in cur["halted"] and c not in out]
    return out


def _holdable(t: Table) -> list[str]:
    """Trains the section chief may keep still: of a colour still to move on this card."""
    cur = t.state["current"]
    if cur["held"] is not None:
        return []
    out = list(cur["queue"]) if cur["colour"] is not None else []
    for colour in cur["moves"]:
        if colour != "any" and colour not in cur["halted"]:
            out += [tid for tid in t.on_network(colour) if tid not in out]
    return out


def options(t: Table) -> list[Choice]:
    """The departure decision due now, then the agents that may act on it."""
    cur = t.state["current"]
    main: list[Choice] = []
    if needs_confirm(t):
        main.append(("resolve", ["ok", "go on", "apply", "resolve card", "keep card",
                                  command("resolve")]))
    elif cur["deploys"]:
        avail = [c for c in t.depot_colours() if c not in cur["deployed"]]
        main += [(f"deploy {c}", [c, f"deploy {c} train", f"{c} train", colour_word(c),
                                  f"{command('deploy')} {colour_word(c)}"]) for c in avail]
    elif cur["colour"] is not None:
        main += [(f"move {tid}", train_words("move", tid)) for tid in cur["queue"]]
    elif cur["moves"]:
        main += [(f"colour {c}", [c, f"color {c}", f"{c} trains", f"move {c}", colour_word(c),
                                  str(trains_of(c))])
                 for c in cards.COLOURS
                 if c not in cur["used"]]
    agents: list[Choice] = []
    if agent_ready(t, "conductor"):
        agents += [(f"agent conductor {c}", [f"conductor {c}", f"conductor {c} trains",
                                             f"stop {c}", f"{tr('conductor')} {colour_word(c)}"])
                   for c in _halt_colours(t)]
    if agent_ready(t, "section-chief"):
        agents += [(f"agent section-chief {tid}", [f"section chief {x}"
                                                   for x in train_spellings(tid)]
                    + [f"{tr('section chief')} {x}" for x in train_spellings(tid)])
                   for tid in _holdable(t)]
    if needs_confirm(t):
        agents.append(("agent track-guard", ["track guard", "swap card", tr("track guard")]))
    if agent_ready(t, "dispatcher") and not t.state["dispatcher"]:
        agents.append(("agent dispatcher", ["dispatcher", tr("dispatcher")]))
    return main + agents


def advance(t: Table, rng: Rng) -> list[Msg]:
    """Resolve the card in order until a choice is needed; then the action phase begins."""
    lines: list[Msg] = []
    s = t.state
    for _ in range(100):
        if t.over or s["motion"] is not None or s["phase"] != "depart":
            return lines
        cur = s["current"]
        if needs_confirm(t):
            return lines
        if cur["deploys"]:
            icon = cur["deploys"][0]
            avail = [c for c in t.depot_colours() if c not in cur["deployed"]]
            if icon == "any" and avail:
                if len(options(t)) > 1:
                    return lines
                icon = avail[0]
            cur["deploys"].pop(0)
            cur["started"] = True
            if icon == "any" or icon not in avail:
                lines += t.lose_time(2, msg("No train is left in the depot to deploy"))
            else:
                cur["deployed"].append(icon)
                lines += deploy(t, icon, rng)
            continue
        if cur["colour"] is not None:
            cur["queue"] = [x for x in cur["queue"] if t.trains[x]["at"] is not None]
            if cur["queue"]:
                if len(options(t)) > 1:
                    return lines
                lines += apply(t, options(t)[0][0], rng)
                continue
            cur["colour"] = None
            continue
        if cur["moves"]:
            icon = cur["moves"][0]
            if icon == "any":
                if len([c for c in cards.COLOURS if c not in cur["used"]]) > 1:
                    return lines
                icon = next(c for c in cards.COLOURS if c not in cur["used"])
            cur["moves"].pop(0)
            lines += _begin_colour(t, icon)
            continue
        s["phase"] = "actions"
        s["current"]["done"] = True
        return lines + [msg("{player} may now play action cards.", player=t.name)]
    raise RuntimeError("departure card did not settle")


def _begin_colour(t: Table, colour: str) -> list[Msg]:
    """Every train of this colour on the network must move (unless the conductor stops them)."""
    cur = t.state["current"]
    cur["used"].append(colour)
    cur["started"] = True
    if colour in cur["halted"]:
        return [msg("{trains} stay where they are (Conductor).",
                    trains=trains_of(colour, capital=True))]
    cur["colour"] = colour
    cur["begun"] = False
    cur["queue"] = [tid for tid in t.on_network(colour) if tid != cur["held"]]
    if not cur["queue"]:
        return [msg("No {colour} train is on the network to move.", colour=colour_said(colour))]
    return []


def apply(t: Table, action: str, rng: Rng) -> list[Msg]:
    """Apply a departure decision."""
    cur = t.state["current"]
    words = action.split()
    if action == "resolve":
        cur["confirmed"] = True
        return advance(t, rng)
    if words[0] == "deploy":
        cur["deploys"].pop(0)
        cur["deployed"].append(words[1])
        cur["started"] = True
        return deploy(t, words[1], rng) + advance(t, rng)
    if words[0] == "colour":
        cur["moves"].pop(0)
        return [msg("{player} chooses {trains}.", player=t.name, trains=trains_of(words[1]))] \
            + _begin_colour(t, words[1]) + advance(t, rng)
    if words[0] == "move":
        cur["queue"].remove(words[1])
        cur["begun"] = True
        cur["started"] = True
        return movement.start(t, words[1], rng) + advance(t, rng)
    if words[:2] == ["agent", "conductor"]:
        t.state["agents"]["conductor"] = True
        colour = words[2]
        if cur["colour"] == colour:
            cur["queue"] = []
        else:
            cur["halted"].append(colour)
        line = msg("{player} calls the Conductor: {trains} do not move this turn.",
                   player=t.name, trains=trains_of(colour))
        return [line] + advance(t, rng)
    if words[:2] == ["agent", "section-chief"]:
        t.state["agents"]["section-chief"] = True
        cur["held"] = words[2]
        if words[2] in cur["queue"]:
            cur["queue"].remove(words[2])
        line = msg("{player} calls the Section chief: {train} does not move this turn.",
                   player=t.name, train=train_said(words[2]))
        return [line] + advance(t, rng)
    if action == "agent track-guard":
        return _track_guard(t) + advance(t, rng)
    raise ValueError(f"unknown departure action {action}")


def _track_guard(t: Table) -> list[Msg]:
    """Le garde-voie: the card goes under the deck; the next card is revealed instead."""
    s = t.state
    s["agents"]["track-guard"] = True
    card = s["revealed"].pop()
    s["deck"].append(card)
    lines = [msg("{player} calls the Track guard: departure card {card} goes under the deck.",
                 player=t.name, card=card)]
    return lines + reveal(t)
