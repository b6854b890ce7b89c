"""Shard variables an admin sets, Discord's guild-to-shard rule, and the container heartbeat."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from bot.ops.health import check, write_beat
from bot.ops.settings import Settings, shard_of, shards_from
from bot.tools.cli import main


def test_no_shard_variables_run_every_recommended_shard_here() -> None:
    assert shards_from("", "") == (None, None)
    assert shards_from("4", "") == (4, None)  # all four, in this process


def test_shard_ids_are_read_sorted() -> None:
    assert shards_from(" 4 ", "2, 0") == (4, (0, 2))


@pytest.mark.parametrize(("count", "ids", "words"), [
    ("", "0", "needs RAILYARD_SHARD_COUNT"),
    ("0", "", "at least 1"),
    ("two", "", "whole number"),
    ("2", "2", "from 0 to 1"),
    ("2", "0,x", "'x' is not one"),
    ("3", "1,1", "shard 1 twice"),
])
def test_shard_variables_that_make_no_sense_say_what_to_fix(count: str, ids: str,
                                                            words: str) -> None:
    with pytest.raises(ValueError, match=words):
        shards_from(count, ids)


def test_run_refuses_bad_shard_variables_before_connecting(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    monkeypatch.setenv("RAILYARD_SHARD_COUNT", "2")
    monkeypatch.setenv("RAILYARD_SHARD_IDS", "5")
    assert main(["run"]) == 2
    assert "RAILYARD_SHARD_IDS" in capsys.readouterr().err


def test_guilds_spread_over_shards_by_discords_rule() -> None:
    # (guild_id >> 22) % count: the rule Discord routes a guild's events by.
    assert shard_of(81384788765712384, 1) == 0
    assert shard_of(81384788765712384, 2) == (81384788765712384 >> 22) % 2
    assert {shard_of(n << 22, 3) for n in range(6)} == {0, 1, 2}
    assert shard_of(None, 5) == 0  # direct messages ride shard 0


def test_settings_know_a_postgres_url_from_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAILYARD_DB", "postgresql://bot:pw@db:5432/railyard")
    assert Settings.from_env().postgres
    monkeypatch.setenv("RAILYARD_DB", "sqlite:///data/x.sqlite3")
    assert not Settings.from_env().postgres


def test_heartbeat_is_healthy_only_fresh_and_connected(tmp_path: Path) -> None:
    beat = tmp_path / "railyard.health"
    ok, why = check(beat, 1000.0)
    assert not ok and "no heartbeat" in why
    write_beat(beat, ready=False, now=1000.0)
    ok, why = check(beat, 1010.0)
    assert not ok and "not connected" in why
    write_beat(beat, ready=True, now=1000.0)
    assert check(beat, 1010.0)[0]
    ok, why = check(beat, 1000.0 + 600)
    assert not ok and "stuck or stopped" in why
    beat.write_text(json.dumps({"at": "soon"}))
    assert not check(beat, 1000.0)[0]


def test_health_command_exits_by_the_heartbeat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    beat = tmp_path / "beat"
    monkeypatch.setenv("RAILYARD_HEALTH_FILE", str(beat))
    assert main(["health"]) == 1
    write_beat(beat, ready=True, now=time.time())
    assert main(["health"]) == 0
    assert "connected" in capsys.readouterr().out


def test_run_without_a_token_never_prints_the_database_password(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("RAILYARD_DB", "postgresql://bot:s3cret@db:5432/railyard")
    assert main(["run"]) == 2
    said = capsys.readouterr().err
    assert "s3cret" not in said and "PostgreSQL database RAILYARD_DB names" in said
