"""Command-line tools: `railyard run|play|bench|health|migrate|selfplay`, the first-run offer,
hot-seat play in a terminal, benchmarks and self-play.

The top layer: it may import every other part of `bot/`; nothing imports it.
"""
