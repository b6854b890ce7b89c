"""Table logic: games in channels, seats, moves, undo, clocks, reminders and what is due,
computer seats, live matches, history, and the words of every message.

No `discord` here: the terminal, the tests and the Discord adapter all use it alike. It may
import the store, `bot.ops`, `rules` and `render` (for the turn card's data), never
`bot.adapter` or `bot.tools`.
"""
