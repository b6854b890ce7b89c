"""Branch Line: claim links between stations in turn; the first to join their route wins.

A test-only sixth game (tests/toy_game/): it lives outside `rules/` and is added to the catalog
at run time by `rules.register`, to show that a game needs nothing beyond its own folders.
"""

from __future__ import annotations

from typing import Any

from rules.core.match import GameInfo, Match, Option
from rules.core.rng import Rng
from rules.core.text import normalize
from tests.toy_game.rules.network import Network, joined, load_network

RECENT_LINES = 6

INFO = GameInfo(
    id="branch-line",
    title="Branch Line",
    min_players=2,
    max_players=4,
    options=(Option("bonus", "Points for joining your route", tuple(load_network().bonus),
                    next(iter(load_network().bonus))),),
    summary="Claim the links between eight stations in turn; the first to join the two "
    "stations of their route wins. A test-only game.",
)


class BranchLine(Match):
    """A match of Branch Line."""

    info = INFO

    @property
    def network(self) -> Network:
        """The fixed map."""
        return load_network()

    # -- set-up ------------------------------------------------------------------------------
    def setup(self, rng: Rng) -> list[str]:
        """Deal one route per seat at random; the first seat starts."""
        net = self.network
        routes = [list(r) for r in net.routes]
        rng.shuffle(routes)
        self.state = {
            "routes": routes[: len(self.players)],
            "owner": {net.link_id(a, b): None for a, b in net.links},
            "active": 0,
            "turn": 1,
            "joined": None,  # the seat whose route is joined: the game is over
            "last": None,  # {"seat", "link"} of the last claim
        }
        return ["Routes dealt: " + "; ".join(
            f"{name} {self._route_name(seat)}" for seat, name in enumerate(self.players)) + "."]

    # -- the contract ------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        """The active seat, until a route is joined or every link is claimed."""
        s = self.state
        if s["joined"] is not None or not self._free():
            return []
        return [int(s["active"])]

    def legal(self, seat: int) -> list[str]:
        """`claim <link>` for every free link, in the file's order."""
        if seat not in self.to_act():
            return []
        return [f"claim {link}" for link in self._free()]

    def spellings(self, seat: int) -> list[tuple[str, str]]:
        """The link named by its stations' names, either way round, with or without `claim`."""
        out = []
        for action in self.legal(seat):
            a, b = action.split(" ", 1)[1].split("-")
            names = [self.network.name(a), self.network.name(b)]
            for x, y in (names, names[::-1]):
                out += [(f"claim {x} {y}", action), (f"{x} {y}", action)]
            out.append((f"claim {b}-{a}", action))
            out.append((action, action))
        return out

    def apply(self, seat: int, action: str, rng: Rng) -> list[str]:
        """Claim the link; the game ends when it joins the seat's route."""
        s = self.state
        link = action.split(" ", 1)[1]
        s["owner"][link] = seat
        s["last"] = {"seat": seat, "link": link}
        lines = [f"{self.players[seat]} claims {self.network.link_name(link)}."]
        if self._route_joined(seat):
            s["joined"] = seat
            lines.append(f"{self.players[seat]} joins {self._route_name(seat)} and wins!")
            return lines
        if not self._free():
            lines.append("Every link is claimed: the game ends.")
            return lines
        s["active"] = (seat + 1) % len(self.players)
        if s["active"] == 0:
            s["turn"] += 1
        return lines

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Everything is open information: every seat sees the public view."""
        s, net = self.state, self.network
        due = self.to_act()
        held = self._held()
        return {
            "game": self.game_id,
            "title": self.info.title,
            "phase": "over" if self.over else "claiming",
            "turn": s["turn"],
            "to_act": due,
            "prompt": self.prompt(due[0]) if due else "",
            "players": [
                {"seat": i, "name": name, "route": list(s["routes"][i]), "links": held[i],
                 "joined": s["joined"] == i}
                for i, name in enumerate(self.players)
            ],
            "stations": [{"id": st.id, "name": st.name, "x": st.x, "y": st.y}
                         for st in net.stations.values()],
            "links": [{"id": link, "a": link.split("-")[0], "b": link.split("-")[1],
                       "owner": owner} for link, owner in s["owner"].items()],
            "last_move": dict(s["last"]) if s["last"] else None,
            "recent": [text for _, text in self.lines[-RECENT_LINES:]],
            "over": self.over,
            "winners": self.winners(),
            "scores": self.scores(),
            "breakdown": [self._breakdown(i) for i in range(len(self.players))],
        }

    def scores(self) -> list[float]:
        """A point per link held, and the bonus for a joined route."""
        return [float(sum(points for _, points in self._breakdown(i)))
                for i in range(len(self.players))]

    def winners(self) -> list[int]:
        """The seat that joined its route; else, once every link is claimed, the most points."""
        if self.state["joined"] is not None:
            return [int(self.state["joined"])]
        if not self.over:
            return []
        scores = self.scores()
        return [i for i, score in enumerate(scores) if score == max(scores)]

    # -- words -------------------------------------------------------------------------------
    def prompt(self, seat: int) -> str:
        """`Ann (route Ashford–Dunmore, 2 links): claim a free link.`"""
        held = self._held()[seat]
        return (f"{self.players[seat]} (route {self._route_name(seat)}, {held} "
                f"link{'' if held == 1 else 's'}): claim a free link.")

    def label(self, seat: int, action: str) -> str:
        """`Claim Ashford–Brookley: joins your route and wins`."""
        link = action.split(" ", 1)[1]
        text = f"Claim {self.network.link_name(link)}"
        if self._route_joined(seat, extra=link):
            return f"{text}: joins your route and wins"
        if set(link.split("-")) & self._reached(seat):
            return f"{text}: extends your line"
        return text

    def refusal(self, seat: int, typed: str) -> str | None:
        """A link that is someone's already, or two stations with no link between them."""
        words = typed.removeprefix("claim ").strip()
        names = {normalize(st.name): st.id for st in self.network.stations.values()}
        for a, b in ((x, y) for x in names for y in names if x != y):
            if words != f"{a} {b}":
                continue
            for link, owner in self.state["owner"].items():
                if set(link.split("-")) == {names[a], names[b]} and owner is not None:
                    whose = "yours" if owner == seat else f"{self.players[owner]}'s"
                    return f"{self.network.link_name(link)} is {whose} already."
            pair = f"{self.network.name(names[a])} and {self.network.name(names[b])}"
            return f"no line runs between {pair}: claim a link between neighbouring stations."
        return None

    # -- helpers -----------------------------------------------------------------------------
    def _free(self) -> list[str]:
        return [link for link, owner in self.state["owner"].items() if owner is None]

    def _held(self) -> list[int]:
        owners = list(self.state["owner"].values())
        return [owners.count(i) for i in range(len(self.players))]

    def _own_links(self, seat: int, extra: str | None = None) -> tuple[tuple[str, str], ...]:
        links = [link for link, owner in self.state["owner"].items() if owner == seat]
        links += [extra] if extra else []
        return tuple((link.split("-")[0], link.split("-")[1]) for link in links)

    def _route_joined(self, seat: int, extra: str | None = None) -> bool:
        a, b = self.state["routes"][seat]
        return joined(self._own_links(seat, extra), a, b)

    def _reached(self, seat: int) -> set[str]:
        """The route's stations and every station the seat's own links touch."""
        return set(self.state["routes"][seat]) | {x for pair in self._own_links(seat)
                                                  for x in pair}

    def _route_name(self, seat: int) -> str:
        a, b = self.state["routes"][seat]
        return f"{self.network.name(a)}–{self.network.name(b)}"

    def _breakdown(self, seat: int) -> list[list[Any]]:
        parts: list[list[Any]] = [["Links held", self._held()[seat]]]
        if self.state["joined"] == seat:
            parts.append(["Route joined", self.network.bonus[self.options["bonus"]]])
        return parts
