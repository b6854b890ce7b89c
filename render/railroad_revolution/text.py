"""The Railroad Revolution board in words: alt text and `/game board text:true`."""

from __future__ import annotations

from typing import Any

from render.railroad_revolution import pieces as rp
from render.railroad_revolution.panels import logo_pieces, piece_words, plural, progress, seat_names
from render.railroad_revolution.words import (
    end_words,
    holder_words,
    ordered_tracks,
    pending_words,
    track_words,
    when_words,
)


def place_names(board: dict[str, Any]) -> dict[str, str]:
    """City and rail-space ids to words: "Washington", "Washington–Charlotte 1"."""
    out = {str(c["id"]): str(c.get("name", c["id"])) for c in board.get("cities") or []}
    for route in board.get("routes") or []:
        ends = "–".join(out.get(str(c), str(c)) for c in route.get("cities") or [])
        spaces = list(route.get("spaces") or [])
        out.update({str(sp): ends + (f" {i}" if len(spaces) > 1 else "")
                    for i, sp in enumerate(spaces, start=1)})
    return out


def _player_lines(p: dict[str, Any], places: dict[str, str]) -> list[str]:
    """One player in words: score and assets; pieces on the board; milestones."""
    seat, name = int(p["seat"]), str(p.get("name", "?"))

    def where(key: str) -> str:
        return ", ".join(places.get(str(i), str(i)) for i in p.get(key) or []) or "none"

    w = p.get("workers") or {}
    stock = ", ".join(f"{n} {c}" for c, n in (w.get("stock") or {}).items() if n) or "none"
    placed = ", ".join(f"{c.get('colour')} on {c.get('action')}" for c in w.get("board") or [])
    trains = ", ".join(f"{t.get('type')} ({'face up' if t.get('face_up') else 'face down'})"
                       for t in p.get("trains") or []) or "none"
    left = (f"{plural(int(p.get('buildings_left') or 0), 'building')} and "
            f"{plural(int(p.get('rails_left') or 0), 'rail')} left, {logo_pieces(p)} before the"
            f" logo" + (f"; {plural(int(p['turns_left']), 'turn')} left"
                        if p.get("turns_left") is not None else ""))
    ms = [f"{m.get('pile')} {m.get('vp')} VP ("
          + ", ".join(progress(c) for c in m.get("conditions") or [])
          + f"; managers {sum(1 for x in m.get('managers') or [] if x)} of "
          f"{len(m.get('managers_needed') or [])}"
          + ("; conditions met)" if m.get("conditions_met") else ")")
          for m in p.get("milestones") or []]
    done = [f"{c.get('id')} ({c.get('vp')} VP)" for c in p.get("completed") or []]
    return [
        f"{name} ({piece_words(p.get('colour'), seat)}): {p.get('score', 0)} VP, "
        f"${p.get('money', 0)}, {plural(int(p.get('shares') or 0), 'share')}; "
        f"{w.get('available', 0)} workers available (stock {stock}; placed {placed or 'none'});"
        f" trains: {trains}; {left}.",
        f"{name}'s milestones: {'; '.join(ms) or 'none'}. Completed: {', '.join(done) or 'none'}.",
        f"{name}'s rails: {where('rails')}; stations: {where('stations')}; telegraph offices in "
        f"sections {', '.join(map(str, p.get('offices') or [])) or 'none'}; connected cities: "
        f"{where('connected')} ({p.get('level5_connected', 0)} of level 5)."]


def text_lines(view: dict[str, Any]) -> list[str]:
    """The public view as plain text lines (screen readers, alt text), most important first."""
    names = seat_names(view)
    lines = [f"{view.get('title', 'Railroad Revolution')}: {when_words(view)}."]
    if view.get("over"):
        winners = [names.get(int(s), "?") for s in view.get("winners") or []]
        lines.append(("Winners: " if len(winners) > 1 else "Winner: ") + " and ".join(winners)
                     + ".")
        lines += [f"{names.get(seat, '?')} final score: "
                  + ", ".join(f"{label} {value:g}" for label, value in items) + "."
                  for seat, items in enumerate(view.get("breakdown") or [])]
    elif view.get("prompt"):
        lines.append(f"To act: {view['prompt']}")
    lines += [f"Action under way: {pending_words(view)}."] if pending_words(view) else []
    lines += [f"The {end_words(view, names)}."] if end_words(view, names) else []
    board = view.get("board") or {}
    lines += rp.last_words(view, place_names(board), names)
    player_lines = [_player_lines(p, place_names(board)) for p in view.get("players") or []]
    lines += [pl[0] for pl in player_lines] + [pl[1] for pl in player_lines]
    for name, track in ordered_tracks(view):
        title, mult = track_words(name, track)
        at = ", ".join(f"{names.get(s, '?')} step {step}"
                       for s, step in enumerate(track.get("markers") or []))
        lines.append(f"{title} track ({mult}): {at}.")
    market = view.get("market") or {}
    face = market.get("face_up") or {}
    sides = "; ".join(f"{k} for {plural(int(face[k].get('shares') or 0), 'share')}"
                      + (f" and ${face[k]['money']}" if face[k].get("money") else "")
                      + f": {face[k].get('label')}" for k in ("top", "bottom") if face.get(k))
    lines.append(f"Market tile: {sides or 'none'}; {market.get('pile', 0)} in the pile, "
                 f"{market.get('discard', 0)} discarded.")
    for label, key in (("Train stacks", "train_stacks"), ("Milestone piles", "milestone_piles"),
                       ("Worker supply", "supply")):
        lines.append(f"{label}: " + ", ".join(f"{k} {v}" for k, v in
                                               (view.get(key) or {}).items()) + ".")
    lines += [pl[2] for pl in player_lines]
    for city in board.get("cities") or []:
        stations = ", ".join(holder_words(names, s) + (" (First Station)" if i == 0 and city.get(
            "first_station") is not None else "") for i, s in enumerate(city.get("stations") or []))
        bonus = (city.get("first_station_bonus") or {}).get("label", "")
        lines.append(f"{city.get('name')} (level {city.get('level')}, ${city.get('cost')}): "
                     f"stations {stations or 'none'}" + ("" if city.get("first_station") is not None
                                               else f"; First Station bonus: {bonus}") + ".")
    for sec in (board.get("telegraph") or {}).get("sections") or []:
        offices = ", ".join(holder_words(names, s) + (" (First Office)" if i == 0 and sec.get(
            "first_office") is not None else "") for i, s in enumerate(sec.get("offices") or []))
        tile = (sec.get("tile") or {}).get("label") or ("market" if sec.get("market") else "—")
        lines.append(f"Telegraph section {sec.get('section')} ({tile}): offices "
                     f"{offices or 'none'}.")
    return lines + [f"Recent: {line}" for line in (view.get("recent") or [])[-3:]]
