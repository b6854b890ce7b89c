"""Who is winning, in the game's own measure, and warnings that survive a label's clipping.

A standing is public: every game works it out from what the whole table can see, never from a
hand, a deck or a secret card, so it may go on every status line and every turn card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.choices import LABEL_LIMIT, clip_label
from rules.core.lang import and_list, tr

WARNING_MARK = "⚠"


@dataclass(frozen=True)
class Standing:
    """Where the game stands and who leads, from public information only.

    `values` rank the seats (higher leads) in the game's own measure, or its best estimate of
    the final score (Steel Driver: cash plus what the shares would pay now); `lines` say each
    seat's numbers in words; `table` is a cooperative game's whole-table line.
    """

    where: str  # "round 2 of 5, auction": what the header's numbers are
    measure: str  # what `values` count: "VP", "$ (cash + shares now)"
    values: tuple[float, ...]
    lines: tuple[str, ...]
    table: str = ""
    cooperative: bool = False
    ties: tuple[float, ...] = ()  # the rulebook's tie-break per seat, when it has one
    unit: str = ""  # "$" or "VP" when `measure` does not start with it

    def key(self, seat: int) -> tuple[float, float]:
        """What ranks a seat: its value, then the tie-break."""
        return self.values[seat], self.ties[seat] if self.ties else 0.0

    def leaders(self) -> list[int]:
        """Seats ranked first, tie-break included (none in a cooperative game)."""
        if self.cooperative or not self.values:
            return []
        best = max(self.key(s) for s in range(len(self.values)))
        return [s for s in range(len(self.values)) if self.key(s) == best]

    def order(self) -> list[int]:
        """Seats from the leader down (seat order among equals)."""
        return sorted(range(len(self.values)), key=lambda s: (*(-k for k in self.key(s)), s))

    def ranks(self) -> list[int]:
        """Each seat's place, 1 for the leaders; equal seats share a place."""
        keys = [self.key(s) for s in range(len(self.values))]
        return [1 + sum(1 for other in keys if other > mine) for mine in keys]

    def lead_words(self, names: Sequence[str], seat: int | None = None) -> str:
        """"Bob leads by 70 VP" / "you lead by $40" / "Ann and Bob lead" (empty if cooperative)."""
        leaders = self.leaders()
        if not leaders or len(leaders) == len(self.values) > 1:
            return "" if not leaders else tr("all level")
        if len(leaders) > 1:
            return tr("{players} lead", players=and_list(
                [tr("you") if s == seat else names[s] for s in leaders]))
        rest = [v for s, v in enumerate(self.values) if s not in leaders]
        gap = self.values[leaders[0]] - max(rest) if rest else None
        by = amount(gap, self.unit or self.measure) if gap else ""
        if leaders == [seat]:
            return (tr("you lead") if gap is None else tr("you lead by {gap}", gap=by) if gap
                    else tr("you lead on the tie-break"))
        who = names[leaders[0]]
        return (tr("{player} leads", player=who) if gap is None
                else tr("{player} leads by {gap}", player=who, gap=by) if gap
                else tr("{player} leads on the tie-break", player=who))

    def to_dict(self, names: Sequence[str] = ()) -> dict[str, Any]:
        """JSON-ready form for a view (the renderer reads it from there), with who leads in
        words when the players' names are given."""
        return {"where": self.where, "measure": self.measure, "values": list(self.values),
                "lead": self.lead_words(names) if names else "",
                "lines": list(self.lines), "table": self.table,
                "cooperative": self.cooperative, "leaders": self.leaders(),
                "order": [] if self.cooperative else self.order(),
                "ranks": [] if self.cooperative else self.ranks()}


def amount(value: float, measure: str) -> str:
    """`$40` for a measure in dollars, `70 VP` for one in points."""
    n: float = int(value) if float(value).is_integer() else value
    if measure.startswith("$"):
        return tr("${amount}", amount=n)
    return tr("{amount} {unit}", amount=n, unit=measure.split()[0])


def by_score(scores: Sequence[float], measure: str = "points", where: str = "") -> Standing:
    """The default standing: a game's `scores()`, as they are now."""
    values = tuple(float(v) for v in scores)
    return Standing(where, measure, values, tuple(amount(v, measure) for v in values))


def warned(label: str, *warnings: str) -> str:
    """A label with its warnings at the end, where clipping never reaches: the label's own
    words are cut instead (a menu shows at most LABEL_LIMIT characters)."""
    said = "; ".join(w for w in warnings if w)
    if not said:
        return label
    tail = f" {WARNING_MARK} {said}"
    room = LABEL_LIMIT - len(tail)
    if room < 20:  # a warning that long keeps only its start: the label must still be read
        tail = clip_label(tail, LABEL_LIMIT - 20)  # whole warnings, never half a word
        room = 20
    return clip_label(label, room) + tail
