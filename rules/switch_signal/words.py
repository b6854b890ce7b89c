"""What a player reads: labels of each choice, the prompt, and the private panel."""

from __future__ import annotations

from rules.core.lang import and_list, tr, trn
from rules.core.standing import warned
from rules.switch_signal import cards, departure
from rules.switch_signal.cards import KINDS, load_cards
from rules.switch_signal.names import (
    junction_name,
    light_name,
    node_name,
    setting_name,
    train_name,
    train_said,
)
from rules.switch_signal.risks import risks
from rules.switch_signal.said import (
    a_train,
    colour,
    command,
    cube,
    die,
    does,
    kind_cards,
    kind_name,
    kind_word,
    the_action,
    trains_of,
)
from rules.switch_signal.table import Table


def die_range(name: str) -> str:
    """`black die 2–5` for a colour's movement die."""
    faces = load_cards().dice[name]
    return die(name, min(faces), max(faces))


def _once(agent: str, what: str) -> str:
    """`Call the Logistician (once per game): what it does`."""
    if agent == "logistician":
        return tr("Call the Logistician (once per game): {does}", does=what)
    if agent == "dispatcher":
        return tr("Call the Dispatcher (once per game): {does}", does=what)
    if agent == "conductor":
        return tr("Call the Conductor (once per game): {does}", does=what)
    if agent == "section-chief":
        return tr("Call the Section chief (once per game): {does}", does=what)
    return tr("Call the Track guard (once per game): {does}", does=what)


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
        return tr("Back: choose another action (nothing is paid yet)")
    if action == "show hand":
        return tr("Show your hand to the table (it stays shown until it changes)")
    if action == "reveal":
        return tr("Reveal the next departure card ({n} left)", n=len(s["deck"]))
    if action == "start":
        return tr("Start the game with this layout")
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
                return {"signal": tr("Move a green disc (free while setting up)"),
                        "switch": tr("Set a switch (free while setting up)")}.get(verb, verb)
            have = _hand(t)[verb]
            if verb == "signal":
                return tr("Play a signal card (you have {n}): {does}", n=have, does=does(verb))
            if verb == "switch":
                return tr("Play a switch card (you have {n}): {does}", n=have, does=does(verb))
            return tr("Play a move card (you have {n}): {does}", n=have, does=does(verb))
        if verb == "wild":
            if arg == "signal":
                return tr("Wild signal: spend any 2 cards to {does}", does=does(arg))
            if arg == "switch":
                return tr("Wild switch: spend any 2 cards to {does}", does=does(arg))
            return tr("Wild move: spend any 2 cards to {does}", does=does(arg))
        if verb == "load":
            city = t.trains[arg]["at"]
            goods = t.board.nodes[city].goods_colour
            return tr("Load {train} in {city}: any 1 card, takes a {cube}",
                      train=train_name(arg), city=node_name(t.board, city), cube=cube(goods))
    return _step_label(t, action)


def _done_label(t: Table) -> str:
    """End of turn: how many cards come, and whether the game ends."""
    hand = _hand(t)
    draw = cards.refill_count(hand)
    if not t.state["deck"]:
        return tr("End turn: last departure card, goods still missing, the table loses")
    return trn("End turn: draw {n} action card (you hold {held}, limit 10)",
               "End turn: draw {n} action cards (you hold {held}, limit 10)", draw,
               held=cards.hand_total(hand))


def _agent_label(t: Table, agent: str, arg: str) -> str:
    """The agents: one use each per game."""
    if agent == "logistician":
        return _once(agent, tr("re-roll this die, only the new roll counts"))
    if agent == "dispatcher":
        return _once(agent, tr("trains may pass through green goods cities this turn"))
    if agent == "conductor":
        return _once(agent, tr("{trains} stay put this turn", trains=trains_of(arg)))
    if agent == "section-chief":
        return _once(agent, tr("{train} stays put this turn", train=train_name(arg)))
    card = t.state["current"]["card"]
    return _once(agent, tr("card {card} goes under the deck, reveal the next", card=card))


def _motion_label(t: Table, action: str) -> str:
    """A move under way: keep the roll, stop, or pick a way out."""
    m = t.state["motion"]
    tid = m["train"]
    name = train_name(tid)
    at = t.trains[tid]["at"]
    if action == "keep":
        return trn("Keep the {die}: {train} moves up to {n} space",
                   "Keep the {die}: {train} moves up to {n} spaces", m["die"], die=m["die"],
                   train=name)
    if action == "stop":
        return trn("Stop {train} in {city} ({n} point unused, no time lost)",
                   "Stop {train} in {city} ({n} points unused, no time lost)", m["mp"],
                   train=name, city=node_name(t.board, at))
    target = t.board.by_label(action.split()[1])
    leaving = train_said(tid, capital=True)
    if t.board.nodes[target].kind == "start":  # what it costs is said at the end (risks.py)
        return trn("{train} leaves {place} for {city} ({n} point left), a start space",
                   "{train} leaves {place} for {city} ({n} points left), a start space",
                   m["mp"], train=leaving, place=t.place(at), city=node_name(t.board, target))
    return trn("{train} leaves {place} for {city} ({n} point left)",
               "{train} leaves {place} for {city} ({n} points left)", m["mp"], train=leaving,
               place=t.place(at), city=node_name(t.board, target))


def _depart_label(t: Table, action: str) -> str:
    """Resolving a departure card."""
    cur = t.state["current"]
    words = action.split()
    if action == "resolve":
        text = t.cards.card(cur["card"]).describe()
        return tr("Resolve departure card {card}: {text}", card=cur["card"], text=text)
    if words[0] == "deploy":
        c = words[1]
        return tr("Deploy {train} ({n} in the depot): the start dice pick its space",
                  train=a_train(c), n=len(t.in_depot(c)))
    if words[0] == "colour":
        c = words[1]
        n = len(t.on_network(c))
        return tr("Move {trains} ({n} on the network, {die})", trains=trains_of(c), n=n,
                  die=die_range(c))
    tid = words[1]
    return tr("Move {train} next ({place}), {die}", train=train_name(tid),
              place=_where(t, tid), die=die_range(t.trains[tid]["colour"]))


def _step_label(t: Table, action: str) -> str:
    """The small steps of an action card being played."""
    words = action.split()
    verb = words[0]
    p = t.state["pending"]
    board = t.board
    if verb == "discard" and len(words) == 3:
        a, b = words[1], words[2]
        what = kind_cards(a, 2) if a == b else _two_kinds(a, b)
        return tr("Discard {cards} for {action}", cards=what, action=the_action(p["kind"]))
    if verb == "discard":
        have = _hand(t)[words[1]]
        if words[1] == "signal":
            return tr("Discard a signal card (you have {n}) to load the train", n=have)
        if words[1] == "switch":
            return tr("Discard a switch card (you have {n}) to load the train", n=have)
        return tr("Discard a move card (you have {n}) to load the train", n=have)
    if action in ("city light", "track light"):
        red = sum(1 for g, sig in board.signals.items()
                  if g not in t.state["greens"] and (sig.city is not None) == (verb == "city"))
        if verb == "city":
            return tr("A red light at a city or port entrance ({n} red)", n=red)
        return tr("A red light on open track ({n} red)", n=red)
    if verb == "green":
        return tr("Turn green: {light}", light=light_name(board, words[1]))
    if verb == "from":
        return tr("Take the disc from {light}: it turns red", light=light_name(board, words[1]))
    if verb == "junction":
        j = board.by_label(words[1])
        now = setting_name(board, t.state["switches"][j])
        return tr("{junction} (now open {setting})", junction=junction_name(board, j),
                  setting=now)
    if verb == "open":
        j = p["junction"]
        pair = [board.by_label(x) for x in words[1].split("-")]
        closed = [node_name(board, s.other(j)) for s in board.at_node(j)
                  if s.other(j) not in pair]
        return tr("Open {setting} at {city} (closes {closed})",
                  setting=setting_name(board, pair), city=node_name(board, j),
                  closed=_both(closed))
    if verb == "move":
        tid = words[1]
        return tr("Move {train} ({place}), {die}", train=train_name(tid), place=_where(t, tid),
                  die=die_range(t.trains[tid]["colour"]))
    return action


def _both(names: list[str]) -> str:
    """"Paris and Lyon" (the closed branches: one or two)."""
    return tr("{a} and {b}", a=names[0], b=names[1]) if len(names) == 2 else and_list(names)


def _two_kinds(a: str, b: str) -> str:
    """"1 signal and 1 switch card"."""
    pair = {a, b}
    if pair == {"signal", "switch"}:
        return tr("1 signal and 1 switch card")
    if pair == {"signal", "move"}:
        return tr("1 signal and 1 move card")
    return tr("1 switch and 1 move card")


def group(t: Table, action: str) -> str:
    """Menu group of a choice: red lights come by where they stand; the rest in one group."""
    verb, _, sig = action.partition(" ")
    if verb == "green" and sig in t.board.signals:
        return tr("City entrances") if t.board.signals[sig].city is not None \
            else tr("Open track")
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
            return tr("{player}: {train} rolled {die}. Keep it, or call the Logistician to "
                      "re-roll.", player=who, train=name, die=m["die"])
        if m["await"] == "dispatcher":
            return trn("{player}: {train} reaches {place} with {n} point left: stop here, or "
                       "call the Dispatcher and go on through a green exit.",
                       "{player}: {train} reaches {place} with {n} points left: stop here, or "
                       "call the Dispatcher and go on through a green exit.", m["mp"],
                       player=who, train=name, place=where)
        if m["await"] == "through":
            return trn("{player}: {train} is in {place} with {n} point left: stop here or go "
                       "on through a green exit.", "{player}: {train} is in {place} with {n} "
                       "points left: stop here or go on through a green exit.", m["mp"],
                       player=who, train=name, place=where)
        return trn("{player}: choose which way {train} leaves {place} ({n} point).",
                   "{player}: choose which way {train} leaves {place} ({n} points).", m["mp"],
                   player=who, train=name, place=where)
    if s["phase"] == "arrange":
        return tr("{player}: move green discs or set switches for the start, then `start`.",
                  player=who)
    if s["phase"] == "reveal":
        return tr("{player}: reveal the next departure card ({n} left).", player=who,
                  n=len(s["deck"]))
    if s["phase"] == "depart":
        return _depart_prompt(t)
    p = s["pending"]
    if p is None:
        held = cards.hand_total(s["hands"][t.active])
        return tr("{player}: play action cards ({n} in hand) or end your turn with `{done}`.",
                  player=who, n=held, done=command("done"))
    return tr("{player}: {step}", player=who, step=_step_prompt(t, p))


def _depart_prompt(t: Table) -> str:
    cur = t.state["current"]
    who = t.name
    if departure.needs_confirm(t):
        return tr("{player}: resolve departure card {card}, or call the Track guard to swap it.",
                  player=who, card=cur["card"])
    if cur["deploys"]:
        return tr("{player}: choose the colour of the train to deploy (start dice pick its "
                  "space).", player=who)
    if cur["colour"] is not None:
        return tr("{player}: choose which {colour} train moves next.", player=who,
                  colour=colour(cur["colour"]))
    return tr("{player}: choose a colour of trains to move.", player=who)


def _step_prompt(t: Table, p: dict[str, object]) -> str:
    kind, step = str(p["kind"]), str(p["step"])
    if step == "source":
        return tr("choose the green disc to move to {light}.",
                  light=light_name(t.board, str(p["target"])))
    if step == "setting":
        return tr("choose the two branches to open at {junction}.",
                  junction=junction_name(t.board, str(p["junction"])))
    if step == "card":
        return tr("choose the card to discard to load {train}.",
                  train=train_name(str(p["train"])))
    if step == "pay":
        return tr("choose the two cards to discard for {action}.", action=the_action(kind))
    steps = {
        "area": tr("turn green a red light at a city entrance, or one on open track?"),
        "target": tr("choose the red light to turn green (codes L1, L2... beside the lights)."),
        "junction": tr("choose the junction to switch."),
        "train": tr("choose the train to move."),
    }
    return steps[step]


def private_lines(t: Table, seat: int) -> list[str]:
    """That seat's hand and what it may do with it."""
    s = t.state
    hand = s["hands"][seat]
    total = cards.hand_total(hand)
    if not total:
        lines = [tr("Your hand is empty.")]
    else:
        parts = [tr("{n} × {card}", n=hand[k], card=kind_name(k)) for k in KINDS if hand[k]]
        lines = [trn("Your hand ({n} card): {cards}.", "Your hand ({n} cards): {cards}.", total,
                     cards=", ".join(parts))]
    lines.append(tr("Any 2 cards make one action of your choice; any 1 card loads an empty "
                    "train in a goods city."))
    if s["shown"][seat]:
        lines.append(tr("You have shown your hand to the table."))
    else:
        lines.append(tr("Only you can see your hand; you may show it to the table."))
    if seat == t.active and s["outcome"] is None and s["phase"] == "actions":
        draw = cards.refill_count(hand)
        lines.append(tr("When you end your turn you draw {n} (hand limit 10).", n=draw))
        p = s["pending"]
        if p is not None and p.get("pay"):
            paying = tr("{a} and {b}", a=kind_word(p["pay"][0]), b=kind_word(p["pay"][1])) \
                if len(p["pay"]) == 2 else kind_word(p["pay"][0])
            lines.append(tr("You are playing {action}, paid with {cards} (discarded once the "
                            "action is done).", action=the_action(p["kind"]), cards=paying))
    return lines
