"""Railyard Discord bot."""
