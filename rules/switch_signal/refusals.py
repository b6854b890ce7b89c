"""Why a typed move is refused: what the player has, what is missing, which step comes first."""

from __future__ import annotations

import re

from rules.core.text import normalize, plural
from rules.switch_signal import actions, cards
from rules.switch_signal.board import Board
from rules.switch_signal.cards import COLOURS, KINDS, load_cards
from rules.switch_signal.names import (
    junction_name,
    light_name,
    light_spellings,
    node_by_word,
    node_name,
    setting_name,
    train_name,
)
from rules.switch_signal.table import Table

CODE = re.compile(r"((?:green|from) )?(l\d+)")  # a light's drawn code, as typed
AGENT_WORDS = {"logistician": "logistician", "dispatcher": "dispatcher",
               "conductor": "conductor", "track guard": "track-guard",
               "track-guard": "track-guard", "section chief": "section-chief"}
STEP_VERBS = {"green": "signal", "from": "signal", "city": "signal", "track": "signal",
              "junction": "switch", "open": "switch"}
STEP_NEEDS = {"pay": "the two cards to discard", "card": "the card to discard",
              "area": "`city light` or `track light`", "target": "the red light to turn green",
              "source": "the green disc to move", "junction": "the junction",
              "setting": "the branches to open", "train": "the train to move"}


def _strip(words: list[str], *verbs: str) -> str:
    """The words after a leading verb (and a filler word such as `to`)."""
    while words and words[0] in (*verbs, "to", "the", "toward", "towards", "play", "card"):
        words = words[1:]
    return " ".join(words)


def train_named(text: str) -> str | None:
    """`black train 1`, `black 1`, `black1` -> `black1`."""
    words = text.replace("train", " ").split()
    if len(words) == 1 and words[0].rstrip("0123456789") in COLOURS:
        return words[0] if words[0][-1:].isdigit() else None
    if len(words) == 2 and words[0] in COLOURS and words[1].isdigit():
        return f"{words[0]}{words[1]}"
    return None


def light_named(board: Board, text: str) -> str | None:
    """The light a text names by its code or place (None if none or several)."""
    found = {sig for sig in board.signals
             if text in (normalize(w) for w in light_spellings(board, sig))}
    return found.pop() if len(found) == 1 else None


def _agent(t: Table, typed: str) -> str | None:
    """An agent that cannot be called now, and why."""
    words = typed.removeprefix("agent ").removeprefix("call ").removeprefix("the ")
    agent = next((a for w, a in AGENT_WORDS.items() if words.startswith(w)), None)
    if agent is None:
        return None
    name = load_cards().agents[agent].name
    if agent not in t.board.agents:
        other = "North America" if t.board.id == "central-europe" else "Central Europe"
        return f"the {name} works only on the {other} board."
    if t.state["agents"][agent]:
        return f"the {name} has already been used this game (each agent helps once)."
    when = {
        "logistician": "right after a movement die is rolled",
        "dispatcher": "once per turn, and it is already at work this turn",
        "conductor": "after a departure card is revealed, before that colour moves",
        "section-chief": "after a departure card is revealed, for a train of a colour on it",
        "track-guard": "right after a departure card is revealed, before it is resolved",
    }[agent]
    return f"the {name} can be called {when}."


def refusal(t: Table, typed: str) -> str | None:
    """The reason for a near miss, or None to let the closest spellings answer."""
    s = t.state
    reason = _agent(t, typed)
    if reason:
        return reason
    if s["motion"] is not None:
        return _motion(t, typed)
    if s["phase"] == "reveal":
        if typed.split()[0] == "reveal":  # the right move in other words: never "reveal first"
            return "this step reveals the next departure card: type `reveal`."
        return "reveal the next departure card first (`reveal`); action cards come after."
    if s["phase"] == "depart":
        return _depart(t, typed)
    if s["pending"] is None:
        return _menu(t, typed)
    return _step(t, typed)


def _motion(t: Table, typed: str) -> str | None:
    m = t.state["motion"]
    name = train_name(m["train"])
    if m["await"] == "roll":
        return f"first keep the roll of {m['die']} for {name} (`keep`) or call the Logistician."
    at = t.trains[m["train"]]["at"]
    node = node_by_word(t.board, _strip(typed.split(), "go", "leave", "exit"))
    if node is None:
        return f"{name} is waiting in {t.place(at)}: choose its way out first."
    near = {s.other(at): s for s in t.board.at_node(at)}
    if node not in near:
        ways = ", ".join(node_name(t.board, n) for n in near)
        return f"{node_name(t.board, node)} is not next to {node_name(t.board, at)} " \
            f"(its tracks lead to {ways})."
    if near[node].id == m["entered"]:
        return f"{name} came in from {node_name(t.board, node)} and cannot turn back."
    return f"the light toward {node_name(t.board, node)} is red: {name} may only leave " \
        "by a green light."


def _depart(t: Table, typed: str) -> str | None:
    cur = t.state["current"]
    words = typed.split()
    colour = next((w for w in words if w in COLOURS), None)
    if words[0] == "deploy" and colour:
        if colour in cur["deployed"]:
            return f"this card deploys trains of different colours; a {colour} one is " \
                "already out."
        if not t.in_depot(colour):
            return f"no {colour} train is left in the depot."
    tid = train_named(_strip(words, "move"))
    if tid is not None and cur["colour"] is not None and tid not in cur["queue"]:
        return f"{train_name(tid)} is not one of the {cur['colour']} trains still to move."
    if colour and colour in cur["used"]:
        return f"the {colour} trains have already moved for this card."
    if words[0] in (*KINDS, "wild", "load", "done", "end"):
        return f"finish departure card {cur['card']} first; action cards come after."
    return None


def _menu(t: Table, typed: str) -> str | None:
    """At the start of an action: cards the player lacks, or a step named too early."""
    words = typed.split()
    hand = t.state["hands"][t.active]
    total = cards.hand_total(hand)
    free = t.state["phase"] == "arrange"
    kind = _strip(words, "play", "wild", "any")
    if kind in KINDS and not free:
        if kind == "move" and not t.on_network():
            return "no train is on the network to move."
        if words[0] in ("wild", "any") or hand[kind]:
            return f"you have {plural(total, 'card')}; a wild action needs 2."
        extra = f"; any 2 cards make a `wild {kind}`" if total >= 2 else ""
        return f"you have no {kind} card (you hold {cards.hand_text(hand)}){extra}."
    if words[0] == "load" and not free:
        return _load(t, _strip(words, "load"), total)
    sig = light_named(t.board, _strip(words, "green", "from"))
    if sig is not None:
        how = "choose `signal`" if free else "play a signal card (`signal` or `wild signal`)"
        return f"{how} first to change {light_name(t.board, sig)}."
    if words[0] in STEP_VERBS:
        card = STEP_VERBS[words[0]]
        if free:
            return f"choose `{card}` first."
        return f"play a {card} card first (`{card}` or `wild {card}`)."
    tid = train_named(_strip(words, "move"))
    if tid is not None:
        return f"play a move card first (`move` or `wild move`) to move {train_name(tid)}."
    node = node_by_word(t.board, _strip(words, "junction"))
    if node is not None and t.board.nodes[node].kind == "junction":
        return f"play a switch card first (`switch` or `wild switch`) to turn " \
            f"{junction_name(t.board, node)}."
    if free and words[0] in ("done", "end"):
        return "say `start` when the layout is ready."
    return None


def _load(t: Table, text: str, total: int) -> str | None:
    if total < 1:
        return "you have no card to pay for loading."
    tid = train_named(text)
    if tid is None:
        if actions.loadable(t):
            return None
        return "no empty train stands in a goods city that still has cubes."
    train = t.trains[tid]
    at = train["at"]
    name = train_name(tid)
    if at is None:
        return f"{name} is in the depot."
    if ":" in at or t.board.nodes[at].kind != "city":
        return f"{name} is at {t.place(at)}, not in a goods city."
    if train["cargo"] is not None:
        return f"{name} already carries a {train['cargo']} cube."
    return f"{node_name(t.board, at)} has no goods cube left."


def _step(t: Table, typed: str) -> str | None:
    """Inside an action card: the object named is wrong, or belongs to another step."""
    p = t.state["pending"]
    step = p["step"]
    words = typed.split()
    board = t.board
    hand = t.state["hands"][t.active]
    if step in ("pay", "card"):
        missing = [k for k in KINDS if k in words and hand[k] < words.count(k)]
        if missing:
            return f"you have {plural(hand[missing[0]], missing[0] + ' card')} " \
                f"(you hold {cards.hand_text(hand)})."
    if step in ("target", "source"):
        sig = light_named(board, _strip(words, "green", "from"))
        if sig is not None:
            return _light_refusal(t, sig)
    if step == "junction":
        node = node_by_word(board, _strip(words, "junction"))
        if node is not None:
            return f"{node_name(board, node)} is a {board.nodes[node].kind} space, not a " \
                "junction with a switch."
    if step == "setting":
        reason = _setting_refusal(t, _strip(words, "open"))
        if reason:
            return reason
    if step == "train":
        tid = train_named(_strip(words, "move"))
        if tid is not None:
            return f"{train_name(tid)} is in the depot; only trains on the network can move."
    if words[0] in (*KINDS, "wild", "load", "done", "end", *STEP_VERBS):
        return f"choose {STEP_NEEDS[step]} first, or `cancel` this action."
    return None


def _light_refusal(t: Table, sig: str) -> str | None:
    p = t.state["pending"]
    name = light_name(t.board, sig)
    green = sig in t.state["greens"]
    if p["step"] == "target":
        if green:
            return f"{name} is already green."
        if "area" not in p:  # rules version 2: every red light is offered at once
            return None
        area = "city entrances" if p["area"] == "city" else "open track"
        return f"{name} is not among the lights on {area} you chose (`cancel` to change)."
    if not green:
        return f"{name} is red: take the disc from a green light."
    city = t.board.signals[sig].city
    if t.state["phase"] == "arrange":
        return "while setting up, each city keeps one green entrance: move a disc between " \
            "the entrances of one city, or between lights on open track."
    if city is not None:
        return f"{node_name(t.board, city)} would be left without a green light; every city " \
            "and port keeps one."
    return f"{name} cannot give its disc now."


def _setting_refusal(t: Table, text: str) -> str | None:
    j = t.state["pending"]["junction"]
    board = t.board
    branches = [s.other(j) for s in board.at_node(j)]
    one = node_by_word(board, text)
    named = [one] if one else [node_by_word(board, w) for w in _pair_words(board, text)]
    if not named:
        return None
    strays = [n for n in named if n not in branches]
    if strays:
        ways = ", ".join(node_name(board, n) for n in branches)
        return f"{node_name(board, str(strays[0]))} is not a branch of " \
            f"{junction_name(board, j)} (its branches: {ways})."
    if len(named) == 1:
        return f"name the two branches to open at {junction_name(board, j)}, such as " \
            f"`open {node_name(board, branches[0])} {node_name(board, branches[1])}`."
    if sorted(str(n) for n in named) == sorted(t.state["switches"][j]):
        return f"{junction_name(board, j)} is already open " \
            f"{setting_name(board, t.state['switches'][j])}."
    return None


def _pair_words(board: Board, text: str) -> list[str]:
    """Split `brest toulouse` or `salt lake city omaha` into two node names."""
    words = text.split()
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        if node_by_word(board, a) and node_by_word(board, b):
            return [a, b]
    return []
