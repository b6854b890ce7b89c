"""`python -m bot`: the `railyard` command."""

from bot.tools.cli import main

if __name__ == "__main__":  # not when a picture worker process imports the main module
    raise SystemExit(main())
