"""What every part of Railroad Revolution's rules shares: money, shares, workers, pieces, frames.

Decisions live on a stack of frames in `state["stack"]` (the top one is the next decision).
Rulebook sections are cited by their French titles.
"""

from __future__ import annotations

import math
from typing import Any

from rules.core.lang import Msg, msgn
from rules.core.match import Match
from rules.core.text import plural as core_plural
from rules.railroad_revolution.board import Network, network
from rules.railroad_revolution.data import COLOURS, CityTile, GameData, Milestone, load_data
from rules.railroad_revolution.lexicon import cash

Frame = dict[str, Any]
LOCS = ("stock", "board")
INF = 10**9


def an(word: str) -> str:
    """'a word' or 'an word'."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def plural(n: int, word: str) -> str:
    """'1 share', '3 shares' (the one helper of every game, `rules.core.text.plural`)."""
    return core_plural(n, word)


class RRBase(Match):
    """Helpers on the state that every phase uses."""

    _out: list[Msg | str]

    # -- fixed data ----------------------------------------------------------------------------
    @property
    def data(self) -> GameData:
        """Board, tiles and constants."""
        return load_data()

    @property
    def net(self) -> Network:
        """The board graph's neighbourhoods."""
        return network()

    def k(self, *path: str) -> int:
        """An integer rules constant ("railroad", "base_cost")."""
        node: Any = self.data.constants
        for key in path:
            node = node[key]
        return int(node)

    # -- players -------------------------------------------------------------------------------
    def p(self, seat: int) -> dict[str, Any]:
        """One player's pieces, money and tiles."""
        player: dict[str, Any] = self.state["players"][seat]
        return player

    def who(self, seat: int) -> str:
        """A player's name."""
        return self.players[seat]

    def say(self, text: Msg | str) -> None:
        """Add a public log line (a sentence kept unsaid: `msg`)."""
        self._out.append(text)

    def n(self) -> int:
        """Number of players."""
        return len(self.players)

    # -- money and shares ('Argent', 'Vendre des Parts du Télégraphe') ---------------------------
    def funds(self, seat: int) -> int:
        """Money plus shares at their sale value."""
        p = self.p(seat)
        return int(p["money"]) + self.k("share_sale_value") * int(p["shares"])

    def afford(self, seat: int, money: int, shares: int = 0) -> bool:
        """True when the player can pay this (selling shares as needed)."""
        p = self.p(seat)
        return shares <= p["shares"] and money <= self.funds(seat) - shares * self.k(
            "share_sale_value")

    def pay(self, seat: int, money: int, shares: int = 0) -> None:
        """Discard shares, then pay money, selling the fewest shares needed first."""
        p = self.p(seat)
        if shares:
            p["shares"] -= shares
        if money > p["money"]:
            value = self.k("share_sale_value")
            sold = math.ceil((money - p["money"]) / value)
            p["shares"] -= sold
            p["money"] += sold * value
            self.say(msgn("{player} sells {n} share for ${money} to pay.",
                          "{player} sells {n} shares for ${money} to pay.", sold,
                          player=self.who(seat), money=cash(sold * value)))
        p["money"] -= money
        assert p["money"] >= 0 and p["shares"] >= 0, "payment beyond means"

    def gain(self, seat: int, money: int = 0, shares: int = 0) -> None:
        """Take money and/or shares from the bank (unlimited)."""
        p = self.p(seat)
        p["money"] += money
        p["shares"] += shares

    # -- workers ('Ouvriers') ------------------------------------------------------------------
    def available(self, seat: int) -> int:
        """Workers in stock and on the player board (managers are not available)."""
        p = self.p(seat)
        return int(sum(p["stock"].values())) + len(p["board"])

    def can_lose_worker(self, seat: int) -> bool:
        """'Nombre minimum d'Ouvriers disponibles': never fewer than 4."""
        return self.available(seat) - 1 >= self.k("min_available_workers")

    def sources(self, seat: int) -> list[tuple[str, str]]:
        """Distinct (place, colour) of the player's available workers, stock first."""
        p = self.p(seat)
        out = [("stock", c) for c in COLOURS if p["stock"][c] > 0]
        on_board = {c for _, c in p["board"]}
        return out + [("board", c) for c in COLOURS if c in on_board]

    def remove_worker(self, seat: int, loc: str, colour: str) -> None:
        """Take one of the player's workers out of stock or off the player board."""
        p = self.p(seat)
        if loc == "stock":
            assert p["stock"][colour] > 0
            p["stock"][colour] -= 1
            return
        for i in range(len(p["board"]) - 1, -1, -1):
            if p["board"][i][1] == colour:
                del p["board"][i]
                return
        raise AssertionError("no such worker on the board")

    def put_worker(self, seat: int, loc: str, colour: str, action: str = "trade") -> None:
        """Put a worker in stock or on an action space of the player board."""
        p = self.p(seat)
        if loc == "stock":
            p["stock"][colour] += 1
        else:
            p["board"].append([action, colour])

    def worker_action(self, seat: int, colour: str) -> str:
        """The action space a board worker of that colour stands on (the last placed)."""
        for action, c in reversed(self.p(seat)["board"]):
            if c == colour:
                return str(action)
        return "trade"

    def supply_colours(self, allowed: list[str] | None = None) -> list[str]:
        """Colours the supply can give; if none of `allowed` is left, any colour it has."""
        supply = self.state["supply"]
        have = [c for c in COLOURS if supply[c] > 0]
        if allowed is None or "any" in allowed:
            return have
        wanted = [c for c in COLOURS if c in allowed and supply[c] > 0]
        return wanted or have

    def gain_worker(self, seat: int, colour: str) -> None:
        """A worker from the supply joins the player's stock."""
        self.state["supply"][colour] -= 1
        self.p(seat)["stock"][colour] += 1

    def discard_worker(self, seat: int, loc: str, colour: str) -> None:
        """A worker goes back to the supply."""
        self.remove_worker(seat, loc, colour)
        self.state["supply"][colour] += 1

    # -- pieces on the player board ('Plateau Joueur') -----------------------------------------
    def pieces(self, seat: int, kind: str) -> int:
        """Buildings (kind 'building') or rails ('rail') left on the player board."""
        i = 0 if kind == "building" else 1
        return sum(sec[i] for sec in self.p(seat)["sections"])

    def take_piece(self, seat: int, kind: str) -> int:
        """Remove the leftmost building or rail; return its section (0-based)."""
        i = 0 if kind == "building" else 1
        for n, sec in enumerate(self.p(seat)["sections"]):
            if sec[i] > 0:
                sec[i] -= 1
                return n
        raise AssertionError(f"no {kind} left")

    def left_of_logo_empty(self, seat: int) -> bool:
        """'Fin du jeu': every section left of the company logo holds no piece."""
        secs = self.p(seat)["sections"]
        return all(secs[i] == [0, 0] for i, s in enumerate(self.data.board_sections) if s[3])

    def piece_ok(self, seat: int, kind: str) -> bool:
        """True when an effect may take this piece: one is left and the main action keeps its."""
        if self.pieces(seat, kind) == 0:
            return False
        need = self.piece_reserve(seat)
        left_rails = self.pieces(seat, "rail") - (kind == "rail")
        left_buildings = self.pieces(seat, "building") - (kind == "building")
        return (left_rails >= need["rail"] and left_buildings >= need["building"]
                and left_rails + left_buildings >= need["any"])

    # -- the network, stations and offices -----------------------------------------------------
    def connected(self, seat: int) -> list[str]:
        """Cities the player's rails reach."""
        return self.net.connected_cities(self.p(seat)["rails"])

    def station_candidates(self, seat: int) -> list[str]:
        """Connected cities without one of the player's stations ('Ville disponible')."""
        mine = set(self.p(seat)["stations"])
        return [c for c in self.connected(seat) if c not in mine]

    def city_cost(self, city: str) -> int:
        """The station cost shown for that city."""
        return self.city_tile(city).cost

    def city_tile(self, city: str) -> CityTile:
        """The tile on that city (printed for Washington and Charlotte)."""
        c = self.data.cities[city]
        return c.printed if c.printed is not None else self.data.city_tiles[
            self.state["city_tiles"][city]]

    def add_station(self, seat: int, city: str) -> bool:
        """Put a building in the city; True when it takes the empty First Station space."""
        holders = self.state["stations"][city]
        first = not holders
        holders.append(seat)
        self.p(seat)["stations"].append(city)
        return first

    def add_office(self, seat: int, section: int) -> bool:
        """Put a building in a telegraph section; True when it is the First Office."""
        holders = self.state["offices"][str(section)]
        first = not holders
        holders.append(seat)
        self.p(seat)["offices"].append(section)
        return first

    def open_sections(self, seat: int) -> list[int]:
        """Telegraph sections without one of the player's offices."""
        mine = set(self.p(seat)["offices"])
        return [s for s in self.data.sections if s not in mine]

    # -- milestones ('Étapes de Compagnie') -----------------------------------------------------
    def milestone(self, mid: str) -> Milestone:
        """A milestone tile."""
        return self.data.milestones[mid]

    def promote_targets(self, seat: int) -> list[tuple[str, str, str]]:
        """(place, colour, milestone) for each promotion the player can make now."""
        if not self.can_lose_worker(seat):
            return []
        out = []
        for loc, colour in self.sources(seat):
            for m in self.p(seat)["milestones"]:
                slots = self.milestone(m["id"]).managers
                if any(got is None and need in (colour, "any")
                       for need, got in zip(slots, m["managers"])):
                    out.append((loc, colour, m["id"]))
        return out

    # -- frames ----------------------------------------------------------------------------------
    def top(self) -> Frame | None:
        """The decision the game waits for."""
        stack = self.state["stack"]
        return stack[-1] if stack else None

    def push(self, frame: Frame) -> None:
        """A new decision on top."""
        self.state["stack"].append(frame)

    def pop(self) -> Frame:
        """Remove the top decision."""
        frame: Frame = self.state["stack"].pop()
        return frame

    def hub(self) -> Frame | None:
        """The action being carried out this turn, if any."""
        for f in self.state["stack"]:
            if f["kind"] == "hub":
                frame: Frame = f
                return frame
        return None

    def piece_reserve(self, seat: int) -> dict[str, int]:
        """Pieces the seat's unfinished main action still needs."""
        hub = self.hub()
        need = {"rail": 0, "building": 0, "any": 0}
        if hub is None or hub["seat"] != seat or hub["main"]:
            return need
        if hub["action"] in ("station", "telegraph"):
            need["building"] = 1
        elif hub["action"] == "railroad":
            need["rail"] = hub["need"] - len(hub["placed"])
        else:
            need["any"] = 1
        return need
