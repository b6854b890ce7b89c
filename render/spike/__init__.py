"""The Spike board: header, the map with what a view changes on it, panels; and the same public
view as plain text."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from render.core.png import to_png
from render.spike import map as sm
from render.spike import marks as mk
from render.spike.panels import (
    CASING,
    RAIL_H,
    Panels,
    breakdown_text,
    cities,
    good_colour,
    locomotive,
    money,
    piece,
    piece_words,
    player_colour,
    seat_names,
)
from render.spike.standings import player_numbers as player_numbers

GAME = "spike"

WIDTH, HEIGHT, PAD = 1600, 1100, 12
MAP_TOP = HEADER_H = 72
MAP_W, MAP_H = 1076, HEIGHT - HEADER_H
SIDE_X0, SIDE_X1 = MAP_W + PAD, WIDTH - PAD
RECENT_MIN = 34 + 2 * 21 + 4

HEADER_BG: RGB = (35, 39, 46)
HEADER_SUB: RGB = (200, 206, 214)
PROMPT: RGB = (255, 216, 102)
PANEL_BG: RGB = (236, 234, 228)
GLOW: RGB = mk.GLOW
PRICE: RGB = (150, 40, 20)

def clear_caches() -> None:
    """Forget the cached map layouts (and rasterised text)."""
    sm.clear_cache()
    cv.clear_text_cache()


def names_of(view: dict[str, Any], seats: object) -> list[str]:
    """Names of a list of seats."""
    names = seat_names(view)
    return [names.get(int(s), "?") for s in seats or []] if isinstance(seats, list) else []


def and_list(items: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cleo"."""
    return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1]


def status(view: dict[str, Any]) -> str:
    """Round and turn, time cards, last turns."""
    phase = str(view.get("phase", ""))
    time = view.get("time_cards") or {}
    parts = ["Set-up" if phase == "setup" else f"Round {view.get('round', '?')} of 3"]
    if phase != "setup":
        parts.append(f"turn {view.get('turn_number', '?')}")
    parts.append(f"time cards {time.get('drawn', 0)}/{time.get('total', 3)}")
    last = names_of(view, view.get("final_turns"))
    if view.get("final_turns") is not None and phase != "over":
        parts.append("last turns: " + (", ".join(last) or "none"))
    return " · ".join(parts)


class MapPainter:
    """Draws what a view changes over the cached background, and keeps where each name, tag
    and marker went (`boxes`)."""

    def __init__(self, view: dict[str, Any], size: tuple[int, int]) -> None:
        self.view = view
        self.layout = sm.layout_for(view, size)
        self.image = sm.background(self.layout).copy()
        self.draw = ImageDraw.Draw(self.image)
        self.boxes: dict[str, list[Box]] = {}

    def paint(self) -> Image.Image:
        """Track, the last move's rings, cities, trains, names, junction tags and cargo."""
        self.track()
        badges = self.train_spots()
        self.last_move(badges)
        self.markers()
        for spot, p in badges:
            locomotive(self.draw, spot, int(p["seat"]))
        trains = [(x - 16, y - 12, x + 16, y + 12) for (x, y), _ in badges]
        points = [(x - 10, y - 10, x + 10, y + 10) for x, y in self.layout.xy.values()]
        labels = self.labels(trains)
        taken = labels + trains + points
        tags = sm.junction_labels(self.draw, self.layout, self.view, taken, labels)
        self.boxes = {"labels": labels, "trains": trains, "tags": tags}
        dots = [(x - 4, y - 4, x + 4, y + 4) for pid, (x, y) in self.layout.xy.items()
                if not self.layout.points[pid][3]]
        cities = [b for b, pid in zip(points, self.layout.xy, strict=True)
                  if self.layout.points[pid][3]]
        build = self.view.get("build") or {}
        if build.get("head") in self.layout.xy:  # the ring where the build goes on
            x, y = self.layout.xy[str(build["head"])]
            cities.append((x - 18, y - 18, x + 18, y + 18))
        for i in build.get("laid") or []:  # and the band of what it laid so far
            if 0 <= int(i) < len(self.layout.spaces):
                (px, py), (qx, qy) = self.layout.ends(int(i))
                cities += [(px + (qx - px) * t - 9, py + (qy - py) * t - 9,
                            px + (qx - px) * t + 9, py + (qy - py) * t + 9) for t in (.3, .5, .7)]
        names = labels + [self.layout.market, self.layout.legend]
        self.boxes["cargo"] = mk.cargo_tags(self.draw, badges, names, [
            (trains + tags + cities, 4.0), (dots, 0.25)], (0.0, 0.0, *self.layout.size))
        return self.image

    def track(self) -> None:
        """Built spaces thick in their owner's colour with the owner's shape at the middle;
        the spaces of a build in progress in a hatched band under them."""
        layout, draw = self.layout, self.draw
        count = len(layout.spaces)
        owned = [(i, int(s["owner"])) for i, s in enumerate(self.view["board"]["spaces"])
                 if s.get("owner") is not None and i < count]
        build = self.view.get("build") or {}
        for i in build.get("laid") or []:
            if 0 <= int(i) < count:
                mk.hatched_band(draw, *layout.ends(int(i)))
        for width in (11, 7):
            for i, seat in owned:
                cv.polyline(draw, list(layout.ends(i)), CASING if width > 7 else
                            player_colour(seat), width)
        for i, seat in owned:
            piece(draw, layout.mid(i), 13, seat)
        head = build.get("head")
        if head in layout.xy:
            x, y = layout.xy[str(head)]
            draw.ellipse((x - 15, y - 15, x + 15, y + 15), outline=GLOW, width=6)
            draw.ellipse((x - 18, y - 18, x + 18, y + 18), outline=CASING, width=2)

    def last_move(self, badges: list[tuple[Point, dict[str, Any]]]) -> None:
        """Ring what the last move changed with black and white dashes (under the cities,
        trains and names, which stay readable on top)."""
        last = self.view.get("last_move")
        train = next((spot for spot, p in badges if last and p.get("seat") == last.get("seat")),
                     None)
        ends = mk.space_ends(self.layout.spaces)
        mk.draw_rings(self.draw, mk.last_rings(last, ends, self.layout.xy, train))

    def markers(self) -> None:
        """City markers."""
        for pid, (x, y) in self.layout.xy.items():
            if self.layout.points[pid][3]:
                self.draw.ellipse((x - sm.CITY_R, y - sm.CITY_R, x + sm.CITY_R, y + sm.CITY_R),
                                  fill=cv.PAPER, outline=CASING, width=3)

    def labels(self, trains: list[Box]) -> list[Box]:
        """City names, goods and their current prices; a label a train stands on moves to its
        next free place. Return where the labels went."""
        draw, out = self.draw, []
        prices = {str(c["name"]): c.get("price") for c in self.view.get("cities") or []}
        bold, fnt = cv.font(sm.LABEL, bold=True), cv.font(sm.LABEL)
        for label in self.layout.labels.values():
            align, box = next((o for o in label.options if not any(
                cv.boxes_overlap(o[1], t) for t in trains)), label.options[0])
            out.append(box)
            x0, y0, x1, _ = box
            price = f"${prices.get(label.city, '?')}"
            second = 18 + cv.text_width(label.good, fnt) + 5 + cv.text_width(price, bold)
            left = {"l": x0, "r": x1 - second, "m": (x0 + x1 - second) / 2}[align]
            name_x = {"l": x0, "r": x1, "m": (x0 + x1) / 2}[align]
            cv.draw_text(draw, (name_x, y0 + sm.LINE_H / 2), label.city, bold, cv.INK,
                         halo=sm.LAND_FILL, halo_width=3, anchor=align + "m")
            cy = y0 + sm.LINE_H * 1.5
            end = cv.draw_text(draw, (left + 18, cy), label.good, fnt, cv.INK, halo=sm.LAND_FILL,
                               halo_width=3, anchor="lm")[2]
            draw.rectangle((left, cy - 7, left + 13, cy + 6), fill=good_colour(label.good),
                           outline=CASING)
            cv.draw_text(draw, (end + 5, cy), price, bold, PRICE, halo=sm.LAND_FILL,
                         halo_width=3, anchor="lm")
        return out

    def train_spots(self) -> list[tuple[Point, dict[str, Any]]]:
        """Where each train goes: on its city (side by side when they share one) or on its
        track space where it covers the least of the labels."""
        layout = self.layout
        taken = [label.box for label in layout.labels.values()]
        groups: dict[Point, list[dict[str, Any]]] = {}
        for p in self.view.get("players") or []:
            train = p.get("train") or {}
            space = train.get("space")
            if train.get("point") in layout.xy:
                spot = layout.xy[str(train["point"])]
            elif space is not None and 0 <= int(space) < len(layout.spaces):
                spot = self._on_space(int(space), taken)
            else:
                continue
            groups.setdefault(spot, []).append(p)
        badges = [((x + (n - (len(group) - 1) / 2) * 32, y), p)
                  for (x, y), group in groups.items() for n, p in enumerate(group)]
        return badges

    def _on_space(self, index: int, taken: list[Box]) -> Point:
        """The spot along a space (away from its ends) where a train covers least."""
        (px, py), (qx, qy) = self.layout.ends(index)
        spots = [(px + (qx - px) * t, py + (qy - py) * t) for t in (0.5, 0.36, 0.64, 0.24, 0.76)]
        return min(spots, key=lambda s: sum(cv.overlap_area(
            (s[0] - 16, s[1] - 12, s[0] + 16, s[1] + 12), o) for o in taken))


def paint_map(view: dict[str, Any], size: tuple[int, int]) -> tuple[Image.Image, sm.MapLayout]:
    """The map of a Spike view at `size`, and its layout (for panels drawn onto it)."""
    painter = MapPainter(view, size)
    return painter.paint(), painter.layout


class BoardPainter:
    """Lays out and draws the whole Spike board."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.image = cv.new_canvas(WIDTH, HEIGHT, PANEL_BG)
        self.draw = ImageDraw.Draw(self.image)
        self.panels = Panels(view, self.draw)

    def paint(self) -> bytes:
        """Draw all parts and return PNG bytes."""
        image, layout = paint_map(self.view, (MAP_W, MAP_H))
        self.image.paste(image, (0, MAP_TOP))
        m = layout.market
        self.panels.market((m[0], m[1] + MAP_TOP, m[2], m[3] + MAP_TOP))
        self._header()
        y = self.panels.players(HEADER_H + 8, (SIDE_X0, SIDE_X1), HEIGHT - PAD - 8 - RAIL_H)
        y = self.panels.rail_cards(y + 8, (SIDE_X0, SIDE_X1))
        if HEIGHT - PAD - y - 8 >= RECENT_MIN:
            self.panels.recent((SIDE_X0, y + 8, SIDE_X1, HEIGHT - PAD))
        return to_png(self.image)

    def _header(self) -> None:
        """Title, round and turn; whose turn it is (or the winners); the prompt."""
        view, draw = self.view, self.draw
        draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
        box = cv.draw_text(draw, (PAD + 4, 8), str(view.get("title") or "Spike"),
                           cv.font(28, bold=True), cv.PAPER)
        cv.draw_text(draw, (box[2] + 18, 14), cv.fit_text(status(view), cv.font(22), 760),
                     cv.font(22), HEADER_SUB)
        if view.get("phase") == "over":
            winners = names_of(view, view.get("winners"))
            right = ("★ Winners: " if len(winners) > 1 else "★ Winner: ") + and_list(winners)
            ink: RGB = (120, 230, 160)
        else:
            right, ink = "▶ To act: " + and_list(names_of(view, view.get("to_act"))), cv.PAPER
        bold = cv.font(22, bold=True)
        cv.draw_text(draw, (WIDTH - PAD - 4, 14), cv.fit_text(right, bold, WIDTH / 2 - 120), bold,
                     ink, anchor="ra")
        if view.get("phase") == "over":
            prompt = f"Game over: {view.get('end_reason') or 'the game has ended'}."
        else:
            prompt = str(view.get("prompt") or "")
        fnt = cv.font(19)
        cv.draw_text(draw, (PAD + 4, 44), cv.fit_text(prompt, fnt, WIDTH - 3 * PAD), fnt, PROMPT)


def map_box(view: dict[str, Any]) -> Box:
    """Where the map lies on the board."""
    return (0.0, float(MAP_TOP), float(MAP_W), float(MAP_TOP + MAP_H))


def focus_box(view: dict[str, Any]) -> Box | None:
    """The board-pixel box (x0, y0, x1, y1) around what the last move changed (the build in
    progress while there is one), or None."""
    layout = sm.layout_for(view, (MAP_W, MAP_H))
    build, count = view.get("build") or {}, len(layout.spaces)
    shapes = [list(layout.ends(int(i))) for i in build.get("laid") or [] if 0 <= int(i) < count]
    shapes += [[layout.xy[str(build["head"])]]] if build.get("head") in layout.xy else []
    if not shapes:
        last = view.get("last_move") or {}
        train = next((p.get("train") or {} for p in view.get("players") or []
                      if p.get("seat") == last.get("seat")), {})
        spot = (layout.xy.get(str(train.get("point"))) or (layout.mid(int(train["space"]))
                if train.get("space") is not None and int(train["space"]) < count else None))
        shapes = mk.last_rings(last, mk.space_ends(layout.spaces), layout.xy, spot)
    box = mk.bounds(shapes)
    if box is None:
        return None
    return (max(0.0, box[0]), max(float(MAP_TOP), box[1] + MAP_TOP), min(float(MAP_W), box[2]),
            min(float(MAP_TOP + MAP_H), box[3] + MAP_TOP))


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of a Spike public view."""
    return BoardPainter(view).paint()


def _contract_words(contract: dict[str, Any], used: list[str]) -> str:
    """"coal (Louisville $6, Savannah $10, Kansas City $16): loaded"."""
    sides = contract.get("destinations") or {}
    cities = "; or ".join(
        ", ".join(f"{c} ${v}" + (" (already delivered there)" if c in used else "")
                  for c, v in dests) for dests in sides.values())
    side = "" if len(sides) != 1 or not contract.get("side") else f" side {contract['side']}"
    token = contract.get("token")
    delivered = contract.get("delivered") or ["?", "?"]
    state = (f"delivered to {delivered[0]} for ${delivered[1]}" if token == "done" else
             "loaded on the train" if token == "train" else "waiting on its card")
    if token == "done":
        cities = ", ".join(f"{c} ${v}" for dests in sides.values() for c, v in dests)
    return f"{contract.get('good', '?')}{side} ({cities}): {state}"


def space_labels(view: dict[str, Any]) -> dict[int, str]:
    """Track space index to its name on the board ("Portland W–Portland")."""
    return {int(s["index"]): str(s.get("name") or s.get("label")) for s in
            (view.get("board") or {}).get("spaces") or []}


def _player_lines(view: dict[str, Any], player: dict[str, Any]) -> list[str]:
    """One player's public state in words."""
    seat, name = int(player["seat"]), str(player.get("name", "?"))
    train, spaces = player.get("train") or {}, space_labels(view)
    where = (f"in {train['city']}" if train.get("city") else
             f"on the {spaces.get(int(train['space']), '')} track" if train.get("moving")
             else "not placed yet")
    cargo = ", ".join(train.get("cargo") or []) or "nothing"
    costs = train.get("next_upgrade_cost") or {}
    ups = ", ".join(f"{part} {money(c) if c is not None else 'maxed'}" for part, c in
                    costs.items())
    lines = [
        f"{name} ({piece_words(seat)}): {money(player.get('money'))}, "
        f"{player.get('tracks_left', 0)} track left, {player.get('hand_size', 0)} rail cards "
        f"in hand, {cities(player.get('cities_connected'))} on their track"
        + (f", started in {player['start_city']}" if player.get("start_city") else "") + ".",
        f"{name}'s train is {where}: speed {train.get('speed', '?')}, power "
        f"{train.get('power', '?')}, cargo {train.get('capacity', '?')}, carrying {cargo}; "
        f"next upgrade {ups or 'none'}.",
    ]
    used = list(player.get("deliveries") or [])
    contracts = "; ".join(_contract_words(c, used) for c in player.get("contracts") or [])
    lines.append(f"{name}'s contracts: {contracts or 'none'}.")
    card = player.get("route_card")
    if card:
        listed = ", ".join(f"{c} {v}" for c, v in card.get("cities") or [])
        lines.append(f"{name}'s route card {card.get('top')} ({listed}) scored "
                     f"{money(player.get('route_bonus'))}.")
    return lines


def map_lines(view: dict[str, Any]) -> list[str]:
    """The map in words: where each player's track reaches; every city, its good and price."""
    lines = []
    for player in view.get("players") or []:
        reach = ", ".join(player.get("network_cities") or []) or "no city yet"
        lines.append(f"{player.get('name')}'s track touches: {reach}.")
    cities = [f"{c.get('name')} {c.get('good')} ${c.get('price')}"
              for c in view.get("cities") or []]
    lines.append("Cities (good, price): " + ", ".join(cities) + ".")
    return lines


def text_lines(view: dict[str, Any]) -> list[str]:
    """The public view as plain text lines (screen readers, alt text), most important first."""
    lines = [f"Spike: {status(view)}."]
    if view.get("phase") == "over":
        winners = names_of(view, view.get("winners"))
        lines.append(("Winners: " if len(winners) > 1 else "Winner: ") + and_list(winners)
                     + f". Game over: {view.get('end_reason') or 'the game has ended'}.")
        for player in view.get("players") or []:
            seat = int(player["seat"])
            items = (view.get("breakdown") or [[]] * (seat + 1))[seat]
            lines.append(f"{player.get('name')}: {money(player.get('money'))} = "
                         f"{breakdown_text(items)}.")
    elif view.get("prompt"):
        lines.append(f"To act: {view['prompt']}")
    last = mk.words(view, seat_names(view), space_labels(view))
    if last:
        lines.append(last)
    build = view.get("build")
    if build:
        spaces = space_labels(view)
        laid = ", ".join(spaces.get(int(i), str(i)) for i in build.get("laid") or [])
        who = names_of(view, [build.get("seat")])[0]
        lines.append(f"{who} is building: {laid or 'nothing laid yet'}; "
                     f"{build.get('connections', 0)} connections finished.")
    for player in view.get("players") or []:
        lines += _player_lines(view, player)
    market = view.get("market") or {}
    rows = list(market.get("rows") or [])
    columns = [list(c) for c in market.get("columns") or []]
    by_price = [f"${price}: " + ", ".join(c[r] for c in columns if r < len(c))
                for r, price in enumerate(rows)]
    lines.append("Goods market: " + "; ".join(by_price) + ".")
    cards = view.get("rail_cards") or {}
    lines.append(f"Rail card display: {', '.join(cards.get('display') or []) or 'empty'}; "
                 f"deck {cards.get('deck', 0)}, discard {cards.get('discard', 0)}.")
    lines += map_lines(view)
    lines += [f"Recent: {line}" for line in (view.get("recent") or [])[-3:]]
    return lines
