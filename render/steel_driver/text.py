"""The Steel Driver board in words: alt text and `/game board text:true`."""

from __future__ import annotations

from typing import Any


def _names(view: dict[str, Any]) -> dict[int, str]:
    return {p["seat"]: p["name"] for p in view.get("players", [])}


def _cubes(n: int) -> str:
    return f"{n} cube{'' if n == 1 else 's'}"


def text_lines(view: dict[str, Any]) -> list[str]:
    """The Steel Driver board as readable lines of text."""
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
