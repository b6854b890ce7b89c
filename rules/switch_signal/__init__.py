"""Switch & Signal: cooperative train dispatching for 1-4 players (solo as an option)."""

from rules.switch_signal.game import SwitchSignal

__all__ = ["SwitchSignal"]
