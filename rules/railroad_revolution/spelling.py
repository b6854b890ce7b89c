"""How actions may be typed (names from the board, codes, French words) and the prompts."""

from __future__ import annotations

from rules.core.lang import msg, tr, trn
from rules.railroad_revolution.base import Frame
from rules.railroad_revolution.lexicon import ACTION, THE_SIDE, WORKER, cash
from rules.railroad_revolution.names import (
    milestone_name,
    route_name,
    route_words,
    space_forms,
    space_name,
)
from rules.railroad_revolution.words import FRENCH, Words

PROMPTS = {
    "setup": msg("choose a setup tile (its bonus and its worker)"),
    "place": msg("place a worker from your stock on Station, Railroad, Telegraph or Trade"),
    "trackdiscard": msg("discard a worker to move up that track, or cancel"),
    "take": msg("take a train tile from one of the four stacks"),
    "gain": msg("choose the worker you gain"),
    "discard": msg("discard a worker for the telegraph tile bonus, or cancel"),
    "hire": msg("hire a worker of your choice for $800, or cancel"),
    "pick": msg("keep one of the milestone tiles you drew"),
}


class Spellings(Words):
    """Accepted spellings of each legal action, and the one-line prompt."""

    def spellings(self, seat: int) -> list[tuple[str, str]]:
        """Canonical actions plus names as the board shows them, codes and French words."""
        out: list[tuple[str, str]] = []
        data = self.data
        for action in self.legal(seat):
            words = action.split(" ")
            verb, arg = words[0], " ".join(words[1:])
            if verb not in ("build", "rail", "route"):
                # Rails, stations and routes get their board names first, so the closest
                # spellings suggested for a near miss read "Charlotte–Miami 1"; the canonical
                # text stays accepted through an equal form ("rail cha mia 1").
                out.append((action, action))
            if len(words) == 2 and words[0] in FRENCH and words[1] in FRENCH:
                out.append((f"place {words[1]} on {words[0]}", action))
                out.append((f"{words[1]} {words[0]}", action))
                out.append((f"{FRENCH[words[0]]} {FRENCH[words[1]]}", action))
            if verb == "build" and arg in data.cities:
                c = data.cities[arg]
                out += [(f"build {c.name}", action), (c.name, action), (f"build {c.code}", action),
                        (f"station {c.name}", action), (f"build {c.id}", action)]
            elif verb == "rail" and arg in data.spaces:
                name = space_name(data, arg)
                out += [(name, action), (f"rail {name}", action)]
                for form in space_forms(data, arg):
                    out += [(f"rail {form}", action), (form, action)]
            elif verb == "route":
                name = route_name(data, arg)
                out += [(name, action), (f"route {name}", action)]
                out += [(f"route {form}", action) for form, rid in route_words().items()
                        if rid == arg]
                out += [(form, action) for form, rid in route_words().items() if rid == arg]
            elif verb == "office":
                out += [(f"section {arg}", action), (f"office in section {arg}", action),
                        (f"telegraph {arg}", action)]
            elif verb == "keep" and arg in data.milestones:
                m = self.milestone(arg)
                out += [(f"keep {m.pile} {m.vp}", action), (f"keep {milestone_name(m)}", action)]
            elif verb == "promote" and "to" in words:
                m = self.milestone(words[-1])
                out += [(f"promote {words[2]} to {m.pile}", action),
                        (f"promote {words[1]} {words[2]} to {m.pile}", action)]
            elif verb == "accept":
                out.append((f"{arg} market", action))
            if "grey" in words:
                out.append((action.replace("grey", "gray"), action))
        return out

    def prompt(self, seat: int) -> str:
        """What the seat must decide now (safe to show everyone)."""
        f = self.top()
        if f is None or seat not in self.to_act():
            return ""
        return tr("{player}: {decision}.", player=self.who(seat), decision=self.describe(f))

    def describe(self, f: Frame) -> str:
        """A short description of a decision."""
        kind = f["kind"]
        if kind in PROMPTS:
            return str(PROMPTS[kind])
        if kind == "hub":
            return self.describe_hub(f)
        if kind == "rail":
            if f["per"]:
                return tr("place a rail (${base} + ${per} per ▲) on a numbered space linked to "
                          "your network", base=cash(f["base"]), per=cash(f["per"]))
            if f["base"]:
                return tr("place a rail (${base}) on a numbered space linked to your network",
                          base=cash(f["base"]))
            return tr("place a rail (free) on a numbered space linked to your network")
        if kind == "city":
            return tr("put a building in a city (no cost, no reward), or skip")
        if kind == "office":
            return tr("put a building in a telegraph section (no shares), or skip")
        if kind == "advance":
            return trn("advance up to {n} more step on the performance tracks, or done",
                       "advance up to {n} more steps on the performance tracks, or done",
                       f["left"])
        if kind == "promote":
            return trn("promote up to {n} worker to milestone manager, or done",
                       "promote up to {n} workers to milestone manager, or done", f["left"])
        if kind == "flip":
            return trn("flip one of your trains ({n} flip left)",
                       "flip one of your trains ({n} flips left)", f["left"])
        if kind == "exchange":
            if f["give"] is None:
                return tr("choose one of your workers to exchange, or skip")
            return tr("choose the worker that replaces your {worker}",
                      worker=WORKER[f["give"][1]])
        if kind == "market":
            return self.describe_market(f)
        return tr("decide")

    def describe_market(self, f: Frame) -> str:
        """The market decision: which markets, and the one that gives a worker back."""
        back = self.giving_back(f["seat"]) if f["active"] else []
        if back and not f["private"]:  # below 4 workers until a market gives one back
            return tr("accept {market}, which gives back the worker you need to end your turn "
                      "with {least} — {markets}",
                      market=THE_SIDE[back[0]] if len(back) == 1 else
                      msg("the top or bottom market"),
                      least=cash(self.k("min_available_workers")), markets=self.market_text())
        if f["private"]:
            return tr("accept one market alone (grey), or pass — {markets}",
                      markets=self.market_text())
        if f["active"]:
            return tr("accept the top and/or bottom market, or pass — {markets}",
                      markets=self.market_text())
        return tr("accept the top or bottom market, or pass — {markets}",
                  markets=self.market_text())

    def describe_hub(self, f: Frame) -> str:
        """The action in progress: what is left to do."""
        action = f["action"]
        if f["main"]:
            return tr("{action} ({worker}): take the extras you want, then done",
                      action=ACTION[action], worker=WORKER[f["worker"]])
        if action == "station":
            return tr("Station: build a station in a city your rails reach")
        if action == "railroad":
            base, per = self.rail_prices(f["discount"])
            base = 0 if f["placed"] else base
            if base:
                return tr("Railroad: place rail {k} of {need} (${base} + ${per} per ▲) on a "
                          "numbered space linked to your network", k=len(f["placed"]) + 1,
                          need=f["need"], base=cash(base), per=cash(per))
            return tr("Railroad: place rail {k} of {need} (${per} per ▲) on a numbered space "
                      "linked to your network", k=len(f["placed"]) + 1, need=f["need"],
                      per=cash(per))
        if action == "telegraph":
            return tr("Telegraph: build an office in a section (1–8)")
        return tr("Trade: sell a piece from your leftmost section (you may flip a train first)")
