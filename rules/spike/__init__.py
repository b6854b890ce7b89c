"""Spike: 2-4 players build track across the eastern US and deliver goods contracts."""

from rules.spike.game import Spike

__all__ = ["Spike"]
