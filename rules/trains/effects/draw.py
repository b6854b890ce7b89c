"""Effects that draw, look at or reveal cards of the deck (rulebook 'Explications des effets')."""

from __future__ import annotations

from rules.core.lang import Msg, msg, msgn, tr
from rules.trains.effects.base import EFFECTS, STEPS, Effect, Step, confirmed, pending
from rules.trains.table import Pending, Table


def _draws(t: Table, got: int) -> Msg:
    """"Ann draws 2 cards.", kept unsaid."""
    return msgn("{player} draws {n} card.", "{player} draws {n} cards.", got, player=t.who())


def _discards(t: Table, card: str) -> Msg:
    """"Ann discards Waste.", kept unsaid."""
    return msg("{player} discards {card}.", player=t.who(), card=t.name(card))


def _drawer(name: str, n: int) -> Effect:
    """Passing Station (1), Signaling Area (2), Control Room (3): draw that many."""

    def body(t: Table, eid: int) -> Pending | None:
        got = t.draw(n)
        t.say(msgn("{player} draws {n} card ({card}).", "{player} draws {n} cards ({card}).",
                   got, player=t.who(), card=t.name(t.entry(eid)["card"])))
        return None

    return confirmed(name, body)


# -- Signals: draw 1, then look at the top card and discard it or leave it ---------------------
def signals(t: Table, eid: int) -> Pending | None:
    """Signaux: draw 1; look at the top card; discard it or put it back."""
    got = t.draw(1)
    t.say(msgn("{player} draws {n} card and looks at the top card of the deck.",
               "{player} draws {n} cards and looks at the top card of the deck.", got,
               player=t.who()))
    top = t.peek()
    if top is None:
        return None
    return pending("signals", t, eid, True, seen=top)


def _signals_choose(t: Table, p: Pending, action: str) -> Pending | None:
    me = t.me()
    if action == "discard top":
        card = me["deck"].pop(0)
        me["known_top"] = max(0, me["known_top"] - 1)
        me["discard"].append(card)
        t.say(msg("{player} discards {card} from the top of the deck.", player=t.who(),
                  card=t.name(card)))
    else:
        me["known_top"] = max(1, me["known_top"])
        t.say(msg("{player} leaves the top card on the deck.", player=t.who()))
    return None


# -- Command Central: draw 1, name a card, take the top card if it is that card -------------
def command_central(t: Table, eid: int) -> Pending | None:
    """Centre de commandes: draw 1, then name a card of the game."""
    got = t.draw(1)
    t.say(_draws(t, got))
    return pending("name", t, eid, True)


def nameable(t: Table) -> list[str]:
    """Cards of this game that can be named: the supply piles and Normal Train."""
    return ["normal-train", *t.s["supply"]]


def _name_options(t: Table, p: Pending) -> list[str]:
    return [f"name {c}" for c in nameable(t)]


def _name_choose(t: Table, p: Pending, action: str) -> Pending | None:
    named = action.removeprefix("name ")
    top = t.peek()
    who, card = t.who(), t.name(named)
    if top is None:
        t.say(msg("{player} names {card}; the deck and discard pile are empty.", player=who,
                  card=card))
    elif top == named:
        t.me()["hand"].append(t.take_top())
        t.say(msg("{player} names {card}: it is the top card, which goes to the hand.",
                  player=who, card=card))
    else:
        t.me()["known_top"] = max(1, t.me()["known_top"])
        t.say(msg("{player} names {card}: the top card is another card and stays on the deck.",
                  player=who, card=card))
    return None


# -- Garage: draw 2, then discard 2 -----------------------------------------------------------
def garage_can(t: Table, eid: int) -> bool:
    """Two cards can be discarded after drawing two."""
    me = t.me()
    return len(me["hand"]) + min(2, len(me["deck"]) + len(me["discard"])) >= 2


def garage(t: Table, eid: int) -> Pending | None:
    """Garage: draw 2, then choose 2 cards of the hand to discard."""
    got = t.draw(2)
    t.say(_draws(t, got))
    return pending("discard", t, eid, True, to_discard=2)


def _discard_options(t: Table, p: Pending) -> list[str]:
    return [f"discard {c}" for c in t.hand_kinds()]


def _discard_choose(t: Table, p: Pending, action: str) -> Pending | None:
    card = action.removeprefix("discard ")
    t.discard_from_hand(card)
    t.say(_discards(t, card))
    p["to_discard"] -= 1
    return p if p["to_discard"] > 0 and t.me()["hand"] else None


# -- Conductor's Station: discard any number, then draw as many ------------------------------
def hand_not_empty(t: Table, eid: int) -> bool:
    """There is at least one card in hand to discard."""
    return bool(t.me()["hand"])


def conductor_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Zone du conducteur: discard cards one by one, then `done` draws as many."""
    t.entry(eid)["on"] = True
    return pending("swap", t, eid, forced, count=0)


def _swap_options(t: Table, p: Pending) -> list[str]:
    return [f"discard {c}" for c in t.hand_kinds()] + ["done"]


def _swap_choose(t: Table, p: Pending, action: str) -> Pending | None:
    if action.startswith("discard "):
        card = action.removeprefix("discard ")
        t.discard_from_hand(card)
        t.say(_discards(t, card))
        p["count"] += 1
        if t.me()["hand"]:
            return p
    got = t.draw(p["count"])
    t.say(msgn("{player} draws {n} card ({card}).", "{player} draws {n} cards ({card}).", got,
               player=t.who(), card=t.name(p["card"])))
    return None


# -- Information Central: reveal 4, take up to 1, put the rest back in any order --------------
def information_central(t: Table, eid: int) -> Pending | None:
    """Centre d'information: show the top 4 cards to everyone."""
    shown = []
    for _ in range(4):
        card = t.take_top()
        if card is None:
            break
        shown.append(card)
    if not shown:
        t.say(msg("{player} has no card to reveal.", player=t.who()))
        return None
    t.say(msg("{player} reveals {cards} from the top of the deck.", player=t.who(),
              cards=t.cards.words(shown)))
    return pending("info_take", t, eid, True, revealed=shown)


def _info_take_options(t: Table, p: Pending) -> list[str]:
    return [f"take {c}" for c in sorted(set(p["revealed"]))] + ["none"]


def _info_take_choose(t: Table, p: Pending, action: str) -> Pending | None:
    rest = list(p["revealed"])
    if action.startswith("take "):
        card = action.removeprefix("take ")
        rest.remove(card)
        t.me()["hand"].append(card)
        t.say(msg("{player} takes {card} into the hand.", player=t.who(), card=t.name(card)))
    else:
        t.say(msg("{player} takes none of them.", player=t.who()))
    return _info_put_back(t, dict(p, kind="info_order", revealed=[], left=rest, placed=[]))


def _info_put_back(t: Table, p: Pending) -> Pending | None:
    if len(p["left"]) > 1:
        return p
    placed = p["placed"] + p["left"]
    for card in reversed(placed):  # the first card chosen ends on top
        t.put_on_deck(card)
    if placed:
        t.say(msgn("{player} puts {n} card back on top of the deck.",
                   "{player} puts {n} cards back on top of the deck.", len(placed),
                   player=t.who()))
    return None


def _info_order_options(t: Table, p: Pending) -> list[str]:
    return [f"top {c}" for c in sorted(set(p["left"]))]


def _info_order_choose(t: Table, p: Pending, action: str) -> Pending | None:
    card = action.removeprefix("top ")
    p["left"].remove(card)
    p["placed"].append(card)
    return _info_put_back(t, p)


# -- Temporary Timetable: reveal until 2 Train cards --------------------------------------------
def temporary_timetable(t: Table, eid: int) -> Pending | None:
    """Horaires temporaires: reveal until 2 Trains; they go to hand, the others are discarded."""
    shown: list[str] = []
    while sum(1 for c in shown if t.cards[c].is_("train")) < 2:
        card = t.take_top()  # set-aside cards are not in the discard pile if it is reshuffled
        if card is None:
            break
        shown.append(card)
    trains = [c for c in shown if t.cards[c].is_("train")]
    others = [c for c in shown if not t.cards[c].is_("train")]
    t.me()["hand"].extend(trains)
    t.me()["discard"].extend(others)
    t.say(msgn("{player} reveals {cards}: {trains} to the hand, {n} card discarded.",
               "{player} reveals {cards}: {trains} to the hand, {n} cards discarded.",
               len(others), player=t.who(), cards=t.cards.words(shown) or msg("nothing"),
               trains=t.cards.words(trains) or msg("no Train")))
    return None


EFFECTS["passing-station"] = _drawer("passing-station", 1)
EFFECTS["signaling-area"] = _drawer("signaling-area", 2)
EFFECTS["control-room"] = _drawer("control-room", 3)
EFFECTS["signals"] = confirmed("signals", signals)
EFFECTS["command-central"] = confirmed("command-central", command_central)
EFFECTS["garage"] = confirmed("garage", garage, garage_can)
EFFECTS["conductors-station"] = Effect(hand_not_empty, conductor_start)
EFFECTS["information-central"] = confirmed("information-central", information_central)
EFFECTS["temporary-timetable"] = confirmed("temporary-timetable", temporary_timetable)
STEPS["signals"] = Step(
    lambda t, p: ["discard top", "keep top"], _signals_choose,
    lambda card: tr("discard the top card of your deck or keep it there"))
STEPS["name"] = Step(_name_options, _name_choose,
                     lambda card: tr("name a card for {card}", card=card))
STEPS["discard"] = Step(_discard_options, _discard_choose,
                        lambda card: tr("discard a card ({card})", card=card))
STEPS["swap"] = Step(_swap_options, _swap_choose,
                     lambda card: tr("discard cards, then `done` to draw as many ({card})",
                                     card=card))
STEPS["info_take"] = Step(
    _info_take_options, _info_take_choose,
    lambda card: tr("take one revealed card into your hand, or none ({card})", card=card))
STEPS["info_order"] = Step(
    _info_order_options, _info_order_choose,
    lambda card: tr("choose the next card to put back on top of your deck ({card})", card=card))
