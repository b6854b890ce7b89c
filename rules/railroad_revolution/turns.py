"""'Préparation Initiale', the order of turns and 'Fin du jeu et Décompte' (when the game ends).

A turn: the action (a hub of tasks), then the market if one was built on, then milestones of
every player are checked. When a player empties the sections left of their company logo, the
round is finished and every player plays one last turn.
"""

from __future__ import annotations

from typing import Any

from rules.core.lang import Msg, msg, word
from rules.core.rng import Rng
from rules.railroad_revolution.base import Frame
from rules.railroad_revolution.data import ACTIONS, COLOURS, PILES, SPECIALISTS, STACKS
from rules.railroad_revolution.lexicon import A_WORKER, SETUP_KEY, commas, listed, semicolons
from rules.railroad_revolution.milestones import Milestones

PLAYER_COLOURS = ("yellow", "red", "black", "blue")


class Turns(Milestones):
    """Set-up, the flow of stages and the end of the game."""

    # -- 'Préparation Initiale' ----------------------------------------------------------------
    def build_state(self, rng: Rng, hard: bool, whole: bool) -> list[Msg | str]:
        """Deal everything random and fill `self.state`; return the opening lines."""
        data, n = self.data, self.n()
        per = data.components["per_player_setup"]
        counts = data.player_counts[n]
        first = rng.below(n)
        # 10. Villes: a random tile of the matching number on every numbered city space.
        city_tiles: dict[str, str] = {}
        for level in sorted({t.level for t in data.city_tiles.values()}):
            tiles = [t for t in data.city_tiles if data.city_tiles[t].level == level]
            rng.shuffle(tiles)
            spaces = [c.id for c in data.cities.values() if c.printed is None and c.level == level]
            city_tiles.update(zip(spaces, tiles))
        # 11. Télégraphe: a random tile on each section without a market icon.
        tele = list(data.telegraph_tiles)
        rng.shuffle(tele)
        tile_sections = [s for s in data.sections.values() if s.has_tile]
        telegraph_tiles = {str(s.number): t for s, t in zip(tile_sections, tele)}
        # 7. Étapes: five shuffled piles; one A1 and one A2 per player.
        piles: dict[str, list[str]] = {}
        for pile in PILES:
            ids = [m for m in data.milestones if data.milestones[m].pile == pile]
            rng.shuffle(ids)
            piles[pile] = ids
        # 9. Marchés: shuffled face down, the top one face up.
        market = list(data.markets)
        rng.shuffle(market)
        # 6. Trains: four face-up stacks of 5 / 4 / 3 trains.
        stacks = {s: [t for t in data.trains if data.trains[t].stack == s][:data.per_stack[n]]
                  for s in STACKS}
        starters = [t for t in data.trains if data.trains[t].type == "promote"]
        # 12. Tuiles Mise en place: as many as players, random faces, one specialist each.
        setup_ids = list(data.setup_tiles)
        rng.shuffle(setup_ids)
        workers = list(SPECIALISTS)
        rng.shuffle(workers)
        offer = [{"tile": tid, "key": data.setup_tiles[tid][rng.below(2)].key,
                  "worker": workers[i]} for i, tid in enumerate(setup_ids[:counts["setup_tiles"]])]
        stations: dict[str, list[int]] = {c: [] for c in data.cities}
        for c in counts["blocked_first_station"]:
            stations[c] = [-1]
        offices: dict[str, list[int]] = {str(s): [] for s in data.sections}
        for s in counts["blocked_first_office"]:
            offices[str(s)] = [-1]
        players: list[dict[str, Any]] = []
        for seat in range(n):
            players.append({
                "colour": PLAYER_COLOURS[seat], "money": int(per["money"]),
                "shares": int(per["shares"]),
                "stock": {c: (int(per["white_workers"]) if c == "white" else 0) for c in COLOURS},
                "board": [],
                "milestones": [{"id": piles[x].pop(0), "managers": [None]} for x in ("A1", "A2")],
                "completed": [], "trains": [{"id": starters[seat], "up": True}],
                "tracks": {"telegraph": 0, "stations": 0, "network": 0},
                "sections": [[b, r] for _, b, r, _ in data.board_sections],
                "rails": [data.start_space], "stations": [], "offices": [],
                "setup_rail": True, "setup_building": True,
            })
        for seat in range(n):
            for entry in players[seat]["milestones"]:
                entry["managers"] = [None] * len(data.milestones[entry["id"]].managers)
        for pile in ("A1", "A2"):
            piles[pile] = []  # the rest of the A tiles go back to the box
        self.state = {
            "hard_costs": hard, "whole_pile": whole, "first": first, "stage": "setup",
            "turn": -1, "current": first,
            "setup_order": [(first - 1 - i) % n for i in range(n)], "setup_offer": offer,
            "stack": [], "market_flag": False, "market_open": False,
            "market": {"up": market[0], "pile": market[1:], "discard": []},
            "city_tiles": city_tiles, "telegraph_tiles": telegraph_tiles,
            "stations": stations, "offices": offices, "train_stacks": stacks,
            "milestone_piles": piles,
            "supply": {c: (0 if c == "white" else int(data.components["workers"][c]))
                       for c in COLOURS},
            "players": players, "end": None, "milestone_queue": [],
        }
        offered = semicolons([msg("{tile} with {worker}", tile=SETUP_KEY[o["key"]],
                                  worker=A_WORKER[o["worker"]]) for o in offer])
        lines: list[Msg | str] = [
            msg("Railroad Revolution for {n} players. {player} is the first player.", n=n,
                player=self.who(first)),
            msg("Setup tiles offered: {tiles}.", tiles=offered),
            msg("The face-up market tile — {market}.", market=self.market_text())]
        if counts["blocked_first_station"] or counts["blocked_first_office"]:
            lines.append(msg("Neutral buildings block the First Station of {cities} and the "
                             "First Office of sections {sections}.",
                             cities=commas([data.cities[c].name
                                            for c in counts["blocked_first_station"]]),
                             sections=commas([str(s) for s in counts["blocked_first_office"]])))
        return lines

    def _opt_setup(self, f: Frame) -> list[str]:
        return [f"choose {o['key']}" for o in self.state["setup_offer"]]

    def _do_setup(self, f: Frame, action: str) -> None:
        key, seat = action.removeprefix("choose "), f["seat"]
        self.pop()
        offer = next(o for o in self.state["setup_offer"] if o["key"] == key)
        self.state["setup_offer"].remove(offer)
        self.gain_worker(seat, offer["worker"])
        _, face = self.data.setup_face(key)
        self.say(msg("{player} takes the setup tile '{reward}' and {worker}.",
                     player=self.who(seat), reward=word(face.reward.label),
                     worker=A_WORKER[offer["worker"]]))
        self.run(seat, face.reward.effects)

    # -- the flow of stages --------------------------------------------------------------------
    def flow(self) -> None:
        """Run every automatic step until a player must decide (or the game is over)."""
        while True:
            self.check_end_trigger()
            f = self.top()
            if f is None:
                if not self.next_stage():
                    return
                continue
            if f["kind"] == "queue":
                self.step_queue(f)
                continue
            if not self.core_options(f):
                self.pop()
                if f["kind"] == "hub" and not f["main"]:
                    self.say(msg("{player} cannot finish the action.",
                                 player=self.who(f["seat"])))
                continue
            return

    def core_options(self, f: Frame) -> list[str]:
        """The frame's own options (without selling shares or hiring)."""
        options: list[str] = getattr(self, f"_opt_{f['kind']}")(f)
        return options

    def next_stage(self) -> bool:
        """Move on when no decision is pending; False once the game is over."""
        s = self.state
        stage = s["stage"]
        if stage == "setup":
            if s["market_flag"]:
                s["stage"] = "setup-market"
                self.start_market(s["current"])
            elif s["setup_order"]:
                s["current"] = s["setup_order"].pop(0)
                self.push({"kind": "setup", "seat": s["current"]})
            else:
                for p in s["players"]:  # unused setup pieces go back to the box
                    p["setup_rail"] = p["setup_building"] = False
                self.start_turn(0)
        elif stage == "setup-market":
            self.finish_market()
            s["stage"] = "setup"
        elif stage == "action":
            s["stage"] = "market"
            s["market_open"] = bool(s["market_flag"]) and s["market"]["up"] is not None
            if s["market_flag"]:
                self.start_market(s["current"])
        elif stage == "market":
            if s["market_open"]:
                self.finish_market()
                s["market_open"] = False
            s["stage"] = "milestones"
            self.queue_completions(s["current"])
        elif stage == "milestones":
            last = self.is_last_turn()
            if self.next_completion(replace=not last):
                return True
            if last:
                s["stage"] = "over"
                self.final_lines()
                return False
            self.start_turn(s["turn"] + 1)
        else:
            return False
        return True

    def start_turn(self, t: int) -> None:
        """'Déroulement du Jeu': the next player takes a turn."""
        s = self.state
        seat = (s["first"] + t) % self.n()
        s.update(turn=t, current=seat, stage="action")
        p = self.p(seat)
        if not any(p["stock"].values()) and p["board"]:
            for _, colour in p["board"]:
                p["stock"][colour] += 1
            p["board"] = []
            self.say(msg("{player} takes every worker back from the player board.",
                         player=self.who(seat)))
        self.push({"kind": "place", "seat": seat})

    def is_last_turn(self) -> bool:
        """True at the end of the game's very last turn."""
        end = self.state["end"]
        return end is not None and self.state["turn"] >= end["last_turn"]

    def check_end_trigger(self) -> None:
        """'Fin du jeu': a player emptied the left of the logo; finish the round, then one more."""
        s = self.state
        if s["end"] is not None or s["stage"] in ("setup", "setup-market"):
            return
        for seat in range(self.n()):
            if self.left_of_logo_empty(seat):
                t, n = max(0, s["turn"]), self.n()
                s["end"] = {"seat": seat, "turn": t, "last_turn": (t // n + 2) * n - 1}
                self.say(msg("{player} has emptied the sections left of the company logo: the "
                             "round is finished, then everyone plays one last turn.",
                             player=self.who(seat)))
                return

    def final_lines(self) -> None:
        """'Décompte': scores and winners."""
        scores = self.scores()
        for seat in range(self.n()):
            self.say(msg("{player}: {vp} VP.", player=self.who(seat), vp=int(scores[seat])))
        names: list[Msg | str] = [self.who(w) for w in self.winners()]
        if len(names) == 1:
            self.say(msg("Game over. {player} wins!", player=names[0]))
        else:
            self.say(msg("Game over. {players} win!", players=listed(names)))

    def turns_left(self, seat: int) -> int | None:
        """Turns the seat still plays after the end is triggered (None before)."""
        end: dict[str, Any] | None = self.state["end"]
        if end is None:
            return None
        s, n = self.state, self.n()
        return sum(1 for t in range(max(0, s["turn"]), end["last_turn"] + 1)
                   if (s["first"] + t) % n == seat and not (t == s["turn"] and s["stage"] in (
                       "market", "milestones")))


__all__ = ["Turns", "ACTIONS"]
