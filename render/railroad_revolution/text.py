"""The Railroad Revolution board in words: alt text and `/game board text:true`."""

from __future__ import annotations

from typing import Any

from render.railroad_revolution import pieces as rp
from render.railroad_revolution.panels import logo_pieces, piece_words, progress, seat_names
from render.railroad_revolution.said import (
    ON_ACTION,
    SIDE,
    TRAIN_FACE,
    action_lower,
    colour_word,
    filled,
    stack_count,
)
from render.railroad_revolution.words import (
    end_words,
    holder_words,
    ordered_tracks,
    pending_words,
    track_words,
    when_words,
)
from rules.core.lang import tr, trn


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
    none = tr("none")

    def where(key: str) -> str:
        return ", ".join(places.get(str(i), str(i)) for i in p.get(key) or []) or none

    w = p.get("workers") or {}
    stock = ", ".join(f"{n} {colour_word(str(c))}" for c, n in (w.get("stock") or {}).items()
                      if n) or none
    placed = ", ".join(str(filled(ON_ACTION[str(c.get("colour"))],
                                  action=action_lower(str(c.get("action")))))
                       if str(c.get("colour")) in ON_ACTION else
                       f"{c.get('colour')} on {c.get('action')}" for c in w.get("board") or [])
    trains = ", ".join(str(TRAIN_FACE.get((str(t.get("type")), bool(t.get("face_up"))),
                                          str(t.get("type"))))
                       for t in p.get("trains") or []) or none
    left = tr("{buildings} and {rails} left, {logo} before the logo",
              buildings=trn("{n} building", "{n} buildings", int(p.get("buildings_left") or 0)),
              rails=trn("{n} rail", "{n} rails", int(p.get("rails_left") or 0)),
              logo=logo_pieces(p))
    if p.get("turns_left") is not None:
        left = tr("{pieces}; {turns}", pieces=left,
                  turns=trn("{n} turn left", "{n} turns left", int(p["turns_left"])))
    ms = []
    for m in p.get("milestones") or []:
        blanks = {"pile": m.get("pile"), "vp": m.get("vp"),
                  "conditions": ", ".join(progress(c) for c in m.get("conditions") or []),
                  "managers": sum(1 for x in m.get("managers") or [] if x),
                  "needed": len(m.get("managers_needed") or [])}
        ms.append(tr("{pile} {vp} VP ({conditions}; managers {managers} of {needed}; "
                     "conditions met)", **blanks) if m.get("conditions_met") else
                  tr("{pile} {vp} VP ({conditions}; managers {managers} of {needed})", **blanks))
    done = [tr("{pile} ({vp} VP)", pile=c.get("id"), vp=c.get("vp")) for c in p.get("completed")
            or []]
    return [
        trn("{player} ({pieces}): {vp} VP, ${money}, {n} share; {available} workers available "
            "(stock {stock}; placed {placed}); trains: {trains}; {left}.",
            "{player} ({pieces}): {vp} VP, ${money}, {n} shares; {available} workers available "
            "(stock {stock}; placed {placed}); trains: {trains}; {left}.",
            int(p.get("shares") or 0), player=name, pieces=piece_words(p.get("colour"), seat),
            vp=p.get("score", 0), money=str(p.get("money", 0)),
            available=w.get("available", 0), stock=stock, placed=placed or none, trains=trains,
            left=left),
        tr("{player}'s milestones: {milestones}. Completed: {done}.", player=name,
           milestones="; ".join(ms) or none, done=", ".join(done) or none),
        tr("{player}'s rails: {rails}; stations: {stations}; telegraph offices in sections "
           "{offices}; connected cities: {connected} ({level5} of level 5).", player=name,
           rails=where("rails"), stations=where("stations"),
           offices=", ".join(map(str, p.get("offices") or [])) or none,
           connected=where("connected"), level5=p.get("level5_connected", 0))]


def _joined(names: list[str]) -> str:
    """'Ann and Bob and Cleo'."""
    if len(names) <= 1:
        return "".join(names)
    return tr("{a} and {b}", a=names[0], b=_joined(names[1:]))


def text_lines(view: dict[str, Any]) -> list[str]:
    """The public view as plain text lines (screen readers, alt text), most important first."""
    names = seat_names(view)
    none = tr("none")
    lines = [tr("{title}: {when}.", title=view.get("title", "Railroad Revolution"),
                when=when_words(view))]
    if view.get("over"):
        winners = [names.get(int(s), "?") for s in view.get("winners") or []]
        lines.append(tr("Winners: {players}.", players=_joined(winners)) if len(winners) > 1
                     else tr("Winner: {player}.", player=_joined(winners)))
        lines += [tr("{player} final score: {parts}.", player=names.get(seat, "?"),
                     parts=", ".join(f"{label} {value:g}" for label, value in items))
                  for seat, items in enumerate(view.get("breakdown") or [])]
    elif view.get("prompt"):
        lines.append(tr("To act: {prompt}", prompt=view["prompt"]))
    pending, end = pending_words(view), end_words(view, names)
    lines += [tr("Action under way: {action}.", action=pending)] if pending else []
    lines += [tr("The {end}.", end=end)] if end else []
    board = view.get("board") or {}
    lines += rp.last_words(view, place_names(board), names)
    player_lines = [_player_lines(p, place_names(board)) for p in view.get("players") or []]
    lines += [pl[0] for pl in player_lines] + [pl[1] for pl in player_lines]
    for name, track in ordered_tracks(view):
        title, mult = track_words(name, track)
        at = ", ".join(tr("{player} step {step}", player=names.get(s, "?"), step=step)
                       for s, step in enumerate(track.get("markers") or []))
        lines.append(tr("{title} track ({times}): {markers}.", title=title, times=mult,
                        markers=at))
    market = view.get("market") or {}
    face = market.get("face_up") or {}
    sides = []
    for k in ("top", "bottom"):
        if not face.get(k):
            continue
        side, shares = face[k], int(face[k].get("shares") or 0)
        label = side.get("label")
        if side.get("money"):
            sides.append(trn("{side} for {n} share and ${money}: {reward}",
                             "{side} for {n} shares and ${money}: {reward}", shares,
                             side=SIDE[k], money=str(side["money"]), reward=label))
        else:
            sides.append(trn("{side} for {n} share: {reward}", "{side} for {n} shares: {reward}",
                             shares, side=SIDE[k], reward=label))
    lines.append(tr("Market tile: {sides}; {pile} in the pile, {discard} discarded.",
                    sides="; ".join(sides) or none, pile=market.get("pile", 0),
                    discard=market.get("discard", 0)))
    lines.append(tr("Train stacks: {stacks}.", stacks=", ".join(
        stack_count(str(k), v) for k, v in (view.get("train_stacks") or {}).items())))
    lines.append(tr("Milestone piles: {piles}.", piles=", ".join(
        f"{k} {v}" for k, v in (view.get("milestone_piles") or {}).items())))
    lines.append(tr("Worker supply: {supply}.", supply=", ".join(
        f"{colour_word(str(k))} {v}" for k, v in (view.get("supply") or {}).items())))
    lines += [pl[2] for pl in player_lines]
    for city in board.get("cities") or []:
        stations = ", ".join(tr("{player} (First Station)", player=holder_words(names, s))
                             if i == 0 and city.get("first_station") is not None else
                             holder_words(names, s)
                             for i, s in enumerate(city.get("stations") or []))
        blanks = {"city": city.get("name"), "level": city.get("level"),
                  "cost": str(city.get("cost")), "stations": stations or none,
                  "bonus": (city.get("first_station_bonus") or {}).get("label", "")}
        lines.append(tr("{city} (level {level}, ${cost}): stations {stations}.", **blanks)
                     if city.get("first_station") is not None else
                     tr("{city} (level {level}, ${cost}): stations {stations}; First Station "
                        "bonus: {bonus}.", **blanks))
    for sec in (board.get("telegraph") or {}).get("sections") or []:
        offices = ", ".join(tr("{player} (First Office)", player=holder_words(names, s))
                            if i == 0 and sec.get("first_office") is not None else
                            holder_words(names, s)
                            for i, s in enumerate(sec.get("offices") or []))
        tile = (sec.get("tile") or {}).get("label") or (tr("market") if sec.get("market")
                                                        else "—")
        lines.append(tr("Telegraph section {section} ({tile}): offices {offices}.",
                        section=sec.get("section"), tile=tile, offices=offices or none))
    return lines + [tr("Recent: {line}", line=line) for line in (view.get("recent") or [])[-3:]]
