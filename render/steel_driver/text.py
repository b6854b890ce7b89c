"""The Steel Driver board in words: alt text and `/game board text:true`."""

from __future__ import annotations

from typing import Any

from rules.core.lang import number, term, tr, trn


def phase_name(phase: str) -> str:
    """The phase as the board's header names it."""
    return {"auction": tr("Auction"), "build": tr("Build"), "final": tr("Final scoring"),
            "over": tr("Game over")}.get(phase, phase.capitalize())


def money(amount: object) -> str:
    """"$40" ("40 $" in French)."""
    return tr("${amount}", amount=amount)


def score(value: Any) -> str:
    """A score as the language writes numbers ("1 250" in French; English as `:g` wrote it)."""
    n = float(value)
    return number(int(n)) if n.is_integer() and abs(n) < 1e6 else f"{n:g}"


def _names(view: dict[str, Any]) -> dict[int, str]:
    return {p["seat"]: p["name"] for p in view.get("players", [])}


def _cubes(n: int) -> str:
    return trn("{n} cube", "{n} cubes", n)


def _heading(view: dict[str, Any]) -> str:
    """"Steel Driver, round 2 of 5, build phase." (a sentence per phase: words alone such as
    "build" are said differently by other games' catalogues)."""
    n, rounds, phase = view["round"], view["rounds"], view["phase"]
    if phase == "auction":
        return tr("Steel Driver, round {round} of {rounds}, auction phase.", round=n,
                  rounds=rounds)
    if phase == "build":
        return tr("Steel Driver, round {round} of {rounds}, build phase.", round=n, rounds=rounds)
    if phase == "final":
        return tr("Steel Driver, round {round} of {rounds}, final phase.", round=n, rounds=rounds)
    if phase == "over":
        return tr("Steel Driver, round {round} of {rounds}, over phase.", round=n, rounds=rounds)
    return tr("Steel Driver, round {round} of {rounds}, {phase} phase.", round=n, rounds=rounds,
              phase=phase)


def _company_line(c: dict[str, Any], names: dict[int, str]) -> str:
    """One company: cubes, profit, controller, shares, rails, reach; goods and final value."""
    nobody = tr("nobody")
    who = names.get(c["controller"], nobody) if c["controller"] is not None else nobody
    holders = ", ".join(f"{names[s]} {n}" for s, n in enumerate(c["shares"]) if n)
    net = ", ".join(c["network"]) or tr("no track")
    line = tr("{company}: {cubes}, profit ${profit}, controlled by {player}; shares {holders}; "
              "{rails} rails left; reaches {cities}.", company=c["name"], cubes=_cubes(c["cubes"]),
              profit=c["profit"], player=who, holders=holders or tr("none"), rails=c["rails_left"],
              cities=net)
    if c["goods"]:
        line += " " + tr("Goods: {goods}.", goods=", ".join(
            tr("{n} {colour}", n=n, colour=term(k)) for k, n in c["goods"].items()))
    if c["final_value"] is not None:
        line += " " + tr("Final value ${amount} per share.", amount=c["final_value"])
    return line


def text_lines(view: dict[str, Any]) -> list[str]:
    """The Steel Driver board as readable lines of text."""
    names = _names(view)
    # Companies by the short name the board prints (B&O), not their ids (bo).
    short = {c.get("id", c["name"]): c["name"] for c in view["companies"]}
    lines = [_heading(view)]
    if view.get("prompt"):
        lines.append(tr("To act: {prompt}", prompt=view["prompt"]))
    last = view.get("last_action") or {}
    ends = {str(link["id"]): f"{link['a']}–{link['b']}" for link in view.get("links", [])}
    marked = [ends.get(str(x), str(x)) for x in last.get("links") or []]
    marked += [c for c in last.get("cities") or [] if not any(c in e for e in marked)]
    if marked:  # first, so a cut alt text still says it
        who = names.get(last["seat"], "?") if isinstance(last.get("seat"), int) else "?"
        lines.append(tr("Last move ({player}, ringed with dashes): {places}.", player=who,
                        places=", ".join(marked)))
    auction = view.get("auction")
    if auction and auction.get("high_bidder") is not None:
        company = short.get(auction["company"], auction["company"])
        lines.append(tr("Auction for {company}: {cubes} by {player}.", company=company,
                        cubes=_cubes(auction["high_bid"]), player=names[auction["high_bidder"]]))
    for c in view["companies"]:
        lines.append(_company_line(c, names))
    if view.get("order"):
        lines.append(tr("Build order: {companies}.",
                        companies=", ".join(short.get(c, c) for c in view["order"])))
    if view.get("pass_row"):
        lines.append(tr("Passed: {companies}.",
                        companies=", ".join(short.get(c, c) for c in view["pass_row"])))
    for p in view["players"]:
        lines.append(tr("{player}: {cubes}, ${cash}.", player=p["name"], cubes=_cubes(p["cubes"]),
                        cash=p["cash"]))
    trans = view.get("transcontinental")
    if trans:
        lines.append(tr("Transcontinental link built by {company}.",
                        company=short.get(trans["builder"], trans["builder"])))
    return lines
