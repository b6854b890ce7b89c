"""Trains: 2-4 players build decks, lay rails around Tokyo or Osaka and expand stations."""

from rules.trains.game import Trains

__all__ = ["Trains"]
