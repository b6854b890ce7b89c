"""'B. Construire des rails et score des marchandises': connections, jokers and the market."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from rules.core.journal import Line
from rules.core.lang import msg, msgn, word
from rules.spike.board import Board
from rules.spike.cards import payable
from rules.spike.names import point_msg
from rules.spike.paying import PayingMixin
from rules.spike.said import colours_msg

MENU_LIMIT = 22  # start points listed at once before the menu splits by rows


def distances_to_new(board: Board, owners: Sequence[int | None],
                     new_cities: set[str]) -> dict[str, int]:
    """Free spaces from each junction (and new city) to the nearest city new to a network.

    A connection passes through junctions only and stops at the first city it reaches.
    """
    dist = {c: 0 for c in new_cities}
    queue = deque(sorted(new_cities))
    while queue:
        p = queue.popleft()
        for q, idx in board.adjacent[p]:
            if owners[idx] is None and q not in dist and not board.is_city(q):
                dist[q] = dist[p] + 1
                queue.append(q)
    return dist


def new_city_within(board: Board, owners: Sequence[int | None], source: str,
                    new_cities: set[str], limit: int) -> bool:
    """Is a new city at most `limit` free spaces from `source`, through junctions only?"""
    seen, frontier = {source}, [source]
    for _ in range(limit):
        ahead = []
        for p in frontier:
            for q, idx in board.adjacent[p]:
                if owners[idx] is not None or q in seen:
                    continue
                if q in new_cities:
                    return True
                if not board.is_city(q):
                    seen.add(q)
                    ahead.append(q)
        if not ahead:
            return False
        frontier = ahead
    return False


def can_connect(board: Board, owners: Sequence[int | None], source: str, cost: Sequence[int],
                hand: Sequence[int], pieces: int, new_cities: set[str],
                dist: dict[str, int], exact: bool = True) -> bool:
    """Is there a free path from `source` to a new city that the hand and pieces can pay?

    `cost` is what this build action has laid already. A walk that repeats a space contains a
    cheaper path, so the search runs over (point, cost) states without tracking visited spaces.
    `dist` may be worked out with fewer spaces taken than `owners` (exact=False): it is then
    only a lower bound, and the shortcut that trusts it checks for a real path first.
    """
    total = sum(hand)
    first = [(q, idx) for q, idx in board.adjacent[source] if owners[idx] is None]
    steps = [1 if q in new_cities else dist[q] + 1 for q, _ in first
             if q in new_cities or (not board.is_city(q) and q in dist)]
    if not steps:
        return False
    nearest = min(steps)
    laid = sum(cost)
    if nearest > pieces or laid + nearest > total:
        return False
    over = sum(1 for h, c in zip(hand, cost) if h > c)
    bound = min(pieces, total - laid - over)  # any path this short is paid, whatever its kinds
    if total - laid - nearest >= over and (
            exact or new_city_within(board, owners, source, new_cities, bound)):
        return True  # even the worst leftover of every kind leaves enough spare cards
    # Payable iff spare cards >= kinds with cards left over (see cards.payable); both are
    # updated space by space.
    stack = [(source, tuple(cost), 0, over)]
    seen: set[tuple[str, tuple[int, ...]]] = set()
    while stack:
        point, spent, used, over = stack.pop()
        spare = total - laid - used - 1
        for q, idx in board.adjacent[point]:
            if owners[idx] is not None or used + 1 > pieces:
                continue
            k = board.kind_index[idx]
            left = over - (1 if hand[k] - spent[k] == 1 else 0)
            if spare < left:
                continue
            if q in new_cities:
                return True
            if board.is_city(q) or q not in dist:
                continue
            if used + 1 + dist[q] > pieces or spare < dist[q]:
                continue
            after = spent[:k] + (spent[k] + 1,) + spent[k + 1:]
            if (q, after) not in seen:
                seen.add((q, after))
                stack.append((q, after, used + 1, left))
    return False


class BuildMixin(PayingMixin):
    """Building track space by space: a start point, then each space up to a new city."""

    _distance_cache: tuple[Any, set[str], dict[str, int]] | None = None

    # -- what can be built --------------------------------------------------------------------
    def _build_context(self, seat: int) -> tuple[list[int], list[int], set[str], dict[str, int]]:
        """Hand, cost laid so far this action, cities new to the network, distances to them."""
        step = self.step()
        codes = self.board.kind_codes
        cost = [0] * len(codes)
        for idx in step.get("laid", []) if step["kind"] == "build" else []:
            cost[codes.index(self.board.spaces[idx].kind)] += 1
        new, dist = self._distances(seat)
        return self.hand_vector(seat), cost, new, dist

    def _distances(self, seat: int) -> tuple[set[str], dict[str, int]]:
        """Cities new to the network and distances to them, kept while the track is unchanged."""
        key = (seat, self.me(seat)["start"], tuple(self.state["owners"]))
        cached = self._distance_cache
        if cached is None or cached[0] != key:
            known = self.network_city_points(seat)
            new = {c.point for c in self.board.cities.values() if c.point not in known}
            cached = (key, new, distances_to_new(self.board, self.state["owners"], new))
            self._distance_cache = cached
        return set(cached[1]), cached[2]

    def start_points(self, seat: int) -> list[str]:
        """Network points from which a complete, affordable connection can start."""
        pieces = self.me(seat)["tracks"]
        if pieces <= 0:
            return []
        hand, cost, new, dist = self._build_context(seat)
        owners = self.state["owners"]
        return [p for p in self.network_points(seat)
                if can_connect(self.board, owners, p, cost, hand, pieces, new, dist)]

    def can_build(self, seat: int) -> bool:
        """May the player choose the build action? ('Les joueurs qui n'ont plus de voies...')."""
        return bool(self.start_points(seat))

    def lay_choices(self, seat: int, head: str) -> list[tuple[str, int]]:
        """(action, space) for every next space that still leads to an affordable connection."""
        board, owners = self.board, self.state["owners"]
        pieces = self.me(seat)["tracks"]
        hand, cost, new, dist = self._build_context(seat)
        out = []
        for q, idx in board.adjacent[head]:
            if owners[idx] is not None or pieces < 1:
                continue
            kind = board.spaces[idx].kind
            k = board.kind_codes.index(kind)
            after = cost[:k] + [cost[k] + 1] + cost[k + 1:]
            if not payable(hand, after):
                continue
            if q not in new and (board.is_city(q) or not can_connect(
                    board, self._after_lay(owners, idx, seat), q, after, hand, pieces - 1,
                    new, dist, exact=self.started_under < 3)):
                continue
            out.append((f"lay {board.points[q].label} {self.card_word(kind)}", idx))
        return out

    def _after_lay(self, owners: list[int | None], idx: int,
                   seat: int) -> Sequence[int | None]:
        """The owners the search from a space's far end must see: that space taken.

        'Vous devez toujours terminer une connexion à une nouvelle ville': a way on that runs
        back over the space just laid is a dead end. Rules version 2 left the space free, so
        about 2 % of offered spaces led only to 'undo'; its games keep that menu.
        """
        if self.started_under < 3:
            return owners
        ahead = list(owners)
        ahead[idx] = seat
        return ahead

    # -- the build step -----------------------------------------------------------------------
    def build_options(self, seat: int) -> list[str]:
        """Start point (possibly through a rows menu), next space, undo, cancel or finish."""
        step = self.step()
        if step["head"] is not None:
            return [a for a, _ in self.lay_choices(seat, step["head"])] + ["undo"]
        points = self.start_points(seat)
        close = ["finish"] if step["done"] else ["cancel"]
        if step["group"] is not None:
            lo, hi = step["group"]
            return [f"from {self.board.points[p].label}" for p in points
                    if lo <= self.board.points[p].row <= hi] + ["back"]
        if self.started_under >= 2 or len(points) <= MENU_LIMIT:
            # Rules version 2 lists every start point; menus group them by region instead.
            return [f"from {self.board.points[p].label}" for p in points] + close
        return [f"rows {lo}-{hi}" for lo, hi in self._row_groups(points)] + close

    def _row_groups(self, points: list[str]) -> list[tuple[int, int]]:
        """Whole rows gathered into groups of at most MENU_LIMIT start points."""
        per_row: dict[int, int] = {}
        for p in points:
            row = self.board.points[p].row
            per_row[row] = per_row.get(row, 0) + 1
        groups: list[list[int]] = []  # [first row, last row, points]
        for row in sorted(per_row):
            if groups and groups[-1][2] + per_row[row] <= MENU_LIMIT:
                groups[-1][1] = row
                groups[-1][2] += per_row[row]
            else:
                groups.append([row, row, per_row[row]])
        return [(lo, hi) for lo, hi, _ in groups]

    def start_build(self, seat: int) -> None:
        """Choose action B."""
        self.state["step"] = {"kind": "build", "seat": seat, "head": None, "trail": [],
                              "path": [], "laid": [], "done": 0, "group": None}

    def apply_build(self, seat: int, action: str) -> list[Line]:
        """One decision of the build action."""
        step = self.step()
        verb, _, arg = action.partition(" ")
        lines: list[Line] = []
        if verb == "rows":
            lo, hi = arg.split("-")
            step["group"] = [int(lo), int(hi)]
        elif verb == "back":
            step["group"] = None
        elif verb == "from":
            step["head"] = self.board.point_by_label(arg)
            step["trail"] = [step["head"]]
            step["group"] = None
        elif verb == "lay":
            idx = dict((a, i) for a, i in self.lay_choices(seat, step["head"]))[action]
            lines += self._lay(seat, idx)
        elif verb == "undo":
            self._undo(seat)
        elif verb == "cancel":
            self.state["step"] = {"kind": "main", "seat": seat}
        elif verb == "finish":
            lines += self._start_payment(seat)
        return lines

    def _lay(self, seat: int, idx: int) -> list[Line]:
        """Place one track piece; reaching a new city completes a connection and scores."""
        step, board = self.step(), self.board
        self.state["owners"][idx] = seat
        self.me(seat)["tracks"] -= 1
        step["laid"].append(idx)
        step["path"].append(idx)
        q = board.spaces[idx].other(step["head"])
        step["trail"].append(q)
        step["head"] = q
        if not board.is_city(q):
            return []
        city = board.points[q].city
        assert city is not None
        kinds = colours_msg([self.card_word(board.spaces[i].kind) for i in step["path"]])
        lines: list[Line] = [msgn("{player} builds {n} track from {place} to {city} ({cards}).",
                                  "{player} builds {n} track from {place} to {city} ({cards}).",
                                  len(step["path"]), player=self.who(seat),
                                  place=point_msg(step["trail"][0]), city=city, cards=kinds)]
        lines += self.score_goods(seat, city)
        step.update(head=None, trail=[], path=[], done=step["done"] + 1)
        return lines

    def _undo(self, seat: int) -> None:
        """Take back the last piece of the unfinished connection, or the start point."""
        step = self.step()
        if not step["path"]:
            step["head"], step["trail"] = None, []
            return
        idx = step["path"].pop()
        step["laid"].pop()
        step["trail"].pop()
        self.state["owners"][idx] = None
        self.me(seat)["tracks"] += 1
        step["head"] = step["trail"][-1]

    # -- 'Score pour les marchandises' --------------------------------------------------------
    def price(self, good: str) -> int:
        """The market price of a good: the row its token sits in ($3, $2 or $1)."""
        for column in self.state["market"]:
            if good in column:
                return int(self.board.rules["market_rows"][column.index(good)])
        raise KeyError(good)

    def score_goods(self, seat: int, city: str) -> list[Line]:
        """Score the new city's good at its price, then drop it to the $1 row of its column."""
        good = self.board.cities[city].good
        value = self.price(good)
        self.earn(seat, value, "goods")
        for column in self.state["market"]:
            if good in column:
                column.remove(good)
                column.append(good)
        return [msg("{player} connects {city} and scores ${amount} for {good}; {good} drops "
                    "to ${low}.", player=self.who(seat), city=city, amount=value,
                    good=word(good), low=self.board.rules["market_rows"][-1])]
