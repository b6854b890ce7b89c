"""Switch & Signal's small words in the reader's language: colours, trains of a colour, dice,
card kinds and the words players type.

Each is a whole phrase written in English (French makes its adjectives agree: « les trains
noirs », « un cube blanc »), kept unsaid (`Msg`) where a log line holds it.
"""

from __future__ import annotations

from rules.core.lang import Msg, msg, tr, trn


def cube(colour: str | None) -> Msg:
    """A goods cube of a colour: "yellow cube" (« marchandise jaune »)."""
    return {"yellow": msg("yellow cube"), "blue": msg("blue cube"), "red": msg("red cube"),
            "white": msg("white cube")}.get(str(colour)) or Msg(str(colour))


def colour(name: str) -> Msg:
    """A train colour as said of one train or die: "black" (« noir »)."""
    return {"black": msg("black"), "brown": msg("brown"), "grey": msg("grey")}.get(name) \
        or Msg(name)


def trains_of(name: str, capital: bool = False) -> Msg:
    """All the trains of a colour: "the black trains" (« les trains noirs »); with `capital`,
    as a sentence begins."""
    if capital:
        return {"black": msg("The black trains"), "brown": msg("The brown trains"),
                "grey": msg("The grey trains")}.get(name) or Msg(name)
    return {"black": msg("the black trains"), "brown": msg("the brown trains"),
            "grey": msg("the grey trains")}.get(name) or Msg(name)


def then_list(items: list[Msg]) -> Msg:
    """"black, then brown, then grey"."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return msg("{a}, then {b}", a=items[0], b=items[1])
    return msg("{a}, then {b}, then {c}", a=items[0], b=then_list(items[1:-1]), c=items[-1])


def a_train(name: str) -> str:
    """"a black train" (« un train noir »)."""
    return {"black": tr("a black train"), "brown": tr("a brown train"),
            "grey": tr("a grey train")}.get(name, name)


def die(name: str, low: int, high: int) -> str:
    """A colour's movement die with its range: "black die 2–5"."""
    if name == "black":
        return tr("black die {low}–{high}", low=low, high=high)
    if name == "brown":
        return tr("brown die {low}–{high}", low=low, high=high)
    return tr("grey die {low}–{high}", low=low, high=high)


def kind_name(kind: str) -> str:
    """An action card's name, as printed on the hand: "Signal" (« Feu »)."""
    return {"signal": tr("Signal"), "switch": tr("Switch"), "move": tr("Move")}.get(kind, kind)


def kind_word(kind: str) -> str:
    """An action card kind as typed: "signal" (« feu »), "switch", "move"."""
    return {"signal": tr("signal"), "switch": tr("switch"), "move": tr("move")}.get(kind, kind)


def kind_said(kind: str) -> Msg:
    """An action card kind kept unsaid, for a log line."""
    return {"signal": msg("signal"), "switch": msg("switch"), "move": msg("move")}.get(kind) \
        or Msg(kind)


def kind_cards(kind: str, n: int) -> str:
    """"2 signal cards"."""
    if kind == "signal":
        return trn("{n} signal card", "{n} signal cards", n)
    if kind == "switch":
        return trn("{n} switch card", "{n} switch cards", n)
    return trn("{n} move card", "{n} move cards", n)


def the_action(kind: str) -> str:
    """"the move action" (« l’action Déplacer un train »)."""
    return {"signal": tr("the signal action"), "switch": tr("the switch action"),
            "move": tr("the move action"), "load": tr("the load action")}.get(kind, kind)


def wild(kind: str) -> str:
    """The typed words of an action of choice: "wild signal"."""
    return tr("wild {kind}", kind=kind_word(kind))


def does(kind: str) -> str:
    """What a card kind does, in a few words."""
    return {"signal": tr("move a green disc onto a red light"),
            "switch": tr("turn one junction to open two other branches"),
            "move": tr("roll a train's die and move it")}.get(kind, kind)


def the_agent(agent: str) -> str:
    """A rail agent with its article: "the Logistician" (« le logisticien »)."""
    return {"logistician": tr("the Logistician"), "dispatcher": tr("the Dispatcher"),
            "conductor": tr("the Conductor"), "track-guard": tr("the Track guard"),
            "section-chief": tr("the Section chief")}.get(agent, agent)


def command(name: str) -> str:
    """A one-word command as players type it in the language spoken."""
    return {"reveal": tr("reveal the card"), "keep": tr("keep"), "start": tr("start the game"),
            "cancel": tr("cancel"), "done": tr("done"), "stop": tr("stop"),
            "load": tr("load"), "open": tr("open"), "show": tr("show hand"),
            "city light": tr("city light"), "track light": tr("track light"),
            "resolve": tr("resolve"), "deploy": tr("deploy"), "go": tr("go"),
            "dispatcher": tr("dispatcher")}.get(name, name)


def joined(items: list[Msg]) -> Msg:
    """"a, b, c": items separated by commas, kept unsaid."""
    out = items[0]
    for item in items[1:]:
        out = msg("{a}, {b}", a=out, b=item)
    return out
