"""What a player reads: labels of each choice, the prompt, and the private panel."""

from __future__ import annotations

from rules.core.standing import warned
from rules.core.text import plural
from rules.switch_signal import cards, departure
from rules.switch_signal.cards import KINDS, load_cards
from rules.switch_signal.names import (
    junction_name,
    light_name,
    node_name,
    setting_name,
    train_name,
)
from rules.switch_signal.risks import risks
from rules.switch_signal.table import Table

AGENT_DOES = {
    "logistician": "re-roll this die, only the new roll counts",
    "dispatcher": "trains may pass through green goods cities this turn",
}
CARD_DOES = {
    "signal": "move a green disc onto a red light",
    "switch": "turn one junction to open two other branches",
    "move": "roll a train's die and move it",
}


def die_range(colour: str) -> str:
    """`die 2–5` for a colour's movement die."""
    faces = load_cards().dice[colour]
    return f"{colour} die {min(faces)}–{max(faces)}"


def _once(t: Table, agent: str) -> str:
    """`Call the Logistician (once per game)`."""
    return f"Call the {load_cards().agents[agent].name} (once per game)"


def _hand(t: Table) -> dict[str, int]:
    hand: dict[str, int] = t.state["hands"][t.active]
    return hand


def _where(t: Table, tid: str) -> str:
    return t.place(t.trains[tid]["at"])


def label(t: Table, action: str) -> str:
    """One legal action in plain words (what it does, costs and gives), and at its end what it
    risks: time tokens, the game, a train left waiting (rules/switch_signal/risks.py)."""
    return warned(plain_label(t, action), *risks(t, action))


def plain_label(t: Table, action: str) -> str:
    """One legal action in plain words, without its warnings."""
    words = action.split()
    verb = words[0]
    arg = words[1] if len(words) > 1 else ""
    s = t.state
    p = s["pending"]
    free = s["phase"] == "arrange"
    if action == "cancel":
        return "Back: choose another action (nothing is paid yet)"
    if action == "show hand":
        return "Show your hand to the table (it stays shown until it changes)"
    if action == "reveal":
        return f"Reveal the next departure card ({len(s['deck'])} left)"
    if action == "start":
        return "Start the game with this layout"
    if action == "done":
        return _done_label(t)
    if verb == "agent":
        return _agent_label(t, words[1], words[2] if len(words) > 2 else "")
    if s["motion"] is not None:
        return _motion_label(t, action)
    if s["phase"] == "depart":
        return _depart_label(t, action)
    if p is None:
        if verb in KINDS:
            if free:
                return {"signal": "Move a green disc (free while setting up)",
                        "switch": "Set a switch (free while setting up)"}.get(verb, verb)
            have = _hand(t)[verb]
            return f"Play a {verb} card (you have {have}): {CARD_DOES[verb]}"
        if verb == "wild":
            return f"Wild {arg}: spend any 2 cards to {CARD_DOES[arg]}"
        if verb == "load":
            city = t.trains[arg]["at"]
            colour = t.board.nodes[city].goods_colour
            return f"Load {train_name(arg)} in {node_name(t.board, city)}: any 1 card, " \
                f"takes a {colour} cube"
    return _step_label(t, action)


def _done_label(t: Table) -> str:
    """End of turn: how many cards come, and whether the game ends."""
    hand = _hand(t)
    draw = cards.refill_count(hand)
    if not t.state["deck"]:
        return "End turn: last departure card, goods still missing, the table loses"
    return f"End turn: draw {plural(draw, 'action card')} " \
        f"(you hold {cards.hand_total(hand)}, limit 10)"


def _agent_label(t: Table, agent: str, arg: str) -> str:
    """The agents: one use each per game."""
    if agent in AGENT_DOES:
        return f"{_once(t, agent)}: {AGENT_DOES[agent]}"
    if agent == "conductor":
        return f"{_once(t, agent)}: the {arg} trains stay put this turn"
    if agent == "section-chief":
        return f"{_once(t, agent)}: {train_name(arg)} stays put this turn"
    card = t.state["current"]["card"]
    return f"{_once(t, agent)}: card {card} goes under the deck, reveal the next"


def _motion_label(t: Table, action: str) -> str:
    """A move under way: keep the roll, stop, or pick a way out."""
    m = t.state["motion"]
    tid = m["train"]
    name = train_name(tid)
    at = t.trains[tid]["at"]
    if action == "keep":
        return f"Keep the {m['die']}: {name} moves up to {plural(m['die'], 'space')}"
    if action == "stop":
        return f"Stop {name} in {node_name(t.board, at)} ({plural(m['mp'], 'point')} unused, " \
            "no time lost)"
    target = t.board.by_label(action.split()[1])
    text = f"{name.capitalize()} leaves {t.place(at)} for {node_name(t.board, target)} " \
        f"({plural(m['mp'], 'point')} left)"
    if t.board.nodes[target].kind == "start":
        text += ", a start space"  # what it costs is said at the end (risks.py)
    return text


def _depart_label(t: Table, action: str) -> str:
    """Resolving a departure card."""
    cur = t.state["current"]
    words = action.split()
    if action == "resolve":
        text = t.cards.card(cur["card"]).describe()
        return f"Resolve departure card {cur['card']}: {text}"
    if words[0] == "deploy":
        c = words[1]
        return f"Deploy a {c} train ({len(t.in_depot(c))} in the depot): the start dice pick " \
            "its space"
    if words[0] == "colour":
        c = words[1]
        n = len(t.on_network(c))
        return f"Move the {c} trains ({n} on the network, {die_range(c)})"
    tid = words[1]
    return f"Move {train_name(tid)} next ({_where(t, tid)}), {die_range(t.trains[tid]['colour'])}"


def _step_label(t: Table, action: str) -> str:
    """The small steps of an action card being played."""
    words = action.split()
    verb = words[0]
    p = t.state["pending"]
    board = t.board
    if verb == "discard" and len(words) == 3:
        a, b = words[1], words[2]
        what = f"2 {a} cards" if a == b else f"1 {a} and 1 {b} card"
        return f"Discard {what} for the {p['kind']} action"
    if verb == "discard":
        return f"Discard a {words[1]} card (you have {_hand(t)[words[1]]}) to load the train"
    if action in ("city light", "track light"):
        red = sum(1 for g, sig in board.signals.items()
                  if g not in t.state["greens"] and (sig.city is not None) == (verb == "city"))
        where = "at a city or port entrance" if verb == "city" else "on open track"
        return f"A red light {where} ({red} red)"
    if verb == "green":
        return f"Turn green: {light_name(board, words[1])}"
    if verb == "from":
        return f"Take the disc from {light_name(board, words[1])}: it turns red"
    if verb == "junction":
        j = board.by_label(words[1])
        now = setting_name(board, t.state["switches"][j])
        return f"{junction_name(board, j)} (now open {now})"
    if verb == "open":
        j = p["junction"]
        pair = [board.by_label(x) for x in words[1].split("-")]
        closed = [node_name(board, s.other(j)) for s in board.at_node(j)
                  if s.other(j) not in pair]
        return f"Open {setting_name(board, pair)} at {node_name(board, j)} " \
            f"(closes {' and '.join(closed)})"
    if verb == "move":
        tid = words[1]
        return f"Move {train_name(tid)} ({_where(t, tid)}), {die_range(t.trains[tid]['colour'])}"
    return action


def group(t: Table, action: str) -> str:
    """Menu group of a choice: red lights come by where they stand; the rest in one group."""
    verb, _, sig = action.partition(" ")
    if verb == "green" and sig in t.board.signals:
        return "City entrances" if t.board.signals[sig].city is not None else "Open track"
    return ""


def prompt(t: Table) -> str:
    """The decision in one line, with names as the board shows them."""
    s = t.state
    who = t.name
    if s["outcome"] is not None:
        return ""
    m = s["motion"]
    if m is not None:
        tid = m["train"]
        name = train_name(tid)
        where = t.place(t.trains[tid]["at"])
        if m["await"] == "roll":
            return f"{who}: {name} rolled {m['die']}. Keep it, or call the Logistician to " \
                "re-roll."
        if m["await"] == "through":
            return f"{who}: {name} is in {where} with {plural(m['mp'], 'point')} left: stop " \
                "here or go on through a green exit."
        return f"{who}: choose which way {name} leaves {where} ({plural(m['mp'], 'point')})."
    if s["phase"] == "arrange":
        return f"{who}: move green discs or set switches for the start, then `start`."
    if s["phase"] == "reveal":
        return f"{who}: reveal the next departure card ({len(s['deck'])} left)."
    if s["phase"] == "depart":
        return _depart_prompt(t)
    p = s["pending"]
    if p is None:
        held = cards.hand_total(s["hands"][t.active])
        return f"{who}: play action cards ({held} in hand) or end your turn with `done`."
    return f"{who}: " + _step_prompt(t, p)


def _depart_prompt(t: Table) -> str:
    cur = t.state["current"]
    who = t.name
    if departure.needs_confirm(t):
        return f"{who}: resolve departure card {cur['card']}, or call the Track guard to swap it."
    if cur["deploys"]:
        return f"{who}: choose the colour of the train to deploy (start dice pick its space)."
    if cur["colour"] is not None:
        return f"{who}: choose which {cur['colour']} train moves next."
    return f"{who}: choose a colour of trains to move."


def _step_prompt(t: Table, p: dict[str, object]) -> str:
    kind, step = str(p["kind"]), str(p["step"])
    if step == "source":
        return f"choose the green disc to move to {light_name(t.board, str(p['target']))}."
    if step == "setting":
        return "choose the two branches to open at " \
            f"{junction_name(t.board, str(p['junction']))}."
    if step == "card":
        return f"choose the card to discard to load {train_name(str(p['train']))}."
    steps = {
        "pay": f"choose the two cards to discard for the {kind} action.",
        "area": "turn green a red light at a city entrance, or one on open track?",
        "target": "choose the red light to turn green (codes L1, L2... beside the lights).",
        "junction": "choose the junction to switch.",
        "train": "choose the train to move.",
    }
    return steps[step]


def private_lines(t: Table, seat: int) -> list[str]:
    """That seat's hand and what it may do with it."""
    s = t.state
    hand = s["hands"][seat]
    total = cards.hand_total(hand)
    if not total:
        lines = ["Your hand is empty."]
    else:
        parts = [f"{hand[k]} × {k.capitalize()}" for k in KINDS if hand[k]]
        lines = [f"Your hand ({plural(total, 'card')}): {', '.join(parts)}."]
    lines.append("Any 2 cards make one action of your choice; any 1 card loads an empty train "
                 "in a goods city.")
    if s["shown"][seat]:
        lines.append("You have shown your hand to the table.")
    else:
        lines.append("Only you can see your hand; you may show it to the table.")
    if seat == t.active and s["outcome"] is None and s["phase"] == "actions":
        draw = cards.refill_count(hand)
        lines.append(f"When you end your turn you draw {draw} (hand limit 10).")
        p = s["pending"]
        if p is not None and p.get("pay"):
            paying = " and ".join(str(k) for k in p["pay"])
            lines.append(f"You are playing the {p['kind']} action, paid with {paying} "
                         "(discarded once the action is done).")
    return lines
