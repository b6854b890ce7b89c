"""The game's small words, kept unsaid (`Msg`): worker colours, actions, tracks, trains, places.

Each is a whole phrase ("an orange worker", not "an" + "orange" + "worker"), so a language
orders and agrees it its own way; `str()` says one in the language spoken now, and a log
line keeps it unsaid as a blank.
"""

from __future__ import annotations

from rules.core.lang import Msg, msg

# 'an orange worker' (an action's or a log line's worker)
A_WORKER = {"white": msg("a white worker"), "purple": msg("a purple worker"),
            "orange": msg("an orange worker"), "grey": msg("a grey worker"),
            "turquoise": msg("a turquoise worker")}
# 'an orange one' (a worker taken in exchange)
A_ONE = {"white": msg("a white one"), "purple": msg("a purple one"),
         "orange": msg("an orange one"), "grey": msg("a grey one"),
         "turquoise": msg("a turquoise one")}
# 'orange worker' (after 'your', in a list)
WORKER = {"white": msg("white worker"), "purple": msg("purple worker"),
          "orange": msg("orange worker"), "grey": msg("grey worker"),
          "turquoise": msg("turquoise worker")}
# 'orange' (a colour on its own: a stock listed, a worker in brackets)
COLOUR = {"white": msg("white"), "purple": msg("purple"), "orange": msg("orange"),
          "grey": msg("grey"), "turquoise": msg("turquoise"), "any": msg("any")}
# 'Orange' (a worker's ability, heading a label)
COLOUR_NAME = {"white": msg("White"), "purple": msg("Purple"), "orange": msg("Orange"),
               "grey": msg("Grey"), "turquoise": msg("Turquoise")}
# 'Station' (an action space, as the board names it)
ACTION = {"station": msg("Station"), "railroad": msg("Railroad"),
          "telegraph": msg("Telegraph"), "trade": msg("Trade")}
# 'Telegraph track' (a label's head) and 'the telegraph track' (in a sentence)
TRACK = {"telegraph": msg("Telegraph track"), "stations": msg("Stations track"),
         "network": msg("Network track")}
THE_TRACK = {"telegraph": msg("the telegraph track"), "stations": msg("the stations track"),
             "network": msg("the network track")}
# '(2 VP × offices)': what a track's VP multiply
TRACK_UNITS = {"telegraph": msg("offices"), "stations": msg("stations"),
               "network": msg("level-5 cities")}
# 'a money train'
A_TRAIN = {"promote": msg("a promote train"), "money": msg("a money train"),
           "advance": msg("an advance train"), "shares": msg("a shares train"),
           "rail": msg("a rail train")}
# 'money' (a train's kind on its own, as in 'your money train')
TRAIN = {"promote": msg("promote"), "money": msg("money"), "advance": msg("advance"),
         "shares": msg("shares"), "rail": msg("rail")}
# 'the top market', 'Top market'
THE_SIDE = {"top": msg("the top market"), "bottom": msg("the bottom market")}
SIDE = {"top": msg("top"), "bottom": msg("bottom")}
SIDE_NAME = {"top": msg("Top"), "bottom": msg("Bottom")}
# Whole phrases where a lone word would meet the same word of another game's catalogue
# (catalogues are merged: "shares" or "white" may be said otherwise there).
ON_ACTION = {"white": msg("white on {action}"), "purple": msg("purple on {action}"),
             "orange": msg("orange on {action}"), "grey": msg("grey on {action}"),
             "turquoise": msg("turquoise on {action}")}
WHO_COLOUR = {"white": msg("{player} (white)"), "purple": msg("{player} (purple)"),
              "orange": msg("{player} (orange)"), "grey": msg("{player} (grey)"),
              "turquoise": msg("{player} (turquoise)")}
MANAGER = {"white": msg("white manager"), "purple": msg("purple manager"),
           "orange": msg("orange manager"), "grey": msg("grey manager"),
           "turquoise": msg("turquoise manager"), "any": msg("any manager")}
TRAIN_FACE = {("promote", True): msg("promote (face up)"),
              ("promote", False): msg("promote (face down)"),
              ("money", True): msg("money (face up)"), ("money", False): msg("money (face down)"),
              ("advance", True): msg("advance (face up)"),
              ("advance", False): msg("advance (face down)"),
              ("shares", True): msg("shares (face up)"),
              ("shares", False): msg("shares (face down)"),
              ("rail", True): msg("rail (face up)"), ("rail", False): msg("rail (face down)")}
YOUR_TRAIN = {"promote": msg("your promote train"), "money": msg("your money train"),
              "advance": msg("your advance train"), "shares": msg("your shares train"),
              "rail": msg("your rail train")}
# 'a building', 'a rail' (a piece of the player board)
A_PIECE = {"building": msg("a building"), "rail": msg("a rail")}
# Setup tile faces by their keys (typed as `choose <key>`)
SETUP_KEY = {"advance-3": msg("advance-3"), "shares-3": msg("shares-3"),
             "setup-rail": msg("setup-rail"), "first-office": msg("first-office"),
             "exchange-worker": msg("exchange-worker"), "first-station": msg("first-station"),
             "train": msg("train"), "money-450": msg("money-450")}


def filled(phrase: Msg, **blanks: object) -> Msg:
    """A phrase of this lexicon with its blanks filled, still unsaid."""
    return Msg(phrase.text, tuple(blanks.items()))


def cash(amount: int) -> str:
    """An amount of money as a blank's value: its digits, never grouped ("1100 $", not
    "1 100 $"), so a typed "1" never reads as the start of an amount in a label (the move
    reader splits a grouped number into words)."""
    return str(int(amount))


def listed(items: list[Msg | str]) -> Msg | str:
    """'A, B and C' kept unsaid, each language joining its own way."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return msg("{a} and {b}", a=items[0], b=items[1])
    return msg("{a}, {b}", a=items[0], b=listed(items[1:]))


def or_listed(items: list[Msg | str]) -> Msg | str:
    """'A, B or C' kept unsaid."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return msg("{a} or {b}", a=items[0], b=items[1])
    return msg("{a}, {b}", a=items[0], b=or_listed(items[1:]))


def commas(items: list[Msg | str]) -> Msg | str:
    """'A, B, C' kept unsaid (no 'and'); nothing for no items."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return msg("{a}, {b}", a=items[0], b=commas(items[1:]))


def semicolons(items: list[Msg | str]) -> Msg | str:
    """'A; B; C' kept unsaid."""
    if len(items) == 1:
        return items[0]
    return msg("{a}; {b}", a=items[0], b=semicolons(items[1:]))


def ampersands(items: list[Msg | str]) -> Msg | str:
    """'A & B & C' kept unsaid."""
    return items[0] if len(items) == 1 else msg("{a} & {b}", a=items[0], b=ampersands(items[1:]))


def pluses(items: list[Msg | str]) -> Msg | str:
    """'A + B' kept unsaid."""
    return items[0] if len(items) == 1 else msg("{a} + {b}", a=items[0], b=pluses(items[1:]))


def slashes(items: list[Msg | str]) -> Msg | str:
    """'A/B' kept unsaid."""
    return items[0] if len(items) == 1 else msg("{a}/{b}", a=items[0], b=slashes(items[1:]))
