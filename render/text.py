"""Boards as plain text: for screen readers, alt text, and people who prefer words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ALT_TEXT_LIMIT = 1000  # Discord allows 1024 characters of alt text


def _names(view: dict[str, Any]) -> dict[int, str]:
    return {p["seat"]: p["name"] for p in view.get("players", [])}


def _cubes(n: int) -> str:
    return f"{n} cube{'' if n == 1 else 's'}"


def _steel_driver(view: dict[str, Any]) -> list[str]:
    names = _names(view)
    # Companies by the short name the board prints (B&O), not their ids (bo).
    short = {c.get("id", c["name"]): c["name"] for c in view["companies"]}
    lines = [f"Steel Driver, round {view['round']} of {view['rounds']}, {view['phase']} phase."]
    if view.get("prompt"):
        lines.append(f"To act: {view['prompt']}")
    last = view.get("last_action") or {}
    ends = {str(link["id"]): f"{link['a']}–{link['b']}" for link in view.get("links", [])}
    marked = [ends.get(str(x), str(x)) for x in last.get("links") or []]
    marked += [c for c in last.get("cities") or [] if not any(c in e for e in marked)]
    if marked:  # first, so a cut alt text still says it
        who = names.get(last["seat"], "?") if isinstance(last.get("seat"), int) else "?"
        lines.append(f"Last move ({who}, ringed with dashes): {', '.join(marked)}.")
    auction = view.get("auction")
    if auction and auction.get("high_bidder") is not None:
        company = short.get(auction["company"], auction["company"])
        lines.append(f"Auction for {company}: {_cubes(auction['high_bid'])} by "
                     f"{names[auction['high_bidder']]}.")
    for c in view["companies"]:
        who = names.get(c["controller"], "nobody") if c["controller"] is not None else "nobody"
        holders = ", ".join(f"{names[s]} {n}" for s, n in enumerate(c["shares"]) if n)
        net = ", ".join(c["network"]) or "no track"
        line = (f"{c['name']}: {_cubes(c['cubes'])}, profit ${c['profit']}, controlled by {who}; "
                f"shares {holders or 'none'}; {c['rails_left']} rails left; reaches {net}.")
        if c["goods"]:
            line += " Goods: " + ", ".join(f"{n} {k}" for k, n in c["goods"].items()) + "."
        if c["final_value"] is not None:
            line += f" Final value ${c['final_value']} per share."
        lines.append(line)
    if view.get("order"):
        lines.append("Build order: " + ", ".join(short.get(c, c) for c in view["order"]) + ".")
    if view.get("pass_row"):
        lines.append("Passed: " + ", ".join(short.get(c, c) for c in view["pass_row"]) + ".")
    for p in view["players"]:
        lines.append(f"{p['name']}: {_cubes(p['cubes'])}, ${p['cash']}.")
    trans = view.get("transcontinental")
    if trans:
        lines.append("Transcontinental link built by "
                     + short.get(trans["builder"], trans["builder"]) + ".")
    return lines


def _generic(view: dict[str, Any]) -> list[str]:
    lines = [f"{view.get('title', view.get('game', 'Game'))}."]
    if view.get("prompt"):
        lines.append(f"To act: {view['prompt']}")
    lines += [f"Recent: {line}" for line in view.get("recent", [])[-3:]]
    return lines


def _trains(view: dict[str, Any]) -> list[str]:
    from render import trains

    return trains.text_lines(view)


def _switch_signal(view: dict[str, Any]) -> list[str]:
    from render import switch_signal

    return switch_signal.text_lines(view)


def _spike(view: dict[str, Any]) -> list[str]:
    from render import spike

    return spike.text_lines(view)


def _railroad_revolution(view: dict[str, Any]) -> list[str]:
    from render import railroad_revolution_text

    return railroad_revolution_text.text_lines(view)


_TEXT: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "steel-driver": _steel_driver,
    "trains": _trains,
    "switch-and-signal": _switch_signal,
    "spike": _spike,
    "railroad-revolution": _railroad_revolution,
}


def board_text(view: dict[str, Any]) -> str:
    """The public view as readable lines of text."""
    return "\n".join(_TEXT.get(str(view.get("game")), _generic)(view))


def alt_text(view: dict[str, Any]) -> str:
    """A short description of the board image for its alt text."""
    text = board_text(view).replace("\n", " ")
    return text if len(text) <= ALT_TEXT_LIMIT else text[: ALT_TEXT_LIMIT - 1] + "…"
