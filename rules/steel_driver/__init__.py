"""Steel Driver: 3-6 players, 5 rounds of auctions and rail building across the USA."""

from rules.steel_driver.game import SteelDriver

__all__ = ["SteelDriver"]
