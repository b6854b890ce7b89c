"""A sixth game needs only its own two folders: Branch Line (tests/toy_game/), added at run time.

It is registered with `rules.register` and `render.core.games.register` for each test and taken
out again, so no other test sees it. With no other change anywhere, it passes the checks every
game gets, plays through the game service on a real SQLite file and in the terminal, and draws.
"""

from __future__ import annotations

import ast
import io
import json
import random
import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image

import rules
from bot.store import SqliteStore
from bot.tables.computers import ComputerSeats
from bot.tables.guide_pages import rules_pages
from bot.tables.presenters import (
    explain_text,
    final_summary,
    handover_message,
    status_text,
    turn_card,
)
from bot.tables.service import GameError, GameService
from bot.tools.local import play_local
from render import alt_text, board_text, render_board, render_results
from render.core import games
from render.core.hands import render_hand
from render.core.turn_card import focus_box, render_turn_card
from tests.bot import test_service as service_checks
from tests.render import test_all_boards as board_checks
from tests.render import test_text_and_results as results_checks
from tests.rules import test_contract as contract_checks
from tests.rules import test_long_input as input_checks
from tests.rules import test_offered_accepted as offered_checks
from tests.rules import test_rollback as rollback_checks
from tests.test_layering import STDLIB
from tests.toy_game import GAME, registered
from tests.toy_game.rules import BranchLine
from tests.toy_game.rules.computer import cheapest_way
from tests.toy_game.rules.network import load_network, parse

TOY = Path(__file__).resolve().parent / "toy_game"
CHANNEL = 300
NAMES = ["Ann", "Bob", "Cleo"]


@pytest.fixture
def toy() -> Iterator[str]:
    """Branch Line in both registries for one test; gone again afterwards."""
    with registered() as game_id:
        yield game_id
    assert GAME not in {g["id"] for g in rules.catalog()} and games.package(GAME) is None


def _png(data: bytes | None) -> Image.Image:
    assert data is not None and data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def _colours(image: Image.Image) -> int:
    """How many different colours a picture has (a blank one has one)."""
    return len(image.getcolors(maxcolors=1 << 20) or [])


# -- the registries ---------------------------------------------------------------------------
def test_unregistered_it_is_unknown_and_registered_it_sits_beside_the_five() -> None:
    before = [g["id"] for g in rules.catalog()]
    assert GAME not in before
    with pytest.raises(rules.UnknownGame, match="No game `branch-line`"):
        rules.new_match(GAME, 3, 1)
    with pytest.raises(ValueError, match="No board renderer for game 'branch-line'"):
        render_board({"game": GAME})
    with registered():
        assert [g["id"] for g in rules.catalog()] == [*before, GAME]
        assert rules.game_info(GAME).title == "Branch Line"
        assert GAME in games.known() and set(before) <= set(games.known())
        assert len(games.packages()) == len(before) + 1
    assert [g["id"] for g in rules.catalog()] == before
    assert GAME not in games.known()


def test_the_five_games_are_found_by_their_own_packages_and_cannot_be_replaced() -> None:
    for game_id in [g["id"] for g in rules.catalog()]:
        package = games.package(game_id)
        assert package.GAME == game_id and package.__name__.startswith("render.")
    impostor = type("Impostor", (BranchLine,), {"info": replace(BranchLine.info, id="spike")})
    with pytest.raises(ValueError, match="taken"):
        rules.register(impostor)
    with pytest.raises(ValueError, match="already has a renderer"):
        games.register(SimpleNamespace(GAME="spike", render=lambda view: b""))
    with pytest.raises(ValueError, match="cannot be removed"):
        rules.unregister("spike")
    with pytest.raises(ValueError, match="cannot be removed"):
        games.unregister("spike")
    assert rules.game_info("spike").title == "Spike"


def test_its_folders_keep_to_their_layers() -> None:
    """The rules import only rules and the standard library, the picture only render and PIL:
    as `rules/<game>/` and `render/<game>/` must."""
    allowed = {"rules": ("rules", "tests.toy_game.rules", "networkx"),
               "render": ("render", "tests.toy_game.render", "PIL")}
    for folder, prefixes in allowed.items():
        for path in (TOY / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                for name in names:
                    ok = name.split(".")[0] in STDLIB or name.startswith(prefixes)
                    assert ok, f"{path.relative_to(TOY)} imports {name}"


# -- the data file ----------------------------------------------------------------------------
def _network() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads((TOY / "rules" / "data" / "network.json").read_text())
    return raw


@pytest.mark.parametrize(("change", "why"), [
    (lambda n: n["stations"].append(dict(n["stations"][0])), "given twice"),
    (lambda n: n["links"].append(["ash", "zzz"]), "two known stations"),
    (lambda n: n["links"].append(["bro", "ash"]), "link is given twice"),
    (lambda n: n["stations"][0].update(x=140), "within the map"),
    (lambda n: n["routes"].__setitem__(slice(None), n["routes"][:3]), "at least 4"),
    (lambda n: n["links"].__setitem__(slice(None), [["ash", "bro"]]), "cannot be joined"),
    (lambda n: n.update(bonus={"small": -1}), "bonus"),
])
def test_a_broken_data_file_is_refused_with_the_reason(change: Any, why: str) -> None:
    assert parse(_network()).stations["ash"].name == "Ashford"
    broken = _network()
    change(broken)
    with pytest.raises(ValueError, match=why):
        parse(broken)


def test_the_option_comes_from_the_data_file() -> None:
    bonus = load_network().bonus
    option = BranchLine.info.options[0]
    assert option.id == "bonus" and option.choices == tuple(bonus) and bonus[option.default] == 2


# -- the checks every game gets ---------------------------------------------------------------
@pytest.mark.parametrize("seed", range(40))
def test_random_play_keeps_the_contract(toy: str, seed: int) -> None:
    contract_checks.test_random_play(toy, seed)


@pytest.mark.parametrize("seed", range(5))
def test_everything_offered_is_accepted(toy: str, seed: int) -> None:
    offered_checks.test_every_offered_action_is_accepted(toy, seed)


def test_the_shared_game_checks(toy: str) -> None:
    """Long input, remembered legal moves, a copy, the board, the results picture, and the bot
    playing out a resigned seat: the same test functions the five games run."""
    contract_checks.test_catalog_entries_are_complete()
    input_checks.test_over_long_input_is_refused_briefly(toy)
    rollback_checks.test_remembered_legal_moves_are_always_the_current_ones(toy)
    board_checks.test_boards_are_deterministic_small_and_described(toy)
    results_checks.test_results_picture_for_every_game(toy)
    service_checks.test_the_bot_can_play_out_resigned_seats_of_every_game(toy)


def test_players_read_what_each_claim_does_and_why_one_is_refused(toy: str) -> None:
    m = rules.new_match(toy, NAMES, 3)
    route = m.view(None)["players"][0]["route"]
    assert m.prompt(0).startswith(f"Ann (route {'–'.join(load_network().name(s) for s in route)}")
    labels = {c.action: c.label for c in m.choices(0)}
    assert labels["claim ash-bro"].startswith("Claim Ashford–Brookley")
    m.act(0, "Brookley Ashford")  # names, either way round, as a player types them
    assert m.log[-1] == (0, "claim ash-bro") and m.lines[-1][1] == "Ann claims Ashford–Brookley."
    with pytest.raises(rules.IllegalAction, match="Ashford–Brookley is Ann's already"):
        m.act(1, "claim ashford brookley")
    with pytest.raises(rules.IllegalAction, match="no line runs between Ashford and Dunmore"):
        m.act(1, "claim Ashford Dunmore")
    with pytest.raises(rules.IllegalAction, match="It is not your turn"):
        m.act(2, "claim cal-dun")
    assert rules.guide(toy).topic("bonus") is not None


def test_a_claim_that_joins_the_route_says_so_and_wins(toy: str) -> None:
    m = rules.new_match(toy, ["Ann", "Bob"], 0)
    *before, last = cheapest_way(m.view(0), 0)
    for link in before:  # Ann holds all of a way but its last link
        m.state["owner"][link] = 0
    labels = {c.action: c.label for c in m.choices(0)}
    assert labels[f"claim {last}"].endswith(": joins your route and wins")
    m.act(0, f"claim {last}")
    assert m.over and m.winners() == [0] and m.lines[-1][1].endswith("and wins!")
    assert m.scores()[0] == len(before) + 1 + 2  # a point a link, and the small route bonus


# -- through the game service, on a real SQLite file -----------------------------------------
@pytest.fixture
async def service(tmp_path: Path, toy: str) -> AsyncIterator[GameService]:
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    yield GameService(store, clock=lambda: 1000.0, seed_source=lambda: 42)
    await store.close()


async def test_a_whole_game_through_the_service_survives_a_restart(
        service: GameService, tmp_path: Path) -> None:
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="Ann", game_id=GAME,
                         options={"bonus": "big"})
    with pytest.raises(GameError, match="must be one of: small, big"):
        await service.create(guild_id=1, channel_id=CHANNEL + 1, user_id=1, name="Ann",
                             game_id=GAME, options={"bonus": "huge"})
    await service.join(CHANNEL, 2, "Bob")
    await service.join(CHANNEL, 3, "Cleo")
    report = await service.start(CHANNEL, 1, can_manage=False)
    text, pinged = handover_message(report, [t for _, t in report.match.lines])
    assert text.startswith("**Branch Line** begins. Routes dealt:") and pinged == [1]
    assert "Ann (route " in text and "claim a free link" in text
    rng = random.Random(5)
    while not report.match.over:
        match = report.match
        seat = match.to_act()[0]
        link = rng.choice(match.legal(seat)).split(" ", 1)[1]
        typed = " ".join(load_network().name(s) for s in link.split("-"))  # as a player types
        if len(match.log) == 1:
            with pytest.raises(GameError, match="not your turn"):
                await service.act(CHANNEL, (seat + 1) % 3 + 1, typed)
        report = await service.act(CHANNEL, seat + 1, typed)
        assert report.lines[0] == f"{NAMES[seat]} claims {load_network().link_name(link)}."
        if not report.match.over:
            card = turn_card(report.match, report.lines)
            assert card.due[0][0] == NAMES[report.match.to_act()[0]]
    finished = report.match
    summary = final_summary(finished)
    assert summary.startswith("**Game over.**")
    assert all(f"{NAMES[s]}: " in summary for s in range(3))
    game = await service.game_here(CHANNEL, ended=True)
    assert game.status == "finished" and game.version == len(finished.log)
    assert "Status: finished" in status_text(game, finished)
    with pytest.raises(GameError, match="over"):
        await service.act(CHANNEL, 1, "claim")

    restarted = SqliteStore(tmp_path / "games.sqlite3")  # a new process on the same file
    await restarted.open()
    try:
        again = GameService(restarted, clock=lambda: 2000.0)
        game, reloaded = await again.current(CHANNEL, ended=True)
        assert reloaded == finished and reloaded is not None
        assert reloaded.options["bonus"] == "big"
    finally:
        await restarted.close()
    pages = rules_pages(GAME)
    # a game whose guide has no words for its options shows their own descriptions
    assert "**Branch Line** (2-4 players)" in pages[-1] and "**Bonus**" in pages[-1]
    assert "Points for joining your route" in pages[-1]
    assert "Goal" in pages[0]
    assert explain_text(GAME, "route").startswith("**Route** (Branch Line)")


async def test_one_player_against_two_computers_through_the_service(
        service: GameService) -> None:
    seats = ComputerSeats(service)
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="Ann", game_id=GAME,
                         options={})
    await seats.add(CHANNEL, 1, can_manage=False)
    await seats.add(CHANNEL, 1, can_manage=False)
    await service.start(CHANNEL, 1, can_manage=False)
    game = await service.game_here(CHANNEL)
    for _ in range(100):
        while await seats.play(game.id) is not None:
            pass
        game = await service.store.get_game(game.id)
        if game.status != "active":
            break
        match = await service.match_of(game)
        assert match.to_act() == [0], "a computer left its own seat waiting"
        await service.act(CHANNEL, 1, match.legal(0)[0])
    assert game.status == "finished"
    match = await service.match_of(game)
    assert match.over
    assert [s.name for s in game.seats] == ["Ann", "Computer Ada", "Computer Ben"]
    assert {seat for seat, _ in match.log} == {0, 1, 2}


# -- in the terminal --------------------------------------------------------------------------
def test_a_whole_local_game_writes_real_boards_and_turn_cards(toy: str, tmp_path: Path) -> None:
    shadow = rules.new_match(toy, NAMES, 11)
    rng = random.Random(2)
    typed = ["help", "rules", "explain link", "claim nowhere"]
    while not shadow.over:
        seat = shadow.to_act()[0]
        action = rng.choice(shadow.legal(seat))
        shadow.act(seat, action)
        typed.append(action.upper())  # players type loosely
    out = io.StringIO()
    match = play_local(toy, 3, names=NAMES, seed=11, out=tmp_path,
                       stdin=io.StringIO("\n".join(typed) + "\n"), stdout=out)
    assert match.over and match == shadow
    text = out.getvalue()
    assert "Branch Line: Ann, Bob, Cleo." in text
    assert "Goal" in text and "Link (Branch Line)" in text  # `rules` and `explain` answer
    assert "is not a move you can make now" in text  # the bad move was refused, play went on
    assert "(winner)" in text and "[1] Claim " in text
    boards = sorted(tmp_path.glob(f"{toy}-*.png"))
    assert len(boards) == len(shadow.log) + 1
    assert _png(boards[-1].read_bytes()).size == (1200, 800)
    card = _png((tmp_path / "turn.png").read_bytes())
    assert card.width == 1100 and _colours(card) > 20


def test_the_terminal_seats_computers_for_it(toy: str, tmp_path: Path) -> None:
    out = io.StringIO()
    match = play_local(toy, 3, names=["Ann"], computers=2, seed=4, out=tmp_path,
                       stdin=io.StringIO("1\n" * 20), stdout=out, render=lambda view: b"png")
    assert match.over and match.players == ["Ann", "Computer Ada", "Computer Ben"]
    assert "Computer Ada plays:" in out.getvalue() and "Computer Ada> " not in out.getvalue()


# -- the picture ------------------------------------------------------------------------------
def test_the_board_shows_the_claims_and_the_turn_card_zooms_on_the_last(toy: str) -> None:
    m = rules.new_match(toy, ["Ann", "Bob", "Cleo", "Dora"], 5)
    start = render_board(m.view(None))
    image = _png(start)
    assert image.size == (1200, 800) and _colours(image) > 50
    assert focus_box(m.view(None)) is None  # nothing claimed yet: no zoom
    m.act(0, "claim elm-gar")
    view = m.view(None)
    board = render_board(view)
    assert board != start and _png(board).size == (1200, 800)
    assert "Links of Ann: Elmstead–Garside." in board_text(view)
    assert len(alt_text(view)) <= 1024
    x0, y0, x1, y1 = focus_box(view) or (0, 0, 0, 0)
    assert 0 <= x0 < x1 <= 800 and 72 <= y0 < y1 <= 800  # around the link, inside the map
    card = turn_card(m, [t for _, t in m.lines[1:]])
    picture = _png(render_turn_card(view, card, board))
    assert picture.width == 1100 and _colours(picture) > 50
    assert render_hand(m.view(1), view) is None  # no hand in this game: no hand picture


def test_the_results_picture_ranks_every_player(toy: str) -> None:
    m = rules.new_match(toy, NAMES, 9)
    rng = random.Random(9)
    while not m.over:
        seat = m.to_act()[0]
        m.act(seat, rng.choice(m.legal(seat)))
    image = _png(render_results(m.view(None)))
    assert image.width == 1000 and _colours(image) > 5
    words = re.sub(r"\s+", " ", board_text(m.view(None)))
    winners = " and ".join(NAMES[s] for s in m.winners())
    assert f"Game over: won by {winners}." in words
