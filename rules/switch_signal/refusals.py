"""Why a typed move is refused: what the player has, what is missing, which step comes first."""

from __future__ import annotations

import re

from rules.core.lang import and_list, or_list, term, tr, trn
from rules.core.reading import closest_name
from rules.core.text import echo, normalize
from rules.switch_signal import actions, cards
from rules.switch_signal.board import Board
from rules.switch_signal.cards import COLOURS, KINDS
from rules.switch_signal.names import (
    junction_name,
    light_name,
    light_spellings,
    node_by_word,
    node_name,
    setting_name,
    train_name,
)
from rules.switch_signal.said import (
    colour,
    command,
    cube,
    kind_cards,
    kind_word,
    the_agent,
    trains_of,
    wild,
)
from rules.switch_signal.table import Table

CODE = re.compile(r"((?:green|from) )?(l\d+)")  # a light's drawn code, as typed
AGENT_WORDS = {"logistician": "logistician", "dispatcher": "dispatcher",
               "conductor": "conductor", "track guard": "track-guard",
               "track-guard": "track-guard", "section chief": "section-chief"}
STEP_VERBS = {"green": "signal", "from": "signal", "city": "signal", "track": "signal",
              "junction": "switch", "open": "switch"}


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
    name = the_agent(agent)
    if agent not in t.board.agents:
        other = term("North America") if t.board.id == "central-europe" \
            else term("Central Europe")
        return tr("{agent} works only on the {board} board.", agent=name, board=other)
    if t.state["agents"][agent]:
        return tr("{agent} has already been used this game (each agent helps once).",
                  agent=name)
    when = {
        "logistician": tr("right after a movement die is rolled"),
        "dispatcher": tr("once per turn, and it is already at work this turn"),
        "conductor": tr("after a departure card is revealed, before that colour moves"),
        "section-chief": tr("after a departure card is revealed, for a train of a colour on it"),
        "track-guard": tr("right after a departure card is revealed, before it is resolved"),
    }[agent]
    return tr("{agent} can be called {when}.", agent=name, when=when)


def refusal(t: Table, typed: str) -> str | None:
    """The reason for a near miss, or None to let the closest spellings answer."""
    s = t.state
    reason = _agent(t, typed)
    if reason:
        return reason
    if s["motion"] is not None:
        return _motion(t, typed)
    if s["phase"] == "reveal":
        if typed.split()[0] in ("reveal", normalize(command("reveal")).split()[0]):  # the
            # right move in other words: never "reveal first"
            return tr("this step reveals the next departure card: type `reveal`.")
        return tr("reveal the next departure card first (`reveal`); action cards come after.")
    if s["phase"] == "depart":
        return _depart(t, typed)
    if s["pending"] is None:
        return _menu(t, typed)
    return _step(t, typed)


def _motion(t: Table, typed: str) -> str | None:
    m = t.state["motion"]
    name = train_name(m["train"])
    if m["await"] == "roll":
        return tr("first keep the roll of {die} for {train} (`{keep}`) or call the Logistician.",
                  die=m["die"], train=name, keep=command("keep"))
    at = t.trains[m["train"]]["at"]
    if m["await"] == "dispatcher":  # version 9: the way on opens only with her
        return tr("{train} has stopped in {place}: to go on, call the Dispatcher first "
                  "(`{call}`), or stop here (`{stop}`).", train=name, place=t.place(at),
                  call=command("dispatcher"), stop=command("stop"))
    rest = _strip(typed.split(), "go", "leave", "exit", "for", normalize(command("go")))
    node = node_by_word(t.board, rest)
    near = {s.other(at): s for s in t.board.at_node(at)}
    if node is None:
        open_ways = [t.board.segments[g].other(at) for g in t.green_exits(at, m["entered"])]
        ways = or_list([node_name(t.board, n) for n in open_ways])
        guess = _closest_place(t.board, rest, open_ways)
        if guess:  # a misspelt way out: the one it surely meant
            return tr("there is no place called “{typed}” next to {place}; did you mean "
                      "{city}?", typed=echo(rest), place=t.place(at), city=guess)
        return tr("{train} is waiting in {place}: choose its way out ({ways}).", train=name,
                  place=t.place(at), ways=ways)
    if node not in near:
        ways = ", ".join(node_name(t.board, n) for n in near)
        return tr("{city} is not next to {place} (its tracks lead to {ways}).",
                  city=node_name(t.board, node), place=node_name(t.board, at), ways=ways)
    if near[node].id == m["entered"]:
        return tr("{train} came in from {city} and cannot turn back.", train=name,
                  city=node_name(t.board, node))
    return tr("the light toward {city} is red: {train} may only leave by a green light.",
              city=node_name(t.board, node), train=name)


def _depart(t: Table, typed: str) -> str | None:
    cur = t.state["current"]
    words = typed.split()
    shade = next((w for w in words if w in COLOURS), None)
    if words[0] == "deploy" and shade:
        if shade in cur["deployed"]:
            return tr("this card deploys trains of different colours; a {colour} one is "
                      "already out.", colour=colour(shade))
        if not t.in_depot(shade):
            return tr("no {colour} train is left in the depot.", colour=colour(shade))
    tid = train_named(_strip(words, "move"))
    if tid is not None and cur["colour"] is not None and tid not in cur["queue"]:
        return tr("{train} is not one of {trains} still to move.", train=train_name(tid),
                  trains=trains_of(cur["colour"]))
    if shade and shade in cur["used"]:
        return tr("{trains} have already moved for this card.", trains=trains_of(shade))
    if words[0] in (*KINDS, "wild", "load", "done", "end"):
        return tr("finish departure card {card} first; action cards come after.",
                  card=cur["card"])
    return None


def _menu(t: Table, typed: str) -> str | None:
    """At the start of an action: cards the player lacks, or a step named too early."""
    words = typed.split()
    hand = t.state["hands"][t.active]
    total = cards.hand_total(hand)
    free = t.state["phase"] == "arrange"
    wild_word = normalize(tr("wild {kind}", kind="")).split()
    kind = _card_kind(_strip(words, "play", "wild", "any", *wild_word))
    if kind in KINDS and not free:
        if kind == "move" and not t.on_network():
            return tr("no train is on the network to move.")
        if words[0] in ("wild", "any", *wild_word) or hand[kind]:
            return trn("you have {n} card; a wild action needs 2.",
                       "you have {n} cards; a wild action needs 2.", total)
        held = cards.hand_text(hand)
        if total >= 2:
            return tr("you have no {card} card (you hold {hand}); any 2 cards make a "
                      "`{wild}`.", card=kind_word(kind), hand=held, wild=wild(kind))
        return tr("you have no {card} card (you hold {hand}).", card=kind_word(kind), hand=held)
    if words[0] == "load" and not free:
        return _load(t, _strip(words, "load"), total)
    sig = light_named(t.board, _strip(words, "green", "from"))
    if sig is not None:
        if free:
            return tr("choose `{signal}` first to change {light}.", signal=kind_word("signal"),
                      light=light_name(t.board, sig))
        return tr("play a signal card (`{signal}` or `{wild}`) first to change {light}.",
                  signal=kind_word("signal"), wild=wild("signal"),
                  light=light_name(t.board, sig))
    if words[0] in STEP_VERBS:
        card = STEP_VERBS[words[0]]
        if free:
            return tr("choose `{card}` first.", card=kind_word(card))
        if card == "signal":
            return tr("play a signal card first (`{card}` or `{wild}`).", card=kind_word(card),
                      wild=wild(card))
        return tr("play a switch card first (`{card}` or `{wild}`).", card=kind_word(card),
                  wild=wild(card))
    tid = train_named(_strip(words, "move"))
    if tid is not None:
        return tr("play a move card first (`{move}` or `{wild}`) to move {train}.",
                  move=kind_word("move"), wild=wild("move"), train=train_name(tid))
    node = node_by_word(t.board, _strip(words, "junction"))
    if node is not None and t.board.nodes[node].kind == "junction":
        return tr("play a switch card first (`{switch}` or `{wild}`) to turn {junction}.",
                  switch=kind_word("switch"), wild=wild("switch"),
                  junction=junction_name(t.board, node))
    if free and words[0] in ("done", "end"):
        return tr("say `start` when the layout is ready.")
    return None


def _card_kind(text: str) -> str:
    """An action card kind named in English or in the language spoken (`feu` is `signal`)."""
    return next((k for k in KINDS if text == normalize(kind_word(k))), text)


def _load(t: Table, text: str, total: int) -> str | None:
    if total < 1:
        return tr("you have no card to pay for loading.")
    tid = train_named(text)
    if tid is None:
        if actions.loadable(t):
            return None
        return tr("no empty train stands in a goods city that still has cubes.")
    train = t.trains[tid]
    at = train["at"]
    name = train_name(tid)
    if at is None:
        return tr("{train} is in the depot.", train=name)
    if ":" in at or t.board.nodes[at].kind != "city":
        return tr("{train} is at {place}, not in a goods city.", train=name, place=t.place(at))
    if train["cargo"] is not None:
        return tr("{train} already carries a {cube}.", train=name, cube=cube(train["cargo"]))
    return tr("{city} has no goods cube left.", city=node_name(t.board, at))


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
            return tr("you have {cards} (you hold {hand}).",
                      cards=kind_cards(missing[0], hand[missing[0]]), hand=cards.hand_text(hand))
    if step in ("target", "source"):
        sig = light_named(board, _strip(words, "green", "from"))
        if sig is not None:
            return _light_refusal(t, sig)
    if step == "junction":
        node = node_by_word(board, _strip(words, "junction"))
        if node is not None:
            return _not_junction(board, node)
    if step == "setting":
        opened = words[0] in ("open", normalize(command("open")).split()[0])
        reason = _setting_refusal(t, _strip(words, "open"), opened)
        if reason:
            return reason
    if step == "train":
        tid = train_named(_strip(words, "move"))
        if tid is not None:
            return tr("{train} is in the depot; only trains on the network can move.",
                      train=train_name(tid))
    if words[0] in (*KINDS, "wild", "load", "done", "end", *STEP_VERBS):
        return tr("choose {what} first, or `{cancel}` this action.", what=_needs(step),
                  cancel=command("cancel"))
    return None


def _not_junction(board: Board, node: str) -> str:
    """A node named as a junction that has no switch."""
    city = node_name(board, node)
    kind = board.nodes[node].kind
    if kind == "city":
        return tr("{city} is a city space, not a junction with a switch.", city=city)
    if kind == "port":
        return tr("{city} is a port space, not a junction with a switch.", city=city)
    return tr("{city} is a start space, not a junction with a switch.", city=city)


def _needs(step: str) -> str:
    """What a step of an action card asks for."""
    return {"pay": tr("the two cards to discard"), "card": tr("the card to discard"),
            "area": tr("`{city}` or `{track}`", city=command("city light"),
                       track=command("track light")),
            "target": tr("the red light to turn green"),
            "source": tr("the green disc to move"), "junction": tr("the junction"),
            "setting": tr("the branches to open"), "train": tr("the train to move")}[step]


def _light_refusal(t: Table, sig: str) -> str | None:
    p = t.state["pending"]
    name = light_name(t.board, sig)
    green = sig in t.state["greens"]
    if p["step"] == "target":
        if green:
            return tr("{light} is already green.", light=name)
        if "area" not in p:  # rules version 2: every red light is offered at once
            return None
        if p["area"] == "city":
            return tr("{light} is not among the lights on city entrances you chose (`{cancel}` "
                      "to change).", light=name, cancel=command("cancel"))
        return tr("{light} is not among the lights on open track you chose (`{cancel}` to "
                  "change).", light=name, cancel=command("cancel"))
    if not green:
        return tr("{light} is red: take the disc from a green light.", light=name)
    city = t.board.signals[sig].city
    if t.state["phase"] == "arrange":
        return tr("while setting up, each city keeps one green entrance: move a disc between "
                  "the entrances of one city, or between lights on open track.")
    if city is not None:
        return tr("{city} would be left without a green light; every city and port keeps one.",
                  city=node_name(t.board, city))
    return tr("{light} cannot give its disc now.", light=name)


def _setting_refusal(t: Table, text: str, opened: bool = True) -> str | None:
    """Branches misnamed at a junction (`opened`: the player said `open`, so the words after
    it were meant as branches)."""
    j = t.state["pending"]["junction"]
    board = t.board
    branches = [s.other(j) for s in board.at_node(j)]
    one = node_by_word(board, text)
    named = [one] if one else [node_by_word(board, w) for w in _pair_words(board, text)]
    guess = _closest_place(board, text, branches) if text and not named else None
    if guess:  # a misspelt branch: the one it surely meant
        return tr("{junction} has no branch called “{typed}”; did you mean {place}? Its "
                  "branches: {ways}.", junction=junction_name(board, j), typed=echo(text),
                  place=guess, ways=and_list([node_name(board, n) for n in branches]))
    strays = [n for n in named if n not in branches]
    if strays:
        ways = ", ".join(node_name(board, n) for n in branches)
        return tr("{city} is not a branch of {junction} (its branches: {ways}).",
                  city=node_name(board, str(strays[0])), junction=junction_name(board, j),
                  ways=ways)
    if not named and not opened:
        return None
    if len(named) <= 1:
        return tr("name the two branches to open at {junction}, such as `{open} {a} {b}`.",
                  junction=junction_name(board, j), open=command("open"),
                  a=node_name(board, branches[0]), b=node_name(board, branches[1]))
    if sorted(str(n) for n in named) == sorted(t.state["switches"][j]):
        return tr("{junction} is already open {setting}.", junction=junction_name(board, j),
                  setting=setting_name(board, t.state["switches"][j]))
    return None


def _closest_place(board: Board, typed: str, among: list[str] | None = None) -> str | None:
    """The place a misspelt name surely means (its name as the reader sees it), if any: the
    whole text, or one of its words when two places were typed."""
    if not typed:
        return None
    names = [node_name(board, n) for n in (among if among is not None else board.nodes)]
    for guess in (typed, *typed.split()):
        near = closest_name(guess, names)
        if near:
            return near
    return None


def _pair_words(board: Board, text: str) -> list[str]:
    """Split `brest toulouse` or `salt lake city omaha` into two node names."""
    words = text.split()
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        if node_by_word(board, a) and node_by_word(board, b):
            return [a, b]
    return []
