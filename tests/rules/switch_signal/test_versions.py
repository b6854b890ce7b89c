"""Rules versions 4 to 8 retuned the boards (9 changed a rule only): a game keeps the data of
the version it began."""

from __future__ import annotations

from dataclasses import replace

import networkx as nx
import pytest

import rules
from rules.switch_signal import SwitchSignal
from rules.switch_signal.board import load_board
from rules.switch_signal.cards import load_cards
from tests.rules.switch_signal.helpers import cards_for_goods


def test_a_version_3_game_still_plays_on_the_old_board() -> None:
    old = SwitchSignal(["A", "B"], 7, None, rules_version=3)
    new = SwitchSignal(["A", "B"], 7, None)
    assert old.started_under == 3 and new.started_under == SwitchSignal.rules_version
    assert old.table().board.source == "central_europe.json"
    assert new.table().board.source == "central_europe_v7.json"
    spaces = {s["id"]: len(s["spaces"]) for s in old.view()["board"]["segments"]}
    assert spaces["PAR-J_DIJ"] == 3 and sum(spaces.values()) == 130
    again = rules.load_match(old.to_json())
    assert again.started_under == 3 and again == old
    assert sum(len(s["spaces"]) for s in again.view()["board"]["segments"]) == 130


def test_a_version_3_north_america_game_keeps_its_lights() -> None:
    old = SwitchSignal(["A", "B"], 3, {"board": "north-america"}, rules_version=3)
    board = old.table().board
    assert board.source == "north_america.json"
    assert len([s for s in board.signals.values() if s.city is None]) == 18
    codes = {g["id"]: g["code"] for g in old.view()["board"]["signals"]}
    assert codes == {sig: f"L{i}" for i, sig in enumerate(board.signals, start=1)}


def test_version_4_boards_keep_the_layout_and_the_junctions() -> None:
    for board in ("central-europe", "north-america"):
        v3, v4 = load_board(board, 3), load_board(board, 4)
        assert v3.nodes.keys() == v4.nodes.keys() and v3.segments.keys() == v4.segments.keys()
        assert v3.first_game.switches == v4.first_game.switches
        # the same segments and city entrances (a light on open track moved with its segment)
        for a, b in zip(v3.first_game.greens, v4.first_game.greens, strict=True):
            assert (v3.signals[a].segment, v3.signals[a].city) == \
                (v4.signals[b].segment, v4.signals[b].city)
        assert v3.signals[v3.extra_green].segment == v4.signals[v4.extra_green].segment
        assert all(v4.segments[s].spaces <= v3.segments[s].spaces for s in v3.segments)
    assert load_board("central-europe", 4).between("S6", "PAR").spaces == 2  # rulebook example


def test_version_4_changes_only_proposed_departure_cards() -> None:
    old, new = load_cards(3), load_cards(4)
    assert load_cards(1) == load_cards(2) == old
    assert replace(new, departures=old.departures) == old  # dice, hands, agents, start card
    assert new.departures != old.departures and new.departures.keys() == old.departures.keys()
    cards = list(new.departures.values())
    # what the rulebook states: 18 cards, the worked example, one card with 2 deploy icons,
    # one with 3 multicolour icons
    assert len(cards) == 18
    assert (new.departures["1"].deploy, new.departures["1"].moves) == (("any",), ("black", "grey"))
    assert sum(len(c.deploy) == 2 for c in cards) == 1
    assert sum(c.moves == ("any", "any", "any") for c in cards) == 1
    # deploy icons are where they were: only the move icons changed
    assert all(c.deploy == old.departures[c.id].deploy for c in cards)


@pytest.mark.parametrize("version", [4, 5, 6, 7])
def test_an_older_game_keeps_its_board_and_a_new_game_gets_the_latest(version: int) -> None:
    totals = {4: {"central-europe": 78, "north-america": 79},
              5: {"central-europe": 73, "north-america": 70},
              6: {"central-europe": 73, "north-america": 70},
              7: {"central-europe": 73, "north-america": 70}}
    latest = {"central-europe": ("central_europe_v7.json", 73),  # version 8 is North America's
              "north-america": ("north_america_v8.json", 68)}
    for board, total in totals[version].items():
        old = SwitchSignal(["A", "B", "C"], 5, {"board": board}, rules_version=version)
        new = SwitchSignal(["A", "B", "C"], 5, {"board": board})
        assert (old.started_under, new.started_under) == (version, SwitchSignal.rules_version)
        stem = board.replace("-", "_")
        assert old.table().board.source == f"{stem}_v{version}.json"
        assert new.table().board.source == latest[board][0]
        assert sum(len(s["spaces"]) for s in old.view()["board"]["segments"]) == total
        assert sum(len(s["spaces"]) for s in new.view()["board"]["segments"]) == latest[board][1]
        again = rules.load_match(old.to_json())
        assert isinstance(again, SwitchSignal) and again.started_under == version and again == old
        assert again.table().board.source == f"{stem}_v{version}.json"
    # the same cards: versions 5 to 8 changed only the boards
    assert load_cards(8) == load_cards(7) == load_cards(6) == load_cards(5) == load_cards(4)


def test_version_5_shortens_only_unlit_segments_on_the_goods_routes() -> None:
    shortened = {
        "central-europe": {"J_TLS-MAR", "J_DIJ-J_BAS", "J_LYO-MAR", "PAR-J_BRU", "NUE-J_LEI"},
        "north-america": {"DEN-J_ABQ", "J_ABQ-J_OKC", "J_SHV-J_MEM", "J_SHV-ATL", "ATL-J_CHA",
                          "J_LOU-J_WAS", "CHI-J_CLE", "J_WAS-NYC", "J_WAS-J_CHA"},
    }
    for board, changed in shortened.items():
        v4, v5 = load_board(board, 4), load_board(board, 5)
        assert v4.nodes.keys() == v5.nodes.keys() and v4.segments.keys() == v5.segments.keys()
        assert v4.first_game == v5.first_game and v4.extra_green == v5.extra_green
        assert v4.signals.keys() == v5.signals.keys()
        assert {s for s in v4.segments if v4.segments[s].spaces != v5.segments[s].spaces} == changed
        lit = {sig.segment for sig in v4.signals.values() if sig.city is None}
        for s in changed:
            assert (v4.segments[s].spaces, v5.segments[s].spaces) == (2, 1) and s not in lit
    assert load_board("central-europe", 5).between("S6", "PAR").spaces == 2  # rulebook example


def _goods_ways(board_id: str, version: int) -> set[str]:
    """Segments on a shortest way from a goods city to a port or a start space to a goods city."""
    board = load_board(board_id, version)
    graph = nx.Graph()
    for seg in board.segments.values():
        graph.add_edge(seg.a, seg.b, w=seg.spaces + 1, id=seg.id)
    kind = {n: board.nodes[n].kind for n in board.nodes}
    cities = [n for n, k in kind.items() if k == "city"]
    ports = [n for n, k in kind.items() if k == "port"]
    starts = [n for n, k in kind.items() if k == "start"]
    used: set[str] = set()
    for a, targets in [(c, ports) for c in cities] + [(s, cities) for s in starts]:
        for b in targets:
            path = nx.shortest_path(graph, a, b, weight="w")
            used |= {graph.edges[x, y]["id"] for x, y in zip(path, path[1:], strict=False)}
    return used


@pytest.mark.parametrize("board", ["central-europe", "north-america"])
def test_version_6_moves_only_the_open_track_lights_off_the_goods_routes(board: str) -> None:
    v5, v6 = load_board(board, 5), load_board(board, 6)
    assert v5.nodes.keys() == v6.nodes.keys() and v5.segments.keys() == v6.segments.keys()
    assert all(v5.segments[s].spaces == v6.segments[s].spaces for s in v5.segments)
    assert v5.first_game.switches == v6.first_game.switches

    def entrances(b: object) -> set[tuple[str, int]]:
        return {(g.segment, g.gap) for g in b.signals.values() if g.city}  # type: ignore[attr-defined]

    def track(b: object) -> set[str]:
        return {g.segment for g in b.signals.values() if not g.city}  # type: ignore[attr-defined]

    assert entrances(v5) == entrances(v6) and len(track(v6)) == len(track(v5)) == 4
    ways = _goods_ways(board, 6)
    assert track(v5) & ways  # version 5: a track green moved away left a red light on a way
    assert not track(v6) & ways  # version 6: every open-track light is off the ways
    greens = [v6.signals[g] for g in v6.first_game.greens]
    assert sum(g.city is None for g in greens) == 3 and v6.signals[v6.extra_green].city is None


@pytest.mark.parametrize("board", ["central-europe", "north-america"])
def test_version_7_sets_the_first_game_for_the_goods_routes(board: str) -> None:
    v6, v7 = load_board(board, 6), load_board(board, 7)
    assert replace(v7, first_game=v6.first_game, source="") == replace(v6, source="")
    assert v7.first_game != v6.first_game
    # the rulebook's set-up: one green on every city and port, the rest on open track
    places = [v7.signals[g].city for g in v7.first_game.greens]
    cities = [n for n in v7.nodes if v7.nodes[n].kind in ("city", "port")]
    assert sorted(p for p in places if p) == sorted(cities) and places.count(None) == 3
    # a train put on a start space next to a city enters it through a green light (the
    # rulebook's worked example: Calais into Paris), so the start card loses no time there
    entered = 0
    for seg in v7.segments.values():
        ends = {v7.nodes[seg.a].kind: seg.a, v7.nodes[seg.b].kind: seg.b}
        if "start" in ends and ("city" in ends or "port" in ends):
            city = ends.get("city") or ends["port"]
            assert v7.signal_in(seg.id, seg.gap_at(city)) in v7.first_game.greens, seg.id
            entered += 1
    assert entered >= 2
    # the cubes' ways to the port(s) and the new trains' ways to a goods city need fewer
    # signal and switch cards in a first game
    before, after = (cards_for_goods(SwitchSignal(["A", "B", "C"], 4, {"board": board},
                                                  rules_version=v)) for v in (6, 7))
    assert after < before, (before, after)


def _clean_ways(board_id: str, version: int) -> dict[tuple[str, str], int | None]:
    """Per goods city and port: the movement points of the shortest way that crosses no other
    goods city and no open-track light (None: every shortest way crosses one)."""
    board = load_board(board_id, version)
    kind = {n: board.nodes[n].kind for n in board.nodes}
    lit = {sig.segment for sig in board.signals.values() if sig.city is None}
    graph = nx.DiGraph()
    for seg in board.segments.values():
        for a, b in ((seg.a, seg.b), (seg.b, seg.a)):
            if "start" not in (kind[a], kind[b]):  # a train entering a start space leaves
                graph.add_edge(a, b, w=seg.spaces + (kind[b] in ("city", "port")), id=seg.id)
    out: dict[tuple[str, str], int | None] = {}
    for city in (n for n, k in kind.items() if k == "city"):
        for port in (n for n, k in kind.items() if k == "port"):
            cost = nx.shortest_path_length(graph, city, port, weight="w")
            out[city, port] = None
            for path in nx.all_shortest_paths(graph, city, port, weight="w"):
                crossed = [n for n in path[1:-1] if kind[n] == "city"]
                ids = {graph.edges[a, b]["id"] for a, b in zip(path, path[1:], strict=False)}
                if not crossed and not ids & lit:
                    out[city, port] = cost
    return out


def test_version_8_gives_each_north_america_city_a_clear_way_to_each_port() -> None:
    v7, v8 = load_board("north-america", 7), load_board("north-america", 8)
    before, after = _clean_ways("north-america", 7), _clean_ways("north-america", 8)
    # version 7: Denver's cube crossed Chicago to New York, Atlanta's crossed Dallas to San
    # Francisco, so a second green (a card) was needed at a city that was not theirs
    assert before[("DEN", "NYC")] is None and before[("ATL", "SFO")] is None
    assert all(cost is not None for cost in after.values()), after
    assert (after[("DEN", "NYC")], after[("ATL", "SFO")]) == (8, 7)
    # nothing else moved: the same places, one new link, three shorter segments
    assert v7.nodes.keys() == v8.nodes.keys() and v7.first_game.switches == v8.first_game.switches
    assert set(v8.segments) - set(v7.segments) == {"J_SHV-J_OKC"}
    assert {s for s in v7.segments if v7.segments[s].spaces != v8.segments[s].spaces} \
        == {"J_STL-J_KC", "J_STL-J_IND", "J_IND-J_CLE"}
    # the rulebook's set-up still holds: one green per city and port, three on open track, the
    # extra green on open track, and at most 30 switch discs on the new 4-way junctions
    places = [v8.signals[g].city for g in v8.first_game.greens]
    assert places.count(None) == 3 and v8.signals[v8.extra_green].city is None
    assert sorted(p for p in places if p) == sorted(
        n for n in v8.nodes if v8.nodes[n].kind in ("city", "port"))
    discs = sum(len(v8.at_node(j)) - 2 for j in v8.nodes if v8.nodes[j].kind == "junction")
    assert discs <= 30
    # Central Europe is unchanged: games started under 8 play its version-7 board
    assert load_board("central-europe", 8) is load_board("central-europe", 7)
