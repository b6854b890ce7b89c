"""The Discord adapter: the client, slash commands, buttons and menus, posting boards, the
scheduler's sending half. The only part of Railyard that imports `discord`.

It may import the table logic, the store, `bot.ops`, `rules` and `render`, never `bot.tools`.
Inside it, `client.py` wires everything; the handlers reach the bot through `host.Host`.
"""
