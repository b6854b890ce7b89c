"""Spike's small words for the pictures and their text: money, cities, route cards, scores."""

from __future__ import annotations

from typing import Any

from rules.core.lang import tr, trn

__all__ = ["breakdown_text", "cities", "money", "route_text", "seat_names"]


def seat_names(view: dict[str, Any]) -> dict[int, str]:
    """Seat number to player name."""
    return {int(p["seat"]): str(p.get("name", "?")) for p in view.get("players") or []}


def money(value: object) -> str:
    """"$12", "−$6"."""
    n = int(float(str(value or 0)))
    return "−" + tr("${amount}", amount=-n) if n < 0 else tr("${amount}", amount=n)


def cities(count: object) -> str:
    """"1 city", "3 cities"."""
    n = count if isinstance(count, int) else 0
    return trn("{n} city", "{n} cities", n)


def route_text(card: dict[str, Any], bonus: object) -> str:
    """A revealed route card and what it scored."""
    listed = " · ".join(f"{c} {v}" for c, v in card.get("cities") or [])
    return tr("Route card {city}: {cities} → {amount}", city=card.get("top", "?"),
              cities=listed, amount=money(bonus))


def _part(i: int, sign: str, amount: str) -> str:
    """One part of the score in a word, with its sign and amount (each a whole phrase)."""
    return [tr("{sign} goods {amount}", sign=sign, amount=amount),
            tr("{sign} contracts {amount}", sign=sign, amount=amount),
            tr("{sign} upgrades {amount}", sign=sign, amount=amount),
            tr("{sign} route {amount}", sign=sign, amount=amount)][i]


def breakdown_text(items: list[Any]) -> str:
    """ "goods $18 + contracts $9 − upgrades $3 + route $2"."""
    amounts = [(str(label), int(float(value or 0))) for label, value in items]
    text = " ".join(
        _part(i, "−" if n < 0 else "+", money(abs(n))) if len(amounts) == 4 else
        tr("{sign} {part} {amount}", sign="−" if n < 0 else "+", part=label.lower(),
           amount=money(abs(n))) for i, (label, n) in enumerate(amounts))
    return text[2:] if text.startswith("+ ") else text
