"""Every card effect, registered by name, and the decisions they ask for."""

from rules.trains.effects import build, copy, draw, misc
from rules.trains.effects.base import (
    EFFECTS,
    MENU,
    STEPS,
    Effect,
    Step,
    hex_menu,
    hex_menu_moved,
    skip,
)

__all__ = ["EFFECTS", "MENU", "STEPS", "Effect", "Step", "build", "copy", "draw", "hex_menu",
           "hex_menu_moved", "misc", "skip"]
