"""Games stored by every released version still load, replay and take their next move."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.core.lang import speaking

STORED = Path(__file__).parents[1] / "fixtures" / "stored"
DATABASES = sorted(STORED.glob("v*.sqlite3"))


def _games(path: Path) -> list[dict[str, Any]]:
    """Every started game in a stored database, with its log in force."""
    with sqlite3.connect(f"file:{path}?immutable=1", uri=True) as db:  # never written
        columns = {r[1] for r in db.execute("PRAGMA table_info(games)")}
        version = "rules_version" if "rules_version" in columns else "1"
        games = []
        for pk, game_id, options, seed, status, rules_version in db.execute(
            f"SELECT id, game_id, options, seed, status, {version} FROM games "
            "WHERE status IN ('active', 'finished') ORDER BY id"
        ):
            names = [n for (n,) in db.execute(
                "SELECT name FROM seats WHERE game_pk = ? ORDER BY seat", (pk,))]
            log = [(int(s), str(t)) for s, t in db.execute(
                "SELECT seat, text FROM actions WHERE game_pk = ? ORDER BY seq", (pk,))]
            snap = db.execute("SELECT text FROM snapshots WHERE game_pk = ?", (pk,)).fetchone()
            games.append({"pk": pk, "game": game_id, "options": json.loads(options),
                          "seed": seed, "status": status, "rules_version": rules_version or 1,
                          "players": names, "log": log, "snapshot": snap and snap[0]})
    return games


CASES = [(db.stem, g) for db in DATABASES for g in _games(db)]


def test_every_title_is_kept() -> None:
    assert DATABASES, "no stored databases"
    assert {g["game"] for _, g in CASES} == {c["id"] for c in rules.catalog()}


@pytest.mark.parametrize("case", CASES, ids=[f"{v}-{g['pk']}-{g['game']}" for v, g in CASES])
def test_stored_game_replays_and_goes_on(case: tuple[str, dict[str, Any]]) -> None:
    _, game = case
    match = rules.replay(game["game"], game["players"], game["seed"], game["options"],
                         game["log"], game["rules_version"])
    assert match.over == (game["status"] == "finished")
    assert match.started_under == game["rules_version"]
    if game["snapshot"]:  # an old snapshot is rebuilt from the log, never trusted blindly
        # Same log, state and reveals; the log lines kept are the words players read then,
        # and wording may improve between releases ("for 1 cubes" -> "for 1 cube").
        kept, now = json.loads(rules.load_match(game["snapshot"]).to_json()), json.loads(
            match.to_json())
        assert len(kept.pop("lines")) == len(now.pop("lines")) and kept == now
    if match.over:
        return
    seat = match.to_act()[0]
    choices = match.choices(seat)
    assert choices and all(c.label for c in choices)
    onward = [c.action for c in choices if c.action not in ("back", "cancel")]
    match.act(seat, (onward or [choices[0].action])[0])
    again = rules.load_match(match.to_json())
    assert again == match and again.started_under == game["rules_version"]



@pytest.mark.parametrize("case", CASES[:8], ids=[f"{v}-{g['pk']}-{g['game']}"
                                                 for v, g in CASES[:8]])
def test_a_stored_game_opens_in_french_with_the_same_record(
        case: tuple[str, dict[str, Any]]) -> None:
    """The record holds no language: a stored game replays alike whoever reads it."""
    _, game = case
    args = (game["game"], game["players"], game["seed"], game["options"], game["log"],
            game["rules_version"])
    english = rules.replay(*args)
    with speaking("fr"):
        french = rules.replay(*args)
        assert french == english and french.to_json() == english.to_json()
        if not french.over:
            assert french.choices(french.to_act()[0])


def test_lines_saved_before_languages_are_shown_as_written() -> None:
    """A snapshot saved before languages holds its lines as plain text: they are shown as they
    were written, in every language; lines of moves made since are said in the reader's."""
    match = rules.new_match("steel-driver", ["Ann", "Bob", "Cleo"], seed=3)
    for _ in range(3):
        seat = match.to_act()[0]
        match.act(seat, match.legal(seat)[0])
    saved = json.loads(match.to_json())
    saved["lines"] = [[n, "Written long ago."] for n, _ in saved["lines"]]
    with speaking("fr"):
        opened = rules.load_match(json.dumps(saved))
        assert {t for _, t in opened.lines} == {"Written long ago."}
        seat = opened.to_act()[0]
        opened.act(seat, opened.legal(seat)[0])
        assert opened.lines[-1][1] != "Written long ago."
    assert rules.load_match(json.dumps(saved)).lines[0][1] == "Written long ago."
