"""Running the bot: settings from the environment, metrics and the heartbeat file.

The lowest layer of `bot/`: the store and everything above may import it; it imports nothing
else of `bot/`, and never `discord`.
"""
