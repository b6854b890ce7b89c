"""Errors raised by the rules; messages are written for players."""


class IllegalAction(ValueError):
    """An action that the rules refuse; the match is left exactly as it was."""


class UnknownGame(ValueError):
    """A game id that is not in the catalog."""
