"""The Railroad Revolution board's phrases, shared by the picture and its text description."""

from __future__ import annotations

from typing import Any

from render.railroad_revolution.panels import ACTIONS


def holder_words(names: dict[int, str], holder: Any) -> str:
    """A seat's name, or "neutral"."""
    return names.get(int(holder), "?") if isinstance(holder, int) else str(holder)


def when_words(view: dict[str, Any]) -> str:
    """"Round 9, turn 26 (action)", "Setup", "Game over"."""
    stage = str(view.get("stage", ""))
    if view.get("over"):
        return "Game over"
    if stage.startswith("setup"):
        return "Setup" + (" (market)" if stage == "setup-market" else "")
    return f"Round {view.get('round', '?')}, turn {int(view.get('turn', 0)) + 1} ({stage})"


def pending_words(view: dict[str, Any]) -> str:
    """The worker action under way: "Telegraph with a purple worker (main action)"."""
    p = view.get("pending") or {}
    if p.get("kind") != "hub":
        return ""  # any other decision is spelt out by the prompt
    return (f"{ACTIONS.get(str(p.get('action')), p.get('action'))} with a {p.get('worker')} "
            f"worker ({'main action' if p.get('main') else 'extras'})")


def end_words(view: dict[str, Any], names: dict[int, str]) -> str:
    """Who triggered the end and when the last turn is."""
    end = view.get("end") or {}
    return (f"end triggered by {holder_words(names, end.get('seat'))} on turn "
            f"{int(end.get('turn', 0)) + 1}, last turn {int(end.get('last_turn', 0)) + 1}"
            if end else "")


def breakdown_words(items: list[Any]) -> str:
    """A score breakdown in few words, zeros left out: "trains 8, milestones 10, links 13"."""
    out = []
    for label, value in items:
        name = str(label).split(" (")[0].replace("Face-up ", "").replace(" track", "")
        if value:
            out.append(f"{name.replace('Telegraph connections', 'links').lower()} {value:g}")
    return ", ".join(out) or "nothing scored"


def ordered_tracks(view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The performance tracks left to right as on the board."""
    tracks = (view.get("board") or {}).get("performance_tracks") or {}
    rank = {"left": 0, "middle": 1, "right": 2}
    return sorted(((str(k), v) for k, v in tracks.items()),
                  key=lambda kv: (rank.get(str(kv[1].get("position")), 3), kv[0]))


def track_words(name: str, track: dict[str, Any]) -> tuple[str, str]:
    """A performance track's title and what its VP multiply: ("Network", "× level-5 cities")."""
    mult = str(track.get("multiplier", ""))
    for old, new in (("telegraph ", ""), (" built", ""), ("distinct ", ""), (" connected", "")):
        mult = mult.replace(old, new)
    return name.replace("_", " ").title(), f"× {mult}" if mult else ""


def cost_words(cost: dict[str, Any]) -> str:
    """The price of entering a track step: "$50", "−1sh" (shares), "−1wk" (workers)."""
    out = []
    for key, value in sorted(cost.items()):
        if key == "pay":
            out.append(f"${int(value) // 1000}k" if int(value) >= 1000 else f"${value}")
        else:
            unit = {"discard_shares": "sh", "discard_workers": "wk"}.get(key, " " + key)
            out.append(f"−{value}{unit}")
    return " ".join(out)
