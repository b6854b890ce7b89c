"""Railroad Revolution (What's Your Game, 2016) for 2-4 players."""

from rules.railroad_revolution.game import RailroadRevolution

__all__ = ["RailroadRevolution"]
