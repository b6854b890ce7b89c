"""Branch Line's rules: a folder laid out as `rules/<game>/` would be (game, data, computer)."""

from tests.toy_game.rules.game import BranchLine

__all__ = ["BranchLine"]
