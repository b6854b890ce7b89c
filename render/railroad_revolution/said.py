"""Words of the Railroad Revolution pictures that come from data (colours, actions, train
kinds, a tile's reward in a few words), said in the language spoken now."""

from __future__ import annotations

from rules.core.lang import ENGLISH, Msg, language, msg

_COLOURS = {"white": msg("white"), "purple": msg("purple"), "orange": msg("orange"),
            "grey": msg("grey"), "turquoise": msg("turquoise")}
_ACTIONS = {"station": msg("Station"), "railroad": msg("Railroad"),
            "telegraph": msg("Telegraph"), "trade": msg("Trade")}
_LOWER = {"station": msg("station"), "railroad": msg("railroad"),
          "telegraph": msg("telegraph"), "trade": msg("trade")}
_PIECES = {"yellow": msg("yellow circles"), "red": msg("red squares"),
           "black": msg("black diamonds"), "blue": msg("blue triangles")}
# A reward in a few words, as the board prints it (every short form the tiles have).
_SHORT: tuple[Msg, ...] = (
    msg("$100: flip a train"), msg("$100: free rail, no ▲, no market"),
    msg("$100: take a train"), msg("$200: +any worker"), msg("$200: promote 1-2"),
    msg("$300: take a train"), msg("+$450"), msg("+$600"), msg("+1 share"), msg("+1 step"),
    msg("+2 shares"), msg("+2 steps"), msg("+3 shares"), msg("+3 steps"), msg("+4 steps"),
    msg("+any worker"), msg("+orange +grey worker"), msg("+orange/grey worker"),
    msg("+orange/turquoise worker"), msg("+purple +turquoise worker"),
    msg("+purple/grey worker"), msg("+purple/turquoise worker"), msg("flip a train"),
    msg("flip a train ×2"), msg("free office, no bonus"), msg("free rail, no ▲, no market"),
    msg("free station, no reward"), msg("promote"), msg("promote 1-2"),
    msg("promote 1-2 ($100 each)"), msg("setup building: 1st office"),
    msg("setup building: 1st station"), msg("setup rail"), msg("swap a worker"),
    msg("take a train"))
SHORT = {m.text: m for m in _SHORT}
# Setup tile faces by their keys; sides of the market tile.
SETUP_KEY = {"advance-3": msg("advance-3"), "shares-3": msg("shares-3"),
             "setup-rail": msg("setup-rail"), "first-office": msg("first-office"),
             "exchange-worker": msg("exchange-worker"), "first-station": msg("first-station"),
             "train": msg("train"), "money-450": msg("money-450")}
SIDE = {"top": msg("top"), "bottom": msg("bottom")}
# Whole phrases, where a lone word would read as another game's (catalogues are merged).
ON_ACTION = {"white": msg("white on {action}"), "purple": msg("purple on {action}"),
             "orange": msg("orange on {action}"), "grey": msg("grey on {action}"),
             "turquoise": msg("turquoise on {action}")}
TRAIN_FACE = {("promote", True): msg("promote (face up)"),
              ("promote", False): msg("promote (face down)"),
              ("money", True): msg("money (face up)"), ("money", False): msg("money (face down)"),
              ("advance", True): msg("advance (face up)"),
              ("advance", False): msg("advance (face down)"),
              ("shares", True): msg("shares (face up)"),
              ("shares", False): msg("shares (face down)"),
              ("rail", True): msg("rail (face up)"), ("rail", False): msg("rail (face down)")}


def filled(phrase: Msg, **blanks: object) -> Msg:
    """A phrase with its blanks filled, still unsaid."""
    return Msg(phrase.text, tuple(blanks.items()))


def colour_word(colour: str) -> str:
    """'orange' (a worker's colour) in the language spoken."""
    return str(_COLOURS[colour]) if colour in _COLOURS else colour


def initial(colour: str) -> str:
    """A worker chip's letter: the colour's initial in the language spoken."""
    return colour_word(colour)[:1].upper()


def action_word(action: str) -> str:
    """'Station', the action space as the board names it."""
    return str(_ACTIONS[action]) if action in _ACTIONS else action


def action_lower(action: str) -> str:
    """'station', an action space in a sentence."""
    return str(_LOWER[action]) if action in _LOWER else action


def pieces_word(colour: str) -> str:
    """'red squares', a player's pieces."""
    return str(_PIECES[colour]) if colour in _PIECES else colour



# A train on a card, its side shown by ▲ (face up) or ▼; a no-break space keeps them together.
_MARKED = {("promote", True): msg("promote\u00a0▲"), ("promote", False): msg("promote\u00a0▼"),
           ("money", True): msg("money\u00a0▲"), ("money", False): msg("money\u00a0▼"),
           ("advance", True): msg("advance\u00a0▲"), ("advance", False): msg("advance\u00a0▼"),
           ("shares", True): msg("shares\u00a0▲"), ("shares", False): msg("shares\u00a0▼"),
           ("rail", True): msg("rail\u00a0▲"), ("rail", False): msg("rail\u00a0▼")}
_STACKS = {"money": msg("money {n}"), "advance": msg("advance {n}"),
           "shares": msg("shares {n}"), "rail": msg("rail {n}")}


def marked_train(kind: str, up: bool) -> str:
    """'money ▲': a train and its side."""
    found = _MARKED.get((kind, up))
    return str(found) if found else f"{kind}\u00a0{'▲' if up else '▼'}"


def stack_count(kind: str, n: object) -> str:
    """'money 3': a train stack and how many trains it holds."""
    found = _STACKS.get(kind)
    return str(Msg(found.text, (("n", n),))) if found else f"{kind} {n}"


def short_said(text: str) -> str:
    """One short reward part in the language spoken (as it is when it has no translation)."""
    found = SHORT.get(text)
    return str(found) if found is not None and language() != ENGLISH else text
