"""Public and per-seat views of a Switch & Signal match (JSON-ready, with drawing coordinates)."""

from __future__ import annotations

from typing import Any

from rules.core.lang import term, tr, trn
from rules.core.standing import Standing
from rules.switch_signal.base import SwitchSignalBase
from rules.switch_signal.cards import COLOURS, KINDS, hand_total
from rules.switch_signal.names import light_codes, light_name
from rules.switch_signal.said import does, kind_name
from rules.switch_signal.table import split_space

RECENT_LINES = 8


def _xy(match: SwitchSignalBase, at: str | None) -> list[float] | None:
    """Drawing position of a train's place."""
    board = match.table().board
    if at is None:
        return None
    if ":" not in at:
        node = board.nodes[at]
        return [node.x, node.y]
    seg, index = split_space(at)
    return list(board.space_xy(seg, index))


def _board(match: SwitchSignalBase) -> dict[str, Any]:
    """Fixed drawing data: nodes, segments with their spaces, signal spots."""
    board = match.table().board
    tokens = match.state["tokens"]["spaces"] or {}
    by_space = {space: int(n) for n, space in tokens.items()}
    codes = light_codes(board)
    return {
        "id": board.id, "name": term(board.name), "width": 1000, "height": board.height,
        "pass_through": board.pass_through,
        "nodes": [
            {"id": n.id, "label": n.label, "name": term(n.name), "kind": n.kind,
             "goods_colour": n.goods_colour, "number": by_space.get(n.id, n.number),
             "printed_number": n.number, "lat": n.lat, "lon": n.lon, "x": n.x, "y": n.y}
            for n in board.nodes.values()
        ],
        "segments": [
            {"id": s.id, "label": s.label, "a": s.a, "b": s.b,
             "spaces": [{"id": f"{s.id}:{i}", "index": i,
                         "xy": list(board.space_xy(s.id, i))} for i in range(1, s.spaces + 1)]}
            for s in board.segments.values()
        ],
        "signals": [
            {"id": g.id, "code": codes[g.id], "name": light_name(board, g.id),
             "segment": g.segment, "gap": g.gap, "city": g.city,
             "green": g.id in match.state["greens"],
             "xy": list(board.space_xy(g.segment, g.gap + 0.5))}
            for g in board.signals.values()
        ],
        "switches": {
            j: {"open": list(pair), "label": board.pair_label(pair),
                "discs": len(board.at_node(j)) - 2}
            for j, pair in match.state["switches"].items()
        },
    }


def _result(match: SwitchSignalBase) -> dict[str, Any] | None:
    """Once over, the table's shared result: won or lost, goods of the goal, what ended it."""
    s = match.state
    if s["outcome"] is None:
        return None
    if s["outcome"] == "won":
        ended = tr("every goods cube was delivered")
    elif s["clock"] == 0:  # only the last turn's empty clock ends the game with no tokens left
        ended = tr("time ran out (the clock emptied during the last departure card's turn)")
    else:
        ended = tr("the last departure card's turn ended with goods still missing")
    return {"outcome": s["outcome"], "won": s["outcome"] == "won",
            "delivered": match.table().delivered_total(), "goal": 10 if s["ten_goods"] else 8,
            "ended_by": ended, "reason": reason(s["reason"]), "turns": s["turn"],
            "set_aside": s["set_aside"]}


def reason(text: str) -> str:
    """What ended the game (kept in English in the state), in the language spoken."""
    return {
        "every goods cube has been delivered": tr("every goods cube has been delivered"),
        "the clock ran out during the last departure card's turn":
            tr("the clock ran out during the last departure card's turn"),
        "the last departure card's turn ended before every cube was delivered":
            tr("the last departure card's turn ended before every cube was delivered"),
    }.get(text, text)


def table_result(match: SwitchSignalBase) -> tuple[bool, str] | None:
    """Once over, whether the table won and, in words, the goods delivered and what ended it."""
    result = _result(match)
    if result is None:
        return None
    return (bool(result["won"]), tr("{n} of {goal} goods delivered; {ended}",
                                    n=result["delivered"], goal=result["goal"],
                                    ended=result["ended_by"]))


def public_view(match: SwitchSignalBase) -> dict[str, Any]:
    """Everything on the table; hands only as sizes unless a player has shown theirs."""
    s = match.state
    t = match.table()
    data = t.cards
    due = match.to_act()
    cur = s["current"]
    current = None
    if cur is not None:
        card = data.card(cur["card"])
        current = {"card": cur["card"], "deploy": list(card.deploy), "moves": list(card.moves),
                   "text": card.describe(), "deploys_left": len(cur["deploys"]),
                   "moves_left": list(cur["moves"]), "moving_colour": cur["colour"],
                   "to_move": list(cur["queue"]), "halted": list(cur["halted"]),
                   "held": cur["held"]}
    motion = None
    if s["motion"] is not None:
        m = s["motion"]
        motion = {"train": m["train"], "die": m["die"], "points_left": m["mp"],
                  "waiting_for": m["await"], "path": list(m["path"])}
    players = []
    for i, name in enumerate(match.players):
        hand = s["hands"][i]
        players.append({"seat": i, "name": name, "hand_size": hand_total(hand),
                        "shown": bool(s["shown"][i]),
                        "hand": dict(hand) if s["shown"][i] else None})
    return {
        "game": match.game_id,
        "title": match.info.title,
        "options": dict(match.options),
        "board": _board(match),
        "phase": s["phase"],
        "turn": s["turn"],
        "active_player": s["active"],
        "first_player": s["first"],
        "to_act": due,
        "prompt": match.prompt(due[0]) if due else "",
        "clock": {"tokens": s["clock"], "size": s["clock_size"]},
        "departure": {"deck": len(s["deck"]), "removed_at_setup": s["removed"],
                      "set_aside": s["set_aside"], "revealed": list(s["revealed"]),
                      "current": current, "last_card": not s["deck"]},
        "trains": [
            {"id": tid, "colour": train["colour"], "at": train["at"],
             "place": t.place(train["at"]), "heading": train["heading"],
             "cargo": train["cargo"], "xy": _xy(match, train["at"])}
            for tid, train in s["trains"].items()
        ],
        "depot": {c: len(t.in_depot(c)) for c in COLOURS},
        "goods": dict(s["goods"]),
        "delivered": {p: dict(v) for p, v in s["delivered"].items()},
        "delivered_total": t.delivered_total(),
        "goods_goal": 10 if s["ten_goods"] else 8,
        "agents": [
            {"id": a, "name": term(data.agents[a].name), "french": data.agents[a].french,
             "text": term(data.agents[a].text), "used": bool(s["agents"][a])}
            for a in t.board.agents
        ],
        "dispatcher_active": bool(s["dispatcher"]),
        # « Renoncer aux dés Départ »: the three tokens chosen at set-up are announced (the
        # first trains' start spaces, still to come in this order); the pile stays face down.
        "location_tokens": {"mode": s["tokens"]["mode"], "on_spaces": s["tokens"]["spaces"],
                            "pile": len(s["tokens"]["pile"]),
                            "opening": list(s["tokens"]["opening"])},
        "players": players,
        "action_cards": {"draw_pile": len(s["action_deck"]),
                         "discard": dict(s["action_discard"])},
        "motion": motion,
        "pending": None if s["pending"] is None else {
            k: v for k, v in s["pending"].items() if k in ("kind", "step", "area", "target",
                                                          "junction", "train")},
        "last_move": s["last_move"],
        "outcome": s["outcome"],
        "reason": reason(s["reason"]),
        "result": _result(match),
        "recent": [text for _, text in match.lines[-RECENT_LINES:]],
        "winners": match.winners(),
        "scores": match.scores(),
        "standing": match.standing().to_dict(match.players),  # goods, clock, cards left
        "adapted": sorted(set(t.board.adapted) | set(data.adapted)),
    }


def standing(match: SwitchSignalBase) -> Standing:
    """The table's progress, the game being cooperative: goods delivered of the goal, the
    clock's time tokens and the departure cards left ('Fin de la partie')."""
    s = match.state
    t = match.table()
    goal = 10 if s["ten_goods"] else 8
    done = t.delivered_total()
    deck = len(s["deck"])
    cards_left = tr("last departure card") if not deck and s["current"] is not None else \
        trn("{n} departure card left", "{n} departure cards left", deck)
    table = tr("Goods delivered: {n} of {goal} · clock: {clock} of {size} time tokens · {left}",
               n=done, goal=goal, clock=s["clock"], size=s["clock_size"], left=cards_left)
    if s["outcome"] is not None:
        where = tr("game over")
    elif s["phase"] == "arrange":
        where = tr("setting up")
    else:
        where = tr("turn {turn}, {left}", turn=s["turn"], left=cards_left)
    lines = tuple(trn("{n} action card", "{n} action cards", hand_total(s["hands"][i]))
                  for i in range(len(match.players)))
    return Standing(where, tr("goods"), tuple(float(done) for _ in match.players), lines,
                    table=table, cooperative=True)


def seat_view(match: SwitchSignalBase, seat: int) -> dict[str, Any]:
    """The public view plus that seat's own hand."""
    view = public_view(match)
    if 0 <= seat < len(match.players):
        view["hand"] = dict(match.state["hands"][seat])
        # What each kind of card does, to draw the hand as cards beside the words.
        view["card_facts"] = {kind: {"name": kind_name(kind), "does": does(kind)}
                              for kind in KINDS}
    return view
