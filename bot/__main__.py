"""`python -m bot`: the `railyard` command."""

from bot.tools.cli import main

raise SystemExit(main())
