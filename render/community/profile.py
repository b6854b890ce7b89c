"""A player's profile card: per game, games played and won, best score, the rating with its
place and a small chart of its history; then the games now waiting on them.

The view (built by the table logic):
    {"name": str, "where": str (the server's name; "" for everywhere),
     "favourite": str | None (a game's title),
     "games": [{"title": str, "played": int, "won": int, "best": float | None,
                "rating": int | None, "rank": int | None, "history": [int, ...],
                "difficulty": str ("" unless the cooperative game's set-up)}],
     "waiting": [{"title": str, "where": str}]}
"""

from __future__ import annotations

from typing import Any

from render.community.card import PAD, STRIPE, WIDTH, card, figure, heading, sparkline
from render.core import canvas as cv
from render.core.png import to_png
from rules.core.lang import tr, trn

ROW = 78
WAITING_ROW = 30
CHART = (470, 640)  # the chart's left and right edges


def _subtitle(view: dict[str, Any]) -> str:
    where, favourite = str(view.get("where") or ""), view.get("favourite")
    if not view.get("games"):
        return (tr("On {server}: no finished games yet.", server=where) if where
                else tr("No finished games yet."))
    if where:
        return tr("On {server} · favourite game: {game}", server=where, game=favourite)
    return tr("Everywhere · favourite game: {game}", game=favourite)


def record_line(game: dict[str, Any]) -> str:
    """Played, won and best score in one sentence (the set-up, for the cooperative game)."""
    played, won = int(game["played"]), int(game["won"])
    if game.get("difficulty"):
        return trn("{n} game ({setup} set-up), {won} won",
                   "{n} games ({setup} set-up), {won} won", played, setup=game["difficulty"],
                   won=won)
    if game.get("best") is None:
        return trn("{n} game, {won} won", "{n} games, {won} won", played, won=won)
    return trn("{n} game, {won} won · best score {best}", "{n} games, {won} won · best score "
               "{best}", played, won=won, best=figure(game["best"]))


def _rating_words(game: dict[str, Any]) -> tuple[str, str]:
    """The rating as shown and the words under it (its place), or the cooperative record."""
    if game.get("rating") is None:
        return "", ""
    rank = game.get("rank")
    return figure(game["rating"]), (tr("rank {rank}", rank=rank) if rank else "")


def render_profile(view: dict[str, Any]) -> bytes:
    """PNG bytes of a player's profile card."""
    games: list[dict[str, Any]] = list(view.get("games", []))
    waiting: list[dict[str, Any]] = list(view.get("waiting", []))
    height = 130 + ROW * len(games) + (50 + WAITING_ROW * len(waiting) if waiting else 0) + 20
    image, draw = card(height)
    y = heading(draw, str(view["name"]), _subtitle(view))
    title_font, line_font = cv.font(24, bold=True), cv.font(18)
    big, small = cv.font(30, bold=True), cv.font(17)
    for i, game in enumerate(games):
        top = y + i * ROW
        rating, place = _rating_words(game)
        left_width = CHART[0] - PAD - 16 if rating else WIDTH - 2 * PAD
        if i % 2 == 0:
            draw.rectangle((0, top, WIDTH, top + ROW), fill=STRIPE)
        cv.draw_text(draw, (PAD, top + 10), cv.fit_text(str(game["title"]), title_font,
                                                          left_width), title_font, cv.INK)
        cv.draw_text(draw, (PAD, top + 44), cv.fit_text(record_line(game), line_font,
                                                          left_width), line_font, cv.MUTED)
        if rating:
            sparkline(draw, (CHART[0], top + 14, CHART[1], top + ROW - 14),
                      [int(v) for v in game.get("history", [])])
            cv.draw_text(draw, (WIDTH - PAD, top + 8), rating, big, cv.INK, anchor="ra")
            if place:
                cv.draw_text(draw, (WIDTH - PAD, top + 48), cv.fit_text(
                    place, small, WIDTH - CHART[1] - PAD - 20), small, cv.MUTED, anchor="ra")
    if waiting:
        top = y + ROW * len(games) + 16
        cv.draw_text(draw, (PAD, top), tr("Waiting on {name}", name=view["name"]),
                     cv.font(22, bold=True), cv.INK)
        for j, game in enumerate(waiting):
            said = tr("{game} in {place}", game=game["title"], place=game["where"])
            cv.draw_text(draw, (PAD, top + 36 + j * WAITING_ROW),
                         cv.fit_text(said, line_font, WIDTH - 2 * PAD), line_font, cv.INK)
    return to_png(image)


def profile_alt(view: dict[str, Any]) -> str:
    """The profile in sentences, for the picture's alt text and for text-only readers."""
    lines = [tr("Profile of {name}. {about}", name=view["name"], about=_subtitle(view))]
    for game in view.get("games", []):
        rating, place = _rating_words(game)
        if rating:
            lines.append(tr("{game}: rating {rating} ({place}), {record}.", game=game["title"],
                            rating=rating, place=place or tr("unranked"),
                            record=record_line(game)))
        else:
            lines.append(tr("{game}: {record}.", game=game["title"], record=record_line(game)))
    waiting = [tr("{game} in {place}", game=g["title"], place=g["where"])
               for g in view.get("waiting", [])]
    if waiting:
        lines.append(tr("Waiting on {name}: {games}.", name=view["name"],
                        games=", ".join(waiting)))
    return " ".join(lines)
