"""Mise en place: board side, discs, goods, clock, departure deck, hands, location tokens."""

from __future__ import annotations

from typing import Any

from rules.core.lang import Msg, msg, msgn, word
from rules.core.rng import Rng
from rules.switch_signal import cards
from rules.switch_signal.board import GOODS, Board, load_board
from rules.switch_signal.cards import COLOURS, load_cards
from rules.switch_signal.said import colour, joined


def _random_layout(board: Board, rng: Rng, extra: bool) -> tuple[list[str], dict[str, list[str]]]:
    """A later-game layout drawn at random: one green per city entrance, the rest on track."""
    greens = []
    for city in [n.id for n in board.nodes.values() if n.kind in ("city", "port")]:
        entrances = sorted(s.id for s in board.signals.values() if s.city == city)
        greens.append(rng.choice(entrances))
    track = sorted(s.id for s in board.signals.values() if s.city is None)
    rng.shuffle(track)
    greens += track[:4 if extra else 3]
    switches = {}
    for j in board.of_kind("junction"):
        switches[j] = sorted(rng.choice(board.switch_pairs(j)))
    return sorted(greens), switches


def _layout(board: Board, layout: str, rng: Rng,
            extra: bool) -> tuple[list[str], dict[str, list[str]]]:
    """First game: the printed (proposed) layout; later games start from it or at random."""
    if layout == "random":
        return _random_layout(board, rng, extra)
    greens = list(board.first_game.greens) + ([board.extra_green] if extra else [])
    switches = {j: sorted(pair) for j, pair in board.first_game.switches.items()}
    return sorted(greens), switches


def _tokens(board: Board, mode: str, rng: Rng) -> tuple[dict[str, Any], list[Msg]]:
    """Variante "Les jetons Depart": shuffled start numbers, or tokens instead of start dice."""
    tokens: dict[str, Any] = {"mode": mode, "spaces": None, "pile": [], "opening": []}
    if mode == "shuffled-spaces":
        numbers = list(range(2, 13))
        rng.shuffle(numbers)
        starts = sorted(board.of_kind("start"), key=lambda s: board.nodes[s].number or 0)
        tokens["spaces"] = {str(n): s for n, s in zip(numbers, starts)}
        shown = joined([msg("{space} {n}", space=word(board.nodes[s].name), n=n)
                        for n, s in zip(numbers, starts)])
        return tokens, [msg("Location tokens lie on the start spaces: {spaces}.", spaces=shown)]
    if mode == "no-start-dice":
        numbers = list(range(2, 13))
        rng.shuffle(numbers)
        tokens["opening"] = numbers[:3]
        pile = list(range(2, 13))
        rng.shuffle(pile)
        tokens["pile"] = pile
        first = joined([msg("{colour} {n}", colour=colour(c), n=n)
                        for c, n in zip(COLOURS, numbers[:3])])
        return tokens, [msg("No start dice: the first three trains will start at {spaces}; "
                            "the other location tokens form a face-down pile.", spaces=first)]
    return tokens, []


def build(players: list[str], options: dict[str, str], rng: Rng,
          version: int) -> tuple[dict[str, Any], list[Msg]]:
    """A new game's state and its opening log lines (data as `version` plays it)."""
    data = load_cards(version)
    board = load_board(options["board"], version)
    n = len(players)
    first = rng.below(n)
    ten = options["goods"] == "10"
    extra = options["extra_green"] == "yes"
    removed = int(options["removed_cards"])
    departures = list(data.departures)
    rng.shuffle(departures)
    deck = [data.start.id] + departures[removed:]
    action_deck = cards.new_action_deck(rng)
    greens, switches = _layout(board, options["layout"], rng, extra)
    tokens, token_lines = _tokens(board, options["location_tokens"], rng)
    ports = board.of_kind("port")
    state: dict[str, Any] = {
        "board": board.id,
        "phase": "arrange" if options["layout"] == "arrange" else "reveal",
        "active": first,
        "first": first,
        "turn": 1,
        "clock": int(options["time_tokens"]),
        "clock_size": int(options["time_tokens"]),
        "deck": deck,
        "removed": removed,
        "set_aside": 0,
        "revealed": [],
        "current": None,
        "trains": {f"{c}{k}": {"colour": c, "at": None, "heading": None, "cargo": None}
                   for c in COLOURS for k in range(1, data.trains_per_colour + 1)},
        "goods": {board.goods_city(c): 3 if ten else 2 for c in GOODS},
        "delivered": {p: {c: 0 for c in GOODS} for p in ports},
        "ten_goods": ten,
        "greens": greens,
        "switches": switches,
        "agents": {a: False for a in board.agents},
        "dispatcher": False,
        "hands": [cards.empty_hand() for _ in players],
        "shown": [False for _ in players],
        "action_deck": action_deck,
        "action_discard": cards.empty_hand(),
        "motion": None,
        "pending": None,
        "last_move": None,
        "tokens": tokens,
        "outcome": None,
        "reason": "",
    }
    for seat in range(n):
        cards.draw_cards(state, seat, data.hand_size, rng)
    names = [word(board.nodes[p].name) for p in ports]
    if len(ports) == 1:
        goal = msg("{n} goods to {port}", n=10 if ten else 8, port=names[0])
    elif ten:
        goal = msg("one cube of each colour plus one more to each of {a} and {b}", a=names[0],
                   b=names[1])
    else:
        goal = msg("one cube of each colour to each of {a} and {b}", a=names[0], b=names[1])
    lines = [
        msg("Switch & Signal on the {board} board: deliver {goal}.", board=word(board.name),
            goal=goal),
        msgn("{n} departure card is removed unseen; {left} remain. The station clock holds "
             "{clock} time tokens.", "{n} departure cards are removed unseen; {left} remain. "
             "The station clock holds {clock} time tokens.", removed, left=len(deck),
             clock=state["clock"]),
        msg("Every player is dealt {n} action cards. {player} starts.", n=data.hand_size,
            player=players[first]),
    ] + token_lines
    if state["phase"] == "arrange":
        lines.append(msg("{player} arranges the green discs and switches, then says "
                         "`start`.", player=players[first]))
    return state, lines
