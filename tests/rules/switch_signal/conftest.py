"""Fixtures shared by the Switch & Signal tests."""

from tests.rules.switch_signal.helpers import dice

__all__ = ["dice"]
