"""Railyard on Discord, in layers whose imports point one way (tests/test_layering.py):

    tools    command-line tools: run, play, bench, health, migrate, selfplay
    adapter  Discord: client, commands, buttons, menus, posting (the only `discord` importer)
    tables   table logic: seats, moves, undo, clocks, reminders, computers, live matches
    store    the database: one folder per back-end (SQLite, PostgreSQL)
    ops      settings, metrics, heartbeat

Each layer may import those below it, and `rules` and `render`; none imports one above it.
"""

from pathlib import Path

from rules.core.lang import add_catalogues

add_catalogues(Path(__file__).parent)  # what the bot says: bot/<layer>/locale/<language>.po
