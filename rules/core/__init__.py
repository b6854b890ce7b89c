"""Shared pieces of every game: the match contract, errors, seeded randomness, action text."""
