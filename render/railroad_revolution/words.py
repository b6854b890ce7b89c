"""The Railroad Revolution board's phrases, shared by the picture and its text description."""

from __future__ import annotations

from typing import Any

from render.railroad_revolution.said import action_word
from rules.core.lang import Msg, msg, tr


def holder_words(names: dict[int, str], holder: Any) -> str:
    """A seat's name, or "neutral"."""
    if isinstance(holder, int):
        return names.get(int(holder), "?")
    return tr("neutral") if holder == "neutral" else str(holder)


_STAGES = {"action": msg("action"), "market": msg("market"), "milestones": msg("milestones")}


def when_words(view: dict[str, Any]) -> str:
    """"Round 9, turn 26 (action)", "Setup", "Game over"."""
    stage = str(view.get("stage", ""))
    if view.get("over"):
        return tr("Game over")
    if stage.startswith("setup"):
        return tr("Setup (market)") if stage == "setup-market" else tr("Setup")
    return tr("Round {round}, turn {turn} ({stage})", round=view.get("round", "?"),
              turn=int(view.get("turn", 0)) + 1, stage=_STAGES.get(stage, stage))


def pending_words(view: dict[str, Any]) -> str:
    """The worker action under way: "Telegraph with a purple worker (main action)"."""
    p = view.get("pending") or {}
    if p.get("kind") != "hub":
        return ""  # any other decision is spelt out by the prompt
    action, colour = action_word(str(p.get("action"))), str(p.get("worker"))
    phrase = _WITH.get((colour, bool(p.get("main"))))
    if phrase is not None:
        return str(Msg(phrase.text, (("action", action),)))
    return f"{action} with a {colour} worker ({'main action' if p.get('main') else 'extras'})"


# The worker under way, whole phrases by colour ("a orange worker": as it always read).
_WITH = {("white", True): msg("{action} with a white worker (main action)"),
         ("white", False): msg("{action} with a white worker (extras)"),
         ("purple", True): msg("{action} with a purple worker (main action)"),
         ("purple", False): msg("{action} with a purple worker (extras)"),
         ("orange", True): msg("{action} with a orange worker (main action)"),
         ("orange", False): msg("{action} with a orange worker (extras)"),
         ("grey", True): msg("{action} with a grey worker (main action)"),
         ("grey", False): msg("{action} with a grey worker (extras)"),
         ("turquoise", True): msg("{action} with a turquoise worker (main action)"),
         ("turquoise", False): msg("{action} with a turquoise worker (extras)")}


def end_words(view: dict[str, Any], names: dict[int, str]) -> str:
    """Who triggered the end and when the last turn is."""
    end = view.get("end") or {}
    return tr("end triggered by {player} on turn {turn}, last turn {last}",
              player=holder_words(names, end.get("seat")), turn=int(end.get("turn", 0)) + 1,
              last=int(end.get("last_turn", 0)) + 1) if end else ""


# The score breakdown's parts, in the order `rules.railroad_revolution.scoring` gives them.
_PARTS = (msg("trains"), msg("milestones"), msg("telegraph"), msg("stations"), msg("network"),
          msg("links"))


def breakdown_words(items: list[Any]) -> str:
    """A score breakdown in few words, zeros left out: "trains 8, milestones 10, links 13"."""
    out = []
    for i, (label, value) in enumerate(items):
        if len(items) == len(_PARTS):
            name = str(_PARTS[i])
        else:
            name = str(label).split(" (")[0].replace("Face-up ", "").replace(" track", "")
            name = name.replace("Telegraph connections", "links").lower()
        if value:
            out.append(f"{name} {value:g}")
    return ", ".join(out) or tr("nothing scored")


def ordered_tracks(view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The performance tracks left to right as on the board."""
    tracks = (view.get("board") or {}).get("performance_tracks") or {}
    rank = {"left": 0, "middle": 1, "right": 2}
    return sorted(((str(k), v) for k, v in tracks.items()),
                  key=lambda kv: (rank.get(str(kv[1].get("position")), 3), kv[0]))


_TRACKS = {"telegraph": msg("Telegraph"), "stations": msg("Stations"), "network": msg("Network")}
_TIMES = {"offices": msg("× offices"), "stations": msg("× stations"),
          "level-5 cities": msg("× level-5 cities")}


def track_words(name: str, track: dict[str, Any]) -> tuple[str, str]:
    """A performance track's title and what its VP multiply: ("Network", "× level-5 cities")."""
    mult = str(track.get("multiplier", ""))
    for old, new in (("telegraph ", ""), (" built", ""), ("distinct ", ""), (" connected", "")):
        mult = mult.replace(old, new)
    title = str(_TRACKS[name]) if name in _TRACKS else name.replace("_", " ").title()
    return title, (str(_TIMES[mult]) if mult in _TIMES else f"× {mult}") if mult else ""


def cost_words(cost: dict[str, Any]) -> str:
    """The price of entering a track step: "$50", "−1sh" (shares), "−1wk" (workers)."""
    out = []
    for key, value in sorted(cost.items()):
        if key == "pay":
            out.append(tr("${k}k", k=int(value) // 1000) if int(value) >= 1000 else
                       tr("${money}", money=str(value)))
        elif key == "discard_shares":
            out.append(tr("−{n}sh", n=value))
        elif key == "discard_workers":
            out.append(tr("−{n}wk", n=value))
        else:
            out.append(f"−{value} {key}")
    return " ".join(out)
