"""Effects on coins, Waste, the supply and the play area (rulebook 'Explications des effets')."""

from __future__ import annotations

from rules.core.lang import msg, msgn, tr
from rules.trains.effects.base import (
    EFFECTS,
    STEPS,
    Effect,
    Step,
    automatic,
    confirmed,
    pending,
    with_skip,
)
from rules.trains.table import Pending, Table


# -- pure gains ------------------------------------------------------------------------------
def bullet_can(t: Table, eid: int) -> bool:
    """Train rapide: a Normal Train must be in play."""
    return "normal-train" in t.in_play("train")


def bullet_train(t: Table, eid: int) -> None:
    """Train rapide: +1 coin (not more with several Normal Trains)."""
    t.add_coins(1)
    t.say(msg("{player} gets +1 coin (Normal Train in play).", player=t.who()))


def tourist_train(t: Table, eid: int) -> None:
    """Train touristique: +1 VP on the score track."""
    t.me()["vp"] += 1
    t.say(msg("{player} scores 1 VP.", player=t.who()))


def ongoing(t: Table, eid: int) -> None:
    """Dump Site, Early Train, Ironworks: active while the card is in play (see Table.active)."""


# -- choose a Train card in play ----------------------------------------------------------------
def trains_in_play(t: Table, eid: int) -> bool:
    """At least one Train card is in the play area."""
    return bool(t.in_play("train"))


def amusement_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Parc d'attractions: choose a Train in play and gain its coin value."""
    return pending("amusement", t, eid, forced)


def _amusement_choose(t: Table, p: Pending, action: str) -> Pending | None:
    card = action.removeprefix("choose ")
    t.entry(p["entry"])["on"] = True
    coins = t.cards[card].coins
    t.add_coins(coins)
    t.say(msgn("{player} gets +{n} coin for {card} in play.",
               "{player} gets +{n} coins for {card} in play.", coins, player=t.who(),
               card=t.name(card)))
    return None


def switchback_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Route en lacets: put a Train from the play area on top of the deck."""
    return pending("switchback", t, eid, forced)


def _switchback_choose(t: Table, p: Pending, action: str) -> Pending | None:
    card = action.removeprefix("put ")
    t.entry(p["entry"])["on"] = True
    last = [e for e in t.turn["play"] if e["card"] == card][-1]
    t.remove_entry(last["id"])  # its coins stay earned; its ongoing effect ends
    t.put_on_deck(card)
    t.say(msg("{player} puts {card} from play on top of the deck.", player=t.who(),
              card=t.name(card)))
    return None


# -- Waste ------------------------------------------------------------------------------------
def waste_in_hand(t: Table, eid: int) -> bool:
    """At least one Waste in hand."""
    return "waste" in t.me()["hand"]


def landfill(t: Table, eid: int) -> Pending | None:
    """Site d'enfouissement: every Waste in hand goes back to the supply."""
    n = t.me()["hand"].count("waste")
    t.return_waste(n)
    t.say(msgn("{player} returns {n} Waste to the supply.",
               "{player} returns {n} Wastes to the supply.", n, player=t.who()))
    return None


def freight_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Train de marchandises: return any number of Waste, +1 coin each."""
    return pending("freight", t, eid, forced)


def _freight_options(t: Table, p: Pending) -> list[str]:
    n = t.me()["hand"].count("waste")
    return with_skip(t, p, [f"return {k}" for k in range(1, n + 1)])


def _freight_choose(t: Table, p: Pending, action: str) -> Pending | None:
    n = int(action.removeprefix("return "))
    t.entry(p["entry"])["on"] = True
    t.return_waste(n)
    t.add_coins(n)
    t.say(msgn("{player} returns {n} Waste to the supply for +{n} coin.",
               "{player} returns {n} Wastes to the supply for +{n} coins.", n, player=t.who()))
    return None


def holiday_timetable(t: Table, eid: int) -> Pending | None:
    """Horaires des vacances: trash this card for +3 coins."""
    card = t.remove_entry(eid)["card"]
    t.trash(card)
    t.add_coins(3)
    t.say(msg("{player} trashes {card} for +3 coins.", player=t.who(), card=t.name(card)))
    return None


# -- the hand ---------------------------------------------------------------------------------
def mail_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Train postal: discard cards one by one, +1 coin each; `done` ends."""
    t.entry(eid)["on"] = True
    return pending("mail", t, eid, forced)


def _mail_options(t: Table, p: Pending) -> list[str]:
    return [f"discard {c}" for c in t.hand_kinds()] + ["done"]


def _mail_choose(t: Table, p: Pending, action: str) -> Pending | None:
    if action == "done":
        return None
    card = action.removeprefix("discard ")
    t.discard_from_hand(card)
    t.add_coins(1)
    t.say(msg("{player} discards {card} for +1 coin.", player=t.who(), card=t.name(card)))
    return p if t.me()["hand"] else None


def pulling_can(t: Table, eid: int) -> bool:
    """Traction: a Train card is in the discard pile."""
    return any(t.cards[c].is_("train") for c in t.me()["discard"])


def pulling_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Traction: take a Train card from the discard pile into the hand."""
    return pending("pulling", t, eid, forced)


def _pulling_options(t: Table, p: Pending) -> list[str]:
    found = sorted({c for c in t.me()["discard"] if t.cards[c].is_("train")})
    return with_skip(t, p, [f"take {c}" for c in found])


def _pulling_choose(t: Table, p: Pending, action: str) -> Pending | None:
    card = action.removeprefix("take ")
    t.entry(p["entry"])["on"] = True
    pile = t.me()["discard"]
    del pile[len(pile) - 1 - pile[::-1].index(card)]  # the rest keeps its order
    t.me()["hand"].append(card)
    t.say(msg("{player} takes {card} from the discard pile into the hand.", player=t.who(),
              card=t.name(card)))
    return None


def crew_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Personnels de gare: draw 1, or +1 coin, or return 1 Waste."""
    return pending("crew", t, eid, forced)


def _crew_options(t: Table, p: Pending) -> list[str]:
    waste = ["return waste"] if "waste" in t.me()["hand"] else []
    return with_skip(t, p, ["draw", "coin", *waste])


def _crew_choose(t: Table, p: Pending, action: str) -> Pending | None:
    t.entry(p["entry"])["on"] = True
    if action == "draw":
        got = t.draw(1)
        t.say(msgn("{player} draws {n} card.", "{player} draws {n} cards.", got,
                   player=t.who()))
    elif action == "coin":
        t.add_coins(1)
        t.say(msg("{player} gets +1 coin.", player=t.who()))
    else:
        t.return_waste(1)
        t.say(msg("{player} returns 1 Waste to the supply.", player=t.who()))
    return None


# -- the supply ---------------------------------------------------------------------------------
def copyable_trains(t: Table) -> list[str]:
    """Train cards in hand whose supply pile is not empty (Normal Train never is there)."""
    return [c for c in t.hand_kinds("train") if t.s["supply"].get(c, 0) > 0]


def maintenance_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Atelier de maintenance: show a Train in hand and gain the same card."""
    return pending("maintenance", t, eid, forced)


def _maintenance_choose(t: Table, p: Pending, action: str) -> Pending | None:
    card = action.removeprefix("reveal ")
    t.entry(p["entry"])["on"] = True
    t.gain(card)
    t.say(msg("{player} shows {card} and gains another one.", player=t.who(),
              card=t.name(card)))
    return None


def wagon_targets(t: Table, trashed: str) -> list[str]:
    """Train piles a Wagon Factory may gain for that card: exactly 3 more (printed: up to 3)."""
    limit = t.cards[trashed].cost + 3
    return [c for c, n in t.s["supply"].items() if n > 0 and t.cards[c].is_("train")
            and (t.cards[c].cost <= limit if t.printed else t.cards[c].cost == limit)]


def wagon_can(t: Table, eid: int) -> bool:
    """Some Train in hand has a Train to upgrade to."""
    return any(wagon_targets(t, c) for c in t.hand_kinds("train"))


def wagon_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Usine de wagon: trash a Train from hand, gain a Train costing 3 more into the hand."""
    return pending("wagon", t, eid, forced)


def _wagon_choose(t: Table, p: Pending, action: str) -> Pending | None:
    card = action.removeprefix("trash ")
    t.entry(p["entry"])["on"] = True
    t.me()["hand"].remove(card)
    t.trash(card)
    t.say(msg("{player} trashes {card}.", player=t.who(), card=t.name(card)))
    return dict(p, kind="wagon_gain", trashed=card, optional=False)


def _wagon_gain_choose(t: Table, p: Pending, action: str) -> Pending | None:
    card = action.removeprefix("gain ")
    t.gain(card, "hand")
    t.say(msg("{player} gains {card} into the hand.", player=t.who(), card=t.name(card)))
    return None


def _buy_dest_choose(t: Table, p: Pending, action: str) -> Pending | None:
    """Premier train: a bought card may go on top of the deck instead of the gained pile."""
    card = p["card"]
    if action == "to deck":
        gained = t.turn["gained"]
        del gained[len(gained) - 1 - gained[::-1].index(card)]
        t.put_on_deck(card)
        t.say(msg("{player} puts {card} on top of the deck (Early Train).", player=t.who(),
                  card=t.name(card)))
    return None


EFFECTS["bullet-train"] = automatic(bullet_train, bullet_can)
EFFECTS["tourist-train"] = automatic(tourist_train)
for _name in ("dump-site", "early-train", "ironworks"):
    EFFECTS[_name] = automatic(ongoing)
EFFECTS["amusement-park"] = Effect(trains_in_play, amusement_start)
EFFECTS["switchback"] = Effect(trains_in_play, switchback_start)
EFFECTS["landfill"] = confirmed("landfill", landfill, waste_in_hand)
EFFECTS["freight-train"] = Effect(waste_in_hand, freight_start)
EFFECTS["holiday-timetable"] = confirmed("holiday-timetable", holiday_timetable)
EFFECTS["mail-train"] = Effect(lambda t, eid: bool(t.me()["hand"]), mail_start)
EFFECTS["pulling"] = Effect(pulling_can, pulling_start)
EFFECTS["station-crew"] = Effect(lambda t, eid: True, crew_start)
EFFECTS["maintenance-factory"] = Effect(lambda t, eid: bool(copyable_trains(t)),
                                        maintenance_start)
EFFECTS["wagon-factory"] = Effect(wagon_can, wagon_start)
STEPS["amusement"] = Step(
    lambda t, p: with_skip(t, p, [f"choose {c}" for c in t.in_play("train")]),
    _amusement_choose,
    lambda card: tr("choose a Train card in play to gain its coins ({card})", card=card))
STEPS["switchback"] = Step(
    lambda t, p: with_skip(t, p, [f"put {c}" for c in t.in_play("train")]),
    _switchback_choose,
    lambda card: tr("put a Train card from play on top of your deck ({card})", card=card))
STEPS["freight"] = Step(_freight_options, _freight_choose,
                        lambda card: tr("return Waste from your hand for coins ({card})",
                                        card=card))
STEPS["mail"] = Step(_mail_options, _mail_choose,
                     lambda card: tr("discard cards for +1 coin each, then `done` ({card})",
                                     card=card))
STEPS["pulling"] = Step(_pulling_options, _pulling_choose,
                        lambda card: tr("take a Train card from your discard pile ({card})",
                                        card=card))
STEPS["crew"] = Step(_crew_options, _crew_choose,
                     lambda card: tr("draw a card, take a coin or return a Waste ({card})",
                                     card=card))
STEPS["maintenance"] = Step(
    lambda t, p: with_skip(t, p, [f"reveal {c}" for c in copyable_trains(t)]),
    _maintenance_choose,
    lambda card: tr("show a Train card in hand to gain a copy ({card})", card=card))
STEPS["wagon"] = Step(
    lambda t, p: with_skip(t, p, [f"trash {c}" for c in t.hand_kinds("train")
                                  if wagon_targets(t, c)]),
    _wagon_choose, lambda card: tr("trash a Train card from your hand ({card})", card=card))
STEPS["wagon_gain"] = Step(
    lambda t, p: [f"gain {c}" for c in wagon_targets(t, p["trashed"])],
    _wagon_gain_choose, lambda card: tr("gain a Train card into your hand ({card})", card=card))
STEPS["buy_dest"] = Step(
    lambda t, p: ["to deck", "to gained"], _buy_dest_choose,
    lambda card: tr("put {card} on top of your deck or in your gained pile", card=card))
